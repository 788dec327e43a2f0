import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERR, globalId, gql, isoDay, LiveSubscription, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/** Stored per-user notifications: who is told of what, read state, and the live `notification` subscription. */

let server: TestServer;
let manager: ApiClient;
let manager2: ApiClient;
let tech: ApiClient;
let pnair: ApiClient;

beforeAll(async () => {
  server = await startServer();
  manager = await server.as("manager");
  const second = await manager.post("/api/team", { username: "notemanager", password: "notemanager123", name: "Nora Manager", role: "manager" });
  expect(second.status, JSON.stringify(second.body)).toBe(201);
  [manager2, tech, pnair] = await Promise.all([server.as("notemanager", "notemanager123"), server.as("tech"), server.as("pnair")]);
});
afterAll(() => server.close());

const FEED = `query Feed($first: Int, $after: String, $unreadOnly: Boolean) {
  unreadNotificationCount
  notifications(first: $first, after: $after, unreadOnly: $unreadOnly) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id databaseId kind message read readAt createdAt
      request { databaseId status } inventoryItem { databaseId name } equipment { databaseId name } } }
  }
}`;

async function feed(client: ApiClient, vars: Record<string, unknown> = {}) {
  const data = await ok(client, FEED, { first: 50, ...vars });
  return { unread: data.unreadNotificationCount as number, total: data.notifications.totalCount as number, nodes: data.notifications.edges.map((e: any) => e.node) as any[], page: data.notifications.pageInfo };
}

