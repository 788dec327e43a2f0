import { existsSync } from "node:fs";
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
  return true;
}
