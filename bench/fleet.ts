// npm run bench -- --fleet [--n 1000 --seconds 5 --connections 10]   (needs DATABASE_URL: PostgreSQL)
//
// Issue 19: req/s of the 50-row inventory page (GraphQL inventoryItems(first: 50), as the client
// asks) with one server process and with two on one fresh PostgreSQL database, side by side. N items
// are seeded through the domain; the processes are the real server (`server/index.ts`), each with
// its own DATA_DIR and one SESSION_SECRET; this process only generates load (autocannon). Two
// processes share the connections half and half, like a round-robin proxy. Runs go 1, 2, 1, 2
// processes so the shared machine's background load hits both alike; read the ratio, not the
// absolute figures, and mind the cores: two processes help only with a core free for each.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { createApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { fmt, table } from "./lib.ts";
import { runLoad, type LoadResult } from "./load.ts";
import { seedBench } from "./seed.ts";
import { freePort, freshDatabase, signIn, startServerProcess, type ServerProcess } from "./server-process.ts";
import { INVENTORY_PAGE_QUERY } from "./targets.ts";

export async function runFleet(opts: { n: number; seconds: number; connections: number }) {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error("bench --fleet runs on PostgreSQL: set DATABASE_URL (a fresh database is made and dropped on that server)");
  const db = await freshDatabase("trapline_fleetbench", base);
  const dirs: string[] = [];
  const dataDir = () => {
    const d = mkdtempSync(join(os.tmpdir(), "trapline-fleetbench-"));
    dirs.push(d);
    return d;
  };
  const procs: ServerProcess[] = [];
  try {
    const seeding = await createApp(loadConfig({ DATABASE_URL: db.url, DATA_DIR: dataDir(), LOG_LEVEL: "silent" }));
    const seeded = await seedBench(seeding.deps, opts.n, 6);
    await seeding.close();
    console.log(`seeded ${seeded.items} items, ${seeded.equipment} equipment, ${seeded.requests} requests in ${fmt(seeded.ms / 1000)} s`);

    const SESSION_SECRET = randomBytes(32).toString("hex");
    const start = async () => {
      const p = await startServerProcess({ DATABASE_URL: db.url, DATA_DIR: dataDir(), PORT: String(await freePort()), SESSION_SECRET, NODE_ENV: "production" }, 180_000);
      procs.push(p);
      return p;
    };
    const a = await start();
    const b = await start();
    const cookie = await signIn(a.url);
    const load = (url: string, connections: number) =>
      runLoad({
        url: `${url}/graphql`,
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ query: INVENTORY_PAGE_QUERY }),
        connections,
        seconds: opts.seconds,
        expect: '"edges"',
        forbid: '"errors"',
      });
    const sum = (rs: LoadResult[]) => ({
      rps: rs.reduce((t, r) => t + r.rps, 0),
      p50: Math.max(...rs.map((r) => r.p50)),
      p99: Math.max(...rs.map((r) => r.p99)),
      bad: rs.reduce((t, r) => t + r.non2xx + r.mismatches + r.errors, 0),
    });
    await load(a.url, opts.connections); // warm-up, not counted
    await load(b.url, opts.connections);
    const one: ReturnType<typeof sum>[] = [];
    const two: ReturnType<typeof sum>[] = [];
    for (let round = 0; round < 2; round++) {
      one.push(sum([await load(a.url, opts.connections)]));
      const half = Math.max(1, Math.floor(opts.connections / 2));
      two.push(sum(await Promise.all([load(a.url, half), load(b.url, opts.connections - half)])));
    }
    const mean = (xs: number[]) => xs.reduce((t, x) => t + x, 0) / xs.length;
    const row = (label: string, runs: ReturnType<typeof sum>[]) => [
      label,
      runs.map((r) => fmt(r.rps)).join(", "),
      fmt(mean(runs.map((r) => r.rps))),
      fmt(mean(runs.map((r) => r.p50))),
      fmt(mean(runs.map((r) => r.p99))),
      String(runs.reduce((t, r) => t + r.bad, 0)),
    ];
    console.log(`\nGraphQL inventoryItems(first: 50), ${opts.n} items, ${opts.connections} connections, ${opts.seconds} s a run, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    console.log(table(["processes", "req/s per run", "req/s mean", "p50 ms", "p99 ms", "non-2xx+errors"], [row("1", one), row("2", two)]));
    console.log(`two/one: ${fmt(mean(two.map((r) => r.rps)) / mean(one.map((r) => r.rps)))}×`);
  } finally {
    for (const p of procs) {
      p.child.kill("SIGTERM");
      await p.exited;
    }
    await db.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
