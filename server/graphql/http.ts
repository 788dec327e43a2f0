import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Kind, getOperationAST, type DocumentNode, type ExecutionArgs, type SelectionSetNode } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { createGraphQLError, createYoga, maskError, type Plugin } from "graphql-yoga";
import { WebSocketServer } from "ws";
import type { SessionCookies } from "../auth/session.ts";
import type { SignInDevice } from "../domain/auth.ts";
import { isDatabaseUnavailable } from "../db/client.ts";
import { requireWriteAccess } from "../domain/apiTokens.ts";
import { createAuthSockets } from "../realtime/authSockets.ts";
import type { Actor, Deps } from "../domain/context.ts";
import { DomainError } from "../domain/errors.ts";
import type { RateLimits } from "../http/rateLimits.ts";
import { DATABASE_UNAVAILABLE } from "../http/status.ts";
import { localeOfRequest, localeScope } from "../http/locale.ts";
import { DEFAULT_LOCALE, render } from "../i18n/index.ts";
import type { GraphQLContext } from "./builder.ts";
import { keyErrorResult, useIdempotencyKeys } from "./idempotency.ts";
import { loadPersistedOperations, persistedId, persistedNotFound, persistedOnlyError, usePersisted, type PersistedOperations } from "./persisted.ts";
import { ResponseCache, useResponseCache } from "./responseCache.ts";
import { schema } from "./schema.ts";
import { log } from "../log.ts";

type GraphQLMount = { app: FastifyInstance; deps: Deps; session: SessionCookies; limits: Pick<RateLimits, "signInAttempts"> };
type ServerContext = { req: FastifyRequest | IncomingMessage; reply: FastifyReply | null; actor?: Actor | null };

/**
 * Limits a query must pass before it runs. The cost allows a Relay route query with 100-row pages
 * (a 100-request page with lines costs about 42,500) and refuses dozens of such pages at once.
 */
export const LIMITS = { tokens: 3000, depth: 12, aliases: 30, cost: 120_000 } as const;

const OPEN_FIELDS = new Set(["viewer", "signIn", "signOut", "__typename"]);

/** Root fields of the operation, through inline fragments and fragment spreads. */
function rootFields(document: DocumentNode, set: SelectionSetNode, out = new Set<string>()): Set<string> {
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) out.add(s.name.value);
    else if (s.kind === Kind.INLINE_FRAGMENT) rootFields(document, s.selectionSet, out);
    else {
      const fragment = document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === s.name.value);
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION) rootFields(document, fragment.selectionSet, out);
    }
  }
  return out;
}

/**
 * The DomainError behind a resolver error. Follows `originalError` rather than testing
 * `instanceof GraphQLError`, which fails when two copies of graphql are loaded (as under vitest).
 */
function domainErrorOf(error: unknown): DomainError | undefined {
  let e = error;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    if (e instanceof DomainError) return e;
    e = (e as { originalError?: unknown }).originalError;
  }
  return undefined;
}

/**
 * Signed-out callers may ask only viewer/signIn/signOut (and introspection outside production); a
 * READ API token may not run a mutation (403, FORBIDDEN).
 */
function useSignedInOnly(production: boolean): Plugin<GraphQLContext> {
  const check = (args: ExecutionArgs) => {
    const { actor } = args.contextValue as GraphQLContext;
    const op = getOperationAST(args.document, args.operationName);
    if (actor && op?.operation === "mutation") {
      try {
        requireWriteAccess(actor);
      } catch (e) {
        const refusal = e as DomainError;
        const locale = (args.contextValue as GraphQLContext).locale;
        return { errors: [createGraphQLError(refusal.messageIn(locale), { extensions: { code: "FORBIDDEN", errorCode: refusal.code, http: { status: 403 } } })] };
      }
    }
    if (actor) return null;
    if (!op) return null;
    for (const name of rootFields(args.document, op.selectionSet)) {
      if (OPEN_FIELDS.has(name) || (!production && (name === "__schema" || name === "__type"))) continue;
      const signIn = /*i18n*/ { id: "auth.signInRequired", message: "You need to sign in" };
      const locale = (args.contextValue as GraphQLContext).locale;
      return { errors: [createGraphQLError(render(signIn, locale), { extensions: { code: "UNAUTHENTICATED", errorCode: signIn.id } })] };
    }
    return null;
  };
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const refused = check(args);
      if (refused) setResultAndStopExecution(refused);
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const refused = check(args);
      if (refused) setResultAndStopExecution(refused);
    },
  };
}

