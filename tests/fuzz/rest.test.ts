import { updateMyPreferencesInput } from "../../schemas/preferences.ts";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { signInInput } from "../../schemas/auth.ts";
import { checkOutInput, createEquipmentInput, updateEquipmentInput } from "../../schemas/equipment.ts";
import { createInventoryItemInput, updateInventoryItemInput } from "../../schemas/inventory.ts";
import { approveRequestInput, createRequestInput } from "../../schemas/requests.ts";
import { scanInput } from "../../server/domain/scan.ts";
import { linkInput, uploadInput } from "../../server/domain/sds.ts";
import { createTeamMemberInput } from "../../schemas/team.ts";
import { recordApplicationInput } from "../../schemas/applications.ts";
import { DEMO_PASSWORDS, startServer, type TestServer } from "../helpers/server.ts";
import { bodyFromZod, deepJsonText, hostileJson, hostileString } from "./arbitraries.ts";
import { encodePart, expectHandled, expectHealthyAndReconciled, runs, SEED, send } from "./harness.ts";

// Issue 14: every REST route's body, query and path parameters, generated from the zod schemas and
// made hostile; no answer may be a 5xx or the masked error, and afterwards the server is healthy and
// stock reconciles with its movements. Bounded by default (RUNS per route); FUZZ_RUNS=2000 for a long run.

const RUNS = runs(30);

type Route = {
  method: string;
  path: string;
  body?: z.ZodType;
  /** Query parameters the route reads (others are sent too). */
  query?: string[];
  /** Who sends it: a signed-in manager or technician, or nobody. */
  as?: "staff" | "anonymous";
};

const ROUTES: Route[] = [
  { method: "POST", path: "/api/auth/login", body: signInInput, as: "anonymous" },
  { method: "POST", path: "/api/auth/logout", as: "anonymous" },
  { method: "GET", path: "/api/auth/me" },
  { method: "GET", path: "/api/auth" },
  { method: "PUT", path: "/api/auth/me/preferences", body: updateMyPreferencesInput },
  { method: "GET", path: "/api/dashboard/stats" },
  { method: "GET", path: "/api/dashboard/activity", query: ["limit"] },
  { method: "POST", path: "/api/scan/lookup", body: scanInput },
  { method: "PUT", path: "/api/sds-files", body: linkInput },
  { method: "GET", path: "/api/inventory", query: ["search", "category"] },
  { method: "POST", path: "/api/inventory", body: createInventoryItemInput },
  { method: "GET", path: "/api/inventory/low-stock" },
  { method: "GET", path: "/api/inventory/reorder-suggestions" },
  { method: "GET", path: "/api/inventory/:id" },
  { method: "PUT", path: "/api/inventory/:id", body: updateInventoryItemInput },
  { method: "DELETE", path: "/api/inventory/:id" },
  { method: "GET", path: "/api/equipment", query: ["search", "status"] },
  { method: "POST", path: "/api/equipment", body: createEquipmentInput },
  { method: "GET", path: "/api/equipment/:id" },
  { method: "PUT", path: "/api/equipment/:id", body: updateEquipmentInput },
  { method: "POST", path: "/api/equipment/:id/checkout", body: checkOutInput },
  { method: "POST", path: "/api/equipment/:id/checkin" },
  { method: "GET", path: "/api/requests", query: ["status"] },
  { method: "POST", path: "/api/requests", body: createRequestInput },
  { method: "GET", path: "/api/requests/:id" },
  { method: "PUT", path: "/api/requests/:id/approve", body: approveRequestInput },
  { method: "GET", path: "/api/locations", query: ["kind", "archived"] },
  { method: "GET", path: "/api/locations/:id/stock" },
  { method: "PUT", path: "/api/requests/:id/deny" },
  { method: "GET", path: "/api/inventory/export.csv", query: ["search", "category"] },
  { method: "GET", path: "/api/equipment/export.csv", query: ["search", "status"] },
  { method: "POST", path: "/api/inventory/import", query: ["dryRun"] },
  { method: "POST", path: "/api/equipment/import", query: ["dryRun"] },
  { method: "GET", path: "/api/admin/backup/database", as: "anonymous" },
  { method: "GET", path: "/api/team", query: ["search"] },
  { method: "POST", path: "/api/team", body: createTeamMemberInput },
  { method: "POST", path: "/api/objects/upload", body: uploadInput },
  { method: "GET", path: "/api/openapi.json", as: "anonymous" },
  { method: "GET", path: "/readyz", as: "anonymous" },
  { method: "GET", path: "/metrics", as: "anonymous" },
  { method: "GET", path: "/api/docs", as: "anonymous" },
  { method: "GET", path: "/api/docs/:file", as: "anonymous" },
  // The built client's files (server/http/client.ts): a name from its listing, else 404.
  { method: "GET", path: "/assets/:file", as: "anonymous" },
  // The dashboard's page (server/http/client.ts): its document, for a visitor or with any cookie.
  { method: "GET", path: "/", as: "anonymous" },
  { method: "POST", path: "/api/applications", body: recordApplicationInput },
  { method: "GET", path: "/api/applications", query: ["from", "to", "applicatorId", "restrictedUseOnly", "customer", "itemId"] },
  { method: "GET", path: "/api/applications/:id" },
  { method: "GET", path: "/api/applications/:id/customer-copy.pdf" },
  { method: "GET", path: "/api/applications/rup-report.csv", query: ["from", "to"] },
  { method: "GET", path: "/api/applications/rup-report.pdf", query: ["from", "to"] },
  { method: "GET", path: "/api/applications/monthly-summary.csv", query: ["from", "to"] },
  { method: "GET", path: "/api/applications/log.csv", query: ["from", "to"] },
];

