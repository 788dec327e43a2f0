import { readFileSync } from "node:fs";
import fc from "fast-check";
import {
  buildSchema,
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLUnionType,
  isLeafType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORDS, startServer, type TestServer } from "../helpers/server.ts";
import { fromGraphQLType, hostileString } from "./arbitraries.ts";
import { encodePart, expectHealthyAndReconciled, runs, SEED, send } from "./harness.ts";

// Issue 14: every query and mutation of schema.graphql with arguments generated from their types
// and made hostile, sent as variables, as literals in the document, and over GET; no answer may be a
// 5xx or carry the masked 'Unexpected error', and afterwards the server is healthy and stock
// reconciles. Bounded by default (RUNS per field); FUZZ_RUNS=2000 for a long run.

const RUNS = runs(30);
const schema = buildSchema(readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8"));
const NODE_TYPES = ["InventoryItem", "Equipment", "Request", "User", "Notification", "ActivityEntry", "ChemicalUse"];

let server: TestServer;
let cookies: string[];

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_API_MAX: "0", RATE_LIMIT_SIGNIN_MAX: "0" });
  cookies = await Promise.all(["manager", "tech"].map(async (u) => (await server.as(u)).cookie!));
});
afterAll(() => server?.close());

const globalIds = fc.oneof(
  fc.tuple(fc.constantFrom(...NODE_TYPES), fc.integer({ min: 1, max: 40 })).map(([t, id]) => Buffer.from(`${t}:${id}`).toString("base64")),
  fc.tuple(fc.constantFrom(...NODE_TYPES, "Query", "Nope", ""), hostileString).map(([t, id]) => Buffer.from(`${t}:${id}`).toString("base64")),
);

/** What to ask of a result: its type name, errors' messages, and leaf fields a couple of levels down. */
function selectionOf(type: GraphQLNamedType, depth = 0): string {
  if (isLeafType(type)) return "";
  if (type instanceof GraphQLUnionType) {
    const members = type
      .getTypes()
      .map((t) => `... on ${t.name} ${selectionOf(t, depth + 1)}`)
      .join(" ");
    return `{ __typename ${members} }`;
  }
  if (type instanceof GraphQLObjectType || type instanceof GraphQLInterfaceType) {
    const fields = Object.values(type.getFields())
      .filter((f) => !f.args.some((a) => a.type instanceof GraphQLNonNull))
      .filter((f) => depth < 2 || isLeafType(getNamedType(f.type)))
      .map((f) => `${f.name} ${selectionOf(getNamedType(f.type), depth + 1)}`);
    return `{ __typename ${fields.join(" ")} }`;
  }
  return "";
}

/** A value as a GraphQL literal of its argument's type (enums bare, when they are enum values). */
function literal(value: unknown, type: GraphQLInputType): string {
  if (value === null || value === undefined) return "null";
  const named = type instanceof GraphQLNonNull ? type.ofType : type;
  if (named instanceof GraphQLList) return Array.isArray(value) ? `[${value.map((v) => literal(v, named.ofType)).join(", ")}]` : literal(value, named.ofType);
  if (named instanceof GraphQLEnumType && typeof value === "string" && /^[_A-Za-z][_0-9A-Za-z]*$/.test(value)) return value;
  if (named instanceof GraphQLInputObjectType && typeof value === "object" && !Array.isArray(value)) {
    const fields = named.getFields();
    return `{ ${Object.entries(value as Record<string, unknown>)
      .filter(([k]) => fields[k])
      .map(([k, v]) => `${k}: ${literal(v, fields[k]!.type)}`)
      .join(", ")} }`;
  }
  return JSON.stringify(value) ?? "null";
}

function operationOf(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>) {
  const args = Object.fromEntries(field.args.map((a) => [a.name, fromGraphQLType(a.type, globalIds)]));
  return fc.record({ args: fc.record(args, { requiredKeys: [] }), mode: fc.constantFrom("variables", "variables", "literals", "get"), who: fc.nat({ max: 1 }) }).map(({ args: values, mode, who }) => {
    const argsUsed = field.args.filter((a) => a.name in values);
    const selection = selectionOf(getNamedType(field.type));
    if (mode === "literals") {
      const inline = argsUsed.map((a) => `${a.name}: ${literal(values[a.name], a.type)}`).join(", ");
      return { who, mode, query: `${kind} { ${field.name}${inline ? `(${inline})` : ""} ${selection} }`, variables: undefined };
    }
    const definitions = argsUsed.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
    const passing = argsUsed.map((a) => `${a.name}: $${a.name}`).join(", ");
    const query = `${kind} Fuzz${definitions ? `(${definitions})` : ""} { ${field.name}${passing ? `(${passing})` : ""} ${selection} }`;
    return { who, mode: kind === "query" ? mode : "variables", query, variables: values };
  });
}

/** Sign-in with a demo username would lock it out; those keep their own password. */
function keepDemoAccountsOpen(variables: Record<string, unknown> | undefined, query: string) {
  const input = variables?.input as { username?: unknown } | undefined;
  if (typeof input?.username === "string" && input.username.trim().toLowerCase() in DEMO_PASSWORDS) {
    return { variables: { ...variables, input: { ...input, password: DEMO_PASSWORDS[input.username.trim().toLowerCase()] } }, query };
  }
  // In a literal document: never one of the demo usernames.
  return { variables, query: query.replace(/username: "(manager|tech|pnair|tbecker|agomez)"/gi, 'username: "fuzz-$1"') };
}

const fieldsOf = (kind: "query" | "mutation") => {
  const root = kind === "query" ? schema.getQueryType()! : schema.getMutationType()!;
  return Object.values(root.getFields()).map((f) => [`${kind} ${f.name}`, kind, f] as const);
};

describe("GraphQL fuzzing: every query and mutation argument, from schema.graphql", () => {
  it.each([...fieldsOf("query"), ...fieldsOf("mutation")])("%s", async (_name, kind, field) => {
    // signOut would end the fuzzer's own sessions: sent without one.
    const anonymous = field.name === "signOut" || field.name === "signIn";
    await fc.assert(
      fc.asyncProperty(operationOf(kind, field), async (operation) => {
        const { query, variables } = field.name === "signIn" ? keepDemoAccountsOpen(operation.variables, operation.query) : operation;
        const cookie = anonymous ? undefined : cookies[operation.who];
        const answer =
          operation.mode === "get"
            ? await send(server, "GET", `/graphql?query=${encodePart(query)}${variables ? `&variables=${encodePart(JSON.stringify(variables))}` : ""}`, { cookie })
            : await send(server, "POST", "/graphql", { cookie, body: JSON.stringify(variables ? { query, variables } : { query }) });
        const what = `${query.slice(0, 400)} ${JSON.stringify(variables)?.slice(0, 400)} → ${answer.status} ${answer.text.slice(0, 400)}`;
        expect(answer.status, what).toBeLessThan(500);
        const body = answer.body as { errors?: { message: string; extensions?: { code?: string } }[]; message?: string };
        expect(typeof body === "object" && body !== null, what).toBe(true);
        for (const error of body.errors ?? []) {
          expect(error.message, what).not.toMatch(/Unexpected error/);
          expect(error.extensions?.code, what).not.toBe("INTERNAL_SERVER_ERROR");
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it("leaves the server healthy and every stock level reconciled with its movements", async () => {
    await expectHealthyAndReconciled(server);
  });
});
