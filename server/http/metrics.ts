import { refuse } from "./locale.ts";
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ExecutionResult } from "graphql";
import type { Plugin } from "graphql-yoga";
import client from "prom-client";

/** Operation names become labels: only plain names, and at most this many distinct ones. */
const MAX_OPERATION_NAMES = 200;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The process's Prometheus metrics (one registry per app): HTTP requests by route, GraphQL
 * operations by name, GraphQL errors by code, database query time and pool, live subscribers,
 * and Node's process metrics. `gauges` are read when /metrics is scraped.
 */
export function createMetrics() {
  const register = new client.Registry();
  client.collectDefaultMetrics({ register });
  const labelNames = ["method", "route", "status"] as const;
  const requests = new client.Counter({ name: "trapline_http_requests_total", help: "HTTP requests answered, by method, route and status", labelNames, registers: [register] });
  const latency = new client.Histogram({
    name: "trapline_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route and status",
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [register],
  });
  const operations = new client.Histogram({
    name: "trapline_graphql_request_duration_seconds",
    help: "Time to answer a GraphQL request over HTTP, by operation name",
    labelNames: ["operation", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [register],
  });
  const graphqlErrors = new client.Counter({ name: "trapline_graphql_errors_total", help: "GraphQL errors in answers, by extensions.code", labelNames: ["code"] as const, registers: [register] });
  const queries = new client.Histogram({
    name: "trapline_db_query_duration_seconds",
    help: "Time of each database query sent by Prisma",
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [register],
  });
  const sources: {
    subscribers?: () => { ws: number; graphql: number };
    pool?: () => { total: number; idle: number; waiting: number } | null;
    bus?: () => boolean;
    responseCache?: () => { hits: number; misses: number; kept: number; size: number };
    webhookQueue?: () => Promise<{ pending: number; oldestSeconds: number }>;
    graphqlOperations?: () => number;
  } = {};
  new client.Gauge({
    name: "trapline_graphql_ws_operations",
    help: "Operations running on graphql-ws connections: each subscription, and a query or mutation while it runs",
    registers: [register],
    collect() {
      this.set(sources.graphqlOperations?.() ?? 0);
    },
  });
  new client.Gauge({
    name: "trapline_live_subscribers",
    help: "Open live connections: /ws low-stock listeners and graphql-ws clients",
    labelNames: ["channel"] as const,
    registers: [register],
    collect() {
      const n = sources.subscribers?.() ?? { ws: 0, graphql: 0 };
      this.set({ channel: "ws" }, n.ws);
      this.set({ channel: "graphql" }, n.graphql);
    },
  });
  new client.Gauge({
    name: "trapline_db_pool_connections",
    help: "PostgreSQL pool connections by state (absent on the embedded database)",
    labelNames: ["state"] as const,
    registers: [register],
    collect() {
      const p = sources.pool?.();
      if (!p) return;
      this.set({ state: "total" }, p.total);
      this.set({ state: "idle" }, p.idle);
      this.set({ state: "waiting" }, p.waiting);
    },
  });
  new client.Counter({
    name: "trapline_graphql_response_cache_total",
    help: "GraphQL reads by what the response cache did: hit (answered from it), miss (computed), kept (a computed answer stored)",
    labelNames: ["result"] as const,
    registers: [register],
    collect() {
      const c = sources.responseCache?.();
      this.reset();
      this.inc({ result: "hit" }, c?.hits ?? 0);
      this.inc({ result: "miss" }, c?.misses ?? 0);
      this.inc({ result: "kept" }, c?.kept ?? 0);
    },
  });
  new client.Gauge({
    name: "trapline_graphql_response_cache_entries",
    help: "Answers the GraphQL response cache holds",
    registers: [register],
    collect() {
      this.set(sources.responseCache?.().size ?? 0);
    },
  });
  // The webhook outbox is one table shared by every process: each one reports the same backlog. One
  // query serves both gauges of a scrape.
  let queueRead: { at: number; value: Promise<{ pending: number; oldestSeconds: number } | undefined> } | undefined;
  const webhookQueue = () => {
    if (!queueRead || Date.now() - queueRead.at > 1000) queueRead = { at: Date.now(), value: sources.webhookQueue?.() ?? Promise.resolve(undefined) };
    return queueRead.value;
  };
  new client.Gauge({
    name: "trapline_webhook_deliveries_pending",
    help: "Webhook deliveries waiting to be sent (due now or waiting to retry), across all processes",
    registers: [register],
    async collect() {
      this.set((await webhookQueue())?.pending ?? 0);
    },
  });
  new client.Gauge({
    name: "trapline_webhook_oldest_pending_seconds",
    help: "Age of the oldest webhook delivery still waiting to be sent (0 when none)",
    registers: [register],
    async collect() {
      this.set((await webhookQueue())?.oldestSeconds ?? 0);
    },
  });
  new client.Gauge({
    name: "trapline_event_bus_connected",
    help: "1 while live events reach this process (LISTEN connection up on PostgreSQL)",
    registers: [register],
    collect() {
      this.set(sources.bus?.() === false ? 0 : 1);
    },
  });

  const operationNames = new Set<string>();
  const operationOf = new WeakMap<object, string>();
  const labelOf = (name: string | null | undefined) => {
    if (!name) return "anonymous";
    if (!OPERATION_NAME.test(name)) return "other";
    if (!operationNames.has(name)) {
      if (operationNames.size >= MAX_OPERATION_NAMES) return "other";
      operationNames.add(name);
    }
    return name;
  };
  const countErrors = (result: ExecutionResult) => {
    for (const error of result.errors ?? []) {
      const code = error.extensions?.code;
      graphqlErrors.inc({ code: typeof code === "string" && OPERATION_NAME.test(code) ? code : "INTERNAL_SERVER_ERROR" });
    }
  };

  return {
    register,
    sources,
    /** The driver adapter gives each statement's duration in milliseconds (server/db/client.ts). */
    observeQuery: (ms: number) => queries.observe(ms / 1000),
    /** Counts every request by its route pattern (not its path: ids stay out of the labels). */
    hook(app: FastifyInstance) {
      app.addHook("onResponse", async (req, reply) => {
        const route = req.routeOptions.url ?? "unmatched";
        const seconds = reply.elapsedTime / 1000;
        const labels = { method: req.method, route, status: String(reply.statusCode) };
        requests.inc(labels);
        latency.observe(labels, seconds);
        if (route === "/graphql") operations.observe({ operation: operationOf.get(req.raw) ?? "none", status: String(reply.statusCode) }, seconds);
      });
    },
    /** Yoga plugin: notes each HTTP operation's name for the request's histogram and counts errors by code. */
    graphqlPlugin(): Plugin {
      return {
        onParams({ params, context }) {
          const req = (context as { req?: FastifyRequest }).req; // Yoga's server context: the Fastify request over HTTP
          if (req && "raw" in req) operationOf.set(req.raw, labelOf(params.operationName ?? guessName(params.query)));
        },
        onResultProcess({ result }) {
          if (Array.isArray(result)) result.forEach((r) => countErrors(r as ExecutionResult));
          else if (result && typeof result === "object" && !(Symbol.asyncIterator in result)) countErrors(result as ExecutionResult);
        },
      };
    },
    /** GET /metrics, behind `Authorization: Bearer <METRICS_TOKEN>` when one is configured. */
    route(app: FastifyInstance, token: string | undefined) {
      app.get("/metrics", async (req, reply) => {
        if (token && !bearerMatches(req.headers.authorization, token)) {
          reply.header("www-authenticate", 'Bearer realm="metrics"');
          return refuse(req, reply, 401, /*i18n*/ { id: "metrics.tokenRequired", message: "A valid metrics token is required" });
        }
        return reply.header("content-type", register.contentType).header("cache-control", "no-store").send(await register.metrics());
      });
    },
  };
}

/** The first operation's name in a query text, for requests that do not send operationName. */
function guessName(query: string | undefined): string | undefined {
  return query ? /^\s*(?:query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(query)?.[1] : undefined;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
