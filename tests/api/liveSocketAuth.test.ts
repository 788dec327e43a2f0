import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ERR, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/**
 * Issue 17: a live connection made with an API token ends when the token is revoked (on any process)
 * or expires; one made with a sign-in session ends when that session is signed out (alone or
 * "everywhere", on any process).
 */

let server: TestServer;
let manager: ApiClient;
const servers: TestServer[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await startServer();
  servers.push(server);
  manager = await server.as("manager");
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  for (const s of servers) await s.close();
});

async function makeToken(owner: ApiClient, extra: Record<string, unknown> = {}) {
  const data = await ok(owner, `mutation ($input: CreateApiTokenInput!) { createApiToken(input: $input) { ${ERR} ... on CreateApiTokenPayload { token apiToken { id } } } }`, {
    input: { name: `live ${randomBytes(3).toString("hex")}`, access: "READ", ...extra },
  });
  expect(data.createApiToken.__typename, JSON.stringify(data)).toBe("CreateApiTokenPayload");
  return data.createApiToken as { token: string; apiToken: { id: string } };
}

async function revoke(owner: ApiClient, id: string) {
  const data = await ok(owner, `mutation ($id: ID!) { revokeApiToken(input: { id: $id }) { ${ERR} ... on RevokeApiTokenPayload { apiToken { active } } } }`, { id });
  expect(data.revokeApiToken.apiToken.active).toBe(false);
}

/** A socket and when (and how) it closed. */
type Watched = { socket: WebSocket; closed: Promise<{ code: number; reason: string; at: number }>; isOpen(): boolean };
function watch(socket: WebSocket): Watched {
  sockets.push(socket);
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
  );
  return { socket, closed, isOpen: () => socket.readyState === WebSocket.OPEN };
}

/**
 * A graphql-ws connection (the graphql-transport-ws protocol, spoken by hand) that authenticates in
 * connection_init, is acknowledged and starts a subscription; resolves once the server acked.
 */
