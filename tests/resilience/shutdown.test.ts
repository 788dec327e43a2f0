import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import { fromTemplate } from "../helpers/server.ts";
import { call, freePort, freshDatabase, ok, signIn, spawnServerProcess, startServerProcess, type Call } from "../../bench/server-process.ts";

// SIGTERM in the middle of a write load: the server stops accepting, finishes what is in flight,
// closes the database cleanly and exits 0; after a restart every acknowledged write is there and
// none is half-applied. On PGlite always; on PostgreSQL too when TEST_DATABASE_URL is set.

/** PostgreSQL's pg_control DBState: 1 = shut down cleanly, 6 = in production (open, or killed while open). */
const pgControlState = (dataDir: string) => readFileSync(join(dataDir, "pgdata", "global", "pg_control")).readInt32LE(16);
const DB_SHUTDOWNED = 1;

/** A POST whose body arrives in two parts, so the request is in flight for as long as we like. */
function slowPost(url: string, cookie: string, path: string, body: unknown) {
  const bytes = Buffer.from(JSON.stringify(body));
  let finish!: () => void;
  const response = new Promise<Call>((resolve) => {
    const req = httpRequest(`${url}${path}`, {
      method: "POST",
      agent: false,
      headers: { cookie, "content-type": "application/json", "content-length": String(bytes.length) },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.write(bytes.subarray(0, 10));
    finish = () => req.end(bytes.subarray(10));
  });
  return { response, finish: () => finish() };
}

/** A fresh TCP connection to /healthz (no keep-alive pool): refused once the server stopped listening. */
function newConnectionProbe(url: string): Promise<Call> {
  return new Promise((resolve) => {
    const req = httpRequest(`${url}/healthz`, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, body: undefined }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

type EquipmentOp = "checkout" | "checkin";

const targets = [{ name: "PGlite", pg: false }, ...(process.env.TEST_DATABASE_URL ? [{ name: "PostgreSQL", pg: true }] : [])];

describe.each(targets)("graceful shutdown on $name", ({ pg }) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  // Two server start-ups: ~15-35 s here, more when the shared machine is busy.
  it("SIGTERM mid-load: in-flight requests finish, new connections are refused, the database closes cleanly; after a restart every acknowledged write is there and none is half-applied", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "trapline-shutdown-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = pg ? await freshDatabase() : undefined;
    if (database) cleanups.push(() => database.drop());
    // Embedded: a copy of the basic demo database (a new one's initdb and full demo took most of the start).
    if (!database) fromTemplate(dataDir);
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: database?.url ?? "", SEED_DEMO: "basic" };

    let server = await startServerProcess(env);
    cleanups.push(() => void server.child.kill("SIGKILL"));
    const cookie = await signIn(server.url);
    const url = server.url;

    // Each load worker owns one piece of equipment and alternates check-out and check-in on it.
    const workers = 6;
    const equipmentIds: number[] = [];
    for (let i = 0; i < workers; i++) {
      const e = await call(url, cookie, "POST", "/api/equipment", { name: `Shutdown sprayer ${i}`, category: "Sprayer" });
      expect(ok(e), JSON.stringify(e)).toBe(true);
      equipmentIds.push((e as { body: { id: number } }).body.id);
    }

    const ackedItems = new Map<number, { name: string; quantity: number }>();
    const ackedOps = new Map<number, EquipmentOp[]>(equipmentIds.map((id) => [id, []]));
    let signalled = false;
    let stopLoad = false;
    const failuresBeforeSignal: string[] = [];
    const load = Array.from({ length: workers }, async (_, w) => {
      const equipmentId = equipmentIds[w]!;
      let next: EquipmentOp = "checkout";
      for (let k = 0; !stopLoad; k++) {
        const item = { name: `Shutdown item ${w}-${k}`, category: "Bait", quantity: (k % 7) + 1, minQuantity: 2 };
        const created = await call(url, cookie, "POST", "/api/inventory", item, 5000);
        if (ok(created)) ackedItems.set(created.body.id, { name: item.name, quantity: item.quantity });
        else if (!signalled) failuresBeforeSignal.push(`create: ${JSON.stringify(created)}`);
        const op = await call(url, cookie, "POST", `/api/equipment/${equipmentId}/${next}`, next === "checkout" ? { assignedTo: `Worker ${w}` } : undefined, 5000);
        if (ok(op)) {
          ackedOps.get(equipmentId)!.push(next);
          next = next === "checkout" ? "checkin" : "checkout";
        } else if (!signalled) failuresBeforeSignal.push(`${next}: ${JSON.stringify(op)}`);
        if (signalled && (!ok(created) || !ok(op))) return; // the server is going away
      }
    });

    const slow = slowPost(url, cookie, "/api/inventory", { name: "Slow in-flight item", category: "Traps", quantity: 11 });
    // Let the load run until it has made some progress (a loaded machine is slower).
    for (const until = Date.now() + 15_000; ackedItems.size < 30 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
    const ackedBeforeSignal = ackedItems.size;
    signalled = true;
    server.child.kill("SIGTERM");
    // Stop accepting: once the signal is handled, a new connection is not served (refused, or reset
    // if it reached the backlog just before) while the in-flight request still holds the server open.
    let probe = await newConnectionProbe(url);
    for (const until = Date.now() + 5000; ok(probe) && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 100));
      probe = await newConnectionProbe(url);
    }
    slow.finish();
    const slowAnswer = await slow.response;
    const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r("still running after 15 s"), 15_000))]);
    stopLoad = true;
    await Promise.all(load);

    expect(failuresBeforeSignal, "no request failed before the signal").toEqual([]);
    expect(ackedBeforeSignal, "the load made progress before the signal").toBeGreaterThan(10);
    expect(["error ECONNREFUSED", "error ECONNRESET", "status 503"], "a new connection after SIGTERM is not served").toContain(
      "error" in probe ? `error ${probe.error}` : `status ${probe.status}`,
    );
    expect(slowAnswer, "the request in flight at SIGTERM was finished").toMatchObject({ status: 201, body: { name: "Slow in-flight item", quantity: 11 } });
    expect(code, server.output()).toBe(0);
    if (!pg) expect(pgControlState(dataDir), "PGlite was shut down cleanly (pg_control state)").toBe(DB_SHUTDOWNED);
    ackedItems.set((slowAnswer as { body: { id: number } }).body.id, { name: "Slow in-flight item", quantity: 11 });

    // The data, read directly (the server is stopped).
    const db = await openDatabase({ dataDir, url: database?.url });
    try {
      const items = await db.prisma.inventoryItem.findMany({ include: { stockMovements: true } });
      const byId = new Map(items.map((i) => [i.id, i]));
      for (const [id, acked] of ackedItems) {
        expect(byId.get(id), `acknowledged item ${id}`).toMatchObject({ name: acked.name, quantity: acked.quantity });
      }
      const creates = await db.prisma.activityEntry.groupBy({ by: ["entityId"], where: { entityType: "inventory", action: "create" }, _count: true });
      const createCount = new Map(creates.map((c) => [c.entityId, c._count]));
      for (const item of items) {
        // Not half-applied: each item has exactly its one "create" entry, and its stock is the sum of its movements.
        expect(createCount.get(item.id), `activity entry of item ${item.id}`).toBe(1);
        expect(item.stockMovements.reduce((s, m) => s + m.delta, 0), `stock movements of item ${item.id}`).toBe(item.quantity);
        if (ackedItems.has(item.id)) expect(item.stockMovements).toMatchObject([{ reason: "initial", delta: item.quantity }]);
      }
      const entries = await db.prisma.activityEntry.findMany({
        where: { entityType: "equipment", entityId: { in: equipmentIds }, action: { in: ["checkout", "checkin"] } },
        orderBy: { id: "asc" },
      });
      const equipment = await db.prisma.equipment.findMany({ where: { id: { in: equipmentIds } } });
      for (const e of equipment) {
        const logged = entries.filter((x) => x.entityId === e.id).map((x) => x.action as EquipmentOp);
        const acked = ackedOps.get(e.id)!;
        // Every acknowledged change is there; at most the one in flight at the signal was applied unacknowledged.
        expect(logged.slice(0, acked.length), `equipment ${e.id} log`).toEqual(acked);
        expect(logged.length - acked.length).toBeLessThanOrEqual(1);
        expect(e.status, `equipment ${e.id} status follows its log`).toBe(logged.at(-1) === "checkout" ? "checked_out" : "available");
      }
    } finally {
      await db.close();
    }
    if (!pg) expect(pgControlState(dataDir)).toBe(DB_SHUTDOWNED);

    // Restart on the same data: it serves what was acknowledged, then stops cleanly again.
    server = await startServerProcess(env);
    const again = await signIn(server.url);
    const some = [...ackedItems.keys()].slice(-3);
    for (const id of some) expect(await call(server.url, again, "GET", `/api/inventory/${id}`)).toMatchObject({ status: 200, body: { id } });
    server.child.kill("SIGTERM");
    expect(await server.exited, server.output()).toBe(0);
    if (!pg) expect(pgControlState(dataDir)).toBe(DB_SHUTDOWNED);
  });
});

