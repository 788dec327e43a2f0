/**
 * `npm run bench:scan`: every real photo in tests/fixtures/photos (ZXing's black-box set) through
 * Trapline's own photo decoding ('Scan a Photo': client/src/components/scanner/decoders.ts) and
 * through ZXing-C++ (zxing-wasm) alone, in Debian's Chromium, one photo at a time. Prints per folder
 * how many each decoded to the true text, how many it misread (a code that is not the one in the
 * picture) and the time per photo (p50/p90, in the page, file in to answer out), side by side.
 *
 *   npm run bench:scan [-- --folders ean13-3,upca-2] [--json .tmp/bench-scan.json] [--write-expected]
 *   PHOTO_DIR=/path/to/blackbox npm run bench:scan     # another set of the same layout (a held-out one)
 *
 * --write-expected rewrites tests/fixtures/photos/expected-decoded.txt, the photos Trapline decodes
 * (tests/e2e/photos.spec.ts holds the app to it): only when the pipeline got better, never to hide a loss.
 *
 * A benchmark, not a test: the numbers depend on the machine. The photos' true texts are theirs.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { parseArgs } from "./lib.ts";
import { EXPECTED_FILE, listPhotos, matchesTruth, PHOTO_DIR, type Photo } from "../tests/helpers/photos.ts";
import { openScanHarness, startScanHarness, type Outcome } from "../tests/helpers/scanHarness.ts";

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

  const harness = await startScanHarness(".tmp/bench-scan");
  const base = harness.base;

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
    const run = await openScanHarness(page, base);
    // Warm-up (libraries and WASM load): not counted.
    await run("trapline", photos[0]!.file);
    await run("peer", photos[0]!.file);

    for (const [i, photo] of photos.entries()) {
      const trapline = await run("trapline", photo.file);
      const peer = await run("peer", photo.file);
      rows.push({ file: photo.file, folder: photo.folder, truth: photo.truth, trapline, peer });
      if (process.stderr.isTTY) process.stderr.write(`\r${i + 1}/${photos.length}`);
    }
    if (process.stderr.isTTY) process.stderr.write("\n");
  } finally {
    await browser.close();
    await harness.close();
  }
  report(photos, rows);
  if (args["write-expected"]) {
    const decoded = rows.filter((r) => r.trapline.text !== null && matchesTruth(r.trapline.text, photos.find((p) => p.file === r.file)!)).map((r) => r.file);
    writeFileSync(EXPECTED_FILE, `${decoded.join("\n")}\n`);
    console.log(`\nWrote ${decoded.length} photos to ${EXPECTED_FILE}`);
  }
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
  // A "misread" that is the set's own truth for another photo of its folder is a second code in the same
  // scene (ean13-2 shows a Japanese book's ISBN and the price bar below it; the set names either), not a
  // wrong code. Said beside the count, never taken off it.
  const elsewhere = rows.flatMap((r) =>
    (["trapline", "peer"] as const).flatMap((s) => {
      const text = r[s].text;
      if (text === null || matchesTruth(text, truthOf.get(r.file)!)) return [];
      const others = photos.filter((p) => p.folder === r.folder && p.file !== r.file && matchesTruth(text, p)).map((p) => p.file);
      return others.length ? [`  ${s} ${r.file}: ${JSON.stringify(text)} is the set's truth for ${others.join(", ")}`] : [];
    }),
  );
  if (elsewhere.length) console.log(`Of those, codes the set itself gives for another photo of the same folder (a second code in the scene):\n${elsewhere.join("\n")}`);
  // What each rule of the pipeline set aside: reads of the true code (a cost) and wrong reads (a misread stopped).
  const rules = new Map<string, { right: number; wrong: number; lost: Set<string> }>();
  for (const r of rows) {
    const photo = truthOf.get(r.file)!;
    const decoded = r.trapline.text !== null && matchesTruth(r.trapline.text, photo);
    for (const x of r.trapline.rejected ?? []) {
      const rule = rules.get(x.rule) ?? { right: 0, wrong: 0, lost: new Set<string>() };
      rules.set(x.rule, rule);
      if (matchesTruth(x.text, photo)) {
        rule.right++;
        if (!decoded) rule.lost.add(r.file);
      } else rule.wrong++;
    }
  }
  if (rules.size) {
    console.log("\nWhat each rule set aside (reads of the true code / wrong reads; photos left undecoded although a rejected read was right):");
    for (const [rule, c] of rules) console.log(`  ${rule.padEnd(12)} right ${c.right}, wrong ${c.wrong}; photos lost ${c.lost.size}${c.lost.size ? ` (${[...c.lost].join(", ")})` : ""}`);
  }
  const onlyPeer = rows.filter((r) => r.peer.text && matchesTruth(r.peer.text, truthOf.get(r.file)!) && !(r.trapline.text && matchesTruth(r.trapline.text, truthOf.get(r.file)!)));
  if (onlyPeer.length) console.log(`\nRead by zxing-wasm, not by Trapline (${onlyPeer.length}): ${onlyPeer.map((r) => r.file).join(", ")}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
