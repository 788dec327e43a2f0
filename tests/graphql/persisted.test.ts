import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_COOKIE } from "../../schemas/roleCookie.ts";
import { loadPersistedOperations } from "../../server/graphql/persisted.ts";
import { schema } from "../../server/graphql/schema.ts";

// The copy of graphql the schema was built with (vitest would hand this file a second copy).
const graphql = createRequire(import.meta.url)("graphql") as typeof import("graphql");
const prepare = (text: string) => {
  const document = graphql.parse(text);
  return { document, errors: graphql.validate(schema, document) };
};
import { LiveSubscription } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/**
 * Persisted operations (issue 20): the app sends its operations as ids that relay-compiler wrote into
 * client/persisted-operations.json; the server runs the document it prepared from that list. Text
 * keeps working for integrators unless GRAPHQL_PERSISTED_ONLY=1.
 */
const FILE = "client/persisted-operations.json";
const list: Record<string, string> = JSON.parse(readFileSync(FILE, "utf8"));
const idOf = (name: string) => {
  const found = Object.entries(list).find(([, text]) => new RegExp(`^(query|mutation|subscription) ${name}\\b`).test(text));
  if (!found) throw new Error(`${name} is not in ${FILE}`);
  return found[0];
};
const byId = (id: string, operationName: string, variables: Record<string, unknown> = {}) => ({
  operationName,
  variables,
  extensions: { persistedQuery: { version: 1, sha256Hash: id } },
});