/**
 * /graphql over HTTP (Yoga on Fastify) and over graphql-ws, both authenticated by the session cookie.
 * The app's own operations arrive as persisted ids (see persisted.ts) on both.
 */
export function mountGraphQL(
  { app, deps, session, limits }: GraphQLMount,
  production: boolean,
  persistedConfig: { file: string; only: boolean },
  extraPlugins: Plugin[] = [],
  responseCacheMs = 60_000,
) {
  const responseCache = new ResponseCache(deps.events, responseCacheMs);
  let persisted: PersistedOperations = { get: () => undefined, size: 0, only: persistedConfig.only };
  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    logging: false,
    landingPage: false,
    graphiql: production ? false : { subscriptionsProtocol: "WS" },
    maskedErrors: {
      maskError(error, message) {
        const original = domainErrorOf(error);
        if (original?.kind === "IDEMPOTENCY_KEY_REUSED") return keyErrorResult(original).errors[0]!;
        if (original) {
          const field = "field" in original && typeof original.field === "string" ? { field: original.field } : {};
          return createGraphQLError(original.messageIn(localeScope.current() ?? DEFAULT_LOCALE), { extensions: { code: original.kind, errorCode: original.code, ...field } });
        }
        if (isDatabaseUnavailable((error as { originalError?: unknown }).originalError ?? error)) {
          // The database is away: HTTP 503 (Yoga takes the status from extensions.http), as REST answers.
          return createGraphQLError(render(DATABASE_UNAVAILABLE, localeScope.current() ?? DEFAULT_LOCALE), {
            extensions: { code: "DATABASE_UNAVAILABLE", errorCode: DATABASE_UNAVAILABLE.id, http: { status: 503, headers: { "Retry-After": "5" } } },
          });
        }
        // Never the original error (Yoga adds its message and stack when NODE_ENV=development); log it here.
        log().error({ err: (error as { originalError?: unknown }).originalError ?? error }, "unexpected GraphQL error");
        return maskError(error, message, false);
      },
    },
    plugins: [
      usePersisted(() => persisted),
      maxTokensPlugin({ n: LIMITS.tokens }),
      maxDepthPlugin({ n: LIMITS.depth, ignoreIntrospection: true }),
      maxAliasesPlugin({ n: LIMITS.aliases }),
      costLimitPlugin({ maxCost: LIMITS.cost, ignoreIntrospection: true }),
      useSignedInOnly(production),
      useIdempotencyKeys(),
      ...(extraPlugins as Plugin<GraphQLContext>[]),
      useResponseCache(responseCache),
    ],
    context: async ({ req, reply, actor }) => {
      const request = req as FastifyRequest;
      const who = actor !== undefined ? actor : await session.actorFromHeaders(req.headers);
      return {
        deps,
        actor: who,
        locale: localeOfRequest(req, who),
        acceptLanguage: typeof req.headers["accept-language"] === "string" ? req.headers["accept-language"] : undefined,
        session: reply
          ? {
              sessionId: () => session.sessionIdOf(request),
              set: (sid: string, role: string, device: SignInDevice) => session.set(request, reply, sid, role, device),
              clear: () => session.clear(request, reply),
              signInFrom: () => session.signInFrom(request, limits.signInAttempts(request)),
            }
          : null,
      };
    },
  });

  // The app's operations, parsed and validated once with Yoga's own parse and validate (its limits included).
  const prepare = yoga.getEnveloped({ req: {} as IncomingMessage, reply: null, actor: null });
  persisted = loadPersistedOperations(
    (text) => {
      const document = prepare.parse(text);
      return { document, errors: prepare.validate(prepare.schema, document) };
    },
    persistedConfig.file,
    persistedConfig.only,
  );
  if (persisted.size === 0) app.log.warn({ file: persistedConfig.file }, "no persisted GraphQL operations: the app's requests will be refused");

  app.route({
    url: "/graphql",
    method: ["GET", "POST", "OPTIONS"],
    handler: async (req, reply) => {
      // The actor first (the same lookup the context would make), so errors shaped outside the
      // context (maskError) know the language too. If the lookup fails (the database is away), the
      // context makes it again and its failure is answered as before (503).
      const actor = await session.actorOf(req).catch(() => undefined);
      const response = await localeScope.run(localeOfRequest(req, actor), () => yoga.handleNodeRequestAndResponse(req, reply, { req, reply, actor }));
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.status(response.status);
      // A single JSON answer is sent whole, so it is compressed only from about 1 kB on; event streams and
      // multipart answers stay streams that flush as they go.
      const single = /json/.test(response.headers.get("content-type") ?? "");
      reply.send(single ? Buffer.from(await response.arrayBuffer()) : response.body);
      return reply;
    },
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const authSockets = createAuthSockets(deps.events);
  /** Each open connection's operations (graphql-ws keeps them in ctx.subscriptions), for the gauge. */
  const live = new Set<{ readonly subscriptions: Record<string, unknown> }>();
  const wsServer = useServer<Record<string, unknown> | undefined, { request: IncomingMessage; actor?: Actor }>(
    {
      // A WebSocket without a valid session or API token (connectionParams.authorization: "Bearer tl_…") is refused at connect (4403 Forbidden).
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const authorization = typeof params.authorization === "string" ? params.authorization : typeof params.Authorization === "string" ? params.Authorization : undefined;
        const headers = authorization !== undefined ? { authorization } : { cookie: ctx.extra.request.headers.cookie };
        const actor = await session.actorFromHeaders(headers).catch(() => null);
        if (!actor) return false;
        ctx.extra.actor = actor;
        // Closed (4401) when its API token or session is revoked (on any process) or expires.
        authSockets.track(ctx.extra.socket, actor);
        live.add(ctx);
        return true;
      },
      onClose: (ctx) => void live.delete(ctx),
      execute: (args) => localeScope.run((args.contextValue as GraphQLContext).locale, () => (args.rootValue as { execute: typeof import("graphql").execute }).execute(args)),
      subscribe: (args) =>
        localeScope.run((args.contextValue as GraphQLContext).locale, () => (args.rootValue as { subscribe: typeof import("graphql").subscribe }).subscribe(args)),
      onSubscribe: async (ctx, _id, params) => {
        const { schema: s, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          req: ctx.extra.request,
          reply: null,
          actor: ctx.extra.actor ?? null,
          params,
        });
        // A persisted id runs its prepared document (parsed and validated when loaded); text as over HTTP.
        const id = params.query ? null : persistedId(params);
        if (!params.query && id === null) return [persistedOnlyError()];
        if (params.query && persisted.only) return [persistedOnlyError()];
        const prepared = id === null ? undefined : persisted.get(id);
        if (id !== null && !prepared) return [persistedNotFound()];
        const args = {
          schema: s,
          operationName: params.operationName,
          document: prepared ?? parse(params.query),
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
        if (!prepared) {
          const errors = validate(args.schema, args.document);
          if (errors.length) return errors;
        }
        return args;
      },
    },
    wss,
  );

  return {
    responseCache,
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
    },
    /** Open graphql-ws connections (the live-subscribers gauge). */
    count: () => wss.clients.size,
    /** Operations running on them: subscriptions, and queries and mutations while they run. */
    operations: () => [...live].reduce((n, ctx) => n + Object.keys(ctx.subscriptions).length, 0),
    async close() {
      await wsServer.dispose();
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
