// The soak: the real server (a child process: `node --import tsx server/index.ts`, PGlite in a
// temporary DATA_DIR, or a fresh PostgreSQL database when databaseUrl is given) under mixed load
// from simulated users — reads, equipment check-out/in, requests, approvals and denials, restocks —
// for a while; then it is stopped (SIGTERM) and the data is reconciled: every item's stock equals
// the sum of its stock movements, every approved request issued exactly its lines, nothing else
// issued anything. Used by `npm run soak` (bench/soak.ts) and tests/resilience/soak.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../server/db/client.ts";
import { call, freePort, freshDatabase, ok, rssOf, signIn, startServerProcess, type Call } from "./server-process.ts";
import { prng } from "./seed.ts";

export type SoakOptions = {
  seconds: number;
  users: number;
  databaseUrl?: string;
  seed?: number;
  log?: (message: string) => void;
  /** Seconds between cache-correctness checks (0: none). Default 10. */
  cacheCheckEvery?: number;
};

export type ActionStats = { count: number; statuses: Record<string, number>; p50: number; p99: number };
export type SoakReport = {
  database: "pglite" | "postgresql";
  seconds: number;
  users: number;
  requests: number;
  actions: Record<string, ActionStats>;
  /** Answers that are neither 2xx nor an expected 409 (races lost), and network errors. */
  unexpected: { action: string; answer: string }[];
  conflicts: number;
  /** Server resident memory: after warm-up, at the end of the load, and the highest sample, in bytes. */
  rss: { start: number; end: number; peak: number; samples: number[] };
  exitCode: number | string;
  /**
   * The response cache checked under load (issue 20): at each check the users pause, and every user's
   * reads (the inventory page, the dashboard, the requests page, exactly as the load sends them, so
   * cached answers are served) are compared with the same reads made fresh (with an undeclared variable
   * the cache keys by, so the answer is computed from the database). `cachedReads` is how many of the compared reads
   * the cache answered (the server's hit counter); a mismatch is a stale answer.
   */
  cacheCheck: { checks: number; reads: number; cachedReads: number; mismatches: { user: string; read: string; cached: string; fresh: string }[] };
  reconciliation: {
    items: number;
    movements: number;
    stockMismatches: { id: number; quantity: number; movements: number }[];
    requestsApproved: number;
    issueMismatches: { id: number; issued: number; requested: number }[];
    undecidedWithMovements: number;
    equipmentInconsistent: number;
  };
};

type User = { username: string; name: string; manager: boolean; cookie: string };

const EXPECTED_CONFLICT = 409;

/**
 * How much the server's resident memory may grow from the end of warm-up to the end of the run:
 * 64 MB plus a quarter of what it had after warm-up. Allocators and PGlite's WebAssembly memory
 * keep what they once needed, so some growth is not a leak; a leak of every request's data would
 * pass this within seconds at ~100 requests/s.
 */
export function memoryBound(startRss: number): number {
  return 64 * 2 ** 20 + startRss / 4;
}

