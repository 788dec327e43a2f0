import type { WebSocket } from "ws";
import { onChange } from "../domain/cache.ts";
import type { Actor } from "../domain/context.ts";
import type { EventBus } from "./events.ts";

/** The close code a live connection gets when its API token stops counting (graphql-ws's Unauthorized, which its clients do not retry). */
export const TOKEN_ENDED_CODE = 4401;
export const TOKEN_ENDED_REASON = "API token revoked or expired";
/** A socket that does not finish the closing handshake in this time is cut. */
const CLOSE_GRACE_MS = 2_000;
/** setTimeout's longest delay; a later expiry is checked again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Revocations remembered this long, for a connection that was let in just before one was heard. */
const REMEMBER_REVOKED_MS = 60_000;

/**
 * Live connections (graphql-ws, /ws) that came in with an API token. Each is closed when its token is
 * revoked, on whichever process the revocation was made (`apiToken.revoked` travels the event bus
 * and is heard here at once on the revoking process too), and when the token's expiry comes.
 */
export function createTokenSockets(bus: EventBus) {
  const byToken = new Map<number, Set<WebSocket>>();
  const revoked = new Map<number, number>();

  const end = (socket: WebSocket) => {
    if (socket.readyState === socket.CLOSED) return;
    socket.close(TOKEN_ENDED_CODE, TOKEN_ENDED_REASON);
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
  };

  onChange(bus, (event) => {
    if (event?.type !== "apiToken.revoked") return;
    const now = Date.now();
    for (const [id, at] of revoked) if (at + REMEMBER_REVOKED_MS < now) revoked.delete(id);
    revoked.set(event.tokenId, now);
    for (const socket of byToken.get(event.tokenId) ?? []) end(socket);
  });

  return {
    /** Watches a connection made by `actor`; nothing for a session's connection. */
    track(socket: WebSocket, actor: Actor | null | undefined) {
      const tokenId = actor?.tokenId;
      if (tokenId === undefined) return;
      if (revoked.has(tokenId)) return end(socket);
      let sockets = byToken.get(tokenId);
      if (!sockets) byToken.set(tokenId, (sockets = new Set()));
      sockets.add(socket);
      let timer: NodeJS.Timeout | undefined;
      const expiresAt = actor?.tokenExpiresAt;
      const schedule = () => {
        if (expiresAt === undefined) return;
        const left = expiresAt - Date.now();
        if (left <= 0) return end(socket);
        timer = setTimeout(schedule, Math.min(left, MAX_TIMER_MS));
        timer.unref();
      };
      schedule();
      socket.once("close", () => {
        clearTimeout(timer);
        sockets.delete(socket);
        if (!sockets.size) byToken.delete(tokenId);
      });
    },
    /** Connections watched now (tests, metrics). */
    count: () => [...byToken.values()].reduce((n, s) => n + s.size, 0),
  };
}
