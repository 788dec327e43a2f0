// npm run bench [-- --n 1000 --seconds 3 --connections 10 --only healthz,gqlInventory --no-postgraphile]
// npm run bench -- --fleet: one vs two server processes on PostgreSQL (bench/fleet.ts)
// npm run bench -- --writes: item creates and check-out/in of an earlier release and this one, side by side (bench/writes.ts)
//
// Seeds N and 5N inventory items (with N/5 equipment, N/2 requests of 2–3 lines, and the activity
// all those writes log) through the domain layer into two fresh databases — PGlite in temporary
// DATA_DIRs, or with DATABASE_URL fresh PostgreSQL databases created and dropped — each served by
// the real server (createApp) in its own bench process. This process only generates load
// (autocannon) and alternates between the sizes target by target, so a change in the shared
// machine's background load hits both sizes alike. Prints p50/p99/req/s per size, growth 5N/N,
// the ratio to the /healthz floor, the server's main-thread busy time per request, non-2xx and
// errors, and each server's resident memory after the run. Read the ratios within one run.
// BENCH_VACUUM=1 runs VACUUM ANALYZE after seeding (PGlite never vacuums on its own; to see what it costs).
import { fork, type ChildProcess } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { fmt, mb, numberArg, parseArgs, table } from "./lib.ts";
import { runLoad, type LoadResult } from "./load.ts";
import type { ChildReady, Command, Measure, Reply } from "./server-child.ts";
import { benchTargets, checkTarget, COMPARE_PAGE_QUERY, loadOptions, POSTGRAPHILE_PAGE_QUERY, type Target } from "./targets.ts";

const args = parseArgs(process.argv.slice(2));
const n = Math.round(numberArg(args, "n", 1000));
const seconds = numberArg(args, "seconds", 3);
const connections = Math.round(numberArg(args, "connections", 10));
const only = args.only ? args.only.split(",") : undefined;
const databaseUrl = process.env.DATABASE_URL || undefined;
const wantPostGraphile = !args["no-postgraphile"];
// Warm reads repeat one request (the response cache answers after the first); cold targets (…Cold) make
// every request a cache miss. GRAPHQL_CACHE_SECONDS=0 turns the cache off for the whole run.

// --fleet: the 50-row page's req/s with one and with two server processes on one PostgreSQL (bench/fleet.ts).
if (args.fleet !== undefined) {
  const { runFleet } = await import("./fleet.ts");
  await runFleet({ n, seconds: numberArg(args, "seconds", 5), connections });
  process.exit(0);
}

// --writes: the write path of an earlier release (default 3d7d27d) and of this checkout, side by side (bench/writes.ts).
if (args.writes !== undefined) {
  const { benchWrites } = await import("./writes.ts");
  await benchWrites({ old: args.old, release: args.release, writers: args.writers, seconds: args.seconds, rounds: args.rounds });
  process.exit(0);
}

/** A bench server process for one size, driven over IPC. */
class SizeServer {
  private child: ChildProcess;
  private nextId = 1;
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  readonly ready: Promise<ChildReady>;

  constructor(readonly n: number) {
    this.child = fork(fileURLToPath(new URL("./server-child.ts", import.meta.url)), [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, BENCH_N: String(n), BENCH_DATABASE_URL: databaseUrl ?? "", DATABASE_URL: "", NODE_ENV: "production" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.ready = new Promise((resolve, reject) => {
      this.child.on("message", (msg: ChildReady | Reply | { type: "error"; error: string }) => {
        if (msg.type === "ready") resolve(msg);
        else if (msg.type === "error") reject(new Error(`bench server n=${n}: ${msg.error}`));
        else {
          const p = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          if (msg.ok) p?.resolve(msg.result);
          else p?.reject(new Error(msg.error));
        }
      });
      this.child.once("exit", (code) => {
        const err = new Error(`bench server n=${n} exited (${code})`);
        reject(err);
        for (const p of this.pending.values()) p.reject(err);
      });
    });
  }

  call<T>(cmd: Command["cmd"]): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, cmd } satisfies Command);
    });
  }
}

type Run = LoadResult & { busyMsPerRequest: number };
type SizeRun = { info: ChildReady; results: Record<string, Run>; memory?: Measure; postgraphile?: PgCompare };
type PgCompare = { ran: true; version: string; note: string; ours: Run; oursCold: Run; theirs: LoadResult } | { ran: false; reason: string };

