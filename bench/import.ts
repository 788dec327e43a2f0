// How long a CSV import of N inventory rows takes (default 5,000), over HTTP against the real server
// (server/index.ts as a child process): a dry run, the import that creates them all, a dry run of the
// same file with every quantity changed, and that import (all N updates). On PGlite in a temp
// DATA_DIR, and on PostgreSQL too when DATABASE_URL is set (a fresh database, dropped after).
//
//   npm run bench:import [-- --rows 5000]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { toCsv } from "../server/domain/csv.ts";
import { freshPgDatabase, numberArg, parseArgs, table } from "./lib.ts";
import { benchItemFields, prng } from "./seed.ts";
import { freePort, signIn, startServerProcess } from "./server-process.ts";

const args = parseArgs(process.argv.slice(2));
const rows = numberArg(args, "rows", 5000);
const databaseUrl = process.env.DATABASE_URL || undefined;

type Item = ReturnType<typeof benchItemFields>;
const COLUMNS = ["name", "description", "category", "quantity", "minQuantity", "reorderPoint", "reorderQuantity", "unit", "price", "supplier", "location", "barcode", "qrCode", "hazardous"] as const;

function fileOf(items: Item[]): string {
  return toCsv(
    COLUMNS.map((key) => ({ header: key, value: (item: Item) => item[key] })),
    items,
  );
}

async function timedImport(url: string, cookie: string, csv: string, dryRun: boolean) {
  const started = performance.now();
  const res = await fetch(`${url}/api/inventory/import${dryRun ? "?dryRun=true" : ""}`, { method: "POST", headers: { "content-type": "text/csv", cookie }, body: csv });
  const body = (await res.json()) as { created: number; updated: number; errors: unknown[] };
  const ms = performance.now() - started;
  if (res.status !== 200 || body.errors.length) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return { ms, created: body.created, updated: body.updated };
}

async function run(database: "pglite" | "postgresql"): Promise<string[][]> {
  const dataDir = mkdtempSync(join(os.tmpdir(), "trapline-bench-import-"));
  const pg = database === "postgresql" ? await freshPgDatabase(databaseUrl!, "trapline_bench_import") : null;
  const server = await startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()), ...(pg ? { DATABASE_URL: pg.url } : {}) }, 120_000);
  try {
    const cookie = await signIn(server.url);
    const rnd = prng(17);
    const items = Array.from({ length: rows }, (_, i) => benchItemFields(rnd, i + 1, "bench-import"));
    const createFile = fileOf(items);
    const updateFile = fileOf(items.map((item) => ({ ...item, quantity: item.quantity + 7 })));
    const out: string[][] = [];
    for (const [step, csv, dryRun] of [
      ["dry run (all new)", createFile, true],
      ["import (all new)", createFile, false],
      ["dry run (all updates)", updateFile, true],
      ["import (all updates)", updateFile, false],
    ] as const) {
      const r = await timedImport(server.url, cookie, csv, dryRun);
      out.push([database, step, String(rows), `${(csv.length / 1024).toFixed(0)} kB`, String(r.created), String(r.updated), (r.ms / 1000).toFixed(2)]);
    }
    return out;
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

const results = [...(await run("pglite")), ...(databaseUrl ? await run("postgresql") : [])];
console.log(table(["database", "step", "rows", "file", "created", "updated", "seconds"], results));
process.exit(0);
