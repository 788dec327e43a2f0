import type { IncomingMessage } from "node:http";
import { SESSION_COOKIE } from "../auth/session.ts";

/*
 * Cross-site WebSocket hijacking: a browser sends the session cookie with a WebSocket handshake
 * from any page of the same site (SameSite=Lax lets a sibling subdomain's page through), and the
 * handshake is not held to CORS. So, as OWASP's WebSocket guidance says, a handshake that carries
 * the session cookie must come from the app's own origin (the Host it was sent to) or one named in
 * ALLOWED_ORIGINS. Browsers always send Origin on a WebSocket; programs that send none, and
 * connections without the cookie (API tokens in connectionParams or an Authorization header), are
 * not a browser acting for a signed-in user and are not affected.
 */
export function upgradeOriginAllowed(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || !carriesSessionCookie(request.headers.cookie)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed frame, a file) or garbage
  }
  if (!/^https?:$/.test(url.protocol)) return false;
  const host = (request.headers.host ?? "").toLowerCase();
  return (host !== "" && url.host.toLowerCase() === host) || allowedOrigins.includes(url.origin);
}

function carriesSessionCookie(header: string | undefined): boolean {
  return (header ?? "").split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/** The answer to a refused handshake: 403, then the socket is closed. */
export const REFUSED_UPGRADE = "HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 44\r\n\r\nThis page's origin may not open a live link.";
