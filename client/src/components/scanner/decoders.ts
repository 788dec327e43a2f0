/**
 * The decoding pipeline behind both scanners, loaded with import() the first time a scanner opens
 * (never part of the main bundle). Engines, first to last, each only while the time budget lasts:
 * 1. the browser's own BarcodeDetector where it exists (Android Chrome, Safari);
 * 2. ZXing-C++ (zxing-wasm) in a Worker, off the main thread: it rotates, inverts and downscales by itself;
 * 3. for a photo: the regions ZXing-C++ located but could not read, cropped and enlarged, read again;
 * 4. ZXing (@zxing/library) on the main thread, at two sizes and inverted;
 * 5. Quagga2 for the 1D families it reads on blurry frames.
 * Every read goes through settleReads (scanRules.ts): check digits, a second agreeing read for every
 * 1D read, ambiguous answers dropped.
 */
import type { ReaderOptions } from "zxing-wasm/reader";
import {
  FRAME_BUDGET_MS,
  NATIVE_FORMATS,
  PHOTO_BUDGET_MS,
  QUAGGA_READERS,
  WASM_FORMATS,
  ZXING_FORMATS,
  isConfidentQuaggaRead,
  normalizeScannedCode,
  settleReads,
  type Candidate,
  type ScanHit,
} from "./scanRules.ts";
import type { WasmRead, WasmRequest, WasmResponse } from "./wasmWorker.ts";

export type Decoder = {
  /** Grabs the current video frame and decodes it (one frame: the caller asks a second frame to agree). */
  decodeVideo(video: HTMLVideoElement): Promise<ScanHit | null>;
  /** Decodes a photo (the fallback without camera access) within `budgetMs` (PHOTO_BUDGET_MS unless given). */
  decodeImage(file: Blob, options?: { budgetMs?: number }): Promise<ScanHit | null>;
};

/** How long one Quagga attempt may take at most (less when the budget has less left). */
const QUAGGA_TIMEOUT_MS = 4000;
/** A photo larger than this (longest side) is downscaled before decoding. */
const PHOTO_MAX_SIDE = 2048;
/** A camera frame is decoded at most this large. */
const FRAME_MAX_SIDE = 1280;
/** ZXing-C++ on one frame: past this the worker is restarted (a frame's budget is for the engines after it). */
const FRAME_WASM_TIMEOUT_MS = 1500;
/** At most this many located regions (read but unconfirmed, or not read) are cropped and tried again. */
const MAX_REGIONS = 3;

const WASM_PHOTO_OPTIONS: ReaderOptions = {
  formats: [...WASM_FORMATS],
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
  returnErrors: true,
  maxNumberOfSymbols: 8,
  textMode: "Plain",
};
const WASM_SECOND_OPTIONS: ReaderOptions = { ...WASM_PHOTO_OPTIONS, returnErrors: false, maxNumberOfSymbols: 1 };
const WASM_FRAME_OPTIONS: ReaderOptions = { ...WASM_PHOTO_OPTIONS, returnErrors: false, maxNumberOfSymbols: 4 };

let loading: Promise<Decoder> | null = null;

/** The last photo's candidate reads and what the rules set aside (for `npm run bench:scan`'s per-rule counts). */
export let lastPhotoTrace: ReturnType<typeof settleReads> & { candidates: Candidate[] } = { hit: null, ambiguous: false, rejected: [], candidates: [] };

