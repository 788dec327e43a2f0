/**
 * The page `npm run bench:scan` (bench/scan.ts) drives in Chromium: the app's own photo decoding
 * (the module 'Scan a Photo' uses) and ZXing-C++ (zxing-wasm) alone, each handed the same photo file.
 * Built by Vite like the app, so the decoders load exactly as they do there.
 */
import { prepareZXingModule, readBarcodes, type ReaderOptions } from "zxing-wasm/reader";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import * as decoders from "../src/components/scanner/decoders.ts";

/**
 * The peer reads the same formats the app asks for, with its own defaults otherwise (tryHarder,
 * rotate, invert, downscale), and gives text as plain text (its default escapes control characters).
 */
const PEER_OPTIONS: ReaderOptions = {
  formats: ["QRCode", "DataMatrix", "Aztec", "PDF417", "EAN13", "EAN8", "UPCA", "UPCE", "Code39", "Code93", "Code128", "ITF", "Codabar"],
  maxNumberOfSymbols: 1,
  textMode: "Plain",
};

prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? new URL(wasmUrl, location.href).href : prefix + path) }, fireImmediately: false });

type Outcome = { text: string | null; format: string | null; engine?: string; ms: number; rejected?: { text: string; rule: string }[] };

async function photo(url: string): Promise<Blob> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.blob();
}

const bench = {
  /** `budgetMs`: the tests give a generous one, so that what is decoded does not depend on the machine's speed. */
  async trapline(url: string, budgetMs?: number | null): Promise<Outcome> {
    const file = await photo(url);
    const decoder = await decoders.loadDecoder();
    const start = performance.now();
    const hit = await decoder.decodeImage(file, { budgetMs: budgetMs ?? undefined });
    const ms = performance.now() - start;
    return { text: hit?.text ?? null, format: hit?.format ?? null, engine: hit?.engine, ms, rejected: decoders.lastPhotoTrace.rejected };
  },
  async peer(url: string): Promise<Outcome> {
    const file = await photo(url);
    const start = performance.now();
    const [hit] = await readBarcodes(file, PEER_OPTIONS);
    const ms = performance.now() - start;
    return { text: hit?.text ?? null, format: hit?.format ?? null, ms };
  },
};

(window as unknown as { bench: typeof bench }).bench = bench;
document.body.dataset.ready = "1";
