import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVENTORY_CATEGORIES } from "../../schemas/constants.ts";
import { contractProblem, documentedOperation } from "../helpers/openapi.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/**
 * GET /api/openapi.json and /api/docs. Every answer any API suite receives is held against the
 * document by ApiClient (tests/helpers/openapi.ts); here: the document covers every /api route,
 * names both auth schemes, takes its request bodies from the domain's zod schemas, and the check
 * does fail on an answer that drifts.
 */

let server: TestServer;
let manager: ApiClient;
let doc: any;

beforeAll(async () => {
  server = await startServer();
  manager = await server.as("manager");
  const res = await server.anonymous().get("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => server.close());

/** Every route Fastify serves, as "METHOD /path/{param}", read from its route tree. */
function servedRoutes(): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of server.app.http.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const full = (depth > 0 ? stack[depth - 1]! : "") + m[2]!;
    stack[depth] = full;
    for (const method of m[3]!.split(", ")) out.push(`${method} ${full.replace(/:(\w+)/g, "{$1}")}`);
  }
  return out;
}

describe("the document", () => {
  it("is OpenAPI 3.1 with cookie and bearer security schemes", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({ type: "apiKey", in: "cookie", name: "trapline_session" });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
  });

  it("lists every /api route the server serves, and nothing it does not", () => {
    const served = servedRoutes().filter((r) => / \/api\//.test(r) && !r.startsWith("HEAD "));
    expect(served.length).toBeGreaterThan(25);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(served.sort());
  });

  it("gives every operation its parameters, its error shape for each 4xx, and write bodies from the domain's zod schemas", () => {
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const params = (path.match(/\{(\w+)\}/g) ?? []).map((p) => p.slice(1, -1));
        for (const name of params) expect(op.parameters?.some((p: any) => p.in === "path" && p.name === name), `${method} ${path} ${name}`).toBe(true);
        const statuses = Object.keys(op.responses);
        expect(statuses.some((s) => /^2/.test(s)), `${method} ${path}`).toBe(true);
        for (const status of statuses.filter((s) => /^4/.test(s))) {
          const schema = op.responses[status].content["application/json"].schema;
          // A CSV import's 400 is either the error shape or the row errors with the counts.
          if (/\/import$/.test(path) && status === "400")
            expect(schema.anyOf, `${method} ${path} ${status}`).toEqual([{ $ref: "#/components/schemas/ImportRefused" }, { $ref: "#/components/schemas/Error" }]);
          else expect(schema, `${method} ${path} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
        }
      }
    }
    const create = doc.paths["/api/inventory"].post.requestBody.content["application/json"].schema;
    expect(create.properties.category.enum).toEqual([...INVENTORY_CATEGORIES]);
    expect(create.required).toEqual(["name", "category"]);
    expect(doc.paths["/api/inventory"].get.parameters.map((p: any) => p.name).sort()).toEqual(["category", "search"]);
    expect(doc.paths["/api/equipment/{id}/checkout"].post.requestBody.content["application/json"].schema.required).toEqual(["assignedTo"]);
    expect(doc.components.schemas.Error.required).toEqual(["message", "code"]);
  });
});

describe("the check on every answer", () => {
  it("passes real answers and fails ones that drift", async () => {
    const item = await manager.post("/api/inventory", { name: `OpenAPI bait ${randomBytes(3).toString("hex")}`, category: "Bait", unit: "boxes" });
    expect(item.status).toBe(201);
    const type = "application/json; charset=utf-8";
    expect(contractProblem("POST", "/api/inventory", 201, type, item.body, item.text)).toBeNull();
    const { name: _dropped, ...withoutName } = item.body;
    expect(contractProblem("POST", "/api/inventory", 201, type, withoutName, "x")).toMatch(/must have required property 'name'/);
    expect(contractProblem("POST", "/api/inventory", 201, type, { ...item.body, warningLevel: 15 }, "x")).toMatch(/additional/);
    expect(contractProblem("GET", `/api/inventory/${item.body.id}`, 200, type, { ...item.body, quantity: "5" }, "x")).toMatch(/quantity must be integer/);
    expect(contractProblem("POST", "/api/inventory", 200, type, item.body, "x")).toMatch(/status 200 is not documented/);
    expect(contractProblem("GET", "/api/inventory", 200, "text/csv", "a,b", "a,b")).toMatch(/answered text\/csv/);
    expect(contractProblem("DELETE", "/api/inventory/1", 204, null, undefined, "oops")).toMatch(/without a body/);
    expect(contractProblem("PUT", "/api/inventory/1", 404, type, { error: "gone" }, "x")).toMatch(/required property 'message'/);
    expect(documentedOperation("GET", "/api/inventory/low-stock")?.template).toBe("/api/inventory/low-stock");
    expect(documentedOperation("GET", "/api/inventory/7?x=1")?.template).toBe("/api/inventory/{id}");
  });

  it("holds answers of every documented operation, with a session and with tokens", async () => {
    // ApiClient throws on any answer that breaks the document; these calls touch every path.
    const tech = await server.as("tech");
    const equipment = await manager.post("/api/equipment", { name: `OpenAPI gear ${randomBytes(3).toString("hex")}`, category: "Sprayer" });
    expect(equipment.status, equipment.text).toBe(201);
    const item = (await manager.get("/api/inventory")).body[0];
    const calls: [ApiClient, string, string, unknown?][] = [
      [manager, "GET", "/api/auth"],
      [manager, "GET", "/api/auth/me"],
      [manager, "GET", "/api/dashboard/stats"],
      [manager, "GET", "/api/dashboard/activity?limit=5"],
      [manager, "POST", "/api/scan/lookup", { qrData: item.barcode ?? "none" }],
      [manager, "POST", "/api/scan/lookup", { qrData: "nothing-here" }],
      [manager, "GET", "/api/inventory?category=Bait"],
      [manager, "GET", "/api/inventory/low-stock"],
      [manager, "GET", "/api/inventory/reorder-suggestions"],
      [manager, "GET", `/api/inventory/${item.id}`],
      [manager, "GET", "/api/inventory/999999"],
      [manager, "GET", "/api/inventory/abc"],
      [manager, "PUT", `/api/inventory/${item.id}`, { quantity: -1 }],
      [manager, "POST", "/api/inventory", { name: "" }],
      [manager, "GET", "/api/equipment?status=available"],
      [manager, "GET", `/api/equipment/${equipment.body.id}`],
      [manager, "PUT", `/api/equipment/${equipment.body.id}`, { location: "Van 2" }],
      [manager, "POST", `/api/equipment/${equipment.body.id}/checkout`, { assignedTo: "Lee" }],
      [manager, "POST", `/api/equipment/${equipment.body.id}/checkout`, { assignedTo: "Lee" }],
      [manager, "POST", `/api/equipment/${equipment.body.id}/checkin`],
      [tech, "POST", "/api/requests", { type: "inventory", justification: "OpenAPI", items: [{ id: item.id, quantity: 1 }] }],
      [tech, "GET", "/api/requests"],
      [tech, "GET", "/api/team"],
      [manager, "GET", "/api/team"],
      [manager, "POST", "/api/team", { username: `oa${randomBytes(3).toString("hex")}`, password: "openapi12345", name: "Open Api", role: "employee" }],
      [manager, "POST", "/api/objects/upload", { fileName: "label.pdf", contentType: "application/pdf" }],
      [manager, "PUT", "/api/sds-files", { itemType: "inventory", itemId: item.id, sdsFileUrl: "https://example.com/sds.pdf" }],
      [server.anonymous(), "GET", "/api/inventory"],
      [server.anonymous(), "POST", "/api/auth/login", { username: "manager", password: "wrong" }],
      [server.bearer("tl_made_up"), "GET", "/api/dashboard/stats"],
      [server.anonymous(), "GET", "/api/openapi.json"],
      [server.anonymous(), "GET", "/api/docs"],
      [server.anonymous(), "GET", "/api/docs/start.js"],
      [server.anonymous(), "GET", "/api/docs/nope.js"],
    ];
    const statuses: number[] = [];
    for (const [client, method, path, body] of calls) statuses.push((await client.request(method, path, body)).status);
    expect(new Set(statuses)).toEqual(new Set([200, 201, 400, 401, 403, 404, 409]));
    const request = (await tech.get("/api/requests")).body[0];
    expect((await manager.get(`/api/requests/${request.id}`)).status).toBe(200);
    expect((await manager.put(`/api/requests/${request.id}/deny`)).status).toBe(200);
    expect((await manager.put(`/api/requests/${request.id}/approve`)).status).toBe(409);
    expect((await manager.delete(`/api/inventory/${(await manager.post("/api/inventory", { name: "OA gone", category: "Bait" })).body.id}`)).status).toBe(204);
    expect((await manager.post("/api/auth/logout")).status).toBe(200);
  });
});

describe("GET /api/docs", () => {
  it("renders the document with Swagger UI from this server only", async () => {
    const page = await server.anonymous().get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.sort()).toEqual(["/api/docs/start.js", "/api/docs/swagger-ui-bundle.js", "/api/docs/swagger-ui.css"]);
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self'( 'wasm-unsafe-eval')?(;|$)/);
    expect(csp).not.toMatch(/https?:/);
    for (const src of sources) {
      const asset = await server.anonymous().get(src);
      expect(asset.status, src).toBe(200);
      expect(asset.text.length, src).toBeGreaterThan(src.endsWith("start.js") ? 20 : 10_000);
    }
    expect((await server.anonymous().get("/api/docs/start.js")).text).toContain('"/api/openapi.json"');
  });
});
