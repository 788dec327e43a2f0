// GraphQL input types are written by hand beside the domain's zod schemas; this test fails when the
// two disagree on a field's name, on whether it may be left out, or on its type.
//
// How the two are compared:
// - A GraphQL `T!` field is one the zod schema requires (neither optional nor defaulted); a nullable
//   GraphQL field is one zod lets the caller leave out (optional, nullish or defaulted). GraphQL
//   cannot say "may be left out but not null": an explicit null there reaches zod, which refuses it
//   with a ValidationError, so that is not counted as a disagreement.
// - A field zod accepts as null must be nullable in GraphQL.
// - Types: String ⇔ z.string / z.enum (a "One of" string) / the date union of `optionalDate`;
//   a GraphQL enum ⇔ z.enum with the same values; Int ⇔ z.number().int(); Boolean ⇔ z.boolean();
//   ID ⇔ a positive integer (the resolver turns the global id into the database id); a list of an
//   input type ⇔ z.array of the matching object.
// - `targetId`: the GraphQL field naming the record to change, which the domain takes as its own
//   argument, not inside the zod input.
import { updateMyPreferencesInput } from "../../schemas/preferences.ts";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { signInInput } from "../../schemas/auth.ts";
import { recordChemicalUseInput } from "../../schemas/chemicalUse.ts";
import { checkOutInput, createEquipmentInput, updateEquipmentInput } from "../../schemas/equipment.ts";
import { createInventoryItemInput, updateInventoryItemInput } from "../../schemas/inventory.ts";
import { recordMaintenanceInput } from "../../schemas/equipment.ts";
import { createApiTokenInput } from "../../schemas/apiTokens.ts";
import { createWebhookInput, updateWebhookInput } from "../../schemas/webhooks.ts";
import { markAllInput } from "../../server/domain/notifications.ts";
import { createRequestInput } from "../../schemas/requests.ts";
import { approveRequestInput } from "../../schemas/requests.ts";
import {
  createStockLocationInput,
  recordStockCountInput,
  setLocationMinimumInput,
  updateStockLocationInput,
} from "../../server/domain/locations.ts";
import { transferStockInput } from "../../schemas/stock.ts";
import { linkInput, uploadInput } from "../../server/domain/sds.ts";
import { createTeamMemberInput } from "../../schemas/team.ts";
import { createPurchaseOrderInput, createSupplierInput, receivePurchaseOrderInput, updatePurchaseOrderInput, updateSupplierInput } from "../../schemas/purchasing.ts";
import { draftFromSuggestionsInput, setPreferredSupplierInput } from "../../server/domain/purchasing.ts";
import { amendApplicationInput, amendmentLineInput, applicationLineInput, recordApplicationInput, setCertificationInput } from "../../schemas/applications.ts";
import { schema } from "../../server/graphql/schema.ts";

type ZodObject = z.ZodObject<z.ZodRawShape>;
type AnyZod = z.core.$ZodType;

type Pairing = {
  zod: ZodObject;
  /** GraphQL field name → zod key, where the GraphQL name differs. */
  renamed?: Record<string, string>;
  /** The GraphQL id of the record changed, passed to the domain beside the zod input. */
  targetId?: string;
  /** Known disagreements, each with why it is harmless: "field: what" → reason. */
  allowed?: Record<string, string>;
  /** Input types nested in this one, compared with the zod object at that key. */
  nested?: Record<string, { graphql: string; pairing: Pairing }>;
};

/** The zod object inside optional/nullable/default wrappers (a nested input object). */
function objectOf(schema: AnyZod): ZodObject {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    const def = defOf(s);
    if (def.type === "object") return s as ZodObject;
    if (!def.innerType) break;
    s = def.innerType;
  }
  throw new Error("not an object");
}

/** The zod object that a z.array (perhaps behind a preprocess) holds. */
function arrayElement(schema: AnyZod): ZodObject {
  const field = describeZod(schema);
  if (!field.element) throw new Error("not an array of objects");
  return field.element;
}

const requestLine: Pairing = {
  zod: arrayElement(createRequestInput.shape.items),
  allowed: {
    // REST's §3 line entries carry { id, quantity, type }; the type is ignored by the domain.
    "type: only in zod": "REST-only: the spec's request lines carry a type the domain ignores",
  },
};

