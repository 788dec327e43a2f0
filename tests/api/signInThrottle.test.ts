import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delayAfter, THROTTLE } from "../../server/domain/signInThrottle.ts";
import { ApiClient, startServer, type TestServer } from "../helpers/server.ts";

/*
 * Issue 32: failed sign-ins slow the next try down (doubling delays, by username and address, by
 * username over unknown devices, by device), and nothing an attacker does locks the real person out:
 * the device they signed in on before is slowed only by its own failures (OWASP's device cookies).
 * The server trusts X-Forwarded-For from the test (TRUST_PROXY) so each client has an address of its own.
 */

let server: TestServer;
/** A second server whose first wait is 20 s (SIGNIN_DELAY_MS), for checks that must land inside a wait on a busy machine. */
let slow: TestServer;
beforeAll(async () => {
  // The per-address limit (rateLimits.test.ts) is set out of the way here.
  [server, slow] = await Promise.all([
    startServer({ TRUST_PROXY: "127.0.0.1", RATE_LIMIT_SIGNIN_MAX: "1000" }),
    startServer({ TRUST_PROXY: "127.0.0.1", RATE_LIMIT_SIGNIN_MAX: "1000", SIGNIN_DELAY_MS: "20000" }),
  ]);
});
afterAll(() => Promise.all([server.close(), slow.close()]));

let nextAddress = 1;
/** A browser of its own (cookies kept) at an address of its own. */
function browser(address = `198.51.100.${nextAddress++}`, on: () => TestServer = () => server) {
  const client = new ApiClient(() => on().url);
  const signIn = (username: string, password: string) => client.request("POST", "/api/auth/login", { username, password }, { "x-forwarded-for": address });
  const signInGraphQL = (username: string, password: string) =>
    client.request(
      "POST",
      "/graphql",
      { query: `mutation ($u: String!, $p: String!) { signIn(input: { username: $u, password: $p }) { __typename ... on RateLimitedError { message retryAfterSeconds } } }`, variables: { u: username, p: password } },
      { "x-forwarded-for": address },
    );
  return { client, address, signIn, signInGraphQL };
}

/** A browser on the server with 20-second waits. */
const slowBrowser = () => browser(undefined, () => slow);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the delays", () => {
  it("double with each failure past the free ones, up to 15 minutes", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => delayAfter(n, THROTTLE.pair))).toEqual([0, 0, 0, 1000, 2000, 4000, 8000]);
    expect(delayAfter(40, THROTTLE.untrusted)).toBe(15 * 60_000);
    expect(delayAfter(4, THROTTLE.untrusted)).toBe(0);
    expect(delayAfter(5, THROTTLE.untrusted)).toBe(1000);
  });
});

describe("one keyboard guessing one username", () => {
  it("waits longer after each failure; a try inside the wait is refused without checking the password", async () => {
    const guesser = browser();
    for (let i = 0; i < 3; i++) expect((await guesser.signIn("pnair", `guess-${i}`)).status).toBe(401);
    // 3 failures: the next try waits 1 s. Even the right password is not looked at inside the wait.
    const early = await guesser.signIn("pnair", "priya1234");
    expect(early.status).toBe(429);
    expect(early.body).toEqual({ message: "Too many failed sign-in attempts. Try again in 1 second.", code: "signIn.throttled", params: { n: 1 } });
    expect(early.headers.get("retry-after")).toBe("1");
    await sleep(1100);
    expect((await guesser.signIn("pnair", "guess-3")).status).toBe(401);
    // 4 failures: 2 s, on GraphQL as on REST.
    const graphql = await guesser.signInGraphQL("pnair", "guess-4");
    expect(graphql.body.data.signIn).toEqual({ __typename: "RateLimitedError", message: "Too many failed sign-in attempts. Try again in 2 seconds.", retryAfterSeconds: 2 });
    await sleep(2100);
    // No lock: once the wait is over, the right password signs in, and this keyboard starts afresh.
    expect((await guesser.signIn("pnair", "priya1234")).status).toBe(200);
    expect((await guesser.signIn("pnair", "wrong")).status).toBe(401);
    expect((await guesser.signIn("pnair", "priya1234")).status).toBe(200);
  });

  it("slows only that username at that address: other usernames, and the same username elsewhere, are not slowed by it", async () => {
    const guesser = slowBrowser();
    for (let i = 0; i < 3; i++) await guesser.signIn("tbecker", `guess-${i}`);
    expect((await guesser.signIn("tbecker", "tom12345")).status).toBe(429);
    expect((await guesser.signIn("agomez", "alicia1234")).status).toBe(200);
    expect((await slowBrowser().signIn("tbecker", "tom12345")).status).toBe(200);
  });
});

describe("guesses spread over many addresses", () => {
  it("slow the username on unknown devices, but never the user's own device", async () => {
    // The user signed in on their phone before: it carries a device cookie that names them.
    const phone = slowBrowser();
    expect((await phone.signIn("tech", "tech123")).status).toBe(200);
    expect(phone.client.deviceCookie).toMatch(/^trapline_device=/);
    expect((await phone.client.post("/api/auth/logout")).status).toBe(200);

    // Seven addresses guess once each (no address is slowed); past five the username is slowed on every unknown device.
    for (let i = 0; i < 7; i++) expect((await slowBrowser().signIn("tech", `guess-${i}`)).status).toBe(i < 5 ? 401 : 429);
    const stranger = await slowBrowser().signIn("tech", "tech123");
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);

    // The user's own phone signs in at once, as often as it likes: the guessers cannot lock them out.
    for (let i = 0; i < 3; i++) {
      expect((await phone.signIn("tech", "tech123")).status).toBe(200);
      expect((await phone.client.post("/api/auth/logout")).status).toBe(200);
    }
    // Guesses inside the wait are refused unseen and change nothing for the phone.
    for (let i = 0; i < 3; i++) expect((await slowBrowser().signIn("tech", `more-${i}`)).status).toBe(429);
    expect((await phone.signIn("tech", "tech123")).status).toBe(200);
  });

  it("a device cookie counts only for the usernames that signed in on it, and a forged one for none", async () => {
    const phone = slowBrowser();
    expect((await phone.signIn("agomez", "alicia1234")).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await slowBrowser().signIn("manager", `guess-${i}`)).status).toBe(401);
    // The same device, another username: unknown for that one.
    expect((await phone.signIn("manager", "manager123")).status).toBe(429);
    const forged = slowBrowser();
    forged.client.deviceCookie = "trapline_device=Fe26.2**not-a-real-seal";
    expect((await forged.signIn("manager", "manager123")).status).toBe(429);
  });
});

describe("a device guessing", () => {
  it("is slowed by its own failures, even for a username that signed in on it", async () => {
    const device = slowBrowser();
    expect((await device.signIn("pnair", "priya1234")).status).toBe(200);
    for (let i = 0; i < THROTTLE.device.free; i++) expect((await device.signIn("pnair", `guess-${i}`)).status).toBe(401);
    expect((await device.signIn("pnair", "priya1234")).status).toBe(429);
  });
});
