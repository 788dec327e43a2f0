import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { BUILD_RECHECK_MS, matchRoutePath, ROUTE_PRELOADS_FILE } from "../../schemas/routePaths.ts";
import { hasSessionCookie } from "../auth/session.ts";

/** Content-hashed build output: a new build gets new names, so a browser may keep these for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html, the service worker, the manifest, icons: always revalidated, so a new version is seen. */
const REVALIDATE = "no-cache";

/**
 * Responses are compressed when the client asks: JSON and GraphQL answers from about 1 kB on (brotli
 * at a fast quality, or gzip), never event streams or multipart answers, which must flush as they go.
 * Static files are not compressed here: the build wrote .br and .gz beside each, served as they are.
 */
export async function registerCompression(http: FastifyInstance) {
  await http.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    customTypes: /^(application\/(json|graphql-response\+json)|text\/(plain|csv|html))\s*(;|$)/,
  });
}

/** Answers a page's document: index.html naming the first screen's code (pageDocuments). */
export type SendDocument = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * The built client from `dist`: precompressed variants chosen by Accept-Encoding, hashed assets
 * immutable, everything else revalidated; `/` and the client routes (/inventory, …) get the page's document
 * (pageDocuments), which the returned function sends. Null when there is no build.
 */
export async function serveClient(http: FastifyInstance, dist: string): Promise<SendDocument | null> {
  const hasClient = existsSync(join(dist, "index.html"));
  if (!hasClient) return null;
  await http.register(fastifyStatic, {
    root: dist,
    // wildcard: files are looked up per request, so a rebuilt client is served without a restart.
    wildcard: true,
    // `/` is the dashboard's page: its document is pageDocuments', below. /index.html is the file as it is (the
    // service worker keeps that one for every page).
    index: false,
    // Nothing under a dot name (the build's .vite/, which only the server reads).
    allowedPath: (pathName) => !/(^|\/)\./.test(pathName),
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.header("cache-control", /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : REVALIDATE);
    },
  });
  // The build's files, most of a first load's requests: served by name from a listing of the folder, read again
  // (at most once a second) when a name is not in it, so a rebuilt client is served without a restart. The
  // wildcard route above checks each request's spelling against the disk instead, reading the folder's
  // listing (hundreds of files) on every request: 2.3 ms a request here (1.0 ms by name), and a page's two
  // dozen at once queued behind one another. A name that differs from a file's only in case is not in the
  // listing: a 404, as the wildcard route's spelling check meant.
  const assets = assetListing(join(dist, "assets"));
  http.route({
    method: ["GET", "HEAD"],
    url: "/assets/:file",
    handler: async (request, reply) => {
      const { file } = request.params as { file: string };
      if (!(await assets.has(file))) return reply.callNotFound();
      return reply.sendFile(`assets/${file}`);
    },
  });
  const sendDocument = pageDocuments(dist);
  http.get("/", sendDocument);
  return sendDocument;
}

/** The build's list of each route's first-screen files (client/vite.config.ts, routePreloads). */
type RoutePreloads = { signedIn: string[]; signIn: string[]; routes: { path: string; files: string[] }[] };

/**
 * A page's document: index.html with a `<link rel="modulepreload">` for each file of the first screen's code that it
 * does not already preload: for someone signed in (a session cookie came with the request, valid or not: a guess,
 * as the entry's own is), the frame's and the route's screen's; for a visitor, the sign-in screen's. The browser
 * asks for them as it reads the document, beside the app's own, instead of after the entry has run and appended a
 * link for each (tasks of 20-46 ms at full speed on the phone's main thread in Lighthouse's traces of a cold
 * /inventory and /). They go at the end of the body, after /boot.js: in the head, Lighthouse's simulation, which
 * sends one request at a time per connection, queued that classic script (which its paint estimates wait for)
 * behind them, and FCP and LCP came later. The service worker keeps /index.html as it is, for every page opened
 * again: then the files come from the phone. A build without the list (or a route it does not name) gets
 * index.html's own links only. Each variant is made once per build and confirmed with its ETag; while a rebuild
 * has no index.html yet, the last one read is served.
 */
function pageDocuments(dist: string): SendDocument {
  const indexFile = join(dist, "index.html");
  const preloadsFile = join(dist, ROUTE_PRELOADS_FILE);
  let checkedAt = 0;
  let version = "";
  let html = "";
  let preloads: RoutePreloads = { signedIn: [], signIn: [], routes: [] };
  let variants = new Map<string, { body: string; etag: string }>();
  const current = () => {
    const now = Date.now();
    if (now - checkedAt < BUILD_RECHECK_MS) return;
    checkedAt = now;
    const stamp = [indexFile, preloadsFile].map((f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? -1).join(":");
    if (stamp === version) return;
    try {
      html = readFileSync(indexFile, "utf8");
    } catch {
      return; // A rebuild under way: read again at the next check.
    }
    version = stamp;
    try {
      preloads = JSON.parse(readFileSync(preloadsFile, "utf8")) as RoutePreloads;
    } catch {
      preloads = { signedIn: [], signIn: [], routes: [] };
    }
    variants = new Map();
  };
  const variant = (signedIn: boolean, path: string) => {
    const route = signedIn ? routeFor(preloads.routes, path) : null;
    const key = signedIn ? `in ${route?.path ?? ""}` : "out";
    let made = variants.get(key);
    if (!made) {
      const files = signedIn ? [...preloads.signedIn, ...(route?.files ?? [])] : preloads.signIn;
      // Safe names only (the build's own: /assets/<name>.js), once each, none that index.html names already.
      const links = [...new Set(files)]
        .filter((f) => /^\/assets\/[\w.~-]+\.js$/.test(f) && !html.includes(`"${f}"`))
        .map((f) => `<link rel="modulepreload" crossorigin href="${f}">`)
        .join("");
      const body = links ? html.replace("</body>", `${links}</body>`) : html;
      made = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
      variants.set(key, made);
    }
    return made;
  };
  return (request, reply) => {
    current();
    const path = request.url.split("?")[0]!;
    const { body, etag } = variant(hasSessionCookie(request.headers.cookie), path);
    reply.header("cache-control", REVALIDATE).header("vary", "cookie").header("etag", etag);
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type("text/html; charset=utf-8").send(body);
  };
}

/** The route a path opens: the most specific pattern when two match (most literal segments), as React Router ranks them. */
function routeFor<R extends { path: string }>(routes: readonly R[], pathname: string): R | null {
  let best: R | null = null;
  let bestStatic = -1;
  for (const route of routes) {
    const statics = matchRoutePath(route.path, pathname)?.statics ?? -1;
    if (statics > bestStatic) [best, bestStatic] = [route, statics];
  }
  return best;
}

/** The names in `dir` (plain file names only), read once and again when a name is asked for that is not among them. */
function assetListing(dir: string) {
  let names = new Set<string>();
  let listed = 0;
  let listing: Promise<void> | null = null;
  const relist = () =>
    (listing ??= readdir(dir)
      .then(
        (entries) => void (names = new Set(entries)),
        () => void (names = new Set()),
      )
      .finally(() => {
        listed = Date.now();
        listing = null;
      }));
  return {
    async has(name: string): Promise<boolean> {
      // A name, not a path: no separators, no leading dot (".", "..", hidden files).
      if (!/^[\w~-][\w.~-]*$/.test(name)) return false;
      if (names.has(name)) return true;
      if (Date.now() - listed >= BUILD_RECHECK_MS) await relist();
      return names.has(name);
    },
  };
}