async function newItem(fields: Record<string, unknown>) {
  const res = await manager.post("/api/inventory", { category: "Bait", unit: "boxes", ...fields, name: `${fields.name} ${randomBytes(3).toString("hex")}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

async function fileRequest(as: ApiClient, items: { id: number; quantity: number }[]) {
  const res = await as.post("/api/requests", { type: "inventory", justification: "notification test", items });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

async function decide(as: ApiClient, id: number, decision: "approve" | "deny") {
  const res = await as.put(`/api/requests/${id}/${decision}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const MARK = `mutation ($id: ID!) { markNotificationRead(input: { id: $id }) { ${ERR}
  ... on MarkNotificationReadPayload { unreadNotificationCount notification { id read readAt } } } }`;
const MARK_ALL = `mutation ($upTo: ID) { markAllNotificationsRead(input: { upTo: $upTo }) { ${ERR}
  ... on MarkAllNotificationsReadPayload { markedCount unreadNotificationCount } } }`;

describe("maintenance reminders at start", () => {
  it("tell every manager once of demo equipment due within 7 days or overdue, and no employee", async () => {
    const { nodes } = await feed(manager);
    const due = nodes.filter((n) => n.kind === "MAINTENANCE_DUE").map((n) => n.equipment.name).sort();
    // Backpack sprayer: in 5 days; vacuum 3 days and fogger 30 days overdue. The B&G sprayer (50 days) is not due.
    expect(due).toEqual(["Atrix Omega HEPA Vacuum", "Birchmeier Iris 15 Backpack Sprayer", "Curtis Dyna-Fog Twister XL"]);
    const overdue = nodes.find((n) => n.equipment?.name === "Curtis Dyna-Fog Twister XL");
    expect(overdue.message).toMatch(/overdue/);
    expect(overdue.read).toBe(false);
    // A manager added after the sweep has not been told yet; employees never are.
    expect((await feed(manager2)).nodes.filter((n) => n.kind === "MAINTENANCE_DUE")).toHaveLength(0);
    expect((await feed(tech)).total).toBe(0);

    // A restart runs the sweep again: the new manager is told, nobody is told twice.
    await server.restart();
    [manager, manager2, tech, pnair] = await Promise.all([
      server.as("manager"),
      server.as("notemanager", "notemanager123"),
      server.as("tech"),
      server.as("pnair"),
    ]);
    expect((await feed(manager)).nodes.filter((n) => n.kind === "MAINTENANCE_DUE")).toHaveLength(3);
    expect((await feed(manager2)).nodes.filter((n) => n.kind === "MAINTENANCE_DUE")).toHaveLength(3);
    expect((await feed(tech)).total).toBe(0);
  });
});

describe("who is told of what", () => {
  it("a new request is stored for every manager but the requester, with the request linked", async () => {
    const item = await newItem({ name: "Notify Gel", quantity: 50, minQuantity: 5 });
    const before = await Promise.all([feed(manager), feed(manager2), feed(tech), feed(pnair)]);
    const request = await fileRequest(tech, [{ id: item.id, quantity: 2 }]);
    const [m1, m2, t, p] = await Promise.all([feed(manager), feed(manager2), feed(tech), feed(pnair)]);
    for (const [after, was] of [[m1, before[0]], [m2, before[1]]] as const) {
      expect(after.unread).toBe(was.unread + 1);
      expect(after.nodes[0]).toMatchObject({ kind: "NEW_REQUEST", read: false, readAt: null, request: { databaseId: request.id, status: "pending" } });
      expect(after.nodes[0].message).toContain("Marcus Reyes");
      expect(after.nodes[0].message).toContain(`2 x ${item.name}`);
    }
    expect(t.total).toBe(before[2].total);
    expect(p.total).toBe(before[3].total);

    // A manager's own request: the other manager is told, the filing manager is not.
    await fileRequest(manager, [{ id: item.id, quantity: 1 }]);
    expect((await feed(manager)).total).toBe(m1.total);
    expect((await feed(manager2)).total).toBe(m2.total + 1);
  });

  it("a request that fails stores no notification (same transaction)", async () => {
    const before = (await feed(manager)).total;
    const res = await tech.post("/api/requests", { type: "inventory", justification: "no such item", items: [{ id: 999999, quantity: 1 }] });
    expect(res.status).toBe(400);
    expect((await feed(manager)).total).toBe(before);
  });

  it("the requester hears of approval and denial; nobody else, and not a manager deciding their own", async () => {
    const item = await newItem({ name: "Decide Gel", quantity: 50, minQuantity: 5 });
    const approved = await fileRequest(tech, [{ id: item.id, quantity: 3 }]);
    const denied = await fileRequest(tech, [{ id: item.id, quantity: 4 }]);
    const before = await Promise.all([feed(tech), feed(pnair), feed(manager)]);
    await decide(manager, approved.id, "approve");
    await decide(manager2, denied.id, "deny");
    const t = await feed(tech);
    expect(t.unread).toBe(before[0].unread + 2);
    expect(t.nodes[1]).toMatchObject({ kind: "REQUEST_APPROVED", request: { databaseId: approved.id, status: "approved" } });
    expect(t.nodes[1].message).toMatch(/approved by Dana Whitfield/);
    expect(t.nodes[0]).toMatchObject({ kind: "REQUEST_DENIED", request: { databaseId: denied.id, status: "denied" } });
    expect(t.nodes[0].message).toMatch(/denied by Nora Manager/);
    expect((await feed(pnair)).total).toBe(before[1].total);
    expect((await feed(manager)).total).toBe(before[2].total);

    const own = await fileRequest(manager, [{ id: item.id, quantity: 1 }]);
    const mine = (await feed(manager)).total;
    await decide(manager, own.id, "deny");
    expect((await feed(manager)).total).toBe(mine);
  });

  it("managers hear when stock falls to its minimum, once while it stays low, and again after it recovers", async () => {
    const item = await newItem({ name: "Low Bait", quantity: 20, minQuantity: 8 });
    const lowFor = async (c: ApiClient) => (await feed(c)).nodes.filter((n) => n.kind === "LOW_STOCK" && n.inventoryItem?.databaseId === item.id);
    expect(await lowFor(manager)).toHaveLength(0);

    expect((await manager.put(`/api/inventory/${item.id}`, { quantity: 8 })).status).toBe(200);
    const [first] = await lowFor(manager);
    expect(first.message).toBe(`${item.name} is low on stock: 8 boxes left (minimum 8)`);
    expect(await lowFor(manager2)).toHaveLength(1);
    expect(await lowFor(tech)).toHaveLength(0);

    // Still low: no second notice; an approval that takes more is not a new crossing either.
    expect((await manager.put(`/api/inventory/${item.id}`, { quantity: 6 })).status).toBe(200);
    const request = await fileRequest(tech, [{ id: item.id, quantity: 2 }]);
    await decide(manager, request.id, "approve");
    expect(await lowFor(manager)).toHaveLength(1);

    // Restocked, then drawn down by an approved request: told again.
    expect((await manager.put(`/api/inventory/${item.id}`, { quantity: 30 })).status).toBe(200);
    const big = await fileRequest(tech, [{ id: item.id, quantity: 25 }]);
    await decide(manager, big.id, "approve");
    const notices = await lowFor(manager);
    expect(notices).toHaveLength(2);
    expect(notices[0].message).toContain("5 boxes left");
  });

  it("an item created at or below its minimum is reported at once", async () => {
    const item = await newItem({ name: "Born Low", quantity: 1, minQuantity: 4 });
    const { nodes } = await feed(manager);
    expect(nodes[0]).toMatchObject({ kind: "LOW_STOCK", inventoryItem: { databaseId: item.id } });
  });
});

describe("read state", () => {
  it("marks one read (idempotently), refuses other users' and bad ids, and node(id) hides other users'", async () => {
    const item = await newItem({ name: "Read Gel", quantity: 50, minQuantity: 1 });
    await fileRequest(tech, [{ id: item.id, quantity: 1 }]);
    const { nodes, unread } = await feed(manager);
    const target = nodes[0];
    expect(target.read).toBe(false);

    const marked = (await ok(manager, MARK, { id: target.id })).markNotificationRead;
    expect(marked).toMatchObject({ __typename: "MarkNotificationReadPayload", unreadNotificationCount: unread - 1, notification: { id: target.id, read: true } });
    expect(Date.parse(marked.notification.readAt)).toBeGreaterThan(Date.now() - 60_000);
    const again = (await ok(manager, MARK, { id: target.id })).markNotificationRead;
    expect(again).toMatchObject({ unreadNotificationCount: unread - 1, notification: { readAt: marked.notification.readAt } });

    // The other manager's copy of the same event is theirs: unread, and not reachable by this manager.
    const theirs = (await feed(manager2)).nodes[0];
    expect(theirs.read).toBe(false);
    expect((await ok(manager, MARK, { id: theirs.id })).markNotificationRead).toMatchObject({ __typename: "NotFoundError", message: "Notification not found" });
    expect((await ok(tech, MARK, { id: theirs.id })).markNotificationRead.__typename).toBe("NotFoundError");
    expect((await feed(manager2)).nodes[0].read).toBe(false);
    expect((await ok(manager, `query ($id: ID!) { node(id: $id) { id } }`, { id: theirs.id })).node).toBeNull();
    expect((await ok(manager2, `query ($id: ID!) { node(id: $id) { ... on Notification { message } } }`, { id: theirs.id })).node.message).toBe(theirs.message);

    const wrong = (await ok(manager, MARK, { id: globalId("InventoryItem", item.id) })).markNotificationRead;
    expect(wrong).toMatchObject({ __typename: "ValidationError", field: "id" });
  });

  it("marks all read up to the newest seen; later ones stay unread; unreadOnly and paging follow", async () => {
    const item = await newItem({ name: "All Gel", quantity: 50, minQuantity: 1 });
    for (let i = 0; i < 3; i++) await fileRequest(pnair, [{ id: item.id, quantity: 1 + i }]);
    const seen = await feed(manager2);
    expect(seen.unread).toBeGreaterThanOrEqual(3);
    const newestSeen = seen.nodes[0];
    await fileRequest(pnair, [{ id: item.id, quantity: 9 }]);

    const res = (await ok(manager2, MARK_ALL, { upTo: newestSeen.id })).markAllNotificationsRead;
    expect(res).toEqual({ __typename: "MarkAllNotificationsReadPayload", markedCount: seen.unread, unreadNotificationCount: 1 });
    const unreadOnly = await feed(manager2, { unreadOnly: true });
    expect(unreadOnly.total).toBe(1);
    expect(unreadOnly.nodes[0].message).toContain(`9 x ${item.name}`);

    const rest = (await ok(manager2, MARK_ALL)).markAllNotificationsRead;
    expect(rest).toMatchObject({ markedCount: 1, unreadNotificationCount: 0 });
    expect((await feed(manager2, { unreadOnly: true })).total).toBe(0);
    // Another user's unread notifications are untouched.
    expect((await feed(manager)).unread).toBeGreaterThan(0);

    // Newest first, page by page, without gaps or repeats.
    const all = await feed(manager2);
    const walked: number[] = [];
    let after: string | null = null;
    for (let i = 0; i < 50; i++) {
      const page = await feed(manager2, { first: 3, after });
      walked.push(...page.nodes.map((n) => n.databaseId));
      if (!page.page.hasNextPage) break;
      after = page.page.endCursor;
    }
    expect(walked).toEqual(all.nodes.map((n) => n.databaseId));
    expect(walked).toEqual([...walked].sort((a, b) => b - a));
  });

  it("refuses the signed-out", async () => {
    const res = await gql(server.anonymous(), "{ unreadNotificationCount }");
    expect(res.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("the notification subscription", () => {
  it("delivers each stored notification to its user only, as stored", async () => {
    const query = "subscription { notification { id databaseId kind message read request { databaseId } equipment { name } } }";
    const [forManager, forTech, forPnair] = await Promise.all([
      LiveSubscription.open(server, manager.cookie, query),
      LiveSubscription.open(server, tech.cookie, query),
      LiveSubscription.open(server, pnair.cookie, query),
    ]);
    try {
      const item = await newItem({ name: "Live Gel", quantity: 50, minQuantity: 1 });
      const request = await fileRequest(tech, [{ id: item.id, quantity: 1 }]);
      const live = await forManager.next((d) => d.notification?.request?.databaseId === request.id, "NEW_REQUEST for the manager");
      const stored = (await feed(manager)).nodes[0];
      expect(live.notification).toEqual({
        id: stored.id,
        databaseId: stored.databaseId,
        kind: "NEW_REQUEST",
        message: stored.message,
        read: false,
        request: { databaseId: request.id },
        equipment: null,
      });
      await decide(manager, request.id, "approve");
      const decided = await forTech.next((d) => d.notification?.kind === "REQUEST_APPROVED", "REQUEST_APPROVED for the tech");
      expect(decided.notification.request.databaseId).toBe(request.id);

      // Maintenance falling due (here: set on a record) reaches managers live.
      const created = await ok(
        manager,
        `mutation ($input: CreateEquipmentInput!) { createEquipment(input: $input) { ... on CreateEquipmentPayload { equipment { databaseId } } } }`,
        { input: { name: "Live Due Sprayer", category: "Sprayer", nextMaintenance: isoDay(2) } },
      );
      expect(created.createEquipment.equipment.databaseId).toBeGreaterThan(0);
      const due = await forManager.next((d) => d.notification?.kind === "MAINTENANCE_DUE", "MAINTENANCE_DUE for the manager");
      expect(due.notification.equipment.name).toBe("Live Due Sprayer");
      expect(forPnair.results).toEqual([]);
      expect(forTech.results).toHaveLength(1);
    } finally {
      await Promise.all([forManager.close(), forTech.close(), forPnair.close()]);
    }
  });
});
