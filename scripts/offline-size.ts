// How much data a phone keeps offline: the four REST reads its offline copy is made of
// (GET /api/equipment, /api/inventory, /api/requests and, for managers, /api/team), made with the
// user's session against the real server (`server/index.ts` as a child process) over HTTP. Per read
// and in total: raw JSON bytes, brotli bytes on the wire (`Accept-Encoding: br`; the server
// compresses JSON from 1 kB on), the median wall time of N rounds of the four reads in parallel
// (received and decompressed) and of JSON.parse of them all. For the demo company and for a big one
// (--items 5000 --equipment 500 --requests 1000, inserted straight into the database), as the demo
// manager and a demo technician; on PGlite in a temp DATA_DIR, and on PostgreSQL too when
// DATABASE_URL is set (a fresh database, dropped after). Prints a table; writes .tmp/offline-size.json.
//
//   npm run bench:offline [-- --items 5000 --equipment 500 --requests 1000 --rounds 5]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { brotliDecompressSync } from "node:zlib";
import { freshPgDatabase, numberArg, parseArgs, signInCookie, table } from "../bench/lib.ts";
import { benchItemFields, prng } from "../bench/seed.ts";
import { freePortIn, startServerProcess, type ServerProcess } from "../bench/server-process.ts";
import { createApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { EQUIPMENT_CATEGORIES } from "../schemas/constants.ts";

const args = parseArgs(process.argv.slice(2));
const big = { items: numberArg(args, "items", 5000), equipment: numberArg(args, "equipment", 500), requests: numberArg(args, "requests", 1000) };
const rounds = numberArg(args, "rounds", 5);
const databaseUrl = process.env.DATABASE_URL || undefined;

const READS = ["/api/equipment", "/api/inventory", "/api/requests", "/api/team"] as const;
const USERS = [
  { username: "manager", password: "manager123", role: "manager" },
  { username: "tech", password: "tech123", role: "employee" },
] as const;

type ReadFigures = { path: string; status: number; rows: number; rawBytes: number; wireBytes: number; encoding: string; medianMs: number };
type Run = {
  database: "pglite" | "postgresql";
  company: string;
  rows: { items: number; equipment: number; requests: number; users: number };
  user: string;
  role: string;
  reads: ReadFigures[];
  total: { rawBytes: number; wireBytes: number; medianMs: number; minMs: number; maxMs: number; parseMedianMs: number };
};

/** Kept-alive connections, as a phone's browser keeps them; one pool per server process. */
let agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** One GET; the body as received on the wire (not decompressed) and its Content-Encoding. */
function get(base: string, path: string, cookie: string, acceptEncoding: string): Promise<{ status: number; body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { agent, headers: { cookie, "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), encoding: String(res.headers["content-encoding"] ?? "identity") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const decode = (r: { body: Buffer; encoding: string }) => (r.encoding === "br" ? brotliDecompressSync(r.body) : r.body).toString("utf8");
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function measure(base: string, user: (typeof USERS)[number]): Promise<Pick<Run, "reads" | "total">> {
  const cookie = await signInCookie(base, user.username, user.password);
  const paths = READS.filter((p) => p !== "/api/team" || user.role === "manager");
  const reads: ReadFigures[] = [];
  for (const path of paths) {
    const raw = await get(base, path, cookie, "identity");
    const br = await get(base, path, cookie, "br");
    if (raw.status !== 200 || br.status !== 200) throw new Error(`${user.username} GET ${path}: ${raw.status}/${br.status} ${raw.body.toString().slice(0, 200)}`);
    if (raw.encoding !== "identity") throw new Error(`GET ${path} with Accept-Encoding: identity came back ${raw.encoding}`);
    if (decode(br) !== raw.body.toString("utf8")) throw new Error(`GET ${path}: the brotli body does not decode to the raw one`);
    const rows = (JSON.parse(raw.body.toString("utf8")) as unknown[]).length;
    reads.push({ path, status: raw.status, rows, rawBytes: raw.body.length, wireBytes: br.body.length, encoding: br.encoding, medianMs: NaN });
  }

  // One warm-up round, then `rounds` timed rounds of all reads in parallel, as the phone makes them.
  const round = async () => {
    const started = performance.now();
    const perRead = await Promise.all(
      paths.map(async (path) => {
        const r = await get(base, path, cookie, "br");
        const text = decode(r);
        return { ms: performance.now() - started, text };
      }),
    );
    return { ms: performance.now() - started, perRead };
  };
  await round();
  const timed: Awaited<ReturnType<typeof round>>[] = [];
  for (let i = 0; i < rounds; i++) timed.push(await round());
  reads.forEach((r, i) => (r.medianMs = median(timed.map((t) => t.perRead[i]!.ms))));

  const texts = timed[0]!.perRead.map((r) => r.text);
  const parseMs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    for (const t of texts) JSON.parse(t);
    parseMs.push(performance.now() - started);
  }
  const totals = timed.map((t) => t.ms);
  return {
    reads,
    total: {
      rawBytes: reads.reduce((s, r) => s + r.rawBytes, 0),
      wireBytes: reads.reduce((s, r) => s + r.wireBytes, 0),
      medianMs: median(totals),
      minMs: Math.min(...totals),
      maxMs: Math.max(...totals),
      parseMedianMs: median(parseMs),
    },
  };
}

/**
 * The big company: the demo data (the server's own seeding, through createApp) plus `big` rows
 * written straight with createMany, in the shapes the domain writes. Runs in this process before
 * the server process opens the same data (PGlite admits one process at a time).
 */
async function seedBig(env: Record<string, string>) {
  const app = await createApp(loadConfig({ ...env, PORT: "0", LOG_LEVEL: "silent" }));
  try {
    const p = app.deps.prisma;
    const rnd = prng(20261123);
    const users = await p.user.findMany({ select: { id: true, role: true } });
    const manager = users.find((u) => u.role === "manager")!;
    const techs = users.filter((u) => u.role !== "manager");
    const places = ["Chemical Room", "Warehouse A", "Warehouse B", "Shop", "PPE Cabinet", "Supply Closet", "Truck 1", "Truck 2"];

    const items = await p.inventoryItem.createManyAndReturn({
      select: { id: true, name: true },
      data: Array.from({ length: big.items }, (_, i) => benchItemFields(rnd, i, "QR-SIZE")),
    });
    // As the domain keeps it: each item's stock is a level at the main warehouse (the total is their sum).
    await p.$executeRaw`
      INSERT INTO "StockLevel" ("itemId", "locationId", "quantity", "updatedAt")
      SELECT i.id, (SELECT min(id) FROM "StockLocation" WHERE kind = 'WAREHOUSE' AND NOT archived), i.quantity, now()
      FROM "InventoryItem" i WHERE i.quantity > 0 AND NOT EXISTS (SELECT 1 FROM "StockLevel" l WHERE l."itemId" = i.id)`;
    const now = Date.now();
    await p.equipment.createMany({
      data: Array.from({ length: big.equipment }, (_, i) => {
        const out = i % 3 === 0;
        return {
          name: `${rnd.pick(["B&G", "Birchmeier", "Hilti", "Atrix", "Curtis", "FLIR", "Milwaukee"])} ${rnd.pick(["Backpack Sprayer", "Rotary Hammer", "HEPA Vacuum", "Bait Gun", "Cold Fogger", "Thermal Camera"])} ${i}`,
          description: i % 2 ? "Company equipment, see the shop log for service history" : null,
          category: rnd.pick(EQUIPMENT_CATEGORIES),
          serialNumber: `SN-SIZE-${String(i).padStart(6, "0")}`,
          status: out ? ("checked_out" as const) : ("available" as const),
          assignedTo: out ? "Marcus Reyes" : null,
          assignedAt: out ? new Date(now - rnd.int(1, 72) * 3_600_000) : null,
          location: `${rnd.pick(places)} - Rack ${rnd.int(1, 9)}`,
          purchaseDate: new Date(now - rnd.int(30, 2000) * 86_400_000),
          lastMaintenance: new Date(now - rnd.int(1, 200) * 86_400_000),
          nextMaintenance: new Date(now + rnd.int(1, 200) * 86_400_000),
          dueBack: out ? new Date(now + rnd.int(1, 14) * 86_400_000) : null,
          qrCode: `QR-EQ-SIZE-${i}`,
        };
      }),
    });
    const requests = await p.request.createManyAndReturn({
      select: { id: true },
      data: Array.from({ length: big.requests }, (_, i) => {
        const decided = rnd.next();
        const status = decided < 0.5 ? ("approved" as const) : decided < 0.75 ? ("denied" as const) : ("pending" as const);
        return {
          requesterId: rnd.pick(techs).id,
          type: "inventory" as const,
          status,
          justification: `Job ${i}: ${rnd.pick(["weekly route restock", "termite pre-treat", "rodent exclusion", "mosquito barrier", "bed bug follow-up"])}`,
          approvedById: status === "pending" ? null : manager.id,
          approvedAt: status === "pending" ? null : new Date(now - rnd.int(1, 500) * 3_600_000),
          createdAt: new Date(now - rnd.int(500, 5000) * 3_600_000),
        };
      }),
    });
    await p.requestLine.createMany({
      data: requests.flatMap((r) =>
        Array.from({ length: rnd.int(2, 3) }, (_, position) => {
          const item = rnd.pick(items);
          return { requestId: r.id, position, inventoryItemId: item.id, name: item.name, quantity: rnd.int(1, 6) };
        }),
      ),
    });
  } finally {
    await app.close();
  }
}

async function rowCounts(base: string): Promise<Run["rows"]> {
  const cookie = await signInCookie(base, "manager", "manager123");
  const count = async (path: string) => (JSON.parse(decode(await get(base, path, cookie, "br"))) as unknown[]).length;
  const [equipment, items, requests, users] = await Promise.all(READS.map(count));
  return { items: items!, equipment: equipment!, requests: requests!, users: users! };
}

async function scenario(database: "pglite" | "postgresql", company: "demo" | "big"): Promise<Run[]> {
  const dataDir = mkdtempSync(join(os.tmpdir(), "trapline-offline-size-"));
  const clientDir = mkdtempSync(join(os.tmpdir(), "trapline-noclient-")); // the API is measured, not the app's files
  const pgdb = database === "postgresql" ? await freshPgDatabase(databaseUrl!, "trapline_offsrv_size") : undefined;
  let server: ServerProcess | undefined;
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: pgdb?.url ?? "", CLIENT_DIR: clientDir, SEED_DEMO: "1", NODE_ENV: "production" };
    if (company === "big") {
      const started = Date.now();
      await seedBig(env);
      console.error(`  ${database}: seeded ${big.items} items, ${big.equipment} equipment, ${big.requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    server = await startServerProcess({ ...env, PORT: String(await freePortIn(3400, 3499)) });
    const rows = await rowCounts(server.url);
    const runs: Run[] = [];
    for (const user of USERS) {
      const figures = await measure(server.url, user);
      runs.push({ database, company: company === "demo" ? "demo company" : `${big.items} items`, rows, user: user.username, role: user.role, ...figures });
    }
    return runs;
  } finally {
    if (server) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: 8 });
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
    await pgdb?.drop();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (v: number) => v.toFixed(1);

const runs: Run[] = [];
for (const database of databaseUrl ? (["pglite", "postgresql"] as const) : (["pglite"] as const)) {
  for (const company of ["demo", "big"] as const) {
    console.error(`${database}, ${company}…`);
    runs.push(...(await scenario(database, company)));
  }
}

const rowsOut: string[][] = [];
for (const run of runs) {
  const who = `${run.database} ${run.company} ${run.user}`;
  for (const r of run.reads) rowsOut.push([`${who} ${r.path}`, String(r.rows), kb(r.rawBytes), kb(r.wireBytes), r.encoding, ms(r.medianMs), ""]);
  rowsOut.push([`${who} TOTAL`, "", kb(run.total.rawBytes), kb(run.total.wireBytes), "", ms(run.total.medianMs), ms(run.total.parseMedianMs)]);
}
console.log(`\nOffline copy per user: four reads (team for managers), ${rounds} rounds in parallel after one warm-up; medians. Node ${process.version}, ${os.cpus().length} cores (shared).\n`);
console.log(table(["read", "rows", "raw kB", "wire kB", "encoding", "ms", "parse ms"], rowsOut));
console.log("ms: from the start of a round to that read received and decompressed (TOTAL: the whole round); parse ms: JSON.parse of all of them.");
mkdirSync(".tmp", { recursive: true });
writeFileSync(".tmp/offline-size.json", JSON.stringify({ at: new Date().toISOString(), node: process.version, cores: os.cpus().length, rounds, big, runs }, null, 2) + "\n");
console.log("\nwrote .tmp/offline-size.json");
