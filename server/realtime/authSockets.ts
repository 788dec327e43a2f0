import type { WebSocket } from "ws";
import { onChange } from "../domain/cache.ts";
import type { Actor } from "../domain/context.ts";
import type { EventBus } from "./events.ts";

/** The close code a live connection gets when what let it in stops counting (graphql-ws's Unauthorized, which its clients do not retry). */
export const AUTH_ENDED_CODE = 4401;
export const TOKEN_ENDED_REASON = "API token revoked or expired";
export const SESSION_ENDED_REASON = "Signed out or session expired";
/** A socket that does not finish the closing handshake in this time is cut. */
const CLOSE_GRACE_MS = 2_000;
/** setTimeout's longest delay; a later expiry is checked again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Revocations remembered this long, for a connection that was let in just before one was heard. */
const REMEMBER_REVOKED_MS = 60_000;

type Watched = { socket: WebSocket; userId: number; reason: string };

/**
 * Live connections (graphql-ws, /ws) and what let them in: an API token or a sign-in session. Each
 * is closed when that ends: a token revoked, a session signed out (or all of a user's sessions, "sign
 * out everywhere"), on whichever process it was done (`apiToken.revoked` and `session.revoked` travel
 * the event bus and are heard here at once on the process that did it too), and when the token's or
 * the session's expiry comes. Without this a signed-out browser tab kept hearing live events.
 */
export function createAuthSockets(bus: EventBus) {
  /** By credential: `t:<token id>` or `s:<session digest>`. */
  const byKey = new Map<string, Set<Watched>>();
  const revoked = new Map<string, number>();

  const end = (w: Watched) => {
    if (w.socket.readyState === w.socket.CLOSED) return;
    w.socket.close(AUTH_ENDED_CODE, w.reason);
    setTimeout(() => w.socket.terminate(), CLOSE_GRACE_MS).unref();
  };
  const forget = (now: number) => {
    for (const [k, at] of revoked) if (at + REMEMBER_REVOKED_MS < now) revoked.delete(k);
  };

  onChange(bus, (event) => {
    const now = Date.now();
    if (event?.type === "apiToken.revoked") {
      forget(now);
      revoked.set(`t:${event.tokenId}`, now);
      for (const w of byKey.get(`t:${event.tokenId}`) ?? []) end(w);
    } else if (event?.type === "session.revoked") {
      forget(now);
      if (event.sessionDigest) {
        revoked.set(`s:${event.sessionDigest}`, now);
        for (const w of byKey.get(`s:${event.sessionDigest}`) ?? []) end(w);
      }
      if (event.userId !== undefined) {
        for (const [key, set] of byKey) if (key.startsWith("s:")) for (const w of set) if (w.userId === event.userId) end(w);
      }
    }
  });

  return {
    /** Watches a connection made by `actor` (one that came in with neither a token nor a session is not watched). */
    track(socket: WebSocket, actor: Actor | null | undefined) {
      if (!actor) return;
      const key = actor.tokenId !== undefined ? `t:${actor.tokenId}` : actor.sessionDigest !== undefined ? `s:${actor.sessionDigest}` : null;
      if (!key) return;
      const w: Watched = { socket, userId: actor.id, reason: key.startsWith("t:") ? TOKEN_ENDED_REASON : SESSION_ENDED_REASON };
      // A revocation heard between this connection's check and now. (Not "sign out everywhere": a
      // session made just after it is the user's new sign-in, and must stay.)
      if (revoked.has(key)) return end(w);
      let set = byKey.get(key);
      if (!set) byKey.set(key, (set = new Set()));
      set.add(w);
      let timer: NodeJS.Timeout | undefined;
      const expiresAt = key.startsWith("t:") ? actor.tokenExpiresAt : actor.sessionExpiresAt;
      const schedule = () => {
        if (expiresAt === undefined) return;
        const left = expiresAt - Date.now();
        if (left <= 0) return end(w);
        timer = setTimeout(schedule, Math.min(left, MAX_TIMER_MS));
        timer.unref();
      };
      schedule();
      socket.once("close", () => {
        clearTimeout(timer);
        set.delete(w);
        if (!set.size) byKey.delete(key);
      });
    },
    /** Connections watched now (tests, metrics). */
    count: () => [...byKey.values()].reduce((n, s) => n + s.size, 0),
  };
}