async function measured(server: SizeServer, load: () => Promise<LoadResult>): Promise<Run> {
  await server.call("mark");
  const result = await load();
  const m = await server.call<Measure>("measure");
  return { ...result, busyMsPerRequest: m.busyMs / Math.max(1, result.requests) };
}

async function runTarget(server: SizeServer, info: ChildReady, target: Target): Promise<Run> {
  await checkTarget(target, info.base, info.cookie);
  const r = await measured(server, () => runLoad(loadOptions(target, info.base, info.cookie, connections, seconds)));
  process.stderr.write(`  [n=${info.n}] ${target.label}: p50 ${fmt(r.p50, 2)} ms, ${fmt(r.rps, 0)} req/s, ${fmt(r.busyMsPerRequest, 2)} ms busy/req\n`);
  return r;
}

async function comparePostGraphile(server: SizeServer, info: ChildReady): Promise<PgCompare> {
  let started: { base: string; version: string; note: string };
  try {
    started = await server.call("postgraphile-start");
  } catch (err) {
    return { ran: false, reason: `PostGraphile could not be started: ${(err as Error).message.split("\n")[0]}` };
  }
  try {
    const body = JSON.stringify({ query: POSTGRAPHILE_PAGE_QUERY });
    const probe = await fetch(`${started.base}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body });
    const text = await probe.text();
    if (probe.status !== 200 || text.includes('"errors"')) return { ran: false, reason: `PostGraphile answered ${probe.status}: ${text.slice(0, 300)}` };
    const common = { connections, seconds, method: "POST" as const, expect: '"hasNextPage"', forbid: '"errors"' };
    const oursBody = JSON.stringify({ query: COMPARE_PAGE_QUERY });
    const ours = await measured(server, () =>
      runLoad({ ...common, url: `${info.base}/graphql`, headers: { "content-type": "application/json", cookie: info.cookie }, body: oursBody }),
    );
    const theirs = await runLoad({ ...common, url: `${started.base}/graphql`, headers: { "content-type": "application/json" }, body });
    // Ours again with every request a response-cache miss: the page as the first read after a write.
    const oursCold = await measured(server, () =>
      runLoad({ ...common, url: `${info.base}/graphql`, headers: { "content-type": "application/json", cookie: info.cookie }, body: oursBody, fresh: true }),
    );
    process.stderr.write(`  [n=${info.n}] PostGraphile page: p50 ${fmt(theirs.p50, 2)} ms vs ours ${fmt(ours.p50, 2)} ms warm, ${fmt(oursCold.p50, 2)} ms cold\n`);
    return { ran: true, version: started.version, note: started.note, ours, oursCold, theirs };
  } finally {
    await server.call("postgraphile-stop");
  }
}

const startedAt = Date.now();
const where = databaseUrl ? "PostgreSQL (a fresh database per size)" : "PGlite (a temporary DATA_DIR per size)";
console.log(`Trapline bench: ${where}; N=${n} and 5N=${5 * n}; ${connections} connections × ${seconds} s per target`);
console.log(`Node ${process.versions.node}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log("Each size is served by createApp (NODE_ENV=production) in its own bench process; this process only runs autocannon.\n");

// Both sizes seed at once (one core each); the load runs then alternate between them.
const servers = [new SizeServer(n), new SizeServer(5 * n)];
const runs: SizeRun[] = [];
try {
  const infos = await Promise.all(servers.map((s) => s.ready));
  for (const info of infos) runs.push({ info, results: {} });
  const targets = benchTargets("").filter((t) => !only || only.includes(t.key));
  for (const [i, t] of targets.entries()) {
    // ABBA order, so a drift in background load does not always favour the same size.
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const k of order) {
      const target = benchTargets(runs[k]!.info.scanCode, runs[k]!.info.middle).find((x) => x.key === t.key)!;
      runs[k]!.results[t.key] = await runTarget(servers[k]!, runs[k]!.info, target);
    }
  }
  for (const [k, s] of servers.entries()) runs[k]!.memory = await s.call<Measure>("measure");
  if (databaseUrl && wantPostGraphile) {
    for (const [k, s] of servers.entries()) runs[k]!.postgraphile = await comparePostGraphile(s, runs[k]!.info);
  }
} finally {
  await Promise.all(servers.map((s) => s.call("close").catch(() => {})));
}

const [small, large] = runs as [SizeRun, SizeRun];
const targets = benchTargets("").filter((t) => !only || only.includes(t.key));
const floor = (s: SizeRun) => s.results.healthz?.p50 ?? NaN;
const bad = (r: LoadResult) => r.non2xx + r.mismatches;
console.log(
  "\n" +
    table(
      ["target", "N p50", "N p99", "N req/s", "5N p50", "5N p99", "5N req/s", "growth", "N/floor", "5N/floor", "busy/req N", "5N", "growth", "non-2xx", "errors"],
      targets.map((t) => {
        const a = small.results[t.key]!;
        const b = large.results[t.key]!;
        return [
          t.label,
          fmt(a.p50, 2),
          fmt(a.p99, 1),
          fmt(a.rps, 0),
          fmt(b.p50, 2),
          fmt(b.p99, 1),
          fmt(b.rps, 0),
          fmt(b.p50 / a.p50, 2) + "×",
          fmt(a.p50 / floor(small), 1) + "×",
          fmt(b.p50 / floor(large), 1) + "×",
          fmt(a.busyMsPerRequest, 2),
          fmt(b.busyMsPerRequest, 2),
          fmt(b.busyMsPerRequest / a.busyMsPerRequest, 2) + "×",
          `${bad(a)}/${bad(b)}`,
          `${a.errors}/${b.errors}`,
        ];
      }),
    ),
);
console.log(
  "\nLatencies in ms over 2xx answers (full precision). growth = 5N over N. /floor = p50 over /healthz's p50 at the same size.\n" +
    "busy/req = the server's main-thread busy time per request (event-loop utilisation × time / requests, ms): the\n" +
    "server's own cost, much less sensitive than latency to other processes on the machine (it includes PGlite, which\n" +
    "runs on that thread, but not a PostgreSQL server's work). non-2xx counts non-2xx answers plus 2xx answers whose\n" +
    "body was wrong (e.g. a GraphQL errors list), N/5N; errors are connection errors and timeouts, N/5N.",
);
const rows = (s: SizeRun) =>
  `${s.info.rows.items} items, ${s.info.rows.equipment} equipment, ${s.info.rows.requests} requests (${s.info.rows.lines} lines), ` +
  `${s.info.rows.activity} activity entries, ${s.info.rows.movements} stock movements; seeded in ${(s.info.seed.ms / 1000).toFixed(0)} s`;
console.log(`\nN  = ${rows(small)}\n5N = ${rows(large)}`);
const mem = (s: SizeRun) => (s.memory ? `${mb(s.memory.rss)} (JS heap ${mb(s.memory.heapUsed)})` : "-");
console.log(`server resident memory after the run: N ${mem(small)}, 5N ${mem(large)}`);

for (const s of runs) {
  const pg = s.postgraphile;
  if (!databaseUrl) break;
  if (!pg) console.log(`\nPostGraphile at n=${s.info.n}: skipped (--no-postgraphile)`);
  else if (!pg.ran) console.log(`\nPostGraphile at n=${s.info.n}: skipped: ${pg.reason}`);
  else {
    console.log(`\nPostGraphile ${pg.version} at n=${s.info.n}: the same 50-row page (same columns, cursor, pageInfo), back to back${pg.note ? `\n(${pg.note})` : ""}`);
    console.log(
      table(
        ["server", "p50 ms", "p99 ms", "req/s", "non-2xx", "errors"],
        [
          ["Trapline inventoryItems(first: 50), warm", fmt(pg.ours.p50, 2), fmt(pg.ours.p99, 1), fmt(pg.ours.rps, 0), String(bad(pg.ours)), String(pg.ours.errors)],
          ["Trapline, cold (each request a cache miss)", fmt(pg.oursCold.p50, 2), fmt(pg.oursCold.p99, 1), fmt(pg.oursCold.rps, 0), String(bad(pg.oursCold)), String(pg.oursCold.errors)],
          ["PostGraphile allInventoryItems(first: 50)", fmt(pg.theirs.p50, 2), fmt(pg.theirs.p99, 1), fmt(pg.theirs.rps, 0), String(bad(pg.theirs)), String(pg.theirs.errors)],
        ],
      ),
    );
    console.log(`Trapline p50 / PostGraphile p50: ${fmt(pg.ours.p50 / pg.theirs.p50, 2)}× warm, ${fmt(pg.oursCold.p50 / pg.theirs.p50, 2)}× cold`);
  }
}
if (!databaseUrl) console.log("\nPostGraphile: skipped (it serves PostgreSQL only: set DATABASE_URL to compare)");

// The issue's targets, as ratios within this run.
const verdict = (ok: boolean) => (ok ? "holds" : "DOES NOT HOLD");
const lines: string[] = [];
const has = (key: string) => Boolean(small.results[key] && large.results[key]);
for (const [key, label] of [
  ["gqlInventory", "50-row page"],
  ["gqlInventoryDeep", "50-row page halfway down"],
  ["gqlDashboard", "dashboardStats"],
  ["gqlActivity", "activity feed"],
  ["gqlActivityDeep", "activity feed halfway back"],
] as const) {
  if (!has(key)) continue;
  const g = large.results[key]!.p50 / small.results[key]!.p50;
  const gb = large.results[key]!.busyMsPerRequest / small.results[key]!.busyMsPerRequest;
  lines.push(`${label} growth ≤ 1.5×: p50 ${fmt(g, 2)}×, busy/req ${fmt(gb, 2)}×: ${verdict(g <= 1.5)}`);
}
if (has("gqlInventory") && has("healthz")) {
  const worst = Math.max(small.results.gqlInventory!.p50 / floor(small), large.results.gqlInventory!.p50 / floor(large));
  lines.push(`GraphQL page p50 ≤ 3× floor: ${fmt(worst, 1)}× (the worse of N and 5N): ${verdict(worst <= 3)}`);
}
const pgRatios = runs.flatMap((s) => (s.postgraphile?.ran ? [s.postgraphile.ours.p50 / s.postgraphile.theirs.p50] : []));
if (pgRatios.length) lines.push(`GraphQL page ≤ 1.2× PostGraphile's p50: ${pgRatios.map((r) => fmt(r, 2) + "×").join(" (N), ")} (5N): ${verdict(Math.max(...pgRatios) <= 1.2)}`);
// "Cold page no slower than today": the same ratio with the cache off altogether (GRAPHQL_CACHE_SECONDS=0) is the
// reference; machines differ too much between runs for a fixed figure.
const coldRatios = runs.flatMap((s) => (s.postgraphile?.ran ? [s.postgraphile.oursCold.p50 / s.postgraphile.theirs.p50] : []));
if (coldRatios.length)
  lines.push(`cold GraphQL page / PostGraphile's p50: ${coldRatios.map((r) => fmt(r, 2) + "×").join(" (N), ")} (5N): compare with a run under GRAPHQL_CACHE_SECONDS=0 (no cache at all)`);
const failures = runs.reduce((s, r) => s + Object.values(r.results).reduce((t, x) => t + bad(x) + x.errors, 0), 0);
lines.push(`zero errors and non-2xx under load: ${failures}: ${verdict(failures === 0)}`);
if (has("login")) {
  const worst = Math.max(small.results.login!.p50, large.results.login!.p50);
  lines.push(`login p50 ≤ 300 ms (argon2id m=19 MiB, t=2, p=1; ${connections} concurrent sign-ins): ${fmt(worst, 0)} ms: ${verdict(worst <= 300)}`);
}
for (const key of ["restInventory", "restEquipment", "restRequests"]) {
  if (!has(key)) continue;
  const a = small.results[key]!;
  const b = large.results[key]!;
  lines.push(
    `${targets.find((t) => t.key === key)!.label}: p50 ${fmt(a.p50, 1)} → ${fmt(b.p50, 1)} ms, busy/req ${fmt(a.busyMsPerRequest, 1)} → ${fmt(b.busyMsPerRequest, 1)} ms (${fmt(b.busyMsPerRequest / a.busyMsPerRequest, 2)}× for 5× the rows)`,
  );
}
console.log("\nTargets (ratios within this run):\n  " + lines.join("\n  "));
console.log(`\nbench took ${((Date.now() - startedAt) / 1000).toFixed(0)} s; load average now ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