/** Every GraphQL input type with a zod schema in server/domain, and how their fields correspond. */
const PAIRINGS: Record<string, Pairing> = {
  CreateInventoryItemInput: { zod: createInventoryItemInput },
  UpdateInventoryItemInput: { zod: updateInventoryItemInput, targetId: "id" },
  CreateEquipmentInput: { zod: createEquipmentInput },
  UpdateEquipmentInput: {
    zod: updateEquipmentInput,
    targetId: "id",
    allowed: { "assignedAt: only in zod": "REST-only: accepted only to be checked against the status rule (§5)" },
  },
  CheckOutEquipmentInput: { zod: checkOutInput, targetId: "id" },
  RecordMaintenanceInput: { zod: recordMaintenanceInput, targetId: "id" },
  RecordChemicalUseInput: { zod: recordChemicalUseInput },
  CreateRequestInput: { zod: createRequestInput, nested: { items: { graphql: "RequestLineInput", pairing: requestLine } } },
  CreateTeamMemberInput: {
    zod: createTeamMemberInput,
    allowed: { "confirmPassword: only in zod": "REST-only: the spec's team form may send it; GraphQL clients do not" },
  },
  SignInInput: { zod: signInInput },
  UpdateMyPreferencesInput: {
    zod: updateMyPreferencesInput,
    allowed: {
      "locale: GraphQL may leave it out, zod requires it":
        "GraphQL cannot say 'required, and may be null' (null chooses the browser's languages): a missing locale is refused by zod as a ValidationError",
    },
  },
  CreateSdsUploadInput: { zod: uploadInput },
  AttachSdsFileInput: {
    zod: linkInput,
    // The global id names both the record and its type.
    renamed: { id: "itemId" },
    allowed: {
      "itemType: only in zod": "carried by the global id (InventoryItem or Equipment), which the resolver decodes",
      "sdsFileUrl: GraphQL may leave it out, zod requires it":
        "the resolver sends null (detach) when it is left out (`input.sdsFileUrl ?? null`)",
    },
  },
  MarkAllNotificationsReadInput: { zod: markAllInput, renamed: { upTo: "upToId" } },
  ApproveRequestInput: { zod: approveRequestInput, targetId: "id" },
  CreateStockLocationInput: { zod: createStockLocationInput },
  UpdateStockLocationInput: { zod: updateStockLocationInput, targetId: "id" },
  SetLocationMinimumInput: {
    zod: setLocationMinimumInput,
    allowed: {
      "minQuantity: GraphQL may leave it out, zod requires it": "the resolver sends null (no minimum) when it is left out (`input.minQuantity ?? null`)",
    },
  },
  TransferStockInput: { zod: transferStockInput },
  RecordStockCountInput: { zod: recordStockCountInput },
  CreateApiTokenInput: { zod: createApiTokenInput },
  CreateWebhookInput: { zod: createWebhookInput },
  UpdateWebhookInput: { zod: updateWebhookInput, targetId: "id" },
  CreateSupplierInput: { zod: createSupplierInput },
  UpdateSupplierInput: { zod: updateSupplierInput, targetId: "id" },
  SetItemPreferredSupplierInput: { zod: setPreferredSupplierInput },
  CreatePurchaseOrderInput: { zod: createPurchaseOrderInput, nested: { lines: { graphql: "PurchaseOrderLineInput", pairing: { zod: arrayElement(createPurchaseOrderInput.shape.lines) } } } },
  UpdatePurchaseOrderInput: {
    zod: updatePurchaseOrderInput,
    targetId: "id",
    nested: { lines: { graphql: "PurchaseOrderLineInput", pairing: { zod: arrayElement(createPurchaseOrderInput.shape.lines) } } },
  },
  ReceivePurchaseOrderInput: {
    zod: receivePurchaseOrderInput,
    targetId: "id",
    nested: { lines: { graphql: "ReceivePurchaseOrderLineInput", pairing: { zod: arrayElement(receivePurchaseOrderInput.shape.lines) } } },
  },
  DraftPurchaseOrdersFromSuggestionsInput: { zod: draftFromSuggestionsInput },
  SetCertificationInput: { zod: setCertificationInput },
  RecordApplicationInput: { zod: recordApplicationInput, nested: applicationNested(recordApplicationInput, "ApplicationLineInput", applicationLineInput) },
  AmendApplicationInput: { zod: amendApplicationInput, nested: applicationNested(amendApplicationInput, "AmendApplicationLineInput", amendmentLineInput) },
};

