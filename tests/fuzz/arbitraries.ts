import fc from "fast-check";
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  type GraphQLInputType,
} from "graphql";
import type { z } from "zod";

/*
 * Hostile values for the fuzz suites (issue 14): text with NUL, other control characters, lone
 * surrogates, line breaks, bidi overrides, SQL/LIKE/template metacharacters and very long runs;
 * numbers at and past every boundary; wrong types and deep nesting. Valid values come from the zod
 * schemas and from schema.graphql, so requests also get past the first check and reach the rules
 * and the database.
 */

const NASTY = [
  "\u0000", "\u0001", "\u0007", "\b", "\u000b", "\f", "\u001b", "\u001f", "\u007f", "\u0080", "\u0085", "\u009f",
  "\ud800", "\udbff", "\udc00", "\udfff", "\ud83d\ude00", "\ude00\ud83d", "\ufeff", "\ufffe", "\uffff", "\u202e", "\u2066",
  "\u2028", "\u2029", "\t", "\n", "\r", "\r\n", " ", "'", '"', "\\", "%", "_", "%00", "%FF", "\\u0000", "\\x00",
  "' OR '1'='1", "'; DROP TABLE \"User\"; --", "${7*7}", "{{7*7}}", "<script>alert(1)</script>", "../../etc/passwd",
  "/objects/sds/", "trapline:inventory:1", "trapline:equipment:2147483648", "__proto__", "constructor", "null", "NaN",
  "-1", "0", "1e309", "2147483648", "😀", "ß", "İ", "ﬃ", "Ω", "é", "蟑螂",
];

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 6 }), fc.string({ unit: codeUnit, maxLength: 4 })), { maxLength: 6 }).map((p) => p.join("")) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("A", "é", "\u0000", "😀", "%"), fc.integer({ min: 200, max: 6000 })).map(([c, n]) => c.repeat(n)) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e308, -1e308, 0.5, 1.5, 1e-300),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, skewed to the hostile. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.constantFrom(null, true, false, "", [], {}),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom("__proto__", "constructor", "id", "name")), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** JSON text nested up to 100,000 deep (small, but deeper than a recursive parser's stack). */
export const deepJsonText = fc
  .tuple(fc.integer({ min: 100, max: 100_000 }), fc.constantFrom(["[", "]"], ['{"a":', "}"]))
  .map(([depth, [open, close]]) => open!.repeat(depth) + "1" + close!.repeat(depth));

type ZodDef = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: ZodDef } })._zod.def;

/** A value the zod schema would likely accept (plus the odd miss), to get past the first check. */
export function validFromZod(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      if (def.format === "date") return fc.date({ min: new Date("2000-01-01"), max: new Date("2040-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (def.format === "datetime") return fc.date({ min: new Date("2000-01-01"), max: new Date("2040-12-31"), noInvalidDate: true }).map((d) => d.toISOString());
      return fc.oneof(fc.constantFrom("Bifenthrin", "manager", "tech", "Truck 4", "/objects/sds/x.pdf", "https://example.com/sds.pdf", "application/pdf", "sds.pdf", "432-1012"), fc.string({ minLength: 1, maxLength: 30 }));
    case "number":
      return fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 40 }));
    case "boolean":
      return fc.boolean();
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "date":
      return fc.date({ noInvalidDate: true });
    case "optional":
    case "nullable":
    case "default":
      return fc.oneof({ weight: 4, arbitrary: validFromZod(def.innerType as z.ZodType) }, { weight: 1, arbitrary: fc.constantFrom(undefined, null) });
    case "pipe": {
      const input = defOf(def.in).type === "transform" ? def.out : def.in;
      return validFromZod(input as z.ZodType);
    }
    case "union":
      return fc.oneof(...(def.options as z.ZodType[]).map(validFromZod));
    case "array":
      return fc.array(validFromZod(def.element as z.ZodType), { minLength: 1, maxLength: 3 });
    case "object":
      return objectFromZod(schema);
    default:
      return hostileJson;
  }
}

/** Either a likely-valid or a hostile value for one field. */
export const fieldValue = (schema: z.ZodType) =>
  fc.oneof({ weight: 3, arbitrary: validFromZod(schema) }, { weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: hostileJson });

/** An object with the schema's keys (each valid, hostile, or left out) and sometimes extra keys. */
export function objectFromZod(schema: z.ZodType): fc.Arbitrary<Record<string, unknown>> {
  const shape = (defOf(schema).shape ?? {}) as Record<string, z.ZodType>;
  const fields = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, fieldValue(field)]));
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(hostileString, hostileJson, { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** A request body for a zod-validated route: mostly the schema's object, sometimes anything at all. */
export const bodyFromZod = (schema: z.ZodType) => fc.oneof({ weight: 8, arbitrary: objectFromZod(schema) }, { weight: 1, arbitrary: hostileJson });

/** A GraphQL argument value of the given input type, valid-looking or hostile. */
export function fromGraphQLType(type: GraphQLInputType, ids: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<unknown> {
  if (type instanceof GraphQLNonNull) {
    return fc.oneof({ weight: 12, arbitrary: fromGraphQLType(type.ofType, ids, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  }
  const inner = nullableFromGraphQLType(type, ids, depth);
  return fc.oneof({ weight: 8, arbitrary: inner }, { weight: 1, arbitrary: fc.constant(null) });
}

function nullableFromGraphQLType(type: GraphQLInputType, ids: fc.Arbitrary<string>, depth: number): fc.Arbitrary<unknown> {
  if (type instanceof GraphQLList) return fc.array(fromGraphQLType(type.ofType, ids, depth + 1), { maxLength: depth > 2 ? 0 : 3 });
  if (type instanceof GraphQLEnumType) {
    return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...type.getValues().map((v) => v.name)) }, { weight: 1, arbitrary: hostileString });
  }
  if (type instanceof GraphQLInputObjectType) {
    const fields = Object.fromEntries(Object.values(type.getFields()).map((f) => [f.name, fromGraphQLType(f.type, ids, depth + 1)]));
    const required = Object.values(type.getFields()).filter((f) => f.type instanceof GraphQLNonNull).map((f) => f.name);
    return fc.record(fields, { requiredKeys: required });
  }
  if (type instanceof GraphQLScalarType) {
    switch (type.name) {
      case "ID":
        return fc.oneof({ weight: 3, arbitrary: ids }, { weight: 2, arbitrary: hostileString });
      case "Int":
        return fc.oneof({ weight: 3, arbitrary: fc.integer({ min: -2, max: 60 }) }, { weight: 1, arbitrary: hostileNumber });
      case "Float":
        return hostileNumber;
      case "Boolean":
        return fc.oneof({ weight: 6, arbitrary: fc.boolean() }, { weight: 1, arbitrary: hostileJson });
      case "DateTime":
        return fc.oneof({ weight: 2, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) }, { weight: 1, arbitrary: hostileString });
      default:
        return fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom("Bifenthrin", "Bait", "Sprayer", "units", "2026-01-01", "2026-02-01", "application/pdf", "sds.pdf", "tech") },
          { weight: 3, arbitrary: hostileString },
        );
    }
  }
  return hostileJson;
}