describe("shutdown edges (PGlite)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("a client that never finishes its request cannot hold the shutdown: its connection is cut after the grace period", { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "trapline-shutdown-"));
    dirs.push(dataDir);
    fromTemplate(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()), SEED_DEMO: "basic" });
    try {
      const cookie = await signIn(server.url);
      const stuck = slowPost(server.url, cookie, "/api/inventory", { name: "Never sent in full", category: "Bait" });
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      server.child.kill("SIGTERM");
      expect(await server.exited, server.output()).toBe(0);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(9_000); // it waited for the request (grace period: 10 s)…
      expect(took).toBeLessThan(20_000); // …but not for ever
      expect(await stuck.response).toMatchObject({ error: expect.any(String) });
      expect(server.output()).toMatch(/closing their connections/);
      expect(pgControlState(dataDir)).toBe(DB_SHUTDOWNED);
    } finally {
      server.child.kill("SIGKILL");
    }
  });

  it("SIGTERM during start-up (migrations, seeding) still closes the embedded database cleanly", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "trapline-shutdown-"));
    dirs.push(dataDir);
    const server = spawnServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    try {
      // Signal as soon as the fresh database has its control file: it is being migrated and seeded.
      const control = join(dataDir, "pgdata", "global", "pg_control");
      for (let i = 0; i < 1200 && !existsSync(control); i++) await new Promise((r) => setTimeout(r, 25));
      expect(existsSync(control)).toBe(true);
      server.child.kill("SIGTERM");
      expect(await server.exited, server.output()).toBe(0);
      expect(server.output()).not.toMatch(/is serving on/);
      expect(pgControlState(dataDir)).toBe(DB_SHUTDOWNED);
    } finally {
      server.child.kill("SIGKILL");
    }
  });
});
