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
import { mountGraphQL } from "./graphql/http.ts";
import { registerCompression, serveClient } from "./http/client.ts";
import { registerHostileInputChecks } from "./http/hostileInput.ts";
import { registerRateLimits } from "./http/rateLimits.ts";
import { clientErrorHandler, frameworkErrors, registerSecurityHeaders } from "./http/security.ts";
import { createLocalEventBus } from "./realtime/events.ts";
import { createPgEventBus } from "./realtime/pg-bus.ts";
import { createLowStockSocket } from "./realtime/ws.ts";
import { authRoutes } from "./rest/auth.ts";
import { dashboardRoutes } from "./rest/dashboard.ts";
import { equipmentRoutes } from "./rest/equipment.ts";
import { sendError } from "./rest/errors.ts";
import { idempotencyKeys } from "./rest/idempotency.ts";
import { inventoryRoutes } from "./rest/inventory.ts";
import { objectRoutes } from "./rest/objects.ts";
import { requestRoutes } from "./rest/requests.ts";
import { teamRoutes } from "./rest/team.ts";
import { transferRoutes } from "./rest/transfer.ts";
import { createLocalObjectStore } from "./storage/objects.ts";

export type App = { http: FastifyInstance; db: Database; deps: Deps; close(): Promise<void> };

export const BODY_LIMIT = 1024 * 1024;

/** Fastify's trustProxy for "the N nearest hops" (what it does with a number, which its types do not list). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Composes the server: database (migrated, seeded), domain deps, /api/*, /objects, /healthz, the client. */
export async function createApp(config: Config, options: { onQuery?: (sql: string) => void } = {}): Promise<App> {
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, onQuery: options.onQuery });
  // With PostgreSQL several processes may share the database; LISTEN/NOTIFY carries events between them.
  const events = config.databaseUrl
    ? await createPgEventBus(config.databaseUrl, (msg, err) => console.error(`events: ${msg}`, err ?? ""))
    : createLocalEventBus();
  const storage = createLocalObjectStore(join(config.dataDir, "objects"), `objects:${config.sessionSecret}`);
  const deps: Deps = { prisma: db.prisma, events, storage };
  attachCaches(events);
  await seedDatabase(deps, config);
  // Maintenance-due and due-back reminders fall due with time, idempotency keys expire: checked at start, then hourly.
  const sweep = startHourlySweep(deps, undefined, (err) => console.error("hourly sweep failed", err));
  await sweep.first;

  const http = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    // Off unless configured: otherwise any client could name its own address (X-Forwarded-For) and protocol.
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
  });
  // Before any route: headers, limits and the text rule apply to every route, error and 404.
  await registerSecurityHeaders(http, { production: config.production, indexHtml: join(config.clientDir, "index.html") });
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
  http.setErrorHandler((error, request, reply) => sendError(error as Error, request, reply));

  const session = createSessionCookies(deps, config.sessionSecret);
  const ctx = { app: http, deps, session, limits };

  idempotencyKeys(ctx);
  http.get("/healthz", async (_req, reply) => {
    const up = await db.ping();
    return reply.status(up ? 200 : 503).send({ status: up ? "ok" : "unavailable", db: up ? "up" : "down" });
  });
  authRoutes(ctx);
  dashboardRoutes(ctx);
  inventoryRoutes(ctx);
  equipmentRoutes(ctx);
  requestRoutes(ctx);
  teamRoutes(ctx);
  transferRoutes(ctx);
  registerBackupEndpoint(http, db, config.dataDir);
  objectRoutes(ctx);
  const graphql = mountGraphQL(ctx, config.production);
  const lowStockSocket = createLowStockSocket(events, session.actorFromCookieHeader);
  http.server.on("upgrade", (request, socket, head) => {
    const path = (request.url ?? "").split("?")[0];
    if (path === "/graphql") graphql.handleUpgrade(request, socket, head);
    else if (path === "/ws") void lowStockSocket.handleUpgrade(request, socket, head);
    else socket.destroy();
  });

  const hasClient = await serveClient(http, config.clientDir);
  http.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0]!;
    const isApi = /^\/(api|objects|graphql|ws|healthz)(\/|$)/.test(path);
    // Client routes (/inventory, /team, …) are the single-page app's; it shows its own 404 card.
    if (!isApi && request.method === "GET" && hasClient) return reply.sendFile("index.html");
    return reply.status(404).send({ message: "Not found" });
  });

  return {
    http,
    db,
    deps,
    async close() {
      sweep.stop();
      limits.close();
      lowStockSocket.close();
      await graphql.close();
      await http.close();
      await events.close();
      await db.close();
    },
  };
}