describe("the persisted list", () => {
  it("holds every operation of the app, keyed by the sha256 of its text, and every one validates against the schema", () => {
    const ids = Object.keys(list);
    expect(ids.length).toBeGreaterThan(40);
    for (const [id, text] of Object.entries(list)) expect(createHash("sha256").update(text).digest("hex"), text.slice(0, 60)).toBe(id);
    // An entry that no longer validated (a removed field) would be dropped: the app's current list loses none.
    expect(loadPersistedOperations(prepare, FILE, false).size).toBe(ids.length);
    for (const name of ["InventoryPageQuery", "ScanResultCardCheckOutMutation", "LiveUpdatesLowStockSubscription", "SignInMutation"]) expect(idOf(name)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("leaves out an entry that does not validate or parse", () => {
    mkdirSync(".tmp", { recursive: true });
    const dir = `.tmp/persisted-${process.pid}.json`;
    const good = "query Ok { viewer { id } }";
    writeFileSync(dir, JSON.stringify({ a: good, b: "query Gone { noSuchField }", c: "query {" }));
    try {
      const loaded = loadPersistedOperations(prepare, dir, false);
      expect(loaded.size).toBe(1);
      expect(loaded.get("a")).toEqual(graphql.parse(good));
      expect(loaded.get("b")).toBeUndefined();
    } finally {
      rmSync(dir, { force: true });
    }
  });
});

describe.each([
  ["arbitrary operations allowed (default)", false],
  ["GRAPHQL_PERSISTED_ONLY=1", true],
])("over HTTP, %s", (_name, only) => {
  let server: TestServer;
  let manager: ApiClient;
  beforeAll(async () => {
    server = await startServer(only ? { GRAPHQL_PERSISTED_ONLY: "1" } : {});
    manager = await server.as("manager");
  });
  afterAll(() => server?.close());

  it("runs a query by its id with the same answer as its text, in a much smaller request", async () => {
    const id = idOf("InventoryPageQuery");
    const variables = { first: 50 };
    const persisted = byId(id, "InventoryPageQuery", variables);
    const res = await manager.post("/graphql", persisted);
    expect(res.status, res.text).toBe(200);
    expect(res.body.errors, res.text).toBeUndefined();
    expect(res.body.data.inventoryItems.edges.length).toBeGreaterThan(5);
    expect(JSON.stringify(persisted).length * 2).toBeLessThan(JSON.stringify({ query: list[id], variables }).length);
    if (!only) {
      const text = await manager.post("/graphql", { query: list[id], variables });
      expect(text.status, text.text).toBe(200);
      expect(text.body).toEqual(res.body);
    }
  });

  it("runs a mutation by its id under the Idempotency-Key rules (a repeat is replayed, not applied twice)", async () => {
    const created = await manager.post("/api/inventory", { name: `Persisted Bait ${process.pid}-${Date.now()}`, category: "Bait", unit: "boxes", quantity: 5, minQuantity: 1 });
    expect(created.status).toBe(201);
    const item = Buffer.from(`InventoryItem:${created.body.id}`).toString("base64");
    const id = idOf("useDeleteInventoryItemMutation");
    const send = () => manager.request("POST", "/graphql", byId(id, "useDeleteInventoryItemMutation", { input: { id: item } }), { "idempotency-key": `persisted-delete-${created.body.id}-${only}` });
    const first = await send();
    expect(first.status, first.text).toBe(200);
    expect(first.body.errors, first.text).toBeUndefined();
    const again = await send();
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await manager.get(`/api/inventory/${created.body.id}`)).status).toBe(404);
  });

  it("refuses an id that is not in the list, and a request with neither id nor text", async () => {
    const unknown = await manager.post("/graphql", byId("0".repeat(64), "Nope"));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    const empty = await manager.post("/graphql", { variables: {} });
    expect(empty.status).toBe(400);
  });

  it(only ? "refuses operation text, signed in or not" : "still runs an integrator's own text", async () => {
    const res = await manager.post("/graphql", { query: "{ viewer { username } }" });
    const anonymous = await server.anonymous().post("/graphql", { query: "{ viewer { username } }" });
    if (only) {
      for (const r of [res, anonymous]) {
        expect(r.status).toBe(400);
        expect(r.body.errors[0].extensions.code).toBe("PERSISTED_QUERY_ONLY");
        expect(r.body.data ?? null).toBeNull();
      }
    } else {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.viewer.username).toBe("manager");
      expect(anonymous.body.data.viewer).toBeNull();
    }
  });

  it("keeps the limits on text: more aliases than allowed are refused", async () => {
    const query = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: viewer { id }`).join(" ")} }`;
    const res = await manager.post("/graphql", { query });
    expect(res.body.data ?? null).toBeNull();
    expect(JSON.stringify(res.body.errors)).toMatch(only ? /PERSISTED_QUERY_ONLY/ : /[Aa]liases/);
  });

  it("sign-in works by its id (the sign-in screen sends no text)", async () => {
    const client = server.anonymous();
    const res = await client.post("/graphql", byId(idOf("SignInMutation"), "SignInMutation", { input: { username: "tech", password: "tech123" } }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.signIn).toMatchObject({ __typename: "SignInPayload", viewer: { role: "employee" } });
    expect(client.cookie).toBeTruthy();
    // The role cookie for the page's entry, as the REST sign-in leaves it (tests/api/auth.test.ts).
    expect(res.headers.getSetCookie().find((c) => c.startsWith(`${ROLE_COOKIE}=`))).toMatch(new RegExp(`^${ROLE_COOKIE}=employee;`));
  });

  it("runs a subscription by its id over graphql-ws, and refuses an unknown id there", async () => {
    const sub = await LiveSubscription.open(server, manager.cookie, { query: "", ...byId(idOf("LiveUpdatesLowStockSubscription"), "LiveUpdatesLowStockSubscription") });
    try {
      const name = `Persisted Low ${process.pid}-${Date.now()}`;
      const created = await manager.post("/api/inventory", { name, category: "Bait", unit: "boxes", quantity: 1, minQuantity: 10 });
      expect(created.status).toBe(201);
      const data = await sub.next((d) => d.lowStockAlert.items.some((i: { name: string }) => i.name === name), "the low-stock alert");
      expect(data.lowStockAlert.items.find((i: { name: string }) => i.name === name)).toMatchObject({ quantity: 1, minQuantity: 10 });
    } finally {
      await sub.close();
    }
    await expect(LiveSubscription.open(server, manager.cookie, { query: "", ...byId("1".repeat(64), "Nope") })).rejects.toThrow(/PERSISTED_QUERY_NOT_FOUND|not one the app knows/);
    if (only) await expect(LiveSubscription.open(server, manager.cookie, "subscription { lowStockAlert { items { id } } }")).rejects.toThrow(/Only the app's own operations/);
  });
});
