import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, globalId } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Issue 14: NUL, other control characters and lone surrogates answered 500 on PostgreSQL (which
// refuses NUL in text). One rule now refuses them everywhere with a 400 / ValidationError naming
// the field; tabs and line breaks only in multi-line fields. Run on PGlite and (TEST_DATABASE_URL) PostgreSQL.

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;

beforeAll(async () => {
  server = await startServer();
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
});
afterAll(() => server.close());

const CONTROL = "must not contain control characters";
const MALFORMED = "is not valid text (malformed Unicode)";
const ONE_LINE = "must be a single line (no tabs or line breaks)";
const hostile: [what: string, text: string, problem: string][] = [
  ["NUL", "Bifen\u0000thrin", CONTROL],
  ["a C0 control", "Bifen\u001bthrin", CONTROL],
  ["DEL", "Bifen\u007fthrin", CONTROL],
  ["a C1 control", "Bifen\u0085thrin", CONTROL],
  ["a lone high surrogate", "Bifen\ud800thrin", MALFORMED],
  ["a lone low surrogate", "Bifen\udc00thrin", MALFORMED],
  ["a reversed surrogate pair", "Bifen\ude00\ud83dthrin", MALFORMED],
];

/** A GET whose path is sent exactly as written (fetch would re-encode it). */
function rawGet(path: string, cookie?: string): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, agent: false, headers: cookie ? { cookie } : {} }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c));
      res.on("end", () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("REST bodies: the shared field builders", () => {
  it.each(hostile)("refuses %s in every kind of text field, naming the field", async (_what, text, problem) => {
    const attempts: [ApiClient, string, string, Record<string, unknown>, string, string][] = [
      [manager, "POST", "/api/inventory", { name: text, category: "Bait" }, "name", "Name"],
      [manager, "POST", "/api/inventory", { name: "Ok", category: "Bait", description: text }, "description", "Description"],
      [manager, "PUT", "/api/inventory/1", { supplier: text }, "supplier", "Supplier"],
      [manager, "POST", "/api/equipment", { name: "Ok", category: "Sprayer", serialNumber: text }, "serialNumber", "Serial number"],
      [manager, "PUT", "/api/equipment/1", { location: text }, "location", "Location"],
      [tech, "POST", "/api/equipment/1/checkout", { assignedTo: text }, "assignedTo", "Assignee"],
      [tech, "POST", "/api/requests", { type: "inventory", justification: text, items: [{ id: 1, quantity: 1 }] }, "justification", "Justification"],
      [manager, "POST", "/api/team", { username: "newbie", password: "longenough", name: text }, "name", "Name"],
      [manager, "POST", "/api/team", { username: "newbie", password: `longenough${text}`, name: "New" }, "password", "Password"],
      [tech, "POST", "/api/scan/lookup", { qrData: text }, "qrData", "That code"],
      [tech, "POST", "/api/objects/upload", { fileName: `${text}.pdf`, contentType: "application/pdf" }, "fileName", "fileName"],
      [tech, "PUT", "/api/sds-files", { sdsFileUrl: `/objects/sds/${text}.pdf`, itemId: 1, itemType: "inventory" }, "sdsFileUrl", "sdsFileUrl"],
      [server.anonymous(), "POST", "/api/auth/login", { username: text, password: "whatever1" }, "username", "Username"],
    ];
    for (const [client, method, path, body, field, label] of attempts) {
      const res = await client.request(method, path, body);
      expect(res.status, `${method} ${path} ${field}`).toBe(400);
      expect(res.body, `${method} ${path} ${field}`).toMatchObject({ message: `${label} ${problem}`, code: expect.stringMatching(/^text\./), field });
    }
  });

  it("allows tabs and line breaks in multi-line fields only", async () => {
    const multiLine = "Apply at dusk.\n\tKeep pets away\r\nfor 4 hours.";
    const item = await manager.post("/api/inventory", { name: "Multi-line check", category: "Bait", description: multiLine });
    expect(item.status).toBe(201);
    expect((await manager.get(`/api/inventory/${item.body.id}`)).body.description).toBe(multiLine);
    const request = await tech.post("/api/requests", { justification: `Route 7:\nrestock\tbait`, items: [{ id: item.body.id, quantity: 1 }] });
    expect(request.status).toBe(201);

    for (const [path, body, field, label] of [
      ["/api/inventory", { name: "Two\nlines", category: "Bait" }, "name", "Name"],
      ["/api/inventory", { name: "Ok", category: "Bait", supplier: "Acme\tInc" }, "supplier", "Supplier"],
      ["/api/equipment", { name: "Ok", category: "Sprayer", location: "Truck\u2028 4" }, "location", "Location"],
    ] as const) {
      const res = await manager.post(path, body);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ message: `${label} ${ONE_LINE}`, code: "text.singleLine", field });
    }
  });

  it("keeps well-formed text of any script exactly, emoji and all", async () => {
    const name = "Gel d’appât 🐜 — Köder 蟑螂 ﷺ";
    const created = await manager.post("/api/inventory", { name, category: "Bait", supplier: "  Ünïcode Supply  " });
    expect(created.status).toBe(201);
    const got = (await manager.get(`/api/inventory/${created.body.id}`)).body;
    expect(got.name).toBe(name);
    expect(got.supplier).toBe("Ünïcode Supply");
    expect((await manager.get(`/api/inventory?search=${encodeURIComponent("🐜")}`)).body.map((i: any) => i.id)).toContain(created.body.id);
  });
});