export async function runSoak(opts: SoakOptions): Promise<SoakReport> {
  const log = opts.log ?? (() => {});
  const rnd = prng(opts.seed ?? 42);
  const dataDir = mkdtempSync(join(tmpdir(), "trapline-soak-"));
  const database = opts.databaseUrl ? await freshDatabase("trapline_soak", opts.databaseUrl) : undefined;
  const env = { DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: database?.url ?? "" };
  const server = await startServerProcess(env);
  try {
    const url = server.url;
    const admin = await signIn(url);

    // 20 users by default: a fifth of them managers (who also approve and restock).
    log(`setting up ${opts.users} users…`);
    const demo = [
      { username: "manager", password: "manager123", manager: true },
      { username: "tech", password: "tech123", manager: false },
      { username: "pnair", password: "priya1234", manager: false },
      { username: "tbecker", password: "tom12345", manager: false },
      { username: "agomez", password: "alicia1234", manager: false },
    ];
    const accounts = demo.slice(0, Math.min(opts.users, demo.length));
    for (let i = accounts.length; i < opts.users; i++) {
      const manager = i % 5 === 0;
      const username = `soak${String(i).padStart(2, "0")}`;
      const created = await call(url, admin, "POST", "/api/team", { username, password: "soak-password", name: `Soak User ${i}`, role: manager ? "manager" : "employee" });
      if (!ok(created)) throw new Error(`could not add ${username}: ${JSON.stringify(created)}`);
      accounts.push({ username, password: "soak-password", manager });
    }
    const users: User[] = [];
    for (const a of accounts) users.push({ username: a.username, name: a.username, manager: a.manager, cookie: await signIn(url, a.username, a.password) });
    for (let i = 0; i < 10; i++) {
      await call(url, admin, "POST", "/api/equipment", { name: `Soak sprayer ${i}`, category: "Sprayer", serialNumber: `SOAK-${i}` });
      await call(url, admin, "POST", "/api/inventory", { name: `Soak bait ${i}`, category: "Bait", quantity: 200, minQuantity: 20, barcode: `SOAK-BC-${i}` });
    }
    const items = (await call(url, admin, "GET", "/api/inventory")) as { body: { id: number; barcode: string | null }[] };
    const equipment = (await call(url, admin, "GET", "/api/equipment")) as { body: { id: number }[] };
    const itemIds = items.body.map((i) => i.id);
    const barcodes = items.body.flatMap((i) => (i.barcode ? [i.barcode] : []));
    const equipmentIds = equipment.body.map((e) => e.id);

    const latencies = new Map<string, number[]>();
    const statuses = new Map<string, Record<string, number>>();
    const unexpected: SoakReport["unexpected"] = [];
    let conflicts = 0;
    let requests = 0;
    const record = async (action: string, run: () => Promise<Call>, expectOk = true): Promise<Call> => {
      const started = performance.now();
      const answer = await run();
      const ms = performance.now() - started;
      requests++;
      const key = "status" in answer ? String(answer.status) : `error ${answer.error}`;
      const counts = statuses.get(action) ?? {};
      counts[key] = (counts[key] ?? 0) + 1;
      statuses.set(action, counts);
      (latencies.get(action) ?? latencies.set(action, []).get(action)!).push(ms);
      if ("status" in answer && answer.status === EXPECTED_CONFLICT) conflicts++;
      else if (expectOk && !ok(answer)) unexpected.push({ action, answer: JSON.stringify(answer).slice(0, 300) });
      return answer;
    };
    const gql = (user: User, query: string) => call(url, user.cookie, "POST", "/graphql", { query });
    const READS = {
      "inventory page": "{ inventoryItems(first: 20) { edges { cursor node { id name quantity minQuantity stockStatus } } pageInfo { hasNextPage endCursor } } }",
      dashboard:
        "{ dashboardStats { totalItems lowStockItems activeEquipment totalEquipment pendingRequests utilization } activity(first: 10) { edges { node { id action details user { name } } } } lowStockItems { id name quantity } }",
      "requests page": "{ requests(first: 20) { edges { node { id status requester { name } items { name quantity } } } } }",
    };
    const gqlOk = (a: Call): Call => (ok(a) && a.body?.errors ? { status: 500, body: a.body } : a); // a GraphQL errors list is a failure

    const actions: { name: string; weight: number; managerOnly?: boolean; run: (u: User) => Promise<unknown> }[] = [
      { name: "GET /api/inventory", weight: 8, run: (u) => record("GET /api/inventory", () => call(url, u.cookie, "GET", "/api/inventory")) },
      { name: "GET /api/equipment", weight: 5, run: (u) => record("GET /api/equipment", () => call(url, u.cookie, "GET", "/api/equipment")) },
      { name: "GET /api/requests", weight: 5, run: (u) => record("GET /api/requests", () => call(url, u.cookie, "GET", "/api/requests")) },
      {
        name: "GraphQL inventory page",
        weight: 8,
        run: (u) => record("GraphQL inventory page", async () => gqlOk(await gql(u, READS["inventory page"]))),
      },
      {
        name: "GraphQL dashboard",
        weight: 8,
        run: (u) =>
          record("GraphQL dashboard", async () => gqlOk(await gql(u, READS.dashboard))),
      },
      {
        name: "GraphQL requests page",
        weight: 4,
        run: (u) => record("GraphQL requests page", async () => gqlOk(await gql(u, READS["requests page"]))),
      },
      {
        name: "GraphQL scanLookup",
        weight: 3,
        run: (u) => record("GraphQL scanLookup", async () => gqlOk(await gql(u, `{ scanLookup(code: ${JSON.stringify(rnd.pick(barcodes))}) { __typename } }`))),
      },
      {
        name: "check-out/in",
        weight: 10,
        run: async (u) => {
          const id = rnd.pick(equipmentIds);
          const current = await record("GET /api/equipment/:id", () => call(url, u.cookie, "GET", `/api/equipment/${id}`));
          if (!ok(current)) return;
          if (current.body.status === "available") await record("POST …/checkout", () => call(url, u.cookie, "POST", `/api/equipment/${id}/checkout`, { assignedTo: u.name }));
          else if (current.body.status === "checked_out") await record("POST …/checkin", () => call(url, u.cookie, "POST", `/api/equipment/${id}/checkin`));
        },
      },
      {
        name: "POST /api/requests",
        weight: 10,
        run: (u) => {
          const equipmentRequest = rnd.next() < 0.15;
          const ids = new Set<number>();
          const lines = equipmentRequest ? 1 : rnd.int(1, 3);
          while (ids.size < lines) ids.add(rnd.pick(equipmentRequest ? equipmentIds : itemIds));
          return record("POST /api/requests", () =>
            call(url, u.cookie, "POST", "/api/requests", {
              type: equipmentRequest ? "equipment" : "inventory",
              justification: "Soak test job",
              items: [...ids].map((id) => ({ id, quantity: equipmentRequest ? 1 : rnd.int(1, 6) })),
            }),
          );
        },
      },
      {
        name: "approve/deny",
        weight: 12,
        managerOnly: true,
        run: async (u) => {
          // A manager works through a few pending requests at a time (so they do not pile up).
          const pending = await record("GraphQL pending requests", async () => gqlOk(await gql(u, "{ requests(first: 20, status: pending) { edges { node { databaseId } } } }")));
          if (!ok(pending)) return;
          const ids = (pending.body.data.requests.edges as { node: { databaseId: number } }[]).map((e) => e.node.databaseId);
          for (let i = 0; i < 4 && ids.length; i++) {
            const [id] = ids.splice(rnd.int(0, ids.length - 1), 1);
            if (rnd.next() < 0.75) await record("PUT …/approve", () => call(url, u.cookie, "PUT", `/api/requests/${id}/approve`));
            else await record("PUT …/deny", () => call(url, u.cookie, "PUT", `/api/requests/${id}/deny`));
          }
        },
      },
      {
        name: "restock",
        weight: 4,
        managerOnly: true,
        run: async (u) => {
          const id = rnd.pick(itemIds);
          const item = await record("GET /api/inventory/:id", () => call(url, u.cookie, "GET", `/api/inventory/${id}`));
          if (ok(item)) await record("PUT /api/inventory/:id", () => call(url, u.cookie, "PUT", `/api/inventory/${id}`, { quantity: item.body.quantity + rnd.int(10, 60) }));
        },
      },
    ];

    const rssSamples: { at: number; rss: number }[] = [];
    const started = Date.now();
    const deadline = started + opts.seconds * 1000;
    const sampler = setInterval(() => rssSamples.push({ at: Date.now() - started, rss: rssOf(server.child.pid!) }), 1000);
    rssSamples.push({ at: 0, rss: rssOf(server.child.pid!) });
    log(`${users.length} users for ${opts.seconds} s…`);
    const progress = setInterval(() => log(`  ${Math.round((Date.now() - started) / 1000)} s: ${requests} requests, ${conflicts} conflicts, ${unexpected.length} unexpected, server rss ${Math.round(rssOf(server.child.pid!) / 2 ** 20)} MB`), 30_000);
    // The cache check pauses the users: none starts an action while `paused` is set, and the check
    // waits for those in flight to finish, so cached and fresh reads see the same database.
    let paused: Promise<void> | null = null;
    let inFlight = 0;
    const cacheCheck: SoakReport["cacheCheck"] = { checks: 0, reads: 0, cachedReads: 0, mismatches: [] };
    const checkEvery = (opts.cacheCheckEvery ?? 10) * 1000;
    const checker = async () => {
      let n = 0;
      while (checkEvery > 0 && Date.now() + checkEvery < deadline) {
        await new Promise((resolve) => setTimeout(resolve, checkEvery));
        let resume!: () => void;
        paused = new Promise((resolve) => (resume = resolve));
        while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
        // The last writes' events reach the cache through the event bus (in-process, or PostgreSQL's NOTIFY).
        await new Promise((resolve) => setTimeout(resolve, 250));
        const hitsBefore = await cacheHits(url);
        for (const u of users)
          for (const [read, query] of Object.entries(READS)) {
            const cached = await gql(u, query);
            // The same read with a variable the operation does not declare (graphql ignores it; the
            // cache keys by it): an answer the cache has never seen, computed from the database.
            const fresh = await call(url, u.cookie, "POST", "/graphql", { query, variables: { __fresh: `${cacheCheck.checks}-${n++}` } });
            const a = JSON.stringify(ok(cached) ? cached.body.data : cached);
            const b = JSON.stringify(ok(fresh) ? fresh.body.data : fresh);
            cacheCheck.reads++;
            if (a !== b) cacheCheck.mismatches.push({ user: u.username, read, cached: a.slice(0, 400), fresh: b.slice(0, 400) });
          }
        cacheCheck.cachedReads += (await cacheHits(url)) - hitsBefore;
        cacheCheck.checks++;
        paused = null;
        resume();
      }
    };
    await Promise.all([
      checker(),
      ...users.map(async (u) => {
        const mine = actions.filter((a) => u.manager || !a.managerOnly);
        const total = mine.reduce((s, a) => s + a.weight, 0);
        while (Date.now() < deadline) {
          while (paused) await paused;
          let r = rnd.next() * total;
          const action = mine.find((a) => (r -= a.weight) < 0) ?? mine[0]!;
          inFlight++;
          try {
            await action.run(u);
          } finally {
            inFlight--;
          }
          await new Promise((resolve) => setTimeout(resolve, rnd.int(20, 200)));
        }
      }),
    ]);
    clearInterval(sampler);
    clearInterval(progress);
    rssSamples.push({ at: Date.now() - started, rss: rssOf(server.child.pid!) });

    log("stopping the server (SIGTERM) and reconciling…");
    server.child.kill("SIGTERM");
    const exitCode = await server.exited;
    const reconciliation = await reconcile(dataDir, database?.url);

    // Memory after warm-up: the first sample past a fifth of the run (JIT, caches and pools filled).
    const warm = rssSamples.find((s) => s.at >= (opts.seconds * 1000) / 5) ?? rssSamples[0]!;
    const stats = (action: string): ActionStats => {
      const l = (latencies.get(action) ?? []).sort((a, b) => a - b);
      const at = (q: number) => l[Math.min(l.length - 1, Math.floor(q * l.length))] ?? NaN;
      return { count: l.length, statuses: statuses.get(action) ?? {}, p50: at(0.5), p99: at(0.99) };
    };
    return {
      database: database ? "postgresql" : "pglite",
      seconds: opts.seconds,
      users: users.length,
      requests,
      actions: Object.fromEntries([...latencies.keys()].sort().map((a) => [a, stats(a)])),
      unexpected,
      conflicts,
      rss: { start: warm.rss, end: rssSamples.at(-1)!.rss, peak: Math.max(...rssSamples.map((s) => s.rss)), samples: rssSamples.map((s) => s.rss) },
      exitCode,
      cacheCheck,
      reconciliation,
    };
  } finally {
    server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** The server's response-cache hit counter, from /metrics (trapline_graphql_response_cache_total{result="hit"}). */
async function cacheHits(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = /^trapline_graphql_response_cache_total\{result="hit"\} (\d+)/m.exec(text);
  if (!line) throw new Error("/metrics has no response-cache hit counter");
  return Number(line[1]);
}

/** Reads the stopped server's data directly and checks that stock and requests add up. */
async function reconcile(dataDir: string, url: string | undefined): Promise<SoakReport["reconciliation"]> {
  const db = await openDatabase({ dataDir, url });
  try {
    const p = db.prisma;
    const stockMismatches = await p.$queryRaw<{ id: number; quantity: number; movements: number }[]>`
      SELECT i.id, i.quantity, coalesce(sum(m.delta), 0)::int AS movements
      FROM "InventoryItem" i LEFT JOIN "StockMovement" m ON m."itemId" = i.id
      GROUP BY i.id HAVING i.quantity <> coalesce(sum(m.delta), 0)`;
    const issueMismatches = await p.$queryRaw<{ id: number; issued: number; requested: number }[]>`
      SELECT r.id,
        coalesce((SELECT -sum(m.delta) FROM "StockMovement" m WHERE m."requestId" = r.id), 0)::int AS issued,
        (SELECT sum(l.quantity) FROM "RequestLine" l WHERE l."requestId" = r.id)::int AS requested
      FROM "Request" r WHERE r.status = 'approved' AND r.type = 'inventory'
      AND coalesce((SELECT -sum(m.delta) FROM "StockMovement" m WHERE m."requestId" = r.id), 0) <> (SELECT sum(l.quantity) FROM "RequestLine" l WHERE l."requestId" = r.id)`;
    const [counts] = await p.$queryRaw<{ items: number; movements: number; approved: number; undecided: number; inconsistent: number }[]>`
      SELECT (SELECT count(*) FROM "InventoryItem")::int AS items,
             (SELECT count(*) FROM "StockMovement")::int AS movements,
             (SELECT count(*) FROM "Request" WHERE status = 'approved')::int AS approved,
             (SELECT count(*) FROM "StockMovement" m JOIN "Request" r ON r.id = m."requestId" WHERE r.status <> 'approved')::int AS undecided,
             (SELECT count(*) FROM "Equipment" WHERE (status = 'checked_out') <> ("assignedTo" IS NOT NULL))::int AS inconsistent`;
    return {
      items: counts!.items,
      movements: counts!.movements,
      stockMismatches,
      requestsApproved: counts!.approved,
      issueMismatches,
      undecidedWithMovements: counts!.undecided,
      equipmentInconsistent: counts!.inconsistent,
    };
  } finally {
    await db.close();
  }
}
