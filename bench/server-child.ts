// One size of the benchmark in its own process (so its memory figure is its own): a fresh
// database, the real server (createApp) on a free port, seeded through the domain layer. It then
// answers the bench's commands over IPC: mark/measure (main-thread busy time and CPU between the
// two, resident memory), PostGraphile start/stop, close. Started by bench/bench.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { formatPrismaCursor } from "@pothos/plugin-prisma";
import { createApp, type App } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { freshPgDatabase, signInCookie } from "./lib.ts";
import { startPostGraphile, type PostGraphileServer } from "./postgraphile.ts";
import { benchBarcode, seedBench, type SeedCounts } from "./seed.ts";

export type ChildReady = {
  type: "ready";
  n: number;
  base: string;
  cookie: string;
  scanCode: string;
  /** Relay cursors of the rows halfway down the inventory list (by name) and the activity feed (newest first). */
  middle: { inventory: string; activity: string };
  database: "pglite" | "postgresql";
  seed: SeedCounts;
  rows: { items: number; equipment: number; requests: number; lines: number; activity: number; movements: number };
};
export type Measure = { busyMs: number; cpuMs: number; rss: number; heapUsed: number };
export type Command = { id: number; cmd: "mark" | "measure" | "postgraphile-start" | "postgraphile-stop" | "close" };
export type Reply = { type: "reply"; id: number; ok: boolean; result?: unknown; error?: string };

const n = Number(process.env.BENCH_N);
const baseUrl = process.env.BENCH_DATABASE_URL || undefined;
const log = (msg: string) => process.stderr.write(`  [n=${n}] ${msg}\n`);
const send = (msg: ChildReady | Reply | { type: "error"; error: string }) => new Promise<void>((r) => process.send!(msg, () => r()));
const describe = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err));

const dataDir = mkdtempSync(join(tmpdir(), "trapline-bench-"));
let pgdb: Awaited<ReturnType<typeof freshPgDatabase>> | undefined;
let app: App | undefined;
let postgraphile: PostGraphileServer | undefined;

async function cleanup() {
  await postgraphile?.stop().catch(() => {});
  await app?.close().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  await pgdb?.drop().catch(() => {});
}

async function start(): Promise<ChildReady> {
  pgdb = baseUrl ? await freshPgDatabase(baseUrl, "trapline_bench") : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATABASE_URL: pgdb?.url ?? "",
    SEED_DEMO: "1",
    NODE_ENV: "production",
    // All load comes from one address: counted as in production, but never refused.
    RATE_LIMIT_API_MAX: "1000000000",
    // GRAPHQL_CACHE_SECONDS=0 npm run bench: the whole run without the response cache.
    ...(process.env.GRAPHQL_CACHE_SECONDS ? { GRAPHQL_CACHE_SECONDS: process.env.GRAPHQL_CACHE_SECONDS } : {}),
  });
  app = await createApp(config);
  log(`seeding through the domain layer (${pgdb ? "PostgreSQL" : "PGlite"})…`);
  const seed = await seedBench(app.deps, n, pgdb ? 6 : 1);
  const p = app.deps.prisma;
  const [items, equipment, requests, lines, activity, movements] = await Promise.all([
    p.inventoryItem.count(),
    p.equipment.count(),
    p.request.count(),
    p.requestLine.count(),
    p.activityEntry.count(),
    p.stockMovement.count(),
  ]);
  log(`seeded in ${(seed.ms / 1000).toFixed(1)} s: ${items} items, ${equipment} equipment, ${requests} requests, ${activity} activity entries`);
  // What autovacuum does soon after a bulk load; without it the planner's estimates are an empty table's.
  if (pgdb) await p.$executeRawUnsafe("ANALYZE");
  if (process.env.BENCH_VACUUM) await p.$executeRawUnsafe("VACUUM ANALYZE");
  const base = await app.http.listen({ port: 0, host: "127.0.0.1" });
  const cookie = await signInCookie(base, "manager", "manager123");
  const [midItem, midEntry] = await Promise.all([
    p.inventoryItem.findFirstOrThrow({ orderBy: [{ name: "asc" }, { id: "asc" }], skip: Math.floor(items / 2), select: { id: true } }),
    p.activityEntry.findFirstOrThrow({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: Math.floor(activity / 2), select: { id: true } }),
  ]);
  const middle = { inventory: formatPrismaCursor(midItem, "id"), activity: formatPrismaCursor(midEntry, "id") };
  return { type: "ready", n, base, cookie, scanCode: benchBarcode(Math.floor(n / 2)), middle, database: app.db.kind, seed, rows: { items, equipment, requests, lines, activity, movements } };
}

let mark = { elu: performance.eventLoopUtilization(), cpu: process.cpuUsage() };

async function handle(cmd: Command): Promise<unknown> {
  switch (cmd.cmd) {
    case "mark":
      mark = { elu: performance.eventLoopUtilization(), cpu: process.cpuUsage() };
      return {};
    case "measure": {
      const elu = performance.eventLoopUtilization(mark.elu);
      const cpu = process.cpuUsage(mark.cpu);
      const { rss, heapUsed } = process.memoryUsage();
      return { busyMs: elu.active, cpuMs: (cpu.user + cpu.system) / 1000, rss, heapUsed } satisfies Measure;
    }
    case "postgraphile-start":
      if (!pgdb) throw new Error("PostGraphile needs PostgreSQL");
      postgraphile = await startPostGraphile(pgdb.url);
      return { base: postgraphile.base, version: postgraphile.version, note: postgraphile.note };
    case "postgraphile-stop":
      await postgraphile?.stop();
      postgraphile = undefined;
      return {};
    case "close":
      await cleanup();
      return {};
  }
}

process.on("message", (cmd: Command) => {
  handle(cmd).then(
    async (result) => {
      await send({ type: "reply", id: cmd.id, ok: true, result });
      if (cmd.cmd === "close") process.exit(0);
    },
    (err: unknown) => send({ type: "reply", id: cmd.id, ok: false, error: describe(err) }),
  );
});
process.on("disconnect", () => void cleanup().finally(() => process.exit(0)));

start().then(send, async (err: unknown) => {
  await send({ type: "error", error: describe(err) });
  await cleanup();
  process.exit(1);
});