let server: TestServer;
let cookies: string[];

beforeAll(async () => {
  // The limits are tested on their own; here they would only stop the fuzzer.
  server = await startServer({ RATE_LIMIT_API_MAX: "0", RATE_LIMIT_SIGNIN_MAX: "0" });
  cookies = await Promise.all(["manager", "tech"].map(async (u) => (await server.as(u)).cookie!));
});
afterAll(() => server?.close());

/** A path parameter: a real-looking id most of the time, else anything. */
const idPart = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom("0", "-1", "2147483648", "99999999999", "1.5", "1e3", "0x10", " 1", "%00", "%FF", "%E2%82", "..%2F..") },
  { weight: 2, arbitrary: hostileString.map(encodePart) },
);

/** A query string: the route's parameters and some others, valid-looking or hostile, sometimes not UTF-8. */
function queryOf(names: string[]) {
  const value = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom("", "Bait", "available", "pending", "10", "ant") },
    { weight: 4, arbitrary: hostileString },
  );
  const pairs = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(names.length ? names : ["q"])), hostileString), value), { maxLength: 4 });
  const raw = fc.constantFrom("%", "%zz", "%FF", "a=%C3", "=%00", "&&&", "a=b=c", "%ED%A0%80=1");
  return fc.oneof(
    { weight: 6, arbitrary: pairs.map((p) => p.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`).join("&")) },
    { weight: 1, arbitrary: raw },
  );
}

function requestOf(route: Route) {
  return fc.record({
    path: fc.array(idPart, { minLength: 1, maxLength: 1 }).map(([id]) => route.path.replace(":id", id!)),
    query: route.query || route.method === "GET" ? fc.option(queryOf(route.query ?? []), { nil: undefined }) : fc.constant(undefined),
    body: route.body ? fc.option(bodyFromZod(route.body), { freq: 8, nil: undefined }) : fc.option(hostileJson, { freq: 1, nil: undefined }),
    who: fc.nat({ max: 1 }),
  });
}

/** Sign-in with a demo username would lock it out (five failures); those keep their own password. */
function safeLoginBody(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const username = (body as { username?: unknown }).username;
  if (typeof username !== "string") return body;
  const demo = username.trim().toLowerCase();
  return demo in DEMO_PASSWORDS ? { ...body, password: DEMO_PASSWORDS[demo] } : body;
}

describe("REST fuzzing: hostile bodies, queries and path parameters", () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))("%s", async (_name, route) => {
    await fc.assert(
      fc.asyncProperty(requestOf(route), async ({ path, query, body, who }) => {
        const url = query === undefined ? path : `${path}?${query}`;
        const payload = route.path === "/api/auth/login" ? safeLoginBody(body) : body;
        const answer = await send(server, route.method, url, {
          cookie: route.as === "anonymous" ? undefined : cookies[who],
          body: payload === undefined ? undefined : JSON.stringify(payload),
        });
        expectHandled(answer, `${route.method} ${url} ${JSON.stringify(payload)?.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it("bodies that are not JSON, or JSON with the wrong content type", async () => {
    const bodies = fc.oneof(
      fc.constantFrom("{", "[1,", '{"name": "\\ud800"}', '{"name": "\\u0000"}', "\u0000", '{"__proto__": {"admin": true}}', "null", "1e999", '"str"', "\ufeff{}"),
      fc.string({ unit: "binary", maxLength: 50 }),
      deepJsonText,
    );
    const contentTypes = fc.constantFrom("application/json", "application/json; charset=latin1", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/octet-stream");
    const route = fc.constantFrom(...ROUTES.filter((r) => r.body));
    await fc.assert(
      fc.asyncProperty(route, bodies, contentTypes, fc.nat({ max: 1 }), async (r, body, contentType, who) => {
        const path = r.path.replace(":id", "1");
        const answer = await send(server, r.method, path, { cookie: r.as === "anonymous" ? undefined : cookies[who], body, contentType });
        expectHandled(answer, `${r.method} ${path} [${contentType}] ${JSON.stringify(body.slice(0, 200))}`);
      }),
      { seed: SEED, numRuns: RUNS * 3, endOnFailure: true },
    );
  });

  it("SDS object paths and signed uploads with hostile keys, signatures and bytes", async () => {
    const type = fc.constantFrom("application/pdf", "text/plain", "application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "image/png", "");
    const bytes = fc.oneof(fc.uint8Array({ maxLength: 2000 }), fc.constantFrom(Buffer.from("%PDF-1.7\n"), Buffer.from("\u0000"), Buffer.alloc(70_000, 0x25)));
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, type, bytes, fc.boolean(), async (key, signature, contentType, data, signed) => {
        let target = `/objects/sds/${encodePart(key)}/x.pdf?expires=${encodePart(signature)}&signature=${encodePart(signature)}`;
        if (signed) {
          const upload = await send(server, "POST", "/api/objects/upload", { cookie: cookies[1], body: JSON.stringify({ fileName: `${key}.pdf`, contentType }) });
          expectHandled(upload, `upload ${key}`);
          if (upload.status === 200) target = (upload.body as { signedUrl: string }).signedUrl;
        }
        const put = await send(server, "PUT", target, { body: data, contentType: contentType || "application/pdf" });
        expectHandled(put, `PUT ${target} [${contentType}] ${data.length} bytes`);
        const get = await send(server, "GET", target.split("?")[0]!, { cookie: cookies[0] });
        expectHandled(get, `GET ${target}`);
      }),
      { seed: SEED, numRuns: RUNS * 2, endOnFailure: true },
    );
  });

  it("leaves the server healthy and every stock level reconciled with its movements", async () => {
    await expectHealthyAndReconciled(server);
  });

  it("covers every REST route the server has", () => {
    const fuzzed = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    const missing = registeredRoutes(server.app.http.printRoutes({ commonPrefix: false })).filter((r) => !fuzzed.has(r) && !/^\w+ (\/healthz|\/graphql|\/?\*)$/.test(r));
    expect(missing).toEqual([]);
  });
});

/** "METHOD /path" for each route in Fastify's printRoutes tree (HEAD and OPTIONS left out). */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split("\n")) {
    const m = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? "") + m[2];
    stack[depth] = path;
    for (const method of (m[3] ?? "").split(", ").filter((x) => x && x !== "HEAD" && x !== "OPTIONS")) out.push(`${method} ${path}`);
  }
  return out;
}
