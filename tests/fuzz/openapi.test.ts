import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { createGeneratorSync } from "json-schema-faker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server.ts";
import { expectHealthyAndReconciled, runs, SEED } from "./harness.ts";

/*
 * Issue 32: the REST API fuzzed from its OpenAPI document alone, as a generated client would use it.
 * The test reads GET /api/openapi.json from the running server and nothing of the server's code: for
 * every operation it generates requests whose parameters, headers and bodies the document calls
 * valid (json-schema-faker, seeded) and requests that break one rule of the document each (a missing
 * required field, a wrong type, a value past a bound, outside an enum or a pattern, a missing body).
 * Every answer must be documented for its operation with a body valid against its schema, and none
 * may be a 5xx; every invalid request must be refused (4xx), and one whose fault is in its query,
 * path or headers with 400 exactly; a valid request to an operation without a body is never a 400
 * (its inputs are all in the document). Afterwards the server is healthy and stock reconciles.
 */

type Json = Record<string, any>;
type Operation = { method: string; path: string; operationId: string; op: Json };
type Case = { what: string; path: string; query: Record<string, string>; headers: Record<string, string>; body?: { type: string; text: string }; invalid?: "params" | "body" };

const VALID_RUNS = runs(6);

let server: TestServer;
let doc: Json;
let cookie: string;
let ajv: Ajv2020;
const answers: { operationId: string; status: number }[] = [];

beforeAll(async () => {
  // No API rate limit here (the fuzzer sends hundreds of requests from one address); sign-in limits stay.
  server = await startServer({ RATE_LIMIT_API_MAX: "0" });
  const docRes = await fetch(`${server.url}/api/openapi.json`);
  expect(docRes.status).toBe(200);
  doc = (await docRes.json()) as Json;
  const login = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "manager", password: "manager123" }) });
  cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
});
afterAll(() => server.close());

/** The schema with every #/components/schemas/… reference replaced by its target (the document has no cycles). */
function deref(schema: unknown): any {
  if (Array.isArray(schema)) return schema.map(deref);
  if (!schema || typeof schema !== "object") return schema;
  const s = schema as Json;
  if (typeof s.$ref === "string") return deref(doc.components.schemas[s.$ref.replace("#/components/schemas/", "")]);
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, deref(v)]));
}

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) out.push({ method: method.toUpperCase(), path, operationId: op.operationId, op });
  }
  return out;
}

const generator = createGeneratorSync({ seed: SEED, optionalsProbability: 0.5, maxDefaultItems: 3 });
const generate = (schema: unknown) => generator.generate(deref(schema));

/** The one non-null branch of a nullable schema (anyOf [X, null]), for its bounds. */
function core(schema: Json): Json {
  const s = deref(schema);
  if (Array.isArray(s.anyOf)) {
    const branches = s.anyOf.filter((b: Json) => b.type !== "null");
    if (branches.length === 1) return branches[0];
  }
  return s;
}

/** Values that break the schema, each with what it breaks (`asText`: for a parameter, where every value is text). */
function breaking(schema: Json, asText = false): [string, unknown][] {
  const s = core(schema);
  const out: [string, unknown][] = [];
  const types: string[] = s.anyOf ? s.anyOf.map((b: Json) => b.type).filter(Boolean) : [s.type].filter(Boolean);
  if (!asText && types.length && !types.includes("integer") && !types.includes("number")) out.push(["a number where the type is " + types.join("|"), 12345]);
  if (types.length && !types.includes("string")) out.push(["text where the type is " + types.join("|"), "not-a-" + types[0]]);
  if (s.type === "string") {
    if (typeof s.maxLength === "number") out.push([`longer than ${s.maxLength}`, "x".repeat(s.maxLength + 1)]);
    if (typeof s.minLength === "number" && s.minLength > 0) out.push([`shorter than ${s.minLength}`, ""]);
    if (Array.isArray(s.enum)) out.push(["outside the enum", "NOT_AN_OPTION"]);
    if (typeof s.pattern === "string") {
      const re = new RegExp(s.pattern, "u");
      const miss = ["!", "zz", "-1", "a b", "1-", "x.exe"].find((v) => !re.test(v));
      if (miss !== undefined) out.push([`not matching ${s.pattern}`, miss]);
    }
  }
  if (s.type === "integer" || s.type === "number") {
    if (typeof s.maximum === "number") out.push([`above ${s.maximum}`, s.maximum + 1]);
    if (typeof s.minimum === "number") out.push([`below ${s.minimum}`, s.minimum - 1]);
    if (s.type === "integer") out.push(["a fraction", 1.5]);
  }
  return out;
}

/** A parameter's value as text (query, path and header values are text). */
const asText = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

function validCase(o: Operation, i: number): Case {
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  let path = o.path;
  for (const p of (o.op.parameters ?? []) as Json[]) {
    // Half the valid cases use a parameter's documented example (an id that exists), the rest generate one.
    const value = p.schema.example !== undefined && i % 2 === 0 ? p.schema.example : generate(p.schema);
    if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(asText(value)));
    else if (p.in === "query" && (p.required || i % 3 !== 1)) query[p.name] = asText(value);
    else if (p.in === "header" && i % 2 === 1) headers[p.name] = asText(value);
  }
  const content = o.op.requestBody?.content as Json | undefined;
  let body: Case["body"];
  if (content && (o.op.requestBody.required || i % 2 === 0)) {
    const [type, media] = Object.entries<Json>(content)[0]!;
    const value = generate(media.schema);
    body = { type, text: type.endsWith("json") ? JSON.stringify(value) : asText(value) };
  }
  return { what: `valid #${i}`, path, query, headers, body };
}

