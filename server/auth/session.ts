import type { FastifyReply, FastifyRequest } from "fastify";
import { sealData, unsealData } from "iron-session";
import { actorForSession, SESSION_TTL_MS } from "../domain/auth.ts";
import type { Actor, Deps } from "../domain/context.ts";

export const SESSION_COOKIE = "trapline_session";
const UNSEALED_KEPT = 10_000;
const UNSEALED_FOR_MS = 60_000;

/** The iron-session cookie seals the server-side session id; the session row decides if it still counts. */
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

  return {
    sessionIdOf,
    /** For WebSocket upgrades, which carry the cookie header but are not Fastify requests. */
    actorFromCookieHeader: (header: string | undefined) => sessionIdFromCookieHeader(header).then((sid) => actorForSession(deps, sid)),
    /** The signed-in actor of this request, resolved once. */
    actorOf(request: FastifyRequest): Promise<Actor | null> {
      let actor = actors.get(request);
      if (!actor) {
        actor = sessionIdOf(request).then((sid) => actorForSession(deps, sid));
        actors.set(request, actor);
      }
      return actor;
    },
    async set(request: FastifyRequest, reply: FastifyReply, sid: string) {
      const sealed = await sealData({ sid }, { password: secret, ttl });
      reply.setCookie(SESSION_COOKIE, sealed, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: request.protocol === "https",
        maxAge: ttl,
      });
    },
    clear(request: FastifyRequest, reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: request.protocol === "https" });
    },
  };
}
export type SessionCookies = ReturnType<typeof createSessionCookies>;

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