/** Loads the engines once; a failed load (offline) may be retried by the next scanner. */
export function loadDecoder(): Promise<Decoder> {
  loading ??= build().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** How long a new worker may take to load and compile its WASM before it is given up and started again. */
const WASM_START_TIMEOUT_MS = 30_000;

/**
 * ZXing-C++ in a Worker: one request at a time per caller, a timeout that restarts the worker. A new worker
 * answers nothing until its WASM has downloaded and compiled (seconds on a slow phone, or on a busy machine):
 * a request sent before then would wait behind the compile, and its timeout would terminate the worker,
 * compile and all, so that on a phone slower than the timeout the engine never started (a camera frame's
 * 1.5 s, at every frame) and a first photo spent its whole budget waiting. So until the worker has answered
 * once, `read` answers null at once and leaves it compiling (the other engines go on), and a photo waits
 * for `warm()` before its budget starts.
 */
export class WasmEngine {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, (reads: WasmRead[] | null) => void>();
  /** Set when the worker cannot run here (no module workers, WASM refused): the other engines go on alone. */
  private unavailable = false;
  /** The current worker has answered (its WASM is compiled). */
  private started = false;
  private starting: Promise<boolean> | null = null;

  private spawn(): Worker {
    const worker = new Worker(new URL("./wasmWorker.ts", import.meta.url), { type: "module" });
    this.started = false;
    worker.onmessage = (event: MessageEvent<WasmResponse>) => {
      if (this.worker === worker) this.started = true;
      const done = this.pending.get(event.data.id);
      this.pending.delete(event.data.id);
      done?.("reads" in event.data ? event.data.reads : null);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.unavailable = true;
      this.reset();
    };
    return worker;
  }

  /**
   * Starts the worker, its WASM download and compile now (a scanner has opened). Resolves true once it
   * answers, false when it cannot run here or did not start within WASM_START_TIMEOUT_MS.
   */
  warm(): Promise<boolean> {
    if (this.started) return Promise.resolve(true);
    this.starting ??= this.send(new ImageData(1, 1), { formats: ["QRCode"] }, WASM_START_TIMEOUT_MS).then((reads) => {
      this.starting = null;
      return reads !== null;
    });
    return this.starting;
  }

  /** The reads in `image` (transferred to the worker), or null after `timeoutMs`, on a failure, or while the worker is starting. */
  read(image: ImageData, options: ReaderOptions, timeoutMs: number): Promise<WasmRead[] | null> {
    if (!this.started) {
      void this.warm();
      return Promise.resolve(null);
    }
    return this.send(image, options, timeoutMs);
  }

  private send(image: ImageData, options: ReaderOptions, timeoutMs: number): Promise<WasmRead[] | null> {
    if (this.unavailable || timeoutMs <= 0) return Promise.resolve(null);
    let worker: Worker;
    try {
      worker = this.worker ??= this.spawn();
    } catch {
      this.unavailable = true;
      return Promise.resolve(null);
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (!this.pending.has(id)) return;
        this.reset(); // the WASM cannot be interrupted: a new worker starts with the next request
      }, timeoutMs);
      this.pending.set(id, (reads) => {
        clearTimeout(timer);
        resolve(reads);
      });
      const request: WasmRequest = { id, image, options };
      worker.postMessage(request, [image.data.buffer]);
    });
  }

  reset() {
    this.worker?.terminate();
    this.worker = null;
    this.started = false;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    waiting.forEach((done) => done(null));
  }
}

