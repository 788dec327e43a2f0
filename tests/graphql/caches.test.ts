import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/**
 * The per-process cache of signed-in sessions: fewer queries, yet a sign-out refuses the old cookie
 * at once, in this process and (with TEST_DATABASE_URL) in another process on the same database.
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

describe("two server processes on one PostgreSQL database", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("a sign-out on one refuses the cookie on the other at once", async () => {
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
      await refused(onB);
    }
  });
});
