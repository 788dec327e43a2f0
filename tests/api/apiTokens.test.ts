import { createHash, randomBytes } from "node:crypto";
import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ERR, gql, ok, until } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/** Personal API tokens: made once by a manager, honoured as `Authorization: Bearer` on REST, GraphQL and graphql-ws. */

let server: TestServer;
let manager: ApiClient;
const servers: TestServer[] = [];

beforeAll(async () => {
  server = await startServer();
  servers.push(server);
  manager = await server.as("manager");
});
afterAll(async () => {
  for (const s of servers) await s.close();
});

const CREATE = `mutation Create($input: CreateApiTokenInput!) {
  createApiToken(input: $input) { ${ERR} ... on CreateApiTokenPayload { token apiToken { id databaseId name access prefix createdAt lastUsedAt expiresAt revokedAt active } } }
}`;
const REVOKE = `mutation Revoke($id: ID!) {
  revokeApiToken(input: { id: $id }) { ${ERR} ... on RevokeApiTokenPayload { apiToken { id revokedAt active } } }
}`;
const LIST = `{ apiTokens { id databaseId name access prefix lastUsedAt expiresAt revokedAt active } }`;

async function makeToken(as: ApiClient, access: "READ" | "WRITE", extra: Record<string, unknown> = {}) {
  const data = await ok(as, CREATE, { input: { name: `${access} token ${randomBytes(3).toString("hex")}`, access, ...extra } });
  const result = data.createApiToken;
  expect(result.__typename, JSON.stringify(result)).toBe("CreateApiTokenPayload");
  return result as { token: string; apiToken: { id: string; databaseId: number; prefix: string; name: string } };
}

const newItem = () => ({ name: `Token bait ${randomBytes(3).toString("hex")}`, category: "Bait", unit: "boxes", quantity: 5, minQuantity: 1 });

