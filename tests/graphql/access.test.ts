import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SESSION_COOKIE } from "../../server/auth/session.ts";
import { ERR, globalId, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/*
 * Issue 32, tried as a curious employee: the activity feed leaves out purchasing and the team on
 * every read of it; another user's account (username, role) is not readable by id or through a
 * nested field; live connections refuse a foreign page's origin.
 */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
let ids: { tech: number; manager: number; supplierId: string; orderId: string };

beforeAll(async () => {
  server = await startServer({ ALLOWED_ORIGINS: "https://partner.example" });
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
  // Managers' business: a supplier, a placed order, an item's preferred supplier, a new team member.
  const supplier = await ok(manager, `mutation { createSupplier(input: { name: "Secret Supplies Inc", email: "s@example.com" }) { ${ERR} ... on CreateSupplierPayload { supplier { id } } } }`);
  const supplierId = supplier.createSupplier.supplier.id;
  const item = await ok(manager, `{ inventoryItems(first: 1) { edges { node { id } } } }`);
  const itemId = item.inventoryItems.edges[0].node.id;
  const order = await ok(
    manager,
    `mutation ($input: CreatePurchaseOrderInput!) { createPurchaseOrder(input: $input) { ${ERR} ... on CreatePurchaseOrderPayload { purchaseOrder { id } } } }`,
    { input: { supplierId, lines: [{ itemId, quantity: 3, unitCostCents: 250 }] } },
  );
  const orderId = order.createPurchaseOrder.purchaseOrder.id;
  const placed = await ok(manager, `mutation ($id: ID!) { placePurchaseOrder(input: { id: $id }) { ${ERR} } }`, { id: orderId });
  expect(placed.placePurchaseOrder.__typename).toBe("PlacePurchaseOrderPayload");
  const preferred = await ok(manager, `mutation ($item: ID!, $s: ID!) { setItemPreferredSupplier(input: { itemId: $item, supplierId: $s }) { ${ERR} } }`, { item: itemId, s: supplierId });
  expect(preferred.setItemPreferredSupplier.__typename).toBe("SetItemPreferredSupplierPayload");
  expect((await manager.post("/api/team", { username: "newhire", password: "newhire123", confirmPassword: "newhire123", name: "New Hire", role: "manager" })).status).toBe(201);
  // Something everyone may read, after all that: an item created by the technician.
  expect((await tech.post("/api/inventory", { name: "Tech's gloves", category: "Safety Gear", quantity: 4 })).status).toBe(201);
  const me = (await tech.get("/api/auth/me")).body.user;
  const boss = (await manager.get("/api/auth/me")).body.user;
  ids = { tech: me.id, manager: boss.id, supplierId, orderId };
});
afterAll(() => server.close());

const MANAGERS_ONLY = /supplier|PO-\d|team member/i;

describe("the activity feed", () => {
  it("REST: an employee's feed leaves out purchasing and the team; a manager's has them", async () => {
    const mine = (await tech.get("/api/dashboard/activity?limit=200")).body as { details: string; entityType: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((e) => e.details)).toContain("Added Tech's gloves (Safety Gear), 4 units");
    expect(mine.filter((e) => MANAGERS_ONLY.test(e.details))).toEqual([]);
    expect(new Set(mine.map((e) => e.entityType))).not.toContain("purchaseOrder");
    const theirs = (await manager.get("/api/dashboard/activity?limit=200")).body as { details: string; entityType: string }[];
    const details = theirs.map((e) => e.details).join("\n");
    expect(details).toMatch(/Added supplier Secret Supplies Inc/);
    expect(details).toMatch(/Placed PO-\d+ with Secret Supplies Inc/);
    expect(details).toMatch(/Set the preferred supplier of .* to Secret Supplies Inc/);
    expect(details).toMatch(/Added team member New Hire/);
  });

  it("GraphQL: the connection, its totalCount and node(id:) follow the same rule", async () => {
    const q = `{ activity(first: 100) { totalCount edges { node { id details entityType } } } }`;
    const techFeed = (await ok(tech, q)).activity;
    const managerFeed = (await ok(manager, q)).activity;
    const hidden = managerFeed.edges.map((e: any) => e.node).filter((n: any) => MANAGERS_ONLY.test(n.details));
    expect(hidden.length).toBeGreaterThanOrEqual(4);
    expect(techFeed.edges.map((e: any) => e.node).filter((n: any) => MANAGERS_ONLY.test(n.details))).toEqual([]);
    expect(managerFeed.totalCount - techFeed.totalCount).toBe(hidden.length);
    expect(techFeed.totalCount).toBe(techFeed.edges.length);
    // By id: the employee gets nothing for a hidden entry, the manager gets it.
    const nodes = `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on ActivityEntry { details } } }`;
    const hiddenIds = hidden.map((n: any) => n.id);
    expect((await ok(tech, nodes, { ids: hiddenIds })).nodes).toEqual(hiddenIds.map(() => null));
    expect((await ok(manager, nodes, { ids: hiddenIds })).nodes.map((n: any) => n.details)).toEqual(hidden.map((n: any) => n.details));
    const visible = techFeed.edges[0].node;
    expect((await ok(tech, `query ($id: ID!) { node(id: $id) { ... on ActivityEntry { details } } }`, { id: visible.id })).node).toEqual({ details: visible.details });
  });
});

describe("user accounts", () => {
  const account = `... on User { id name department username role createdAt }`;

  it("by id: an employee reads their own account, not another's; a manager reads any", async () => {
    const techOwn = await ok(tech, `query ($id: ID!) { node(id: $id) { ${account} } }`, { id: globalId("User", ids.tech) });
    expect(techOwn.node).toMatchObject({ username: "tech", role: "employee" });
    // Ids are sequential: walking them lists nobody.
    const walk = await ok(tech, `query ($ids: [ID!]!) { nodes(ids: $ids) { ${account} } }`, {
      ids: Array.from({ length: 12 }, (_, i) => globalId("User", i + 1)).filter((id) => id !== globalId("User", ids.tech)),
    });
    expect(walk.nodes.every((n: unknown) => n === null)).toBe(true);
    const asManager = await ok(manager, `query ($id: ID!) { node(id: $id) { ${account} } }`, { id: globalId("User", ids.tech) });
    expect(asManager.node).toMatchObject({ username: "tech", role: "employee" });
  });

  it("through nested fields an employee reads the name and department only", async () => {
    // A request by the manager: its requester, an activity entry's user, a vehicle's holder.
    await ok(manager, `mutation { createRequest(input: { type: inventory, justification: "For the van", items: [] }) { __typename } }`);
    const items = await ok(manager, `{ inventoryItems(first: 1) { edges { node { id } } } }`);
    const filed = await ok(
      manager,
      `mutation ($item: ID!) { createRequest(input: { type: inventory, justification: "Restock", items: [{ id: $item, quantity: 1 }] }) { ${ERR} } }`,
      { item: items.inventoryItems.edges[0].node.id },
    );
    expect(filed.createRequest.__typename).toBe("CreateRequestPayload");
    const seen = await ok(
      tech,
      `{ requests(first: 50) { edges { node { requester { databaseId name department username role } approvedBy { username } } } }
         activity(first: 50) { edges { node { user { databaseId name username role } } } }
         stockLocations(first: 50) { edges { node { holder { databaseId name username role } } } } }`,
    );
    const users = [
      ...seen.requests.edges.map((e: any) => e.node.requester),
      ...seen.activity.edges.map((e: any) => e.node.user),
      ...seen.stockLocations.edges.map((e: any) => e.node.holder).filter(Boolean),
    ];
    const others = users.filter((u: any) => u.databaseId !== ids.tech);
    expect(others.some((u: any) => u.databaseId === ids.manager)).toBe(true);
    for (const u of others) {
      expect(u.name).toEqual(expect.any(String));
      expect(u.username).toBeNull();
      expect(u.role).toBeNull();
    }
    for (const u of users.filter((u: any) => u.databaseId === ids.tech)) expect(u.username).toBe("tech");
    // The manager reads them all.
    const asManager = await ok(manager, `{ requests(first: 50) { edges { node { requester { username role } } } } }`);
    expect(asManager.requests.edges.every((e: any) => typeof e.node.requester.username === "string" && e.node.requester.role)).toBe(true);
  });

  it("purchasing records by id are null to an employee", async () => {
    const q = `query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`;
    expect((await ok(tech, q, { ids: [ids.supplierId, ids.orderId] })).nodes).toEqual([null, null]);
    expect((await ok(manager, q, { ids: [ids.supplierId, ids.orderId] })).nodes).toEqual([{ id: ids.supplierId }, { id: ids.orderId }]);
  });
});

describe("live connections", () => {
  /** Opens a WebSocket with the manager's cookie and an Origin; resolves with the handshake's outcome. */
  function handshake(path: "/ws" | "/graphql", origin: string | undefined, cookie: string | null | undefined = manager.cookie, extra: Record<string, string> = {}) {
    const url = `${server.url.replace(/^http/, "ws")}${path}`;
    const headers: Record<string, string> = { ...extra };
    if (cookie) headers.cookie = cookie;
    const socket = new WebSocket(url, path === "/graphql" ? "graphql-transport-ws" : [], { headers, ...(origin ? { origin } : {}) });
    return new Promise<{ opened: boolean; status?: number; acked?: boolean }>((resolve) => {
      socket.once("unexpected-response", (_req, res) => {
        resolve({ opened: false, status: res.statusCode });
        socket.terminate();
      });
      socket.once("error", () => resolve({ opened: false }));
      socket.once("open", () => {
        if (path === "/ws") {
          resolve({ opened: true });
          socket.close();
          return;
        }
        socket.send(JSON.stringify({ type: "connection_init", payload: {} }));
        socket.once("message", (raw) => {
          resolve({ opened: true, acked: JSON.parse(String(raw)).type === "connection_ack" });
          socket.close();
        });
      });
    });
  }

  it("a handshake with the session cookie from a foreign origin is refused with 403, on /ws and /graphql", async () => {
    expect(await handshake("/ws", "http://evil.example")).toEqual({ opened: false, status: 403 });
    expect(await handshake("/graphql", "http://evil.example")).toEqual({ opened: false, status: 403 });
    // A sibling subdomain is another origin too; so is "null" (a sandboxed frame).
    expect(await handshake("/graphql", "https://evil.trapline.example")).toEqual({ opened: false, status: 403 });
    expect(await handshake("/ws", "null")).toEqual({ opened: false, status: 403 });
  });

  it("the app's own origin and a configured one are let through", async () => {
    const own = server.url; // http://127.0.0.1:PORT: the Host the handshake goes to
    expect(await handshake("/ws", own)).toEqual({ opened: true });
    expect(await handshake("/graphql", own)).toEqual({ opened: true, acked: true });
    expect(await handshake("/graphql", "https://partner.example")).toEqual({ opened: true, acked: true });
  });

  it("connections without the session cookie (API tokens, programs without an Origin) are unaffected", async () => {
    expect(await handshake("/graphql", undefined)).toEqual({ opened: true, acked: true });
    const token = await ok(manager, `mutation { createApiToken(input: { name: "live origin", access: READ }) { ${ERR} ... on CreateApiTokenPayload { token } } }`);
    const bearer = `Bearer ${token.createApiToken.token}`;
    expect(await handshake("/ws", "http://evil.example", null, { authorization: bearer })).toEqual({ opened: true });
    // A cookie of another name is not the session's.
    expect(await handshake("/ws", "http://evil.example", `other=1; ${SESSION_COOKIE}x=2`, { authorization: bearer })).toEqual({ opened: true });
  });
});