/** An application input's nested objects: the address, area, weather and lines (with their dilution). */
function applicationNested(zod: ZodObject, lineType: string, line: ZodObject): Pairing["nested"] {
  return {
    serviceAddress: { graphql: "ServiceAddressInput", pairing: { zod: objectOf(zod.shape.serviceAddress!) } },
    areaTreated: { graphql: "AreaTreatedInput", pairing: { zod: objectOf(zod.shape.areaTreated!) } },
    weather: { graphql: "WeatherInput", pairing: { zod: objectOf(zod.shape.weather!) } },
    lines: { graphql: lineType, pairing: { zod: line, nested: { dilution: { graphql: "DilutionInput", pairing: { zod: objectOf(line.shape.dilution!) } } } } },
  };
}

// Label facts of a product: the container size and active ingredients are nested inputs of the item's inputs.
for (const name of ["CreateInventoryItemInput", "UpdateInventoryItemInput"] as const) {
  const zod = PAIRINGS[name]!.zod;
  PAIRINGS[name] = {
    ...PAIRINGS[name]!,
    nested: {
      containerSize: { graphql: "MeasuredAmountInput", pairing: { zod: objectOf(zod.shape.containerSize!) } },
      activeIngredients: { graphql: "ActiveIngredientInput", pairing: { zod: arrayElement(zod.shape.activeIngredients!) } },
    },
  };
}

/** Input types that have no zod schema: the domain takes only the record's id (or a flag). */
const WITHOUT_ZOD = new Set([
  "ArchiveStockLocationInput",
  "RestockLocationInput",
  "StartStockCountInput",
  "CompleteStockCountInput",
  "AbandonStockCountInput",
  "DenyRequestInput",
  "CheckInEquipmentInput",
  "DeleteInventoryItemInput",
  "MarkNotificationReadInput",
  "RevokeApiTokenInput",
  "DeleteWebhookInput",
  "SignOutInput", // everywhere: Boolean picks signOut or signOutEverywhere
  "RequestLineInput", // compared inside CreateRequestInput
  "PlacePurchaseOrderInput",
  "CancelPurchaseOrderInput",
  "PurchaseOrderLineInput", // compared inside Create/UpdatePurchaseOrderInput
  "ReceivePurchaseOrderLineInput", // compared inside ReceivePurchaseOrderInput
  "ApplicationFilter", // read by the resolver into the domain's filter (dates and ids checked there)
  // Compared inside the inputs that hold them:
  "MeasuredAmountInput",
  "ActiveIngredientInput",
  "ServiceAddressInput",
  "AreaTreatedInput",
  "WeatherInput",
  "DilutionInput",
  "ApplicationLineInput",
  "AmendApplicationLineInput",
]);

type ZodField = {
  /** May be left out (optional, nullish or defaulted). */
  optional: boolean;
  nullable: boolean;
  /** "String", "Int", "Float", "Boolean", "enum", "unknown", "array", "object", "null", "date". */
  kind: string;
  enumValues?: string[];
  element?: ZodObject;
};

type Def = { type: string; innerType?: AnyZod; in?: AnyZod; out?: AnyZod; options?: AnyZod[]; element?: AnyZod };
function defOf(s: AnyZod): Def {
  return (s as unknown as { def: Def }).def;
}

