import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { freePortIn, freshDatabase, signIn, spawnServerProcess, type ServerProcess } from "../../bench/server-process.ts";
import { ApiClient } from "../helpers/server.ts";

// Issue 19: Trapline as a fleet. Two real server processes (as on two hosts: each its own DATA_DIR)
// on one fresh PostgreSQL database with one SESSION_SECRET, as behind a load balancer: a session
// from A works on B, an SDS file uploaded through A downloads through B (the objects live in the
// database), a low-stock change on A reaches a /ws listener and a GraphQL subscriber on B, a
// sign-out on A is refused on B at once, and each serves /metrics and /readyz.

const base = process.env.TEST_DATABASE_URL;
const WAIT_MS = 10_000;
/** Start-up (migrations, seeding) on a loaded shared machine can take long. */
const START_MS = 180_000;

function within<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms))),
  ]);
}

describe.skipIf(!base)("two server processes on one PostgreSQL database", () => {
  const cleanups: (() => unknown)[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let managerA: ApiClient;
  let managerB: ApiClient;

  beforeAll(async () => {
    const database = await freshDatabase("trapline_fleet");
    cleanups.push(() => database.drop());
    const clientDir = mkdtempSync(join(tmpdir(), "trapline-noclient-"));
    cleanups.push(() => rmSync(clientDir, { recursive: true, force: true }));
    const ports = new Set<number>(); // 3500-3599: this suite's range on a shared machine
    const SESSION_SECRET = randomBytes(32).toString("hex");
    const env = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "trapline-fleet-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      return { DATA_DIR: dataDir, PORT: String(await freePortIn(3500, 3599, ports)), DATABASE_URL: database.url, SESSION_SECRET, CLIENT_DIR: clientDir };
    };
    a = spawnServerProcess(await env(), START_MS);
    cleanups.push(async () => {
      a.child.kill("SIGKILL");
      await a.exited;
    });
    await a.serving;
    b = spawnServerProcess(await env(), START_MS);
    cleanups.push(async () => {
      b.child.kill("SIGKILL");
      await b.exited;
    });
    await b.serving;
    managerA = new ApiClient(() => a.url);
    managerA.cookie = await signIn(a.url, "manager", "manager123");
    managerB = new ApiClient(() => b.url);
    managerB.cookie = managerA.cookie;
  }, 2 * START_MS);

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (err) {
        console.error("cleanup failed", err);
      }
    }
  });

  it("a session made on A works on B", async () => {
    expect((await managerB.get("/api/auth/me")).body).toMatchObject({ user: { username: "manager" } });
  });

  it("an SDS file uploaded through A downloads through B, byte for byte", async () => {
    const { signedUrl, objectPath } = (await managerA.post("/api/objects/upload", { fileName: "fleet-sds.pdf", contentType: "application/pdf" })).body;
    const bytes = randomBytes(600 * 1024);
    bytes.write("%PDF-", 0, "latin1");
    const put = await managerA.request("PUT", signedUrl, new Uint8Array(bytes), { "content-type": "application/pdf" });
    expect(put.status, put.text).toBe(200);
    // Linked on B, which checks that the upload exists.
    const item = (await managerB.get("/api/inventory")).body[0];
    expect((await managerB.put("/api/sds-files", { sdsFileUrl: objectPath, itemId: item.id, itemType: "inventory" })).status).toBe(200);
    const got = await fetch(new URL(objectPath, b.url), { headers: { cookie: managerB.cookie! } });
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("a low-stock change on A reaches a /ws listener and a GraphQL subscriber on B", async () => {
    const created = await managerA.post("/api/inventory", { name: "Fleet Bait", category: "Bait", quantity: 30, minQuantity: 10, reorderPoint: 5, unit: "boxes" });
    expect(created.status, created.text).toBe(201);
    const item = created.body as { id: number; name: string };

    const socket = new WebSocket(`${b.url.replace(/^http/, "ws")}/ws`, { headers: { cookie: managerB.cookie! } });
    const wsMessage = new Promise<any>((resolve) => socket.on("message", (data) => {
      const message = JSON.parse(String(data));
      if (message.items?.some((i: { id: number }) => i.id === item.id)) resolve(message);
    }));
    await within(new Promise((resolve, reject) => (socket.once("open", resolve), socket.once("error", reject))), "/ws on B to open");

    let client: Client | undefined;
    const cookie = managerB.cookie!;
    const connected = new Promise<void>((resolve) => {
      client = createClient({
        url: `${b.url.replace(/^http/, "ws")}/graphql`,
        webSocketImpl: class extends WebSocket {
          constructor(address: string | URL, protocols?: string | string[]) {
            super(address, protocols, { headers: { cookie } });
          }
        },
        retryAttempts: 0,
        on: { connected: () => resolve() },
      });
    });
    const gqlAlert = new Promise<any>((resolve, reject) => {
      client!.subscribe(
        { query: "subscription { lowStockAlert { items { databaseId name quantity urgency } } }" },
        {
          next: (result) => {
            const items = (result.data as any)?.lowStockAlert?.items ?? [];
            if (items.some((i: { databaseId: number }) => i.databaseId === item.id)) resolve(items);
          },
          error: reject,
          complete: () => {},
        },
      );
    });
    try {
      await within(connected, "graphql-ws on B to connect");
      // Subscribed on B (its gauges say so: the /ws listener, and the subscription running on the
      // graphql-ws connection, not only the connection) before the change on A.
      await within(
        (async () => {
          for (;;) {
            const text = await (await fetch(new URL("/metrics", b.url))).text();
            if (/^trapline_graphql_ws_operations 1$/m.test(text) && /trapline_live_subscribers\{channel="ws"\} 1/.test(text)) return;
            await new Promise((r) => setTimeout(r, 100));
          }
        })(),
        "B to count its subscribers",
      );
      expect((await managerA.put(`/api/inventory/${item.id}`, { quantity: 4 })).status).toBe(200);

      const message = await within(wsMessage, "the /ws alert on B");
      expect(message).toEqual({ type: "low_stock_alert", items: [{ id: item.id, name: "Fleet Bait", quantity: 4, minQuantity: 10, unit: "boxes", urgency: "critical" }] });
      const items = await within(gqlAlert, "the lowStockAlert on B");
      expect(items.find((i: { databaseId: number }) => i.databaseId === item.id)).toEqual({ databaseId: item.id, name: "Fleet Bait", quantity: 4, urgency: "critical" });
    } finally {
      socket.close();
      await client?.dispose();
    }
  });

  it("each process serves /metrics and /readyz", async () => {
    for (const server of [a, b]) {
      const me = new ApiClient(() => server.url);
      me.cookie = managerA.cookie;
      expect((await me.get("/api/auth/me")).status).toBe(200);
      const ready = await fetch(new URL("/readyz", server.url));
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", migrations: "done", db: "up", bus: "connected" });
      const metrics = await fetch(new URL("/metrics", server.url));
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toMatch(/^trapline_http_requests_total\{method="GET",route="\/api\/auth\/me",status="200"\} \d+$/m);
      expect(text).toMatch(/^trapline_db_pool_connections\{state="total"\} [1-9]\d*$/m);
      expect(text).toMatch(/^trapline_event_bus_connected 1$/m);
      expect(text).toContain("process_resident_memory_bytes");
    }
  });

  it("a sign-out on A is refused on B at once", async () => {
    const tech = new ApiClient(() => a.url);
    tech.cookie = await signIn(a.url, "tech", "tech123");
    const techOnB = new ApiClient(() => b.url);
    techOnB.cookie = tech.cookie;
    expect((await techOnB.get("/api/auth/me")).status).toBe(200);
    expect((await tech.post("/api/auth/logout")).status).toBeLessThan(300);
    const after = await techOnB.get("/api/auth/me");
    expect(after.status).toBe(401);
    expect((await techOnB.get("/api/inventory")).status).toBe(401);
  });
});
