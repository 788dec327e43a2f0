import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { freshDatabase } from "../../bench/server-process.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// With PostgreSQL: when the database goes away, requests fail fast with 503 { message } and
// /healthz says so; when it comes back the server recovers without a restart (queries, writes and
// the LISTEN/NOTIFY event fan-out). The server reaches PostgreSQL through a TCP proxy run here, so
// "going away" is closing the proxy (every connection cut, new ones refused), without touching the
// shared PostgreSQL server.

/** A TCP proxy to the PostgreSQL server that can be switched off (cutting every connection) and on. */
class Proxy {
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}
  async up() {
    if (this.server?.listening) return;
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("error", () => {});
        s.on("close", () => {
          this.sockets.delete(s);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => this.server!.once("error", reject).listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  async down() {
    if (!this.server?.listening) return;
    const closed = new Promise((resolve) => this.server!.close(resolve));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

const base = process.env.TEST_DATABASE_URL;
const UNAVAILABLE = { message: expect.stringMatching(/database is unavailable/i), code: "server.databaseUnavailable" };

describe.skipIf(!base)("the database goes away and comes back (PostgreSQL)", () => {
  let proxy: Proxy;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: TestServer;
  let manager: ApiClient;

  beforeAll(async () => {
    const target = new URL(base!);
    proxy = new Proxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.up();
    database = await freshDatabase();
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    server = await startServer({}, { databaseUrl: viaProxy.toString() });
    manager = await server.as("manager");
  });
  afterAll(async () => {
    await proxy?.up(); // so the server can close its pools cleanly
    await server?.close();
    await database?.drop();
    await proxy?.down();
  });

  it("fails fast with 503 while it is away, says so on /healthz, and recovers without a restart", async () => {
    expect((await manager.get("/healthz")).body).toEqual({ status: "ok", db: "up" });
    expect((await manager.get("/api/inventory")).status).toBe(200);

    await proxy.down();
    const timed = async <T>(fn: () => Promise<T>) => {
      const started = performance.now();
      const result = await fn();
      return { result, ms: performance.now() - started };
    };
    const calls = [
      () => manager.get("/api/inventory"),
      () => manager.get("/api/auth/me"),
      () => manager.get("/api/dashboard/stats"),
      () => manager.post("/api/inventory", { name: "Written while away", category: "Bait", quantity: 3 }),
      () => manager.post("/api/auth/login", { username: "tech", password: "tech123" }),
      () => manager.post("/graphql", { query: "{ inventoryItems(first: 5) { edges { node { id name } } } }" }),
    ];
    for (let round = 0; round < 3; round++) {
      for (const call of calls) {
        const { result, ms } = await timed(call);
        expect(result.status, result.text).toBe(503);
        expect(ms, "fails fast").toBeLessThan(3500);
        if (result.body?.errors) {
          // GraphQL answers 503 too, with the same message and a code clients can switch on.
          expect(result.body.errors).toEqual([{ message: UNAVAILABLE.message, extensions: { code: "DATABASE_UNAVAILABLE", errorCode: "server.databaseUnavailable" } }]);
        } else {
          expect(result.body).toEqual(UNAVAILABLE);
          expect(result.headers.get("retry-after")).toBe("5");
        }
      }
    }
    const health = await timed(() => manager.get("/healthz"));
    expect(health.result.status).toBe(503);
    expect(health.result.body).toEqual({ status: "unavailable", db: "down" });
    expect(health.ms).toBeLessThan(3500);

    await proxy.up();
    const deadline = Date.now() + 15_000;
    while ((await manager.get("/healthz")).status !== 200) {
      expect(Date.now(), "healthz recovers").toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await manager.get("/healthz")).body).toEqual({ status: "ok", db: "up" });
    // The same session, reads and writes, no restart.
    expect((await manager.get("/api/auth/me")).status).toBe(200);
    const created = await manager.post("/api/inventory", { name: "Written after the outage", category: "Bait", quantity: 4 });
    expect(created.status).toBe(201);
    expect((await manager.get(`/api/inventory/${created.body.id}`)).body).toMatchObject({ name: "Written after the outage", quantity: 4 });
    expect((await manager.get("/api/inventory")).body.map((i: any) => i.name)).not.toContain("Written while away");
    const gql = await manager.post("/graphql", { query: "{ dashboardStats { totalItems } }" });
    expect(gql.status).toBe(200);
    expect(gql.body.data.dashboardStats.totalItems).toBeGreaterThan(0);
  });

  it("live events flow again after the outage (the LISTEN connection is re-established)", async () => {
    await proxy.down();
    await new Promise((r) => setTimeout(r, 1500)); // long enough for a reconnect attempt to fail
    await proxy.up();
    const deadline = Date.now() + 15_000;
    while ((await manager.get("/healthz")).status !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 200));
    }
    // Events go out through NOTIFY and come back through LISTEN, even in this one process: a
    // low-stock write must reach a /ws client once the listener is back (it retries within 5 s).
    const socket = new WebSocket(server.url.replace("http", "ws") + "/ws", { headers: { cookie: manager.cookie! } });
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const alerts: string[] = [];
    socket.on("message", (data) => alerts.push(String(data)));
    try {
      let n = 0;
      while (!alerts.some((a) => a.includes("Outage probe"))) {
        expect(Date.now(), "a low-stock alert arrives").toBeLessThan(deadline + 10_000);
        const res = await manager.post("/api/inventory", { name: `Outage probe ${n++}`, category: "Bait", quantity: 1, minQuantity: 5 });
        expect(res.status).toBe(201);
        await new Promise((r) => setTimeout(r, 500));
      }
    } finally {
      socket.close();
    }
  });
});
