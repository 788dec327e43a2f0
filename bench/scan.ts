/**
 * `npm run bench:scan`: every real photo in tests/fixtures/photos (ZXing's black-box set) through
 * Trapline's own photo decoding ('Scan a Photo': client/src/components/scanner/decoders.ts) and
 * through ZXing-C++ (zxing-wasm) alone, in Debian's Chromium, one photo at a time. Prints per folder
 * how many each decoded to the true text, how many it misread (a code that is not the one in the
 * picture) and the time per photo (p50/p90, in the page, file in to answer out), side by side.
 *
 *   npm run bench:scan [-- --folders ean13-3,upca-2] [--json .tmp/bench-scan.json]
 *
 * A benchmark, not a test: the numbers depend on the machine. The photos' true texts are theirs.
 */
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, resolve, sep } from "node:path";
import { chromium } from "playwright-core";
import { build } from "vite";
import { parseArgs } from "./lib.ts";
import { listPhotos, matchesTruth, PHOTO_DIR, type Photo } from "../tests/helpers/photos.ts";

const OUT = resolve(".tmp/bench-scan");
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".gif": "image/gif",
  ".css": "text/css",
};

type Outcome = { text: string | null; format: string | null; engine?: string; ms: number };
type Row = { file: string; folder: string; truth: string; trapline: Outcome; peer: Outcome };

function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const folders = args.folders?.split(",").map((f) => f.trim());
  const photos = listPhotos(folders);
  if (!photos.length) throw new Error(`no photos under ${PHOTO_DIR}`);

  await build({
    configFile: false,
    root: resolve("client/bench"),
    logLevel: "warn",
    build: { outDir: OUT, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
    worker: { format: "es" },
  });

  // The built harness and the photos, from one origin.
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const [root, rel] = url.pathname.startsWith("/photos/") ? [PHOTO_DIR, url.pathname.slice(8)] : [OUT, url.pathname === "/" ? "index.html" : url.pathname.slice(1)];
    const path = resolve(root, decodeURIComponent(rel));
    if (!path.startsWith(root + sep) || !existsSync(path) || !statSync(path).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const rows: Row[] = [];
  try {
    const page = await browser.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    // Everything (the WASM included) must come from our own origin.
    const foreign: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith("blob:") && !r.url().startsWith("data:")) foreign.push(r.url());
    });
    process.on("exit", () => {
      if (foreign.length) console.log(`\nRequests that left the page's origin (${foreign.length}): ${[...new Set(foreign)].join(", ")}`);
      else console.log("\nNo request left the page's origin.");
    });
    await page.goto(base);
    await page.waitForSelector("body[data-ready]", { state: "attached" });
    type Bench = { bench: Record<"trapline" | "peer", (url: string) => Promise<Outcome>> };
    const run = (side: "trapline" | "peer", url: string) => page.evaluate(([s, u]) => (window as unknown as Bench).bench[s as "trapline" | "peer"](u!), [side, url] as const);
    // Warm-up (libraries and WASM load): not counted.
    await run("trapline", `/photos/${photos[0]!.file}`);
    await run("peer", `/photos/${photos[0]!.file}`);

    for (const [i, photo] of photos.entries()) {
      const url = `/photos/${photo.file.split("/").map(encodeURIComponent).join("/")}`;
      const trapline = await run("trapline", url);
      const peer = await run("peer", url);
      rows.push({ file: photo.file, folder: photo.folder, truth: photo.truth, trapline, peer });
      if (process.stderr.isTTY) process.stderr.write(`\r${i + 1}/${photos.length}`);
    }
    if (process.stderr.isTTY) process.stderr.write("\n");
  } finally {
    await browser.close();
    server.close();
  }
  report(photos, rows);
  const json = resolve(args.json ?? ".tmp/bench-scan.json");
  mkdirSync(resolve(json, ".."), { recursive: true });
  writeFileSync(json, JSON.stringify(rows, null, 1));
  console.log(`\nPer-photo results: ${json}`);
}

function report(photos: Photo[], rows: Row[]) {
  const truthOf = new Map(photos.map((p) => [p.file, p]));
  const stats = (list: Row[], side: "trapline" | "peer") => {
    const decoded = list.filter((r) => r[side].text !== null && matchesTruth(r[side].text!, truthOf.get(r.file)!)).length;
    const misread = list.filter((r) => r[side].text !== null && !matchesTruth(r[side].text!, truthOf.get(r.file)!)).length;
    const ms = list.map((r) => r[side].ms);
    return { decoded, misread, p50: percentile(ms, 50), p90: percentile(ms, 90) };
  };
  const groups = [...new Set(rows.map((r) => r.folder))].map((f) => [f, rows.filter((r) => r.folder === f)] as const);
  groups.push(["all", rows]);
  const head = ["folder", "photos", "T decoded", "T misread", "T p50 ms", "T p90 ms", "Z decoded", "Z misread", "Z p50 ms", "Z p90 ms"];
  const lines = groups.map(([folder, list]) => {
    const t = stats(list, "trapline");
    const z = stats(list, "peer");
    return [folder, list.length, t.decoded, t.misread, Math.round(t.p50), Math.round(t.p90), z.decoded, z.misread, Math.round(z.p50), Math.round(z.p90)].map(String);
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log("T = Trapline ('Scan a Photo' decoding), Z = zxing-wasm alone (ZXing-C++, same formats)\n");
  console.log(fmt(head));
  for (const l of lines) console.log(fmt(l));
  const wrong = rows.flatMap((r) =>
    (["trapline", "peer"] as const).filter((s) => r[s].text !== null && !matchesTruth(r[s].text!, truthOf.get(r.file)!)).map((s) => `  ${s} ${r.file}: read ${JSON.stringify(r[s].text)} (${r[s].format}${r[s].engine ? `, ${r[s].engine}` : ""}), true ${JSON.stringify(r.truth.slice(0, 60))}`),
  );
  if (wrong.length) console.log(`\nMisreads:\n${wrong.join("\n")}`);
  const onlyPeer = rows.filter((r) => r.peer.text && matchesTruth(r.peer.text, truthOf.get(r.file)!) && !(r.trapline.text && matchesTruth(r.trapline.text, truthOf.get(r.file)!)));
  if (onlyPeer.length) console.log(`\nRead by zxing-wasm, not by Trapline (${onlyPeer.length}): ${onlyPeer.map((r) => r.file).join(", ")}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
