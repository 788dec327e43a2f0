import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

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

/**
 * The built client from `dist`: precompressed variants chosen by Accept-Encoding, hashed assets
 * immutable, everything else revalidated; client routes (/inventory, …) get index.html. Returns
 * false when there is no build.
 */
export async function serveClient(http: FastifyInstance, dist: string): Promise<boolean> {
  const hasClient = existsSync(join(dist, "index.html"));
  if (!hasClient) return false;
  await http.register(fastifyStatic, {
    root: dist,
    // wildcard: files are looked up per request, so a rebuilt client is served without a restart.
    wildcard: true,
    index: ["index.html"],
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
  return true;
}

/** How soon a name missing from the listing may read the folder again. */
const RELIST_AFTER_MS = 1000;

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
      if (Date.now() - listed >= RELIST_AFTER_MS) await relist();
      return names.has(name);
    },
  };
}
