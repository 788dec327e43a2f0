import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type pg from "pg";
import type { RateLimit } from "../config.ts";
import type { SignInAttempts } from "../domain/auth.ts";
import { RateLimitedError } from "../domain/errors.ts";

/*
 * Requests per client address (request.ip: the socket's address, or the forwarded one from a
 * trusted proxy, see TRUST_PROXY; IPv6 counted per /64): one limit on the API as a whole
 * (/api, /graphql, /objects; not the client's files or /healthz) answered with 429 and
 * Retry-After, and one on failed sign-ins over REST and GraphQL alike. Counted in PostgreSQL when
 * the server runs on one (every process shares the counts), in process memory otherwise.
 */

const API_PATH = /^\/(?:api|graphql|objects)(?:[/?]|$)/;

export type RateLimits = {
  /** The per-address count of failed sign-ins that the domain's signIn consults and feeds. */
  signInAttempts(request: FastifyRequest): SignInAttempts;
  close(): void;
};

export async function registerRateLimits(
  app: FastifyInstance,
  limits: { api: RateLimit; signIn: RateLimit },
  pool: pg.Pool | null,
): Promise<RateLimits> {
  const { api, signIn } = limits;
  await app.register(fastifyRateLimit, {
    global: true,
    max: api.max,
    timeWindow: api.windowMs,
    nameSpace: "api:",
    ...(pool ? { store: postgresStore(pool, "api:") } : {}),
    // A counter that cannot be reached lets the request through; the route then says what is wrong.
    skipOnError: true,
    allowList: (request) => api.max === 0 || !API_PATH.test(request.url),
    // English keeps the plugin's own wording of the wait ("1 minute", "30 seconds"); other languages count seconds.
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(
        /*i18n*/ {
          id: "rateLimit.tooManyRequests",
          message: "Too many requests from this address. Please try again in {after}.",
          values: { after: context.after, seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
        },
        Math.max(1, Math.ceil(context.ttl / 1000)),
      ),
  });

  // nameSpace (passed on to the store, though the plugin's types leave it out here) keeps these counts apart from the API's.
  const signInOptions = { max: signIn.max, timeWindow: signIn.windowMs, nameSpace: "sign-in:", allowList: () => false };
  const failedSignIns = app.createRateLimit(signInOptions);
  const cleanup = pool ? setInterval(() => void pool.query(DELETE_EXPIRED).catch(() => {}), 5 * 60_000) : undefined;
  cleanup?.unref();

  return {
    signInAttempts: (request) => ({
      async before() {
        if (signIn.max === 0) return;
        const state = await failedSignIns(request, { increment: false });
        if (state.isAllowed || state.remaining > 0) return;
        const minutes = Math.max(1, Math.ceil(state.ttlInSeconds / 60));
        throw new RateLimitedError(
          /*i18n*/ {
            id: "rateLimit.signInAttempts",
            message: "{minutes, plural, one {Too many failed sign-in attempts from this address. Try again in # minute.} other {Too many failed sign-in attempts from this address. Try again in # minutes.}}",
            values: { minutes },
          },
          Math.max(1, state.ttlInSeconds),
        );
      },
      async failed() {
        if (signIn.max > 0) await failedSignIns(request);
      },
    }),
    close: () => clearInterval(cleanup),
  };
}

type Counted = { current: number; ttl: number };
type Done = (err: Error | null, result?: Counted) => void;

// Times are UTC timestamps without zone, as Prisma keeps them, whatever the session's TimeZone.
const NOW = `timezone('UTC', now())`;
const INCREMENT = `
  INSERT INTO "RateLimitCounter" AS c (key, hits, "resetAt") VALUES ($1, 1, ${NOW} + $2::bigint * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN c."resetAt" <= ${NOW} THEN 1 ELSE c.hits + 1 END,
    "resetAt" = CASE WHEN c."resetAt" <= ${NOW} THEN EXCLUDED."resetAt" ELSE c."resetAt" END
  RETURNING c.hits, greatest(0, ceil(extract(epoch FROM c."resetAt" - ${NOW}) * 1000))::int AS ttl`;
const READ = `SELECT hits, greatest(0, ceil(extract(epoch FROM "resetAt" - ${NOW}) * 1000))::int AS ttl
  FROM "RateLimitCounter" WHERE key = $1 AND "resetAt" > ${NOW}`;
const DELETE_EXPIRED = `DELETE FROM "RateLimitCounter" WHERE "resetAt" < ${NOW} - interval '1 minute'`;

/** @fastify/rate-limit's store contract (incr, read, child) over the RateLimitCounter table: one statement a request. */
function postgresStore(pool: pg.Pool, globalNameSpace: string) {
  const answer = (done: Done) => (result: pg.QueryResult<{ hits: number; ttl: number }>) => {
    const row = result.rows[0];
    done(null, row ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 });
  };
  return class PostgresRateLimitStore {
    private readonly prefix: string;
    /** Given the limit's options (typed as route options by the plugin): a nameSpace, a route, or neither (the global limit). */
    constructor(options: object) {
      const { nameSpace, routeInfo } = options as { nameSpace?: string; routeInfo?: { method?: string; url?: string } };
      this.prefix = nameSpace ?? (routeInfo?.url ? `${routeInfo.method}:${routeInfo.url}:` : globalNameSpace);
    }
    incr(key: string, done: Done, timeWindow: number) {
      pool.query<{ hits: number; ttl: number }>(INCREMENT, [this.prefix + key, Math.round(timeWindow)]).then(answer(done), (err: Error) => done(err));
    }
    read(key: string, done: Done) {
      pool.query<{ hits: number; ttl: number }>(READ, [this.prefix + key]).then(answer(done), (err: Error) => done(err));
    }
    child(options: object) {
      return new PostgresRateLimitStore(options);
    }
  };
}
