import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { ApiClient, startServer, type TestServer } from "../helpers/server.ts";

// Issue 14: requests per client address, on the API as a whole and on failed sign-ins, answered
// with 429 and Retry-After; the client's address comes from a trusted proxy only (TRUST_PROXY).

const API_MAX = 5;
const SIGNIN_MAX = 3;
let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    TRUST_PROXY: "127.0.0.1",
    RATE_LIMIT_API_MAX: String(API_MAX),
    RATE_LIMIT_SIGNIN_MAX: String(SIGNIN_MAX),
  });
});
afterAll(() => server.close());

let nextAddress = 1;
/** A client behind the trusted proxy, seen as its own address (203.0.113.N). */
function fromNewAddress() {
  const address = `203.0.113.${nextAddress++}`;
  const client = new ApiClient(() => server.url);
  const send = (method: string, path: string, body?: unknown) => client.request(method, path, body, { "x-forwarded-for": address });
  return { client, address, send };
}

describe("the API limit", () => {
  it(`answers 429 with Retry-After once an address sent ${API_MAX} requests in the window, across REST, GraphQL and /objects`, async () => {
    const { send } = fromNewAddress();
    const paths: [string, string, unknown?][] = [
      ["GET", "/api/auth/me"],
      ["POST", "/graphql", { query: "{ viewer { id } }" }],
      ["GET", "/objects/sds/x/none.pdf"],
      ["GET", "/api/inventory"],
      ["GET", "/api/equipment"],
    ];
    for (const [i, [method, path, body]] of paths.entries()) {
      const res = await send(method, path, body);
      expect(res.status, path).toBeLessThan(429);
      expect(res.headers.get("x-ratelimit-remaining"), path).toBe(String(API_MAX - i - 1));
    }
    for (const [method, path, body] of paths) {
      const res = await send(method, path, body);
      expect(res.status, path).toBe(429);
      expect(res.body).toMatchObject({ message: expect.stringMatching(/^Too many requests from this address\. Please try again in \d+ (second|minute)s?\.$/), code: "rateLimit.tooManyRequests" });
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("does not count the client's files or /healthz", async () => {
    const { send } = fromNewAddress();
    for (let i = 0; i < API_MAX + 3; i++) {
      expect((await send("GET", "/healthz")).status).toBe(200);
      expect((await send("GET", "/")).status).toBe(200);
      expect((await send("GET", "/inventory")).status).toBe(200);
    }
    expect((await send("GET", "/api/auth/me")).status).toBe(401);
  });

  it("counts each address on its own", async () => {
    const busy = fromNewAddress();
    for (let i = 0; i <= API_MAX; i++) await busy.send("GET", "/api/auth/me");
    expect((await busy.send("GET", "/api/auth/me")).status).toBe(429);
    expect((await fromNewAddress().send("GET", "/api/auth/me")).status).toBe(401);
  });
});

describe("the sign-in limit", () => {
  const wrong = (username: string) => ({ username, password: "not-the-password" });

  it(`refuses an address after ${SIGNIN_MAX} failed sign-ins spread over usernames, on REST and GraphQL alike`, async () => {
    const { send } = fromNewAddress();
    expect((await send("POST", "/api/auth/login", wrong("nobody-1"))).status).toBe(401);
    const failed = await send("POST", "/graphql", { query: `mutation { signIn(input: { username: "nobody-2", password: "x" }) { __typename } }` });
    expect(failed.body.data.signIn.__typename).toBe("AuthenticationError");
    expect((await send("POST", "/api/auth/login", wrong("nobody-3"))).status).toBe(401);

    // Now even the right password is refused from this address (another username, never locked itself).
    const rest = await send("POST", "/api/auth/login", { username: "tech", password: "tech123" });
    expect(rest.status).toBe(429);
    expect(rest.body).toEqual({ message: expect.stringMatching(/^Too many failed sign-in attempts from this address\. Try again in 15 minutes\.$/), code: "rateLimit.signInAttempts", params: { minutes: 15 } });
    expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(rest.headers.getSetCookie()).toEqual([]);
    const graphql = await send("POST", "/graphql", {
      query: `mutation { signIn(input: { username: "tech", password: "tech123" }) { __typename ... on RateLimitedError { message retryAfterSeconds } } }`,
    });
    expect(graphql.body.data.signIn).toEqual({ __typename: "RateLimitedError", message: expect.stringMatching(/from this address/), retryAfterSeconds: expect.any(Number) });

    // Other addresses, and the user's own lockout state, are untouched.
    expect((await fromNewAddress().send("POST", "/api/auth/login", { username: "tech", password: "tech123" })).status).toBe(200);
  });

  it("does not count successful sign-ins: a busy office behind one address signs in all day", async () => {
    const office = fromNewAddress();
    // More sign-ins than the sign-in limit (and fewer requests than the API limit).
    for (let i = 0; i < SIGNIN_MAX + 1; i++) {
      const res = await office.send("POST", "/api/auth/login", { username: i % 2 ? "tech" : "manager", password: i % 2 ? "tech123" : "manager123" });
      expect(res.status).toBe(200);
    }
  });

  it("believes X-Forwarded-For only from a trusted proxy", async () => {
    const direct = await startServer({ RATE_LIMIT_SIGNIN_MAX: "2", RATE_LIMIT_API_MAX: "0" });
    try {
      const attempt = (forwardedFor: string) =>
        direct.anonymous().request("POST", "/api/auth/login", wrong(`spoof-${forwardedFor}`), { "x-forwarded-for": forwardedFor });
      expect((await attempt("198.51.100.1")).status).toBe(401);
      expect((await attempt("198.51.100.2")).status).toBe(401);
      // A new address in the header does not make a new client: the socket's address counts.
      expect((await attempt("198.51.100.3")).status).toBe(429);
      // RATE_LIMIT_API_MAX=0 turns the API limit off.
      expect((await direct.anonymous().get("/api/auth/me")).headers.get("x-ratelimit-limit")).toBeNull();
    } finally {
      await direct.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL, every server process counts together", () => {
  it("shares the counts of two servers on one database", async () => {
    const first = await startServer({ TRUST_PROXY: "127.0.0.1", RATE_LIMIT_API_MAX: "4" });
    const second = await startServer({ TRUST_PROXY: "127.0.0.1", RATE_LIMIT_API_MAX: "4" }, { databaseUrl: first.databaseUrl });
    try {
      const headers = { "x-forwarded-for": "192.0.2.77" };
      const at = (s: TestServer) => s.anonymous().request("GET", "/api/auth/me", undefined, headers);
      expect((await at(first)).status).toBe(401);
      expect((await at(second)).status).toBe(401);
      expect((await at(first)).status).toBe(401);
      expect((await at(second)).status).toBe(401);
      expect((await at(first)).status).toBe(429);
      expect((await at(second)).status).toBe(429);
      const rows = await first.app.deps.prisma.$queryRaw<{ key: string; hits: number }[]>`SELECT key, hits FROM "RateLimitCounter" WHERE key LIKE '%192.0.2.77'`;
      expect(rows).toEqual([{ key: "api:192.0.2.77", hits: 6 }]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe("configuration", () => {
  it("is generous by default, and reads TRUST_PROXY as off, on, a hop count or addresses", () => {
    const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: server.dataDir, ...env });
    expect(config({}).rateLimits).toEqual({ api: { max: 1200, windowMs: 60_000 }, signIn: { max: 30, windowMs: 15 * 60_000 } });
    expect(config({ RATE_LIMIT_API_MAX: "10", RATE_LIMIT_API_WINDOW: "5" }).rateLimits.api).toEqual({ max: 10, windowMs: 5000 });
    expect(config({}).trustProxy).toBe(false);
    expect(config({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(config({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(config({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(config({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" }).trustProxy).toBe("127.0.0.1,10.0.0.0/8");
    expect(() => config({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
    expect(() => config({ RATE_LIMIT_API_MAX: "-1" })).toThrow(/RATE_LIMIT_API_MAX/);
  });
});
