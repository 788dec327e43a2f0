/**
 * The two decoding libraries, loaded with import() the first time a scanner opens (never part of
 * the main bundle): ZXing for QR, Data Matrix, Aztec, PDF417 and 1D; Quagga2 for the 1D families
 * it reads better from camera frames (EAN/UPC with add-ons, Code 39/93/128, ITF).
 */
import { canonicalCode, isConfidentQuaggaRead, formatName, normalizeScannedCode, QUAGGA_READERS, ZXING_FORMATS, type ScanHit } from "./scanRules.ts";

export type Decoder = {
  /** Tries one frame already drawn on the canvas: ZXing first, then Quagga. */
  decodeCanvas(canvas: HTMLCanvasElement): Promise<ScanHit | null>;
  /** Grabs the current video frame and decodes it. */
  decodeVideo(video: HTMLVideoElement): Promise<ScanHit | null>;
  /** Decodes a photo (the fallback without camera access): full size first, then smaller. */
  decodeImage(file: Blob): Promise<ScanHit | null>;
};

/** How long one Quagga attempt may take before the frame counts as unreadable. */
const QUAGGA_TIMEOUT_MS = 4000;

let loading: Promise<Decoder> | null = null;

/** Loads both libraries once; a failed load (offline) may be retried by the next scanner. */
export function loadDecoder(): Promise<Decoder> {
  loading ??= build().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

async function build(): Promise<Decoder> {
  const [zxingBrowser, zxing, quaggaModule] = await Promise.all([import("@zxing/browser"), import("@zxing/library"), import("@ericblade/quagga2")]);
  const Quagga = quaggaModule.default;
  const { BarcodeFormat, DecodeHintType, NotFoundException, ChecksumException, FormatException } = zxing;

  const hints = new Map<number, unknown>();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, ZXING_FORMATS.map((f) => BarcodeFormat[f]));
  hints.set(DecodeHintType.TRY_HARDER, true);
  const reader = new zxingBrowser.BrowserMultiFormatReader(hints);

  const frame = document.createElement("canvas");
  const frameContext = frame.getContext("2d", { willReadFrequently: true });

  function zxingDecode(canvas: HTMLCanvasElement): ScanHit | null {
    try {
      const result = reader.decodeFromCanvas(canvas);
      const format = formatName(BarcodeFormat[result.getBarcodeFormat()] ?? "unknown");
      const raw = normalizeScannedCode(result.getText());
      const text = canonicalCode(raw, format);
      return text ? { text, format: text === raw ? format : "EAN-13", engine: "zxing" } : null;
    } catch (err) {
      if (err instanceof NotFoundException || err instanceof ChecksumException || err instanceof FormatException) return null;
      throw err;
    }
  }

  async function quaggaDecode(canvas: HTMLCanvasElement): Promise<ScanHit | null> {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) return null;
    const url = URL.createObjectURL(blob);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), QUAGGA_TIMEOUT_MS);
      });
      const result = await Promise.race([
        Quagga.decodeSingle({
          src: url,
          numOfWorkers: 0,
          locate: true,
          inputStream: { size: Math.min(1280, Math.max(canvas.width, canvas.height)), singleChannel: false },
          locator: { halfSample: true, patchSize: "medium" },
          decoder: { readers: QUAGGA_READERS as never },
        }),
        timeout,
      ]);
      const code = result?.codeResult;
      if (!code?.code) return null;
      const errors = code.decodedCodes.flatMap((c) => (typeof c.error === "number" ? [c.error] : []));
      const text = normalizeScannedCode(code.code);
      if (!isConfidentQuaggaRead({ format: code.format, code: text, errors })) return null;
      const canonical = canonicalCode(text, code.format);
      return { text: canonical, format: canonical === text ? formatName(code.format) : "EAN-13", engine: "quagga" };
    } finally {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
    }
  }

  async function decodeCanvas(canvas: HTMLCanvasElement): Promise<ScanHit | null> {
    return zxingDecode(canvas) ?? (await quaggaDecode(canvas));
  }

  function draw(source: CanvasImageSource, width: number, height: number, maxSide: number) {
    const scale = Math.min(1, maxSide / Math.max(width, height));
    frame.width = Math.max(1, Math.round(width * scale));
    frame.height = Math.max(1, Math.round(height * scale));
    frameContext?.drawImage(source, 0, 0, frame.width, frame.height);
    return frame;
  }

  return {
    decodeCanvas,
    async decodeVideo(video) {
      if (!video.videoWidth || !video.videoHeight) return null;
      return decodeCanvas(draw(video, video.videoWidth, video.videoHeight, 1920));
    },
    async decodeImage(file) {
      const bitmap = await createImageBitmap(file);
      try {
        for (const side of [1600, 800]) {
          const hit = await decodeCanvas(draw(bitmap, bitmap.width, bitmap.height, side));
          if (hit) return hit;
          if (Math.max(bitmap.width, bitmap.height) <= side) break;
        }
        return null;
      } finally {
        bitmap.close();
      }
    },
  };
}