type NativeDetector = { detect(source: ImageBitmapSource): Promise<{ rawValue: string; format: string }[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
};

/** The browser's own BarcodeDetector for the formats it supports, or null where there is none. */
async function nativeDetector(): Promise<NativeDetector | null> {
  const Detector = (globalThis as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = new Set(await Detector.getSupportedFormats());
    const formats = NATIVE_FORMATS.filter((f) => supported.has(f));
    return formats.length ? new Detector({ formats }) : null;
  } catch {
    return null;
  }
}

async function build(): Promise<Decoder> {
  const [zxingBrowser, zxing, quaggaModule, native] = await Promise.all([import("@zxing/browser"), import("@zxing/library"), import("@ericblade/quagga2"), nativeDetector()]);
  const Quagga = quaggaModule.default;
  const { BarcodeFormat, DecodeHintType, NotFoundException, ChecksumException, FormatException } = zxing;

  const wasm = new WasmEngine();
  void wasm.warm();

  const hints = new Map<number, unknown>();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, ZXING_FORMATS.map((f) => BarcodeFormat[f]));
  hints.set(DecodeHintType.TRY_HARDER, true);
  const reader = new zxingBrowser.BrowserMultiFormatReader(hints);

  function canvas(width: number, height: number) {
    const c = document.createElement("canvas");
    c.width = Math.max(1, Math.round(width));
    c.height = Math.max(1, Math.round(height));
    return { canvas: c, context: c.getContext("2d", { willReadFrequently: true })! };
  }

  /** `source` (or its region `crop`) drawn at most `maxSide` long, optionally inverted. */
  function draw(source: CanvasImageSource, width: number, height: number, maxSide: number, opts: { crop?: WasmRead["box"]; invert?: boolean; minSide?: number } = {}) {
    const crop = opts.crop ?? { x: 0, y: 0, width, height };
    let scale = Math.min(1, maxSide / Math.max(crop.width, crop.height));
    if (opts.minSide && Math.max(crop.width, crop.height) * scale < opts.minSide) scale = opts.minSide / Math.max(crop.width, crop.height);
    const out = canvas(crop.width * scale, crop.height * scale);
    if (opts.invert) out.context.filter = "invert(1)";
    out.context.drawImage(source, crop.x, crop.y, crop.width, crop.height, 0, 0, out.canvas.width, out.canvas.height);
    return out;
  }

  const imageData = ({ canvas: c, context }: ReturnType<typeof canvas>) => context.getImageData(0, 0, c.width, c.height);

  async function nativeReads(source: ImageBitmapSource): Promise<Candidate[]> {
    if (!native) return [];
    try {
      return (await native.detect(source)).map((r) => ({ text: r.rawValue, format: r.format, engine: "native" as const }));
    } catch {
      return [];
    }
  }

  const wasmCandidates = (reads: WasmRead[] | null): Candidate[] => (reads ?? []).filter((r) => r.isValid).map((r) => ({ text: r.text, format: r.format, engine: "zxing-wasm" as const }));

  function zxingRead(c: HTMLCanvasElement): Candidate[] {
    try {
      const result = reader.decodeFromCanvas(c);
      return [{ text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] ?? "unknown", engine: "zxing" }];
    } catch (err) {
      if (err instanceof NotFoundException || err instanceof ChecksumException || err instanceof FormatException) return [];
      throw err;
    }
  }

  async function quaggaRead(c: HTMLCanvasElement, timeoutMs: number): Promise<Candidate[]> {
    if (timeoutMs <= 0) return [];
    const blob = await new Promise<Blob | null>((resolve) => c.toBlob(resolve, "image/png"));
    if (!blob) return [];
    const url = URL.createObjectURL(blob);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), Math.min(QUAGGA_TIMEOUT_MS, timeoutMs));
      });
      const result = await Promise.race([
        Quagga.decodeSingle({
          src: url,
          numOfWorkers: 0,
          locate: true,
          inputStream: { size: Math.min(1280, Math.max(c.width, c.height)), singleChannel: false },
          locator: { halfSample: true, patchSize: "medium" },
          decoder: { readers: QUAGGA_READERS as never },
        }),
        timeout,
      ]);
      const code = result?.codeResult;
      if (!code?.code) return [];
      const errors = code.decodedCodes.flatMap((d) => (typeof d.error === "number" ? [d.error] : []));
      const text = normalizeScannedCode(code.code);
      return isConfidentQuaggaRead({ format: code.format, code: text, errors }) ? [{ text, format: code.format, engine: "quagga" }] : [];
    } finally {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
    }
  }

  /** A region ZXing-C++ located, with a margin, inside the image. */
  function around(box: WasmRead["box"], width: number, height: number): WasmRead["box"] {
    const margin = Math.max(box.width, box.height) * 0.25 + 8;
    const x = Math.max(0, box.x - margin);
    const y = Math.max(0, box.y - margin);
    return { x, y, width: Math.min(width, box.x + box.width + margin) - x, height: Math.min(height, box.y + box.height + margin) - y };
  }

  return {
    async decodeVideo(video) {
      if (!video.videoWidth || !video.videoHeight) return null;
      const deadline = performance.now() + FRAME_BUDGET_MS;
      const left = () => deadline - performance.now();
      const candidates: Candidate[] = [];
      // One frame's reads; the camera acts only when the next frame agrees (useCameraScanner).
      const settled = () => settleReads(candidates, { oneReadEnough: true });
      const frame = draw(video, video.videoWidth, video.videoHeight, FRAME_MAX_SIDE);
      candidates.push(...(await nativeReads(frame.canvas)));
      if (candidates.length) return settled().hit;
      candidates.push(...wasmCandidates(await wasm.read(imageData(frame), WASM_FRAME_OPTIONS, FRAME_WASM_TIMEOUT_MS)));
      if (candidates.length) return settled().hit;
      if (left() > 0) candidates.push(...zxingRead(frame.canvas));
      if (candidates.length) return settled().hit;
      if (left() > 0) candidates.push(...(await quaggaRead(frame.canvas, Math.max(left(), 150))));
      return settled().hit;
    },

    async decodeImage(file, { budgetMs = PHOTO_BUDGET_MS } = {}) {
      // The engine's one start (its WASM's download and compile, WasmEngine) is not the photo's time.
      await wasm.warm();
      const deadline = performance.now() + budgetMs;
      const left = () => deadline - performance.now();
      lastPhotoTrace = { hit: null, ambiguous: false, rejected: [], candidates: [] };
      const bitmap = await createImageBitmap(file);
      const { width, height } = bitmap;
      const candidates: Candidate[] = [];
      // An answer, or an ambiguous one (dropped): either way no further engine is asked.
      const done = () => {
        const s = settleReads(candidates);
        lastPhotoTrace = { ...s, candidates: [...candidates] };
        return s.hit !== null || s.ambiguous;
      };
      try {
        candidates.push(...(await nativeReads(bitmap)));
        if (done()) return settleReads(candidates).hit;

        const reads = await wasm.read(imageData(draw(bitmap, width, height, PHOTO_MAX_SIDE)), WASM_PHOTO_OPTIONS, left());
        candidates.push(...wasmCandidates(reads));
        if (done()) return settleReads(candidates).hit;

        // A second look at other pixels: the photo resampled (enlarged when small, else reduced),
        // asked for its first code only; it reads codes the first pass gave up on, and confirms reads.
        const resample = Math.max(width, height) <= 1000 ? 1.5 : 0.6;
        const second = draw(bitmap, width, height, Math.min(PHOTO_MAX_SIDE, Math.max(width, height) * resample), { minSide: Math.max(width, height) * resample });
        candidates.push(...wasmCandidates(await wasm.read(imageData(second), WASM_SECOND_OPTIONS, left())));
        if (done()) return settleReads(candidates).hit;

        // Regions ZXing-C++ read but that need a second read, then those it located but could not read:
        // cropped, enlarged, read again by both ZXings.
        const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(width, height));
        const located = (reads ?? []).filter((r) => r.box.width > 0 && r.box.height > 0);
        const regions = [...located.filter((r) => r.isValid), ...located.filter((r) => !r.isValid)].slice(0, MAX_REGIONS);
        for (const r of regions) {
          if (left() <= 0) break;
          const box = around({ x: r.box.x / scale, y: r.box.y / scale, width: r.box.width / scale, height: r.box.height / scale }, width, height);
          const crop = draw(bitmap, width, height, 1200, { crop: box, minSide: 600 });
          candidates.push(...zxingRead(crop.canvas));
          if (done()) return settleReads(candidates).hit;
          candidates.push(...wasmCandidates(await wasm.read(imageData(crop), WASM_PHOTO_OPTIONS, left())));
          if (done()) return settleReads(candidates).hit;
        }

        // ZXing (JavaScript): full size, smaller, inverted.
        const sizes = [1600, 800].filter((side, i) => i === 0 || Math.max(width, height) > side);
        for (const side of sizes) {
          if (left() <= 0) break;
          candidates.push(...zxingRead(draw(bitmap, width, height, side).canvas));
          if (done()) return settleReads(candidates).hit;
        }
        if (left() > 0) {
          candidates.push(...zxingRead(draw(bitmap, width, height, 1200, { invert: true }).canvas));
          if (done()) return settleReads(candidates).hit;
        }

        // Quagga: its read needs a second one (another size) to agree.
        for (const side of [1280, 800]) {
          if (left() <= 0) break;
          candidates.push(...(await quaggaRead(draw(bitmap, width, height, side).canvas, left())));
          if (done()) return settleReads(candidates).hit;
        }
        return null;
      } finally {
        bitmap.close();
      }
    },
  };
}
