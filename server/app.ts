import { randomUUID } from "node:crypto";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { createSessionCookies } from "./auth/session.ts";
import { registerBackupEndpoint } from "./backup/endpoint.ts";
import type { Config } from "./config.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { seedDatabase } from "./demo/seed.ts";
import { attachCaches } from "./domain/cache.ts";
import type { Deps } from "./domain/context.ts";
import { startHourlySweep } from "./domain/maintenance.ts";
import { startWebhookWorker, webhookQueue } from "./domain/webhookDeliveries.ts";
import { mountGraphQL } from "./graphql/http.ts";
import type { ResponseCache } from "./graphql/responseCache.ts";
import { registerCompression, serveClient } from "./http/client.ts";
import { registerHostileInputChecks } from "./http/hostileInput.ts";
import { REFUSED_UPGRADE, upgradeOriginAllowed } from "./http/origin.ts";
import { registerRateLimits } from "./http/rateLimits.ts";
import { createMetrics } from "./http/metrics.ts";
import { clientErrorHandler, frameworkErrors, registerSecurityHeaders } from "./http/security.ts";
import { createLocalEventBus } from "./realtime/events.ts";
import { createPgEventBus } from "./realtime/pg-bus.ts";
import { createLowStockSocket } from "./realtime/ws.ts";
import { applicationRoutes } from "./rest/applications.ts";
import { authRoutes } from "./rest/auth.ts";
import { dashboardRoutes } from "./rest/dashboard.ts";
import { openApiRoutes } from "./rest/docs.ts";
import { equipmentRoutes } from "./rest/equipment.ts";
import { createSendError } from "./rest/errors.ts";
import { refuse } from "./http/locale.ts";
import { idempotencyKeys } from "./rest/idempotency.ts";
import { inventoryRoutes } from "./rest/inventory.ts";
import { locationRoutes } from "./rest/locations.ts";
import { objectRoutes } from "./rest/objects.ts";
import { requestRoutes } from "./rest/requests.ts";
import { teamRoutes } from "./rest/team.ts";
import { requestIdFrom, runInRequest, setProcessLog } from "./log.ts";
import { adoptLocalObjects, createObjectStore } from "./storage/index.ts";
import { transferRoutes } from "./rest/transfer.ts";

export type App = { http: FastifyInstance; db: Database; deps: Deps; responseCache: ResponseCache; close(): Promise<void> };

export const BODY_LIMIT = 1024 * 1024;

