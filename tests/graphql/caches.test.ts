import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/**
 * The per-process caches of signed-in sessions and dashboard counts: fewer queries, yet a sign-out
 * refuses the old cookie at once and a write shows in the next dashboard read, in this process and
 * (with TEST_DATABASE_URL) in another process on the same database.
 */

const servers: TestServer[] = [];
let server: TestServer;
const statements: string[] = [];
const sessionQueries = () => statements.filter((sql) => sql.includes('FROM "Session"')).length;
const DASHBOARD = "{ dashboardStats { totalItems lowStockItems activeEquipment totalEquipment pendingRequests } }";

beforeAll(async () => {
  server = await startServer({}, { onQuery: (sql) => void statements.push(sql) });
  servers.push(server);
});
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A second client holding the same cookie (a copied cookie, as an attacker would replay it). */
function replay(server: TestServer, client: ApiClient): ApiClient {
  const copy = server.anonymous();
  copy.cookie = client.cookie;
  return copy;
}

async function viewer(client: ApiClient): Promise<string | null> {
  return (await ok(client, "{ viewer { username } }")).viewer?.username ?? null;
}

async function refused(client: ApiClient) {
  expect(await viewer(client)).toBeNull();
  expect((await gql(client, DASHBOARD)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  expect((await client.get("/api/dashboard/stats")).status).toBe(401);
}

/** The counts straight from the tables, to hold the cached answer against. */
async function countsIn(s: TestServer) {
  const [row] = await s.app.deps.prisma.$queryRaw<Record<string, number>[]>`
    SELECT (SELECT count(*) FROM "InventoryItem")::int AS "totalItems",
           (SELECT count(*) FROM "InventoryItem" WHERE quantity <= "minQuantity")::int AS "lowStockItems",
           (SELECT count(*) FROM "Equipment" WHERE status = 'checked_out')::int AS "activeEquipment",
           (SELECT count(*) FROM "Equipment")::int AS "totalEquipment",
           (SELECT count(*) FROM "Request" WHERE status = 'pending')::int AS "pendingRequests"`;
  return row;
}

describe("session cache", () => {
  it("serves a signed-in cookie without asking the session table again, for a few seconds", async () => {
    const manager = await server.as("manager");
    expect(await viewer(manager)).toBe("manager");
    const before = sessionQueries();
    for (let i = 0; i < 5; i++) expect(await viewer(manager)).toBe("manager");
    expect(sessionQueries()).toBe(before);
  });

  it("refuses a signed-out cookie on the very next request (GraphQL and REST sign-out)", async () => {
    for (const signOut of [
      (c: ApiClient) => ok(c, "mutation { signOut { signedOut } }"),
      (c: ApiClient) => c.post("/api/auth/logout"),
    ]) {
      const tech = await server.as("tech");
      const copy = replay(server, tech);
      expect(await viewer(copy)).toBe("tech"); // cached now
      await signOut(tech);
      await refused(copy);
    }
  });

  it("signOut(everywhere) refuses the user's other cached cookies at once, and only theirs", async () => {
    const phone = await server.as("pnair");
    const laptop = await server.as("pnair");
    const other = await server.as("agomez");
    expect(await viewer(laptop)).toBe("pnair");
    expect(await viewer(other)).toBe("agomez");
    await ok(phone, "mutation { signOut(input: { everywhere: true }) { signedOut } }");
    await refused(laptop);
    expect(await viewer(other)).toBe("agomez");
  });

  it("asks the database on every request while the event bus is not delivering", async () => {
    const manager = await server.as("manager");
    expect(await viewer(manager)).toBe("manager");
    const bus = server.app.deps.events;
    const delivering = bus.delivering;
    bus.delivering = () => false;
    try {
      const before = sessionQueries();
      for (let i = 0; i < 3; i++) expect(await viewer(manager)).toBe("manager");
      expect(sessionQueries()).toBe(before + 3);
    } finally {
      bus.delivering = delivering;
    }
  });
});

describe("dashboard counts cache", () => {
  it("are right immediately after each kind of write", async () => {
    const manager = await server.as("manager");
    const tech = await server.as("tech");
    const check = async (what: string) => {
      expect((await ok(manager, DASHBOARD)).dashboardStats, what).toEqual(await countsIn(server));
      expect((await manager.get("/api/dashboard/stats")).body, what).toMatchObject((await countsIn(server))!);
    };
    await check("at start");
    const created = await manager.post("/api/inventory", { name: `Cache bait ${randomBytes(3).toString("hex")}`, category: "Bait", unit: "boxes", quantity: 20, minQuantity: 5 });
    expect(created.status).toBe(201);
    await check("after creating an item");
    expect((await manager.put(`/api/inventory/${created.body.id}`, { quantity: 3 })).status).toBe(200);
    await check("after an item fell to low stock");
    const request = await tech.post("/api/requests", { type: "inventory", justification: "cache test", items: [{ id: created.body.id, quantity: 1 }] });
    expect(request.status).toBe(201);
    await check("after filing a request");
    expect((await manager.put(`/api/requests/${request.body.id}/approve`)).status).toBe(200);
    await check("after approving it (stock taken)");
    const second = await tech.post("/api/requests", { type: "inventory", justification: "cache test", items: [{ id: created.body.id, quantity: 1 }] });
    await check("after filing another");
    expect((await manager.put(`/api/requests/${second.body.id}/deny`)).status).toBe(200);
    await check("after denying it");
    expect((await manager.delete(`/api/inventory/${created.body.id}`)).status).toBeLessThan(300);
    await check("after deleting the item");
    const gear = await manager.post("/api/equipment", { name: `Cache gear ${randomBytes(3).toString("hex")}`, category: "Hand Tool" });
    expect(gear.status).toBe(201);
    await check("after creating equipment");
    expect((await manager.post(`/api/equipment/${gear.body.id}/checkout`, { assignedTo: "Lee" })).status).toBe(200);
    await check("after checking it out");
    expect((await manager.post(`/api/equipment/${gear.body.id}/checkin`)).status).toBe(200);
    await check("after checking it in");
  });

  it("is read from the database again only after a write", async () => {
    const manager = await server.as("manager");
    await ok(manager, DASHBOARD);
    const counting = () => statements.filter((sql) => sql.includes('count(*) FROM "InventoryItem"')).length;
    const before = counting();
    await ok(manager, DASHBOARD);
    expect(counting()).toBe(before);
    expect((await manager.post("/api/equipment", { name: `Cache gear ${randomBytes(3).toString("hex")}`, category: "Hand Tool" })).status).toBe(201);
    await ok(manager, DASHBOARD);
    expect(counting()).toBe(before + 1);
  });
});

describe("two server processes on one PostgreSQL database", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("a sign-out on one refuses the cookie on the other as soon as it hears; writes on one reach the other's dashboard", async () => {
    const env = { SESSION_SECRET: randomBytes(32).toString("hex") };
    const a = await startServer(env);
    servers.push(a);
    const b = await startServer(env, { databaseUrl: a.databaseUrl });
    servers.push(b);

    for (const everywhere of [false, true]) {
      const onA = await a.as("tech");
      const onB = replay(b, onA);
      expect(await viewer(onB)).toBe("tech"); // B caches the session
      expect(await viewer(onB)).toBe("tech");
      await ok(onA, `mutation { signOut(input: { everywhere: ${everywhere} }) { signedOut } }`);
      // B hears of it through NOTIFY, sent at A's commit: within milliseconds, not necessarily before
      // B's next request on a loaded machine. Well under the 5 s a session is cached, so only the
      // event can explain the refusal.
      const deadline = Date.now() + 2_000;
      while ((await viewer(onB)) !== null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await refused(onB);
    }

    const managerA = await a.as("manager");
    const managerB = replay(b, managerA);
    expect((await ok(managerB, DASHBOARD)).dashboardStats).toEqual(await countsIn(b));
    expect((await managerA.post("/api/equipment", { name: `Cache gear ${randomBytes(3).toString("hex")}`, category: "Hand Tool" })).status).toBe(201);
    // Another process hears of the write through NOTIFY, as live updates do: shortly, not in the same instant.
    const deadline = Date.now() + 2_000; // under the 5 s the counts are kept: only the event can explain a fresh answer
    let seen: unknown;
    while (Date.now() < deadline) {
      seen = (await ok(managerB, DASHBOARD)).dashboardStats;
      if (JSON.stringify(seen) === JSON.stringify(await countsIn(b))) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toEqual(await countsIn(b));
  });
});
