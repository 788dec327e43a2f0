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
  /** PostgreSQL only: the pool Prisma uses, for the few statements that bypass Prisma (rate-limit counters). */
  pool: pg.Pool | null;
  /**
   * PGlite only: the whole data directory as PGlite's own dump (tar.gz), taken between two statements
   * after a checkpoint, so it is a consistent copy while the server runs (for backups).
   */
  dumpDataDir?(): Promise<Uint8Array>;
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
  /** Called with every query's duration in milliseconds (the /metrics histogram). */
  onQueryTime?: (ms: number) => void;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    // When the database goes away requests fail fast (a refused or cut connection at once; a
    // connection attempt that hangs after 5 s; a query on a connection that stopped answering
    // after 15 s) and answer 503 (see isDatabaseUnavailable); the pool makes new connections once
    // the database is back.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      connectionTimeoutMillis: 5000,
      query_timeout: 15_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Every timestamp is kept as UTC without a zone (Prisma's writes); the ones the database stamps itself
      // (now() in stock levels, count lines, idempotency keys) must be too, whatever zone the server runs in
      // (Debian's initdb takes the host's). The pool awaits this before it hands the connection out; if it
      // fails, that checkout fails as a refused connection would.
      onConnect: async (client: pg.ClientBase) => void (await client.query("SET TIME ZONE 'UTC'")),
    });
    pool.on("error", () => {}); // idle-client errors surface on the next query instead of crashing
    await applyMigrations(pgRunner(pool));
    const prisma = new PrismaClient({ adapter: observed(new PrismaPg(pool), opts) });
    return {
      prisma,
      kind: "postgresql",
      pool,
      ping: (t) => ping(prisma, t),
      close: once(async () => {
        await prisma.$disconnect();
        await pool.end();
      }),
    };
  }
  const pglite = await PGlite.create({ dataDir: join(opts.dataDir, "pgdata") });
  await applyMigrations(pgliteRunner(pglite));
  const prisma = new PrismaClient({ adapter: observed(new PrismaPGlite(pglite), opts) });
  return {
    prisma,
    kind: "pglite",
    pool: null,
    async dumpDataDir() {
      await pglite.exec("CHECKPOINT");
      // Holding PGlite's query lock: no statement runs while the files are read.
      const dump = await pglite._runExclusiveQuery(() => pglite.dumpDataDir("gzip"));
      return new Uint8Array(await dump.arrayBuffer());
    },
    ping: (t) => ping(prisma, t),
    close: once(async () => {
      await prisma.$disconnect();
      await pglite.close();
    }),
  };
}

/**
 * The driver adapter, reporting each statement it runs (onQuery: its SQL; onQueryTime: its milliseconds, the
 * /metrics histogram). Measured here rather than through Prisma's query events: those serialise every
 * statement's parameters into an event, about 5% of an item create's time in Prisma and PGlite (3.33 ms
 * against 3.15 ms a create, the median of ten interleaved runs of 100). A transaction reports BEGIN when it
 * starts (its time includes the wait for PGlite's one connection), and COMMIT or ROLLBACK when it ends,
 * whether pg sends them as statements or PGlite's own transaction does.
 */
function observed<A extends object>(factory: A, { onQuery, onQueryTime }: OpenOptions): A {
  if (!onQuery && !onQueryTime) return factory;
  const timed = async <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      onQuery?.(sql);
      onQueryTime?.(performance.now() - started);
    }
  };
  type Statement = { sql: string };
  const queryable = <Q extends object>(target: Q, phantom: boolean): Q =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value: unknown = Reflect.get(obj, prop, receiver);
        if (typeof value !== "function") return value;
        const call = (...args: unknown[]) => (value as (...a: unknown[]) => Promise<unknown>).apply(obj, args);
        switch (prop) {
          case "queryRaw":
          case "executeRaw":
            return (query: Statement) => timed(query.sql, () => call(query));
          case "startTransaction":
            return (...args: unknown[]) =>
              timed("BEGIN", async () => {
                const tx = (await call(...args)) as { options: { usePhantomQuery: boolean } };
                return queryable(tx, tx.options.usePhantomQuery);
              });
          case "commit":
          case "rollback":
            // pg sends COMMIT and ROLLBACK through executeRaw (reported there); PGlite's transaction ends itself.
            return phantom ? () => timed(prop === "commit" ? "COMMIT" : "ROLLBACK", () => call()) : call;
          case "connect":
          case "connectToShadowDb":
            return async (...args: unknown[]) => queryable((await call(...args)) as object, false);
          default:
            return value.bind(obj);
        }
      },
    });
  return queryable(factory, false);
}

const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const UNAVAILABLE_ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "DatabaseDoesNotExist"]);
/** SQLSTATE classes and codes that say the server (not the query) is the problem. */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[123]|53300|55000$)/;
const UNAVAILABLE_MESSAGES =
  /Can't reach database server|Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|Query read timeout|not currently accepting connections|ECONNREFUSED|ECONNRESET/i;

/**
 * True when `err` says the database cannot be reached or dropped the connection (as opposed to a
 * query's own failure): the transports answer 503 for it. Prisma reports these as P1001-style
 * codes or carries the driver adapter's error kind; pg's own errors are recognised by message.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, meta, message } = e as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: string; originalCode?: string; code?: string } } }; message?: unknown };
    if (typeof code === "string" && UNAVAILABLE_PRISMA_CODES.has(code)) return true;
    const cause = meta?.driverAdapterError?.cause;
    if (cause?.kind && UNAVAILABLE_ADAPTER_KINDS.has(cause.kind)) return true;
    const sqlState = cause?.originalCode ?? cause?.code ?? (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined);
    if (sqlState && UNAVAILABLE_SQLSTATE.test(sqlState)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
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
