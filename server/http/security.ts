import { refuse } from "./locale.ts";
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { STATUS_CODES, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import fastifyHelmet from "@fastify/helmet";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/*
 * Browser protections on every response: Content-Security-Policy, nosniff, frame-ancestors/
 * X-Frame-Options, Referrer-Policy, Permissions-Policy, and HSTS over HTTPS. Registered before any
 * route, so errors, 404s, 429s and static files carry them too.
 *
 * The policy is the same for every response of a build (no per-response nonce): the service worker
 * keeps index.html and serves it offline, and a nonce in a cached page would be a fixed one.
 * - script-src 'self': the built client has no inline script and nothing that evaluates strings;
 *   'wasm-unsafe-eval' lets it compile WebAssembly (the scanner's ZXing-C++, a .wasm file of our own
 *   build), which allows no eval() of strings.
 * - style-src 'self' plus hashes, no 'unsafe-inline': MUI's emotion, built for production, creates
 *   empty <style> elements and fills them through CSSOM insertRule, which CSP does not govern; the
 *   empty element itself is allowed by the hash of the empty string. Inline <style> blocks in the
 *   built index.html (a loading state) are hashed from the file.
 * - connect-src: our own origin, and our own WebSockets (graphql-ws on /graphql, /ws) spelled out,
 *   since older browsers do not count ws:/wss: as 'self'; blob: for quagga2, which reads a photo
 *   or frame it was handed as an object URL through XMLHttpRequest; and the object store's origin
 *   when browsers upload to and download from it directly (S3 presigned URLs).
 * - worker-src/manifest-src 'self' for the service worker and web manifest; blob: workers, blob:/data:
 *   images and blob: media for the camera scanners (@zxing/browser, quagga2) and label images.
 */

/** sha256 of "" (the empty <style> elements emotion creates in production). */
const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
const PERMISSIONS_POLICY = "camera=(self), microphone=(), geolocation=(), payment=(), usb=()";
const HSTS = "max-age=31536000; includeSubDomains";
/** A Host header we are willing to repeat in the policy: a name or address and an optional port. */
const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The policy's directives; `inlineStyles` gives the hashes of index.html's inline <style> blocks,
 * `connectOrigins` the other origins the app may fetch from (the object store's).
 */
export function contentSecurityDirectives(inlineStyles: () => string[], connectOrigins: string[] = []) {
  return {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", () => [EMPTY_STYLE_HASH, ...inlineStyles()].join(" ")],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "media-src": ["'self'", "blob:"],
    "connect-src": ["'self'", "blob:", (req: IncomingMessage) => ownWebSockets(req), ...connectOrigins],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "frame-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
  };
}

/** GraphiQL (development only) loads its code from unpkg and starts it with an inline script. */
function graphiqlDirectives(inlineStyles: () => string[]) {
  return {
    ...contentSecurityDirectives(inlineStyles),
    "script-src": ["'self'", "'unsafe-inline'", "https://unpkg.com"],
    "style-src": ["'self'", "'unsafe-inline'", "https://unpkg.com"],
    "font-src": ["'self'", "data:", "https://unpkg.com"],
    "img-src": ["'self'", "data:", "blob:", "https://raw.githubusercontent.com"],
    "worker-src": ["'self'", "blob:", "https://unpkg.com"],
  };
}

function ownWebSockets(req: IncomingMessage): string {
  const host = req.headers.host ?? "";
  return SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

/** sha256 sources of the inline <style> blocks of index.html, re-read when the file changes. */
export function inlineStyleHashes(indexHtml: string): () => string[] {
  let checkedAt = 0;
  let mtime = -1;
  let hashes: string[] = [];
  return () => {
    const now = Date.now();
    if (now - checkedAt < 1000) return hashes;
    checkedAt = now;
    const stat = statSync(indexHtml, { throwIfNoEntry: false });
    if (!stat) return (hashes = []);
    if (stat.mtimeMs === mtime) return hashes;
    mtime = stat.mtimeMs;
    const html = readFileSync(indexHtml, "utf8");
    hashes = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(
      (m) => `'sha256-${createHash("sha256").update(m[1]!, "utf8").digest("base64")}'`,
    );
    return hashes;
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, options: { production: boolean; indexHtml: string; connectOrigins?: string[] }) {
  const inlineStyles = inlineStyleHashes(options.indexHtml);
  const helmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(inlineStyles, options.connectOrigins) },
    // Only over HTTPS (below): a browser that met HSTS on a plain-http LAN address could not reach it again.
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" as const },
    xFrameOptions: { action: "deny" as const },
  };
  if (!options.production) {
    const graphiql = { ...helmetOptions, contentSecurityPolicy: { useDefaults: false, directives: graphiqlDirectives(inlineStyles) } };
    app.addHook("onRoute", (route) => {
      if (route.url === "/graphql") route.config = { ...(route.config as object), helmet: graphiql } as typeof route.config;
    });
  }
  await app.register(fastifyHelmet, helmetOptions);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    // request.protocol is https when the server was reached over TLS, or a trusted proxy (TRUST_PROXY) says so.
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}

/** For the few answers Fastify gives before any hook runs: a bare, strict header set. */
const BARE_HEADERS: Record<string, string> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/** Fastify's frameworkErrors: a path that is not valid UTF-8 or %-encoding (400), a path parameter too long (414). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
  return refuse(
    request,
    reply.headers(BARE_HEADERS),
    tooLong ? 414 : 400,
    tooLong
      ? /*i18n*/ { id: "url.tooLong", message: "The URL is too long" }
      : /*i18n*/ { id: "url.invalid", message: "The URL is not valid (a malformed %-escape or bytes that are not UTF-8)" },
  );
}

/** Fastify's clientErrorHandler: Node could not parse the request (Fastify's own answer, with the bare headers). */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const status = err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : err.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const message = status === 408 ? "The request took too long" : status === 431 ? "The request headers are too large" : "The request could not be read";
  const body = JSON.stringify({ message });
  const headers = Object.entries({ ...BARE_HEADERS, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), connection: "close" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}\r\n${body}`);
  socket.destroy(err);
}