/** What a caller may send for this zod schema: its input side, wrappers unwrapped. */
function describeZod(schema: AnyZod): ZodField {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
      return { ...describeZod(def.innerType!), optional: true };
    case "nullable": {
      const inner = describeZod(def.innerType!);
      return { ...inner, nullable: true };
    }
    case "pipe":
      // z.preprocess is a pipe from a transform: the caller sends what the output schema takes.
      // Otherwise (`.transform` after a schema) the caller sends what the input schema takes.
      return describeZod(defOf(def.in!).type === "transform" ? def.out! : def.in!);
    case "union": {
      const members = def.options!.map(describeZod);
      const kinds = new Set(members.filter((m) => m.kind !== "null").map((m) => m.kind));
      // optionalDate: ISO date-time, ISO date, "" (strings) or a Date, which GraphQL sends as a String.
      const kind = [...kinds].every((k) => k === "String" || k === "date") ? "String" : [...kinds].sort().join("|");
      return { optional: members.some((m) => m.optional), nullable: members.some((m) => m.nullable || m.kind === "null"), kind };
    }
    case "string":
      return { optional: false, nullable: false, kind: "String" };
    case "literal": {
      const values = (schema as unknown as { values: Set<unknown> }).values;
      return { optional: false, nullable: false, kind: [...values].every((v) => typeof v === "string") ? "String" : "literal" };
    }
    case "number":
      return { optional: false, nullable: false, kind: (schema as unknown as z.ZodNumber).format === "safeint" ? "Int" : "Float" };
    case "boolean":
      return { optional: false, nullable: false, kind: "Boolean" };
    case "enum":
      return { optional: false, nullable: false, kind: "enum", enumValues: [...(schema as unknown as z.ZodEnum).options].map(String) };
    case "array": {
      const element = def.element!;
      return { optional: false, nullable: false, kind: "array", element: defOf(element).type === "object" ? (element as ZodObject) : undefined };
    }
    case "object":
    case "date":
    case "null":
    case "unknown":
      return { optional: def.type === "unknown", nullable: def.type === "unknown", kind: def.type };
    default:
      throw new Error(`no rule for zod type ${def.type}`);
  }
}

type GraphQLFieldLike = { name: string; type: unknown; defaultValue?: unknown };
type NamedTypeLike = { name: string; getFields?: () => Record<string, GraphQLFieldLike>; getValues?: () => { value: unknown }[] };

/** `String(type)` is e.g. "String!", "[RequestLineInput!]!"; read without graphql's instanceof checks. */
function describeGraphQL(field: GraphQLFieldLike) {
  const printed = String(field.type);
  const list = printed.replace(/!$/, "").startsWith("[");
  const name = printed.replace(/[[\]!]/g, "");
  const named = schema.getType(name) as NamedTypeLike | undefined;
  return {
    nonNull: printed.endsWith("!") && field.defaultValue === undefined,
    list,
    name,
    enumValues: named?.getValues ? named.getValues().map((v) => String(v.value)) : undefined,
  };
}

function inputFields(typeName: string): Record<string, GraphQLFieldLike> {
  const type = schema.getType(typeName) as NamedTypeLike | undefined;
  if (!type?.getFields) throw new Error(`${typeName} is not an input type of the schema`);
  return type.getFields();
}

/** Every disagreement between a GraphQL input type and its zod object, as readable lines. */
function disagreements(typeName: string, pairing: Pairing): string[] {
  const found: string[] = [];
  const fields = inputFields(typeName);
  const shape = pairing.zod.shape;
  const allowed = pairing.allowed ?? {};
  const report = (key: string, what: string) => {
    if (!(key in allowed)) found.push(`${typeName}.${key}${what ? ` (${what})` : ""}`);
  };
  const zodKeysSeen = new Set<string>();

  for (const [name, field] of Object.entries(fields)) {
    const g = describeGraphQL(field);
    if (name === pairing.targetId) {
      if (g.name !== "ID" || !g.nonNull) report(`${name}: target id is not ID!`, String(field.type));
      continue;
    }
    const zodKey = pairing.renamed?.[name] ?? name;
    const zodSchema = shape[zodKey];
    if (!zodSchema) {
      report(`${name}: only in GraphQL`, "");
      continue;
    }
    zodKeysSeen.add(zodKey);
    const zf = describeZod(zodSchema);
    const where = `GraphQL ${String(field.type)}${field.defaultValue !== undefined ? ` = ${String(field.defaultValue)}` : ""}, zod ${describeZodForMessage(zf)}`;

    if (g.nonNull && zf.optional) report(`${name}: GraphQL requires it, zod may leave it out`, where);
    if (!g.nonNull && !zf.optional) report(`${name}: GraphQL may leave it out, zod requires it`, where);
    if (zf.nullable && g.nonNull) report(`${name}: zod accepts null, GraphQL does not`, where);

    const typeProblem = typeMismatch(g, zf, pairing.nested?.[name]);
    if (typeProblem) report(`${name}: type`, `${typeProblem}; ${where}`);
    const nested = pairing.nested?.[name];
    if (nested) {
      if (g.name !== nested.graphql) report(`${name}: type`, `expected ${nested.graphql}; ${where}`);
      else found.push(...disagreements(nested.graphql, { ...nested.pairing, zod: zf.element ?? nested.pairing.zod }));
    }
  }
  for (const key of Object.keys(shape)) {
    if (!zodKeysSeen.has(key)) report(`${key}: only in zod`, "");
  }
  for (const key of Object.keys(allowed)) {
    // An allow-list entry that no longer matches anything is stale: remove it.
    if (!stillNeeded(typeName, pairing, key)) found.push(`${typeName}: allow-list entry "${key}" no longer needed`);
  }
  return found;
}