async function graphqlWs(on: TestServer, init: { authorization?: string; cookie?: string }): Promise<Watched> {
  const socket = new WebSocket(`${on.url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws", init.cookie ? { headers: { cookie: init.cookie } } : {});
  const w = watch(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => socket.send(JSON.stringify({ type: "connection_init", payload: init.authorization ? { authorization: init.authorization } : {} })));
    socket.on("message", (raw) => {
      const message = JSON.parse(String(raw));
      if (message.type !== "connection_ack") return;
      socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "subscription { inventoryChanged { item { name } } }" } }));
      resolve();
    });
    void w.closed.then((c) => reject(new Error(`closed before ack: ${c.code} ${c.reason}`)));
  });
  return w;
}

/** The plain /ws channel, with the token as a header (or a session's cookie). */
async function plainWs(on: TestServer, token: string, cookie?: string): Promise<Watched> {
  const socket = new WebSocket(`${on.url.replace(/^http/, "ws")}/ws`, { headers: cookie ? { cookie } : { authorization: `Bearer ${token}` } });
  const w = watch(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return w;
}

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms))]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("revoking a token", () => {
  it("closes its graphql-ws and /ws connections at once (4401), and no one else's", async () => {
    const doomed = await makeToken(manager);
    const other = await makeToken(manager);
    const viaGraphql = await graphqlWs(server, { authorization: `Bearer ${doomed.token}` });
    const viaWs = await plainWs(server, doomed.token);
    const otherToken = await graphqlWs(server, { authorization: `Bearer ${other.token}` });
    const session = await graphqlWs(server, { cookie: manager.cookie });
    await sleep(200);
    expect([viaGraphql.isOpen(), viaWs.isOpen(), otherToken.isOpen(), session.isOpen()]).toEqual([true, true, true, true]);

    const revokedAt = Date.now();
    await revoke(manager, doomed.apiToken.id);
    const [g, w] = await within(Promise.all([viaGraphql.closed, viaWs.closed]), 3_000, "closing both connections");
    expect(g).toMatchObject({ code: 4401, reason: "API token revoked or expired" });
    expect(w).toMatchObject({ code: 4401 });
    expect(Math.max(g.at, w.at) - revokedAt).toBeLessThan(3_000);
    await sleep(200);
    expect(otherToken.isOpen()).toBe(true);
    expect(session.isOpen()).toBe(true);

    // And it cannot come back: the same token is refused at connect.
    await expect(graphqlWs(server, { authorization: `Bearer ${doomed.token}` })).rejects.toThrow(/closed before ack: 4403/);
  });
});

describe("a token that expires", () => {
  it("has its live connection closed when the expiry comes, not before", async () => {
    const expiresAt = new Date(Date.now() + 2_500);
    const { token } = await makeToken(manager, { expiresAt: expiresAt.toISOString() });
    const live = await graphqlWs(server, { authorization: `Bearer ${token}` });
    const ws = await plainWs(server, token);
    await sleep(Math.max(0, expiresAt.getTime() - Date.now() - 700));
    expect(live.isOpen()).toBe(true);
    const [g, w] = await within(Promise.all([live.closed, ws.closed]), 4_000, "closing at expiry");
    expect(g.code).toBe(4401);
    expect(w.code).toBe(4401);
    expect(g.at).toBeGreaterThanOrEqual(expiresAt.getTime());
    expect(g.at - expiresAt.getTime()).toBeLessThan(1_500);
  });
});

describe("two server processes on one PostgreSQL database", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("a token revoked on one closes its connections on the other", async () => {
    const env = { SESSION_SECRET: randomBytes(32).toString("hex") };
    const a = await startServer(env);
    servers.push(a);
    const b = await startServer(env, { databaseUrl: a.databaseUrl });
    servers.push(b);
    const owner = await a.as("manager");
    const { token, apiToken } = await makeToken(owner);
    const onB = await graphqlWs(b, { authorization: `Bearer ${token}` });
    const wsOnB = await plainWs(b, token);
    await sleep(200);
    expect(onB.isOpen()).toBe(true);
    await revoke(owner, apiToken.id);
    const [g, w] = await within(Promise.all([onB.closed, wsOnB.closed]), 3_000, "closing on the other process");
    expect(g.code).toBe(4401);
    expect(w.code).toBe(4401);
  });
});

describe("signing out", () => {
  it("closes that session's graphql-ws and /ws connections (4401), not the user's other sessions' nor their tokens'", async () => {
    const [phone, laptop] = [await server.as("manager"), await server.as("manager")];
    const { token } = await makeToken(phone);
    const phoneLive = await graphqlWs(server, { cookie: phone.cookie });
    const phoneWs = await plainWs(server, "", phone.cookie);
    const laptopLive = await graphqlWs(server, { cookie: laptop.cookie });
    const tokenLive = await graphqlWs(server, { authorization: `Bearer ${token}` });
    await sleep(200);
    expect([phoneLive.isOpen(), phoneWs.isOpen(), laptopLive.isOpen(), tokenLive.isOpen()]).toEqual([true, true, true, true]);

    const cookie = phone.cookie;
    expect((await phone.post("/api/auth/logout", {})).status).toBe(200);
    const [g, w] = await within(Promise.all([phoneLive.closed, phoneWs.closed]), 3_000, "closing the signed-out session's connections");
    expect(g).toMatchObject({ code: 4401, reason: "Signed out or session expired" });
    expect(w).toMatchObject({ code: 4401 });
    await sleep(200);
    expect([laptopLive.isOpen(), tokenLive.isOpen()]).toEqual([true, true]);
    // The old cookie cannot open one again.
    await expect(graphqlWs(server, { cookie })).rejects.toThrow(/closed before ack: 4403/);
  });

  it("everywhere closes every session connection of that user, and no one else's", async () => {
    const [one, two, other] = [await server.as("manager"), await server.as("manager"), await server.as("tech")];
    const a = await graphqlWs(server, { cookie: one.cookie });
    const b = await plainWs(server, "", two.cookie);
    const c = await graphqlWs(server, { cookie: other.cookie });
    await sleep(200);
    await ok(one, `mutation { signOut(input: { everywhere: true }) { signedOut } }`);
    const [ca, cb] = await within(Promise.all([a.closed, b.closed]), 3_000, "closing all of the user's session connections");
    expect([ca.code, cb.code]).toEqual([4401, 4401]);
    await sleep(200);
    expect(c.isOpen()).toBe(true);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("on one process closes that session's connections on the other", async () => {
    const env = { SESSION_SECRET: randomBytes(32).toString("hex") };
    const a = await startServer(env);
    servers.push(a);
    const b = await startServer(env, { databaseUrl: a.databaseUrl });
    servers.push(b);
    const user = await a.as("manager");
    const onB = await graphqlWs(b, { cookie: user.cookie });
    await sleep(200);
    expect(onB.isOpen()).toBe(true);
    expect((await user.post("/api/auth/logout", {})).status).toBe(200);
    expect((await within(onB.closed, 3_000, "closing on the other process")).code).toBe(4401);
  });
});