/** Cases that each break one rule of the document. */
function invalidCases(o: Operation): Case[] {
  const base = validCase(o, 0);
  const out: Case[] = [];
  const params = (o.op.parameters ?? []) as Json[];
  for (const p of params) {
    for (const [what, value] of breaking(p.schema, true)) {
      const c: Case = { ...base, query: { ...base.query }, headers: { ...base.headers }, what: `${p.in} ${p.name} ${what}`, invalid: "params" };
      if (p.in === "path") c.path = o.path.replace(`{${p.name}}`, encodeURIComponent(asText(value)));
      if (p.in === "query") c.query[p.name] = asText(value);
      if (p.in === "header") c.headers[p.name] = asText(value);
      for (const other of params.filter((x) => x.in === "path" && x !== p)) c.path = c.path.replace(`{${other.name}}`, asText(other.schema.example ?? 1));
      out.push(c);
    }
  }
  const requestBody = o.op.requestBody as Json | undefined;
  if (requestBody) {
    const [type, media] = Object.entries<Json>(requestBody.content)[0]!;
    if (requestBody.required) out.push({ ...base, body: undefined, what: "no body", invalid: "body" });
    const schema = deref(media.schema);
    if (type.endsWith("json") && schema.type === "object") {
      const valid = (generator.generate(schema) ?? {}) as Json;
      const full = { ...valid };
      for (const [name, prop] of Object.entries<Json>(schema.properties ?? {})) if (!(name in full)) full[name] = generate(prop);
      out.push({ ...base, body: { type, text: "[]" }, what: "a list where an object belongs", invalid: "body" });
      for (const name of (schema.required ?? []) as string[]) {
        const { [name]: _dropped, ...rest } = full;
        out.push({ ...base, body: { type, text: JSON.stringify(rest) }, what: `body without ${name}`, invalid: "body" });
      }
      for (const [name, prop] of Object.entries<Json>(schema.properties ?? {})) {
        for (const [what, value] of breaking(prop)) out.push({ ...base, body: { type, text: JSON.stringify({ ...full, [name]: value }) }, what: `body ${name} ${what}`, invalid: "body" });
      }
    }
  }
  return out;
}

const validators = new Map<string, ValidateFunction>();

/** Sends a case and holds its answer to the document. */
async function check(o: Operation, c: Case) {
  const url = new URL(c.path, server.url);
  for (const [k, v] of Object.entries(c.query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...c.headers };
  // Operations the document marks public (security: [{}]) are sent as a stranger, the rest as a signed-in manager.
  const isPublic = Array.isArray(o.op.security) && o.op.security.length === 1 && Object.keys(o.op.security[0]).length === 0;
  if (!isPublic) headers.cookie = cookie;
  if (c.body) headers["content-type"] = c.body.type;
  const res = await fetch(url, { method: o.method, headers, body: c.body?.text });
  const text = await res.text();
  const what = `${o.operationId} (${o.method} ${url.pathname}${url.search}) ${c.what} → ${res.status} ${text.slice(0, 200)}`;
  answers.push({ operationId: o.operationId, status: res.status });
  expect(res.status, what).toBeLessThan(500);
  const response = o.op.responses[String(res.status)];
  expect(response, `${what}: status not documented`).toBeDefined();
  const mediaType = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (response.content) {
    expect(Object.keys(response.content), `${what}: content type`).toContain(mediaType);
    if (mediaType.endsWith("json")) {
      const key = `${o.operationId} ${res.status}`;
      let validate = validators.get(key);
      if (!validate) validators.set(key, (validate = ajv.compile({ ...response.content[mediaType].schema, components: doc.components })));
      expect(validate(JSON.parse(text)), `${what}: body ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    }
  } else expect(text, `${what}: documented without a body`).toBe("");
  if (c.invalid) {
    expect(res.status, `${what}: an invalid request was not refused`).toBeGreaterThanOrEqual(400);
    if (c.invalid === "params") expect([400, 414], `${what}: a malformed parameter`).toContain(res.status);
  } else if (!o.op.requestBody && !o.op["x-rules"]) {
    // Its inputs are all in the document (unless it states rules between them, x-rules).
    expect(res.status, `${what}: a valid request without a body was refused as bad input`).not.toBe(400);
  }
}

describe("the REST API, fuzzed from its OpenAPI document", () => {
  it("documents every operation with a unique operationId", () => {
    const ids = operations().map((o) => o.operationId);
    expect(ids.every((id) => typeof id === "string" && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(35);
  });

  it("answers valid and invalid requests of every operation as documented, never with a 5xx", async () => {
    // Sign-out last, so it cannot end the manager's session that the other operations use (it is public: sent without it anyway).
    const all = operations().sort((a, b) => Number(a.operationId === "signOut") - Number(b.operationId === "signOut"));
    for (const o of all) {
      for (let i = 0; i < VALID_RUNS; i++) await check(o, validCase(o, i));
      for (const c of invalidCases(o)) await check(o, c);
    }
    // Every operation was reached, and the invalid requests really were many.
    expect(new Set(answers.map((a) => a.operationId)).size).toBe(all.length);
    expect(answers.filter((a) => a.status === 400).length).toBeGreaterThan(150);
    if (process.env.FUZZ_REPORT) {
      const by = new Map<string, Record<number, number>>();
      for (const a of answers) (by.get(a.operationId) ?? by.set(a.operationId, {}).get(a.operationId)!)[a.status] = ((by.get(a.operationId)![a.status] ?? 0) + 1);
      console.log([...by].map(([id, s]) => `${id}: ${JSON.stringify(s)}`).join("\n"));
    }
    await expectHealthyAndReconciled(server);
  }, 240_000);
});