/** Whether an allow-list entry still names a real disagreement (the comparison without it finds it). */
function stillNeeded(typeName: string, pairing: Pairing, key: string): boolean {
  const { [key]: _omitted, ...rest } = pairing.allowed ?? {};
  return disagreements(typeName, { ...pairing, allowed: rest, nested: undefined }).some((line) => line.startsWith(`${typeName}.${key}`));
}

function describeZodForMessage(f: ZodField): string {
  return `${f.kind}${f.enumValues ? `(${f.enumValues.join(", ")})` : ""}${f.optional ? " optional" : ""}${f.nullable ? " nullable" : ""}`;
}

function typeMismatch(g: ReturnType<typeof describeGraphQL>, zf: ZodField, nested: unknown): string | null {
  if (g.list) return zf.kind === "array" && (nested === undefined || zf.element) ? null : "GraphQL list, zod not an array of objects";
  if (zf.kind === "array") return "zod array, GraphQL not a list";
  if (g.enumValues) {
    if (zf.kind !== "enum") return "GraphQL enum, zod not an enum";
    const gv = [...g.enumValues].sort().join(", ");
    const zv = [...zf.enumValues!].sort().join(", ");
    return gv === zv ? null : `enum values differ: GraphQL [${gv}], zod [${zv}]`;
  }
  switch (g.name) {
    case "String":
      return zf.kind === "String" || zf.kind === "enum" ? null : "GraphQL String";
    case "Int":
      return zf.kind === "Int" ? null : "GraphQL Int, zod not an integer";
    case "Float":
      return zf.kind === "Float" ? null : "GraphQL Float, zod not a (non-integer) number";
    case "Boolean":
      return zf.kind === "Boolean" ? null : "GraphQL Boolean";
    case "ID":
      return zf.kind === "Int" ? null : "GraphQL ID, zod not an integer database id";
    case "Decimal":
      // An exact decimal: text or a number (decimalAmount and the like).
      return zf.kind === "Float|String" ? null : "GraphQL Decimal, zod not a decimal (text or number)";
    default:
      return nested ? null : `no rule for GraphQL type ${g.name}`;
  }
}

describe("GraphQL mutation inputs and the domain's zod schemas", () => {
  it("every input type of the schema is paired with its zod schema or listed as having none", () => {
    const inputTypes = Object.values(schema.getTypeMap())
      .filter((t) => !t.name.startsWith("__") && t.constructor.name === "GraphQLInputObjectType")
      .map((t) => t.name)
      .sort();
    const unaccounted = inputTypes.filter((name) => !(name in PAIRINGS) && !WITHOUT_ZOD.has(name));
    expect(unaccounted.join(", "), "new input type(s): pair each with its zod schema in PAIRINGS, or list it in WITHOUT_ZOD").toBe("");
    const gone = [...Object.keys(PAIRINGS), ...WITHOUT_ZOD].filter((name) => !inputTypes.includes(name));
    expect(gone.join(", "), "listed here but no longer in the schema").toBe("");
  });

  for (const [typeName, pairing] of Object.entries(PAIRINGS)) {
    it(`${typeName} agrees with its zod schema on names, optionality and types`, () => {
      const found = disagreements(typeName, pairing);
      expect(found.join("\n"), `${typeName} and its zod schema disagree:\n${found.join("\n")}`).toBe("");
    });
  }
});