describe("query strings and path parameters: one hook for every route", () => {
  it("refuses control characters in a query value, naming the parameter", async () => {
    for (const [path, field] of <[string, string][]>[
      ["/api/inventory?search=%00", "search"],
      ["/api/inventory?category=Bait%01", "category"],
      ["/api/equipment?search=x%7F", "search"],
      ["/api/requests?status=pending%00", "status"],
      ["/api/team?search=%C2%85", "search"],
      ["/api/dashboard/activity?limit=5%00", "limit"],
    ]) {
      const res = await manager.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ message: `${field} ${CONTROL}`, code: "text.controlCharacters", field });
    }
    const key = await manager.get("/api/inventory?sea%00rch=x");
    expect(key.status).toBe(400);
    expect(key.body.message).toMatch(CONTROL);
  });

  it("answers 400 to a query string that is not UTF-8 or has a malformed %-escape", async () => {
    for (const query of ["search=%FF", "search=caf%E9", "search=%E2%82", "search=%ED%A0%80", "search=%C0%AF", "search=%zz", "search=50%", "%FF=1"]) {
      const res = await rawGet(`/api/inventory?${query}`, manager.cookie);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ message: "The query string is not valid UTF-8 (or has a malformed %-escape)", code: "query.notUtf8" });
    }
    // Sent unescaped, bytes above 0x7f are refused by the HTTP parser itself: still a 400, never a 500.
    const { hostname, port } = new URL(server.url);
    const rawBytes = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: hostname, port, path: "/api/inventory?search=caf\u00e9", agent: false }, (res) => resolve(res.statusCode ?? 0));
      req.on("error", reject);
      req.end();
    });
    expect(rawBytes).toBe(400);
  });

  it("refuses a parameter given twice (found by the fuzzer: the route got an array, and answered 500)", async () => {
    for (const path of ["/api/inventory?category=Bait&category=Traps", "/api/team?search=a&search=b", "/api/equipment?status=available&search=x&status=repair"]) {
      const res = await manager.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toMatch(/^(category|search|status) must be given once$/);
    }
  });

  it("lets line breaks through a query (a search may have them; GraphQL GET carries documents)", async () => {
    expect((await manager.get("/api/inventory?search=two%0Alines")).status).toBe(200);
    const doc = encodeURIComponent("query Viewer {\n  viewer {\n    username\n  }\n}");
    const res = await manager.get(`/graphql?query=${doc}`);
    expect(res.status).toBe(200);
    expect(res.body.data.viewer.username).toBe("manager");
  });

  it("refuses hostile path parameters with a 400, including ones that are not UTF-8", async () => {
    const nul = await rawGet("/api/inventory/%00", manager.cookie);
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ message: `id ${CONTROL}`, code: "text.controlCharacters", field: "id" });
    for (const path of ["/api/inventory/%FF", "/api/equipment/%E2%82", "/objects/sds/%C0%AF.pdf"]) {
      const res = await rawGet(path, manager.cookie);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toMatch(/URL is not valid/);
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });
});

