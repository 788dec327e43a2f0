/**
 * The scan harness page (client/bench/: the app's own photo decoding module, and zxing-wasm alone),
 * built by Vite and served with the fixture photos from one 127.0.0.1 origin. Used by
 * `npm run bench:scan` and by tests/e2e/photos.spec.ts.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, resolve, sep } from "node:path";
import type { Page } from "playwright-core";
import { build } from "vite";
import { PHOTO_DIR } from "./photos.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".gif": "image/gif",
  ".css": "text/css",
};

/** One side's answer for one photo, as the harness page gives it. */
export type Outcome = { text: string | null; format: string | null; engine?: string; ms: number; rejected?: { text: string; rule: string }[] };
export type Side = "trapline" | "peer";

/** Builds the harness into `outDir` and serves it; `base` is its origin. */
export async function startScanHarness(outDir: string): Promise<{ base: string; close(): Promise<void> }> {
  const out = resolve(outDir);
  await build({
    configFile: false,
    root: resolve("client/bench"),
    logLevel: "warn",
    build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
    worker: { format: "es" },
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const [root, rel] = url.pathname.startsWith("/photos/") ? [PHOTO_DIR, url.pathname.slice(8)] : [out, url.pathname === "/" ? "index.html" : url.pathname.slice(1)];
    const path = resolve(root, decodeURIComponent(rel));
    if (!path.startsWith(root + sep) || !existsSync(path) || !statSync(path).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/**
 * Opens the harness in `page` and returns a function that runs one photo (path under PHOTO_DIR)
 * through one side; `budgetMs` overrides Trapline's time budget per photo.
 */
export async function openScanHarness(page: Page, base: string) {
  await page.goto(base);
  await page.waitForSelector("body[data-ready]", { state: "attached" });
  type Bench = { bench: Record<Side, (url: string, budgetMs?: number) => Promise<Outcome>> };
  return (side: Side, file: string, budgetMs?: number) => {
    const url = `/photos/${file.split("/").map(encodeURIComponent).join("/")}`;
    return page.evaluate(([s, u, b]) => (window as unknown as Bench).bench[s as Side](u as string, b as number | undefined), [side, url, budgetMs ?? null] as const);
  };
}