/** Fastify's trustProxy for "the N nearest hops" (what it does with a number, which its types do not list). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Composes the server: database (migrated, seeded), domain deps, /api/*, /objects, /healthz, the client. */
export async function createApp(
  config: Config,
  options: { onQuery?: (sql: string) => void; /** where the JSON log lines go (stdout by default) */ logStream?: { write(line: string): void } } = {},
): Promise<App> {
  const metrics = createMetrics();
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, onQuery: options.onQuery, onQueryTime: metrics.observeQuery });
  // With PostgreSQL several processes may share the database; LISTEN/NOTIFY carries events between them.
  const events = config.databaseUrl
    ? await createPgEventBus(config.databaseUrl, (msg, err) => console.error(`events: ${msg}`, err ?? ""))
    : createLocalEventBus();
  const storage = createObjectStore(config, db.prisma);
  try {
    await adoptLocalObjects(config, storage);
  } catch (err) {
    await events.close();
    await db.close();
    throw err;
  }
  const deps: Deps = { prisma: db.prisma, events, storage, settings: { allowPrivateWebhooks: config.webhooks.allowPrivate, companyName: config.companyName, signInDelayMs: config.signInDelayMs } };
  attachCaches(events);
  await seedDatabase(deps, config);
  // Maintenance-due and due-back reminders fall due with time, idempotency keys expire: checked at start, then hourly.
  const sweep = startHourlySweep(deps, undefined, (err) => console.error("hourly sweep failed", err));
  await sweep.first;
  // Every process sends webhook deliveries from the outbox; SKIP LOCKED gives each to one of them.
  const webhookWorker = startWebhookWorker(deps, config.webhooks, (err) => console.error("webhook deliveries failed", err));

  const http = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // X-Request-Id: a sane incoming id is kept (a proxy's), otherwise one is made; see the onRequest hook.
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers["x-request-id"], randomUUID),
    bodyLimit: BODY_LIMIT,
    // Off unless configured: otherwise any client could name its own address (X-Forwarded-For) and protocol.
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
  });
  setProcessLog(http.log);
  // Every answer names its request, and everything the request runs (domain included) logs with its id.
  http.addHook("onRequest", (req, reply, done) => {
    reply.header("x-request-id", req.id);
    runInRequest(req.id, req.log, done);
  });
  metrics.hook(http);
  // Before any route: headers, limits and the text rule apply to every route, error and 404.
  await registerSecurityHeaders(http, {
    production: config.production,
    indexHtml: join(config.clientDir, "index.html"),
    connectOrigins: storage.direct ? [storage.direct.origin] : [],
  });
  const limits = await registerRateLimits(http, config.rateLimits, db.pool);
  registerHostileInputChecks(http);
  // An empty JSON body (e.g. POST …/checkin with a JSON content type) is no body, not an error.
  http.removeContentTypeParser("application/json");
  http.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error("The request body is not valid JSON"), { statusCode: 400 }), undefined);
    }
  });
  await registerCompression(http);
  await http.register(fastifyCookie);
  const session = createSessionCookies(deps, config.sessionSecret);
  const sendError = createSendError(session.actorOf);
  http.setErrorHandler((error, request, reply) => sendError(error as Error, request, reply));

  session.guardBearerRequests(http);
  const ctx = { app: http, deps, session, limits };

  idempotencyKeys(ctx);
  http.get("/healthz", async (_req, reply) => {
    const up = await db.ping();
    return reply.status(up ? 200 : 503).send({ status: up ? "ok" : "unavailable", db: up ? "up" : "down" });
  });
  let closing = false;
  // Ready to take traffic: migrated (createApp returns only after), database answering, live events
  // flowing between processes, and not shutting down. A load balancer sends no traffic otherwise.
  http.get("/readyz", async (_req, reply) => {
    const dbUp = await db.ping();
    const bus = events.delivering();
    const ready = dbUp && bus && !closing;
    return reply
      .status(ready ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ status: ready ? "ready" : closing ? "stopping" : "unavailable", migrations: "done", db: dbUp ? "up" : "down", bus: bus ? "connected" : "disconnected" });
  });
  metrics.route(http, config.metricsToken);
  authRoutes(ctx);
  dashboardRoutes(ctx);
  inventoryRoutes(ctx);
  equipmentRoutes(ctx);
  requestRoutes(ctx);
  locationRoutes(ctx);
  teamRoutes(ctx);
  transferRoutes(ctx);
  applicationRoutes(ctx);
  registerBackupEndpoint(http, db, config.dataDir);
  objectRoutes(ctx);
  openApiRoutes(ctx);
  const graphql = mountGraphQL(ctx, config.production, config.persistedOperations, [metrics.graphqlPlugin()], config.responseCacheMs);
  const lowStockSocket = createLowStockSocket(events, session.actorFromHeaders);
  metrics.sources.subscribers = () => ({ ws: lowStockSocket.count(), graphql: graphql.count() });
  metrics.sources.graphqlOperations = graphql.operations;
  metrics.sources.pool = () => (db.pool ? { total: db.pool.totalCount, idle: db.pool.idleCount, waiting: db.pool.waitingCount } : null);
  metrics.sources.bus = () => events.delivering();
  metrics.sources.responseCache = () => graphql.responseCache.stats;
  metrics.sources.webhookQueue = () => webhookQueue(deps);
  http.server.on("upgrade", (request, socket, head) => {
    if (!upgradeOriginAllowed(request, config.allowedOrigins)) {
      socket.end(REFUSED_UPGRADE);
      return;
    }
    const path = (request.url ?? "").split("?")[0];
    if (path === "/graphql") graphql.handleUpgrade(request, socket, head);
    else if (path === "/ws") void lowStockSocket.handleUpgrade(request, socket, head);
    else socket.destroy();
  });

  const sendDocument = await serveClient(http, config.clientDir);
  http.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0]!;
    const isApi = /^\/(api|objects|graphql|ws|healthz|readyz|metrics)(\/|$)/.test(path);
    // Client routes (/inventory, /team, …) are the single-page app's; it shows its own 404 card. A build file
    // that is not there (/assets/…, a chunk of another build) is a 404: index.html in its place would reach a
    // script tag or an import() as a page, not as a missing file.
    const isBuildFile = path.startsWith("/assets/");
    if (!isApi && !isBuildFile && request.method === "GET" && sendDocument) return sendDocument(request, reply);
    return refuse(request, reply, 404, /*i18n*/ { id: "path.notFound", message: "Not found" });
  });

  return {
    http,
    db,
    deps,
    responseCache: graphql.responseCache,
    async close() {
      closing = true;
      sweep.stop();
      await webhookWorker.stop();
      limits.close();
      lowStockSocket.close();
      await graphql.close();
      await http.close();
      await events.close();
      await db.close();
    },
  };
}