describe("GraphQL arguments: one check for every argument", () => {
  const CREATE = `mutation($input: CreateInventoryItemInput!) { createInventoryItem(input: $input) { __typename ... on Error { message } ... on ValidationError { field } } }`;

  it.each(hostile)("refuses %s in an input field as a typed ValidationError naming the field", async (_what, text, problem) => {
    const res = await gql(manager, CREATE, { input: { name: text, category: "Bait" } });
    expect(res.status).toBe(200);
    expect(res.data.createInventoryItem).toEqual({ __typename: "ValidationError", message: `name ${problem}`, field: "name" });

    const update = await gql(manager, `mutation($input: UpdateInventoryItemInput!) { updateInventoryItem(input: $input) { __typename ... on ValidationError { field message } } }`, {
      input: { id: globalId("InventoryItem", 1), description: `ok ${text}` },
    });
    expect(update.data.updateInventoryItem).toEqual({ __typename: "ValidationError", field: "description", message: `description ${problem}` });
  });

  it("refuses a hostile search, id or code with a VALIDATION error (never the masked one)", async () => {
    const cases: [query: string, variables: Record<string, unknown>, field: string][] = [
      [`query($s: String) { inventoryItems(search: $s) { totalCount } }`, { s: "ant\u0000" }, "search"],
      [`query($s: String) { equipment(search: $s) { totalCount } }`, { s: "\ud83d" }, "search"],
      [`query($s: String) { teamMembers(search: $s) { totalCount } }`, { s: "\u0007" }, "search"],
      [`query($id: ID!) { node(id: $id) { id } }`, { id: "\u0000" }, "id"],
      [`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: [globalId("InventoryItem", 1), "\udfff"] }, "ids.1"],
    ];
    for (const [query, variables, field] of cases) {
      const res = await gql(manager, query, variables);
      expect(res.status, query).toBe(200);
      expect(res.errors, query).toHaveLength(1);
      expect(res.errors![0].message, query).toMatch(new RegExp(`^${field.replace(".", "\\.")} `));
      expect(res.errors![0].extensions, query).toEqual({ code: "VALIDATION", errorCode: expect.stringMatching(/^text\./), field });
    }
  });

  it("refuses a node id whose database id is not a whole number (found by the fuzzer: masked error)", async () => {
    for (const id of ["User:abc", "InventoryItem:1.5", "Request:99999999999", "Equipment:-1"].map((s) => Buffer.from(s).toString("base64"))) {
      const res = await gql(manager, `query($id: ID!) { node(id: $id) { id } nodes(ids: [$id]) { id } }`, { id });
      expect(res.status).toBe(200);
      expect(res.errors?.map((e: { message: string; extensions: unknown }) => [e.message, e.extensions])).toEqual([
        ["That is not a valid id", { code: "VALIDATION", errorCode: "id.thatIsNotAValid", field: "id" }],
        ["That is not a valid id", { code: "VALIDATION", errorCode: "id.thatIsNotAValid", field: "id" }],
      ]);
    }
    // A well-formed id of nothing is still just null.
    expect((await gql(manager, `{ node(id: "${globalId("InventoryItem", 999999)}") { id } }`)).data).toEqual({ node: null });
  });

  it("answers a typed ValidationError where the field has one (reports)", async () => {
    const res = await gql(manager, `query($from: String!) { reports(from: $from, to: "2026-01-31") { __typename ... on ValidationError { field } } }`, {
      from: "2026-01-01\u0000",
    });
    expect(res.data.reports).toEqual({ __typename: "ValidationError", field: "from" });
  });

  it("checks literals in the document as well as variables", async () => {
    const scan = await gql(tech, `{ scanLookup(code: "TRAP\\u0000") { __typename ... on ValidationError { field message } } }`);
    expect(scan.data.scanLookup).toEqual({ __typename: "ValidationError", field: "code", message: `code ${CONTROL}` });
    const signIn = await gql(server.anonymous(), `mutation { signIn(input: { username: "manager\\u0000", password: "x" }) { __typename ... on ValidationError { field } } }`);
    expect(signIn.data.signIn).toEqual({ __typename: "ValidationError", field: "username" });
  });

  it("lets line breaks into a description and a justification, refuses them in a name", async () => {
    const ok = await gql(manager, CREATE, { input: { name: "GraphQL multi-line", category: "Bait", description: "one\ntwo\tthree" } });
    expect(ok.data.createInventoryItem.__typename).toBe("CreateInventoryItemPayload");
    const bad = await gql(manager, CREATE, { input: { name: "GraphQL\nmulti-line", category: "Bait" } });
    expect(bad.data.createInventoryItem).toEqual({ __typename: "ValidationError", message: `Name ${ONE_LINE}`, field: "name" });
  });
});
