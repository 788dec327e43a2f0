import { messageOfText, say } from "../../schemas/messages.ts";
import { render, requestLocale } from "../i18n/index.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sealData, unsealData } from "iron-session";
import { actorForApiToken, requireWriteAccess } from "../domain/apiTokens.ts";
import { actorForSession, SESSION_TTL_MS, type SignInAttempts, type SignInDevice, type SignInFrom } from "../domain/auth.ts";
import type { Actor, Deps } from "../domain/context.ts";
import { ROLE_COOKIE } from "../../schemas/roleCookie.ts";

export const SESSION_COOKIE = "trapline_session";
/** The device cookie of OWASP's device-cookie scheme (domain/auth.ts SignInDevice): which usernames signed in on this browser. */
export const DEVICE_COOKIE = "trapline_device";
const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;
const UNSEALED_KEPT = 10_000;
const UNSEALED_FOR_MS = 60_000;

/** Where a bearer token is honoured (and checked before the route runs): the API, GraphQL, SDS objects. */
const TOKEN_PATHS = /^\/(?:api|graphql|objects)(?:[/?]|$)/;
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const INVALID_TOKEN = say(/*i18n*/ { id: "auth.invalidToken", message: "This API token is invalid, expired or revoked" });

/** The token of an `Authorization: Bearer <token>` header; "" for any other Authorization header, undefined without one. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match ? match[1]! : "";
}

/**
 * Who a request acts for, on every transport: an `Authorization: Bearer` API token when one is
 * sent (then the cookie is not consulted), otherwise the session cookie. The iron-session cookie
 * seals the server-side session id; the session row decides if it still counts.
 */
export function createSessionCookies(deps: Deps, secret: string) {
  const ttl = Math.floor(SESSION_TTL_MS / 1000);
  const actors = new WeakMap<FastifyRequest, Promise<Actor | null>>();

  // Unsealing derives a key (PBKDF2 through WebCrypto) on every request; a sealed cookie always
  // opens to the same id, so recently opened ones are remembered for a minute. Only what unsealed is
  // kept (bounded, oldest dropped first); the session row still decides on every request.
  const opened = new Map<string, { sid: string; until: number }>();
  async function sessionIdFromCookieHeader(header: string | undefined): Promise<string | undefined> {
    const sealed = readCookie(header, SESSION_COOKIE);
    if (!sealed) return undefined;
    const now = Date.now();
    const hit = opened.get(sealed);
    if (hit && hit.until > now) return hit.sid;
    const data = await unsealData<{ sid?: string }>(sealed, { password: secret, ttl }).catch(() => ({}) as { sid?: string });
    if (typeof data.sid !== "string") return undefined;
    if (opened.size >= UNSEALED_KEPT) opened.delete(opened.keys().next().value!);
    opened.set(sealed, { sid: data.sid, until: now + UNSEALED_FOR_MS });
    return data.sid;
  }
  const sessionIdOf = (request: FastifyRequest) => sessionIdFromCookieHeader(request.headers.cookie);
  /** The actor of a request's headers (or a graphql-ws connection's params, which name `authorization` the same way). */
  const actorFromHeaders = async (headers: { cookie?: string; authorization?: string }): Promise<Actor | null> => {
    const token = bearerTokenOf(headers.authorization);
    if (token !== undefined) return token ? actorForApiToken(deps, token) : null;
    return actorForSession(deps, await sessionIdFromCookieHeader(headers.cookie));
  };

  function actorOf(request: FastifyRequest): Promise<Actor | null> {
    let actor = actors.get(request);
    if (!actor) {
      actor = actorFromHeaders({ cookie: request.headers.cookie, authorization: request.headers.authorization });
      actors.set(request, actor);
    }
    return actor;
  }

  return {
    sessionIdOf,
    /** For WebSocket upgrades and graphql-ws connections, which are not Fastify requests. */
    actorFromHeaders,
    /** The signed-in actor of this request, resolved once. */
    actorOf,
    /**
     * Before any route of the API: a request with an Authorization header that is not a valid
     * bearer token gets 401 at once, and a READ token 403 on any REST write. (GraphQL refuses a READ
     * token's mutations itself: it reads the operation, see graphql/http.ts.)
     */
    guardBearerRequests(app: FastifyInstance) {
      app.addHook("onRequest", async (request, reply) => {
        if (request.headers.authorization === undefined || !TOKEN_PATHS.test(request.url)) return;
        const actor = await actorOf(request);
        if (!actor) {
          // Signed out (the token names nobody): the request's Accept-Language decides the language.
          const said = messageOfText(INVALID_TOKEN)!;
          const locale = requestLocale(null, request.headers["accept-language"]);
          return reply.status(401).header("WWW-Authenticate", 'Bearer realm="trapline"').send({ message: render(said, locale), code: said.id });
        }
        if (!READ_METHODS.has(request.method) && !request.url.startsWith("/graphql")) requireWriteAccess(actor);
      });
    },
    /** Who is signing in: the address's attempts, the address, and the device cookie when it opens. */
    async signInFrom(request: FastifyRequest, attempts: SignInAttempts): Promise<SignInFrom> {
      const sealed = readCookie(request.headers.cookie, DEVICE_COOKIE);
      const device = sealed
        ? await unsealData<Partial<SignInDevice>>(sealed, { password: secret, ttl: DEVICE_TTL_SECONDS }).catch(() => ({}) as Partial<SignInDevice>)
        : {};
      const valid = typeof device.id === "string" && Array.isArray(device.usernames) && device.usernames.every((u) => typeof u === "string");
      return { attempts, address: request.ip, device: valid ? (device as SignInDevice) : null };
    },
    /** Signs the session in: its sealed id, the signed-in role for the page's entry to read (schemas/roleCookie.ts), the device cookie. */
    async set(request: FastifyRequest, reply: FastifyReply, sid: string, role: string, device?: SignInDevice) {
      const sealed = await sealData({ sid }, { password: secret, ttl });
      const options = cookieOptions(request);
      reply.setCookie(SESSION_COOKIE, sealed, { ...options, maxAge: ttl });
      reply.setCookie(ROLE_COOKIE, role, { ...options, httpOnly: false, maxAge: ttl });
      if (device) reply.setCookie(DEVICE_COOKIE, await sealData(device, { password: secret, ttl: DEVICE_TTL_SECONDS }), { ...options, maxAge: DEVICE_TTL_SECONDS });
    },
    clear(request: FastifyRequest, reply: FastifyReply) {
      const options = cookieOptions(request);
      reply.clearCookie(SESSION_COOKIE, options);
      reply.clearCookie(ROLE_COOKIE, { ...options, httpOnly: false });
    },
  };
}
export type SessionCookies = ReturnType<typeof createSessionCookies>;

/** The attributes every cookie of the session shares (the role cookie drops HttpOnly). */
const cookieOptions = (request: FastifyRequest) => ({ path: "/", httpOnly: true, sameSite: "lax", secure: request.protocol === "https" }) as const;

/** Whether a request came with a session cookie, valid or not (a guess that someone is signed in, for what a page preloads). */
export function hasSessionCookie(header: string | undefined): boolean {
  return Boolean(readCookie(header, SESSION_COOKIE));
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