describe("creating and listing tokens", () => {
  it("returns the secret once, keeps only its sha256, and lists the token without it", async () => {
    const { token, apiToken } = await makeToken(manager, "WRITE");
    expect(token).toMatch(/^tl_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(apiToken.prefix)).toBe(true);
    const row = await server.app.deps.prisma.apiToken.findUniqueOrThrow({ where: { id: apiToken.databaseId } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await gql(manager, LIST);
    expect(list.text).not.toContain(token);
    expect(list.data.apiTokens.find((t: { id: string }) => t.id === apiToken.id)).toMatchObject({ name: apiToken.name, access: "WRITE", active: true, revokedAt: null });
  });

  it("lets only managers create tokens, only from a session, with a valid name, access and future expiry", async () => {
    const tech = await server.as("tech");
    const refused = await ok(tech, CREATE, { input: { name: "mine", access: "WRITE" } });
    expect(refused.createApiToken.__typename).toBe("ForbiddenError");

    const { token } = await makeToken(manager, "WRITE");
    const viaToken = await ok(server.bearer(token), CREATE, { input: { name: "child", access: "WRITE" } });
    expect(viaToken.createApiToken.__typename).toBe("ForbiddenError");

    const blank = await ok(manager, CREATE, { input: { name: "  ", access: "READ" } });
    expect(blank.createApiToken).toMatchObject({ __typename: "ValidationError", field: "name" });
    const past = await ok(manager, CREATE, { input: { name: "old", access: "READ", expiresAt: "2020-01-01" } });
    expect(past.createApiToken).toMatchObject({ __typename: "ValidationError", field: "expiresAt" });
    const badAccess = await gql(manager, CREATE, { input: { name: "x", access: "ADMIN" } });
    expect(badAccess.errors?.length).toBeGreaterThan(0);
  });

  it("shows each user only their own tokens, and revokes only their own", async () => {
    const { apiToken } = await makeToken(manager, "READ");
    const second = await manager.post("/api/team", { username: `tokmgr${randomBytes(2).toString("hex")}`, password: "tokenmanager123", name: "Tok Manager", role: "manager" });
    expect(second.status).toBe(201);
    const other = await server.as(second.body.username, "tokenmanager123");
    expect((await ok(other, LIST)).apiTokens).toEqual([]);
    expect((await ok(other, REVOKE, { id: apiToken.id })).revokeApiToken.__typename).toBe("NotFoundError");
    expect((await ok(other, `query($id: ID!) { node(id: $id) { id } }`, { id: apiToken.id })).node).toBeNull();
  });
});

describe("a WRITE token", () => {
  it("acts as its owner on every REST route and on GraphQL, and notes when it was last used", async () => {
    const { token, apiToken } = await makeToken(manager, "WRITE");
    const client = server.bearer(token);
    const me = await client.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe("manager");
    expect((await client.get("/api/inventory")).status).toBe(200);
    const created = await client.post("/api/inventory", newItem());
    expect(created.status, created.text).toBe(201);
    expect((await client.put(`/api/inventory/${created.body.id}`, { ...newItem(), quantity: 9 })).status).toBe(200);
    expect((await client.delete(`/api/inventory/${created.body.id}`)).status).toBe(204);
    const activity = await client.get("/api/dashboard/activity");
    expect(activity.body[0]).toMatchObject({ userName: me.body.user.name, entityId: created.body.id });
    expect((await ok(client, "{ viewer { username role } }")).viewer).toEqual({ username: "manager", role: "manager" });
    const mutation = await ok(client, `mutation { markAllNotificationsRead { __typename } }`);
    expect(mutation.markAllNotificationsRead.__typename).toBeDefined();
    const listed = (await ok(manager, LIST)).apiTokens.find((t: { id: string }) => t.id === apiToken.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it("acts with its owner's role: an employee's rights stay an employee's", async () => {
    // Employees cannot make tokens; a token row for one shows the role is the owner's, not the token's.
    const { token, apiToken } = await makeToken(manager, "WRITE");
    const tech = await server.app.deps.prisma.user.findUniqueOrThrow({ where: { username: "tech" } });
    await server.app.deps.prisma.apiToken.update({ where: { id: apiToken.databaseId }, data: { userId: tech.id } });
    const client = server.bearer(token);
    expect((await client.get("/api/auth/me")).body.user.username).toBe("tech");
    expect((await client.post("/api/team", { username: "nope", password: "nopenope123", name: "No", role: "manager" })).status).toBe(403);
  });
});

describe("a READ token", () => {
  it("reads but gets 403 / FORBIDDEN on every write, and nothing changes", async () => {
    const { token } = await makeToken(manager, "READ");
    const client = server.bearer(token);
    const before = await server.app.deps.prisma.inventoryItem.count();
    const existing = (await client.get("/api/inventory")).body[0];
    expect(existing).toBeDefined();
    expect((await client.post("/api/inventory", newItem())).status).toBe(403);
    expect((await client.put(`/api/inventory/${existing.id}`, { ...existing, quantity: 1 })).status).toBe(403);
    expect((await client.delete(`/api/inventory/${existing.id}`)).status).toBe(403);
    expect((await client.post("/api/requests", { type: "inventory", justification: "x", items: [{ id: existing.id, quantity: 1 }] })).status).toBe(403);
    const refused = await client.post("/api/auth/logout");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/read-only/);

    expect((await ok(client, "{ viewer { username } }")).viewer.username).toBe("manager");
    const mutation = await gql(client, `mutation($input: CreateInventoryItemInput!) { createInventoryItem(input: $input) { __typename } }`, {
      input: newItem(),
    });
    expect(mutation.status).toBe(403);
    expect(mutation.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await server.app.deps.prisma.inventoryItem.count()).toBe(before);
    expect((await client.get(`/api/inventory/${existing.id}`)).body.quantity).toBe(existing.quantity);
  });
});

describe("a token that does not count", () => {
  it("gets 401 at once when made up, malformed, revoked or expired", async () => {
    const madeUp = ["tl_" + randomBytes(32).toString("base64url"), "nottl_abc", ""];
    for (const token of madeUp) {
      const client = server.bearer(token);
      const rest = await client.get("/api/inventory");
      expect(rest.status, token).toBe(401);
      expect(rest.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect((await gql(client, "{ viewer { username } }")).status).toBe(401);
    }
    const basic = server.anonymous();
    basic.authorization = "Basic bWFuYWdlcjptYW5hZ2VyMTIz";
    expect((await basic.get("/api/auth/me")).status).toBe(401);
    // A bad token is refused even beside a valid session cookie: the header decides.
    const both = server.anonymous();
    both.cookie = manager.cookie;
    both.authorization = `Bearer ${madeUp[0]}`;
    expect((await both.get("/api/auth/me")).status).toBe(401);

    const { token, apiToken } = await makeToken(manager, "WRITE");
    const client = server.bearer(token);
    expect((await client.get("/api/inventory")).status).toBe(200); // now cached in this process
    const revoked = await ok(manager, REVOKE, { id: apiToken.id });
    expect(revoked.revokeApiToken.apiToken).toMatchObject({ active: false });
    expect((await client.get("/api/inventory")).status).toBe(401);
    expect((await gql(client, "{ viewer { username } }")).status).toBe(401);
    expect((await ok(manager, REVOKE, { id: apiToken.id })).revokeApiToken.apiToken.active).toBe(false); // again: no change

    const soon = await makeToken(manager, "READ", { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    await server.app.deps.prisma.apiToken.update({ where: { id: soon.apiToken.databaseId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await server.bearer(soon.token).get("/api/inventory")).status).toBe(401);
    const listed = (await ok(manager, LIST)).apiTokens.find((t: { id: string }) => t.id === soon.apiToken.id);
    expect(listed.active).toBe(false);
  });

  it("is counted by the API rate limit like a session", async () => {
    const limited = await startServer({ RATE_LIMIT_API_MAX: "3", RATE_LIMIT_API_WINDOW: "600" });
    servers.push(limited);
    const owner = await limited.as("manager"); // sign-in: 1
    const { token } = await makeToken(owner, "READ"); // 2
    const client = limited.bearer(token);
    expect((await client.get("/api/inventory")).status).toBe(200); // 3
    const over = await client.get("/api/inventory");
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
  });
});

describe("graphql-ws with connectionParams", () => {
  function connect(authorization: string | undefined) {
    return createClient({
      url: `${server.url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: authorization ? { authorization } : {},
      retryAttempts: 0,
      lazy: true,
    });
  }
  async function run(authorization: string | undefined, query: string) {
    const client = connect(authorization);
    try {
      return await new Promise<{ data?: any; errors?: any[]; closed?: number }>((resolve) => {
        let result: { data?: any; errors?: any[] } = {};
        client.subscribe(
          { query },
          {
            next: (r) => void (result = r as typeof result),
            error: (e) => resolve({ closed: (e as { code?: number })?.code ?? -1, errors: Array.isArray(e) ? e : undefined }),
            complete: () => resolve(result),
          },
        );
      });
    } finally {
      await client.dispose();
    }
  }

  it("accepts a valid token, refuses a made-up one at connect, and refuses a READ token's mutation", async () => {
    const write = await makeToken(manager, "WRITE");
    const read = await makeToken(manager, "READ");
    expect((await run(`Bearer ${write.token}`, "{ viewer { username } }")).data?.viewer?.username).toBe("manager");
    expect((await run(`Bearer tl_${randomBytes(32).toString("base64url")}`, "{ viewer { username } }")).closed).toBe(4403);
    expect((await run(undefined, "{ viewer { username } }")).closed).toBe(4403);
    const before = await server.app.deps.prisma.inventoryItem.count();
    const item = newItem();
    const mutation = `mutation { createInventoryItem(input: { name: "${item.name}", category: "Bait", unit: "boxes", quantity: 1, minQuantity: 0 }) { __typename } }`;
    const refused = await run(`Bearer ${read.token}`, mutation);
    expect(refused.errors?.[0]?.extensions?.code ?? refused.errors?.[0]?.message, JSON.stringify(refused)).toSatisfy(
      (v: unknown) => v === "FORBIDDEN" || /read-only/.test(String(v)),
    );
    expect(await server.app.deps.prisma.inventoryItem.count()).toBe(before);
    expect((await run(`Bearer ${write.token}`, mutation)).data?.createInventoryItem?.__typename).toBe("CreateInventoryItemPayload");
  });

  it("delivers subscriptions to a token holder", async () => {
    const { token } = await makeToken(manager, "READ");
    const client = connect(`Bearer ${token}`);
    const seen: any[] = [];
    let listening = false;
    const bus = server.app.deps.events;
    const original = bus.subscribe.bind(bus);
    bus.subscribe = (listener) => {
      listening = true;
      return original(listener);
    };
    const stop = client.subscribe({ query: "subscription { inventoryChanged { created item { name } } }" }, { next: (r) => void seen.push(r), error: () => {}, complete: () => {} });
    try {
      await until(() => listening, "the subscription to start");
      bus.subscribe = original;
      const item = newItem();
      expect((await manager.post("/api/inventory", item)).status).toBe(201);
      await until(() => seen.some((r) => r.data?.inventoryChanged?.item?.name === item.name), "the change to arrive");
    } finally {
      bus.subscribe = original;
      stop();
      await client.dispose();
    }
  });
});

describe("two server processes on one PostgreSQL database", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("a token revoked on one is refused on the other as soon as it hears", async () => {
    const env = { SESSION_SECRET: randomBytes(32).toString("hex") };
    const a = await startServer(env);
    servers.push(a);
    const b = await startServer(env, { databaseUrl: a.databaseUrl });
    servers.push(b);
    const owner = await a.as("manager");
    const { token, apiToken } = await makeToken(owner, "WRITE");
    const onB = b.bearer(token);
    expect((await onB.get("/api/auth/me")).status).toBe(200); // B caches the token
    expect((await onB.get("/api/auth/me")).status).toBe(200);
    expect((await ok(owner, REVOKE, { id: apiToken.id })).revokeApiToken.apiToken.active).toBe(false);
    // B hears of it through NOTIFY, sent at A's commit: within milliseconds, not necessarily before B's
    // next request on a loaded machine (CI once saw one 200 here). Well under the 5 s a token is cached,
    // so only the event can explain the refusal.
    const deadline = Date.now() + 2_000;
    while ((await onB.get("/api/auth/me")).status === 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect((await onB.get("/api/auth/me")).status).toBe(401);
    expect((await gql(onB, "{ viewer { username } }")).status).toBe(401);
  });
});
