import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./generated/client.ts";
import { applyMigrations, type SqlRunner } from "./migrate.ts";

export type { PrismaClient };
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export type Database = {
  prisma: PrismaClient;
  kind: "pglite" | "postgresql";
  /** True when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};

/** Opens the database (PGlite under dataDir, or PostgreSQL at url) and applies pending migrations. */
export type OpenOptions = {
  url?: string;
  dataDir: string;
  /** Called with every SQL statement Prisma sends (tests count them to catch N+1). */
  onQuery?: (sql: string) => void;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: 5000 });
    pool.on("error", () => {}); // idle-client errors surface on the next query instead of crashing
    await applyMigrations(pgRunner(pool));
    const prisma = withQueryHook(new PrismaClient({ adapter: new PrismaPg(pool), ...queryLog(opts) }), opts);
    return {
      prisma,
      kind: "postgresql",
      ping: (t) => ping(prisma, t),
      async close() {
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }
  const pglite = await PGlite.create({ dataDir: join(opts.dataDir, "pgdata") });
  await applyMigrations(pgliteRunner(pglite));
  const prisma = withQueryHook(new PrismaClient({ adapter: new PrismaPGlite(pglite), ...queryLog(opts) }), opts);
  return {
    prisma,
    kind: "pglite",
    ping: (t) => ping(prisma, t),
    close: once(async () => {
      await prisma.$disconnect();
      await pglite.close();
    }),
  };
}

const queryLog = (opts: OpenOptions) => (opts.onQuery ? { log: [{ emit: "event" as const, level: "query" as const }] } : {});

function withQueryHook(prisma: PrismaClient, opts: OpenOptions): PrismaClient {
  if (opts.onQuery) {
    const onQuery = opts.onQuery;
    (prisma as unknown as { $on(e: "query", fn: (e: { query: string }) => void): void }).$on("query", (e) => onQuery(e.query));
  }
  return prisma;
}

/** close() may be called by a signal handler and by the owner; the second call waits for the first. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

async function ping(prisma: PrismaClient, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((r) => (timer = setTimeout(() => r(false), timeoutMs)));
  try {
    return await Promise.race([prisma.$queryRaw`SELECT 1`.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function pgRunner(pool: pg.Pool): SqlRunner {
  return {
    async withLock(fn) {
      const client = await pool.connect();
      try {
        // One process migrates at a time when several start on the same database.
        await client.query("SELECT pg_advisory_lock(7261001)");
        return await fn({
          query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
          exec: async (sql) => void (await client.query(sql)),
        });
      } finally {
        await client.query("SELECT pg_advisory_unlock(7261001)").catch(() => {});
        client.release();
      }
    },
  };
}

function pgliteRunner(db: PGlite): SqlRunner {
  return {
    withLock: (fn) =>
      fn({
        query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params as unknown[])).rows,
        exec: async (sql) => void (await db.exec(sql)),
      }),
  };
}
