// Writes NAME.br (brotli, best) and NAME.gz (gzip -9) beside every compressible file of the built
// client, which the server sends by Accept-Encoding (@fastify/static preCompressed). A variant that
// would not be smaller is not written, and the plain file is served instead.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(name)) yield path;
  }
}

export async function precompress(dir) {
  let raw = 0;
  let br = 0;
  await Promise.all(
    [...files(dir)].map(async (path) => {
      const data = readFileSync(path);
      const [b, g] = await Promise.all([
        brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gzip(data, { level: 9 }),
      ]);
      raw += data.length;
      br += Math.min(b.length, data.length);
      if (b.length < data.length) writeFileSync(`${path}.br`, b);
      if (g.length < data.length) writeFileSync(`${path}.gz`, g);
    }),
  );
  return { raw, br };
}
