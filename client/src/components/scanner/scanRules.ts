/**
 * What the camera scanners share, as plain data and pure functions (no DOM, no React): the §9 camera
 * constants and barcode kinds, and the rules that turn a raw read into a
 * code worth looking up. Unit-tested in tests/client/scanRules.test.ts.
 */
import { LABEL_PREFIX } from "../../../../schemas/constants.ts";

/** §9: rear camera, ideal 1280x720 (a laptop without one falls back to the camera it has). */
export const CAMERA_VIDEO_CONSTRAINTS = {
  facingMode: { ideal: "environment" },
  width: { ideal: 1280 },
  height: { ideal: 720 },
} as const;
/** §9: default time between scans (a code read again sooner is the same scan). */
export const DELAY_BETWEEN_SCANS_MS = 500;
/** §9: decode retry interval after a frame with no code. */
export const DECODE_RETRY_MS = 300;

/** ZXing reads the 2D symbols and every 1D family (its names, `BarcodeFormat` keys). */
export const ZXING_FORMATS = [
  "QR_CODE",
  "DATA_MATRIX",
  "AZTEC",
  "PDF_417",
  "EAN_13",
  "EAN_8",
  "UPC_A",
  "UPC_E",
  "CODE_39",
  "CODE_93",
  "CODE_128",
  "ITF",
  "CODABAR",
] as const;

/**
 * Quagga2 reads the 1D families where it does better on camera frames (blur, small bars, 2- and
 * 5-digit add-ons). The EAN reader with add-ons only answers when an add-on is there, so a plain
 * EAN reader follows it. Order is priority.
 */
export const QUAGGA_READERS = [
  { format: "ean_reader", config: { supplements: ["ean_5_reader", "ean_2_reader"] } },
  "ean_reader",
  "ean_8_reader",
  "upc_reader",
  "upc_e_reader",
  "code_128_reader",
  "code_39_reader",
  "code_93_reader",
  "i2of5_reader",
] as const;

/** Above this median bar-width error a Quagga read is more likely noise than a barcode. */
export const QUAGGA_MAX_MEDIAN_ERROR = 0.15;

/** ZXing-C++ (zxing-wasm) reads the same symbologies as ZXing (its names). */
export const WASM_FORMATS = ["QRCode", "DataMatrix", "Aztec", "PDF417", "EAN13", "EAN8", "UPCA", "UPCE", "Code39", "Code93", "Code128", "ITF", "Codabar"] as const;

/** Native BarcodeDetector (Android Chrome, Safari) is asked for these, where it supports them. */
export const NATIVE_FORMATS = ["qr_code", "data_matrix", "aztec", "pdf417", "ean_13", "ean_8", "upc_a", "upc_e", "code_39", "code_93", "code_128", "itf", "codabar"] as const;

/** Time one photo may take in all (a phone stays responsive; the engines left are skipped after it). */
export const PHOTO_BUDGET_MS = 3000;
/** Time one camera frame may take: the slower engines are skipped once it is spent. */
export const FRAME_BUDGET_MS = 250;
/**
 * On the live camera a code counts only when two frames read the same text within this window
 * (two decode retries plus decoding time); one frame's read is never acted on.
 */
export const FRAME_AGREEMENT_MS = 1000;
/** After a first frame's read, the next frame is tried this soon, to confirm it. */
export const CONFIRM_RETRY_MS = 100;

export type ScanEngine = "native" | "zxing-wasm" | "zxing" | "quagga";
/** One decoded code: the text, its symbology (display name) and which library read it. */
export type ScanHit = { text: string; format: string; engine: ScanEngine };

const FORMAT_NAMES: Record<string, string> = {
  QR_CODE: "QR Code",
  DATA_MATRIX: "Data Matrix",
  AZTEC: "Aztec",
  PDF_417: "PDF417",
  EAN_13: "EAN-13",
  EAN_8: "EAN-8",
  UPC_A: "UPC-A",
  UPC_E: "UPC-E",
  CODE_39: "Code 39",
  CODE_93: "Code 93",
  CODE_128: "Code 128",
  ITF: "ITF",
  CODABAR: "Codabar",
  ean_13: "EAN-13",
  ean_8: "EAN-8",
  upc_a: "UPC-A",
  upc_e: "UPC-E",
  code_128: "Code 128",
  code_39: "Code 39",
  code_39_vin: "Code 39",
  code_93: "Code 93",
  i2of5: "ITF",
  "2of5": "Code 2 of 5",
  codabar: "Codabar",
  // zxing-wasm (ZXing-C++) names
  QRCode: "QR Code",
  DataMatrix: "Data Matrix",
  EAN13: "EAN-13",
  EAN8: "EAN-8",
  UPCA: "UPC-A",
  UPCE: "UPC-E",
  Code39: "Code 39",
  Code39Std: "Code 39",
  Code39Ext: "Code 39",
  Code93: "Code 93",
  Code128: "Code 128",
  ITF14: "ITF",
  // BarcodeDetector names
  qr_code: "QR Code",
  data_matrix: "Data Matrix",
  aztec: "Aztec",
  pdf417: "PDF417",
  itf: "ITF",
};

/** A readable name for either library's format id ('EAN_13', 'ean_13' → 'EAN-13'). */
export function formatName(format: string): string {
  return FORMAT_NAMES[format] ?? format;
}

/** Trims a raw read and drops control characters (GS1 group separators, stray CR/LF). */
export function normalizeScannedCode(raw: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return raw.replace(/[\u0000-\u001f\u007f]/g, "").trim();
}

/**
 * One form per product code: a UPC-A (12 digits, as ZXing reports an EAN-13 that starts with 0) is
 * given as its EAN-13, the way the inventory stores barcodes; anything else is left as read.
 */
export function canonicalCode(text: string, format: string): string {
  if (formatName(format) === "UPC-A" && /^\d{12}$/.test(text) && isValidGtin(text)) return `0${text}`;
  return text;
}

/**
 * The codes to try, in order, for one scan: the code itself, then its other spelling when it is a
 * product code that has one (EAN-13 with a leading 0 ⇄ UPC-A), so a barcode stored either way is found.
 */
export function lookupCandidates(code: string): string[] {
  const value = code.trim();
  if (/^0\d{12}$/.test(value) && isValidGtin(value)) return [value, value.slice(1)];
  if (/^\d{12}$/.test(value) && isValidGtin(value)) return [value, `0${value}`];
  return [value];
}

/** A Trapline label payload, `trapline:<type>:<id>`, as the server reads it; null for any other code. */
export function parseLabelCode(code: string): { type: "inventory" | "equipment" | "location"; id: number } | null {
  const m = new RegExp(`^${LABEL_PREFIX}:(inventory|equipment|location):(\\d{1,10})$`, "i").exec(code.trim());
  if (!m) return null;
  return { type: m[1]!.toLowerCase() as "inventory" | "equipment" | "location", id: Number(m[2]) };
}

/** GTIN check digit (EAN-8, UPC-A, EAN-13, GTIN-14): weights 3,1,3,… from the right, before the check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** UPC-E (8 digits, number system 0 or 1) expanded to its UPC-A, whose check digit it carries. */
export function upcEToUpcA(code: string): string | null {
  if (!/^[01]\d{7}$/.test(code)) return null;
  const [ns, d1, d2, d3, d4, d5, d6, check] = [...code];
  const body = `${d1}${d2}${d3}${d4}${d5}`;
  let middle: string;
  switch (d6) {
    case "0":
    case "1":
    case "2":
      middle = `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
      break;
    case "3":
      middle = `${d1}${d2}${d3}00000${d4}${d5}`;
      break;
    case "4":
      middle = `${d1}${d2}${d3}${d4}00000${d5}`;
      break;
    default:
      middle = `${body}0000${d6}`;
  }
  return `${ns}${middle}${check}`;
}

/** A UPC-A (12 digits, or 13 with a leading 0) that has a UPC-E form, as that 8-digit UPC-E; else null. */
export function upcAToUpcE(code: string): string | null {
  const a = /^0\d{12}$/.test(code) ? code.slice(1) : code;
  if (!/^[01]\d{11}$/.test(a)) return null;
  const [ns, m1, m2, m3, m4, m5, , , m8, m9, m10, check] = [...a];
  const tries = [`${m1}${m2}${m8}${m9}${m10}${m3}`, `${m1}${m2}${m3}${m9}${m10}3`, `${m1}${m2}${m3}${m4}${m10}4`, `${m1}${m2}${m3}${m4}${m5}${m10}`];
  return tries.map((body) => `${ns}${body}${check}`).find((e) => upcEToUpcA(e) === a) ?? null;
}

/**
 * A read as the app spells it: ZXing-C++ gives a UPC-E expanded to its 13 digits; the app (like ZXing
 * and Quagga, and like the digits printed under the bars) keeps the 8-digit UPC-E.
 */
export function engineText(text: string, format: string): string {
  if (formatName(format) === "UPC-E" && /^\d{12,13}$/.test(text)) return upcAToUpcE(text) ?? text;
  return text;
}

/**
 * Whether a Quagga read can be trusted: its bars matched well (median error below the limit) and,
 * for EAN/UPC, the check digit holds (an add-on's digits follow the 13 and are not part of it).
 */
export function isConfidentQuaggaRead(read: { format: string; code: string; errors: readonly number[] }): boolean {
  const { format, code, errors } = read;
  if (!code) return false;
  if (errors.length) {
    const sorted = [...errors].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    if (median > QUAGGA_MAX_MEDIAN_ERROR) return false;
  }
  switch (format) {
    case "ean_13":
      return isValidGtin(code.slice(0, 13)) && /^\d{13}(\d{2}|\d{5})?$/.test(code);
    case "ean_8":
      return isValidGtin(code);
    case "upc_a":
      return isValidGtin(code);
    case "upc_e": {
      const a = upcEToUpcA(code);
      return a !== null && isValidGtin(a);
    }
    case "i2of5":
      return code.length >= 6 && code.length % 2 === 0;
    default:
      return code.length >= 3;
  }
}

/**
 * Whether a read's own check digit holds, for the 1D codes that carry one: EAN-13, EAN-8, UPC-A,
 * UPC-E (through its UPC-A) and ITF-14 (a GTIN). Other ITF lengths must be even; other symbologies
 * check themselves (Code 128's checksum, the 2D codes' error correction). Format: either library's
 * name or a display name.
 */
export function checkDigitHolds(text: string, format: string): boolean {
  switch (formatName(format)) {
    case "EAN-13":
      return /^\d{13}$/.test(text) && isValidGtin(text);
    case "EAN-8":
      return /^\d{8}$/.test(text) && isValidGtin(text);
    case "UPC-A":
      return /^0?\d{12}$/.test(text) && isValidGtin(text);
    case "UPC-E": {
      const a = upcEToUpcA(text);
      return a !== null && isValidGtin(a);
    }
    case "ITF":
      return /^\d+$/.test(text) && text.length % 2 === 0 && (text.length !== 14 || isValidGtin(text));
    default:
      return text.length > 0;
  }
}

const MATRIX_FORMATS = new Set(["QR Code", "Data Matrix", "Aztec", "PDF417"]);
/** Short product codes: 6 or 7 data digits, where a misread bar still often gives a valid check digit. */
const SHORT_FORMATS = new Set(["UPC-E", "EAN-8"]);

/**
 * Reads that need a second, agreeing read: every 1D read, whichever engine made it. A 1D code has a
 * check digit at most, and a misread bar can keep it valid: on a held-out set of ZXing's photos a lone
 * EAN-13 from one engine was the wrong product twice. Only the 2D symbols, whose error correction
 * checks every module, count alone. (The live camera confirms a read by the next frame instead.)
 */
export function needsSecondRead(read: Pick<ScanHit, "engine" | "format">): boolean {
  return !MATRIX_FORMATS.has(formatName(read.format));
}

/** One engine's read of one image (or one preprocessed variant of it), before the rules below. */
export type Candidate = ScanHit;

/** Which rule set a read aside: a failed check digit, no second read agreeing, or a disagreement. */
export type ScanRule = "check-digit" | "second-read" | "ambiguous";

/**
 * The rules that turn candidate reads into one answer, or none:
 * - a 1D read whose check digit fails is dropped;
 * - a read that needs a second one (needsSecondRead) counts only when another read agrees: another
 *   engine, or the same engine on another variant of the image (size, crop, inversion); for a UPC-E
 *   or EAN-8 from Quagga only another engine;
 * - when the reads left disagree (two different texts), the answer is ambiguous and dropped.
 * The same product code spelled as UPC-A or as EAN-13 is one text. `oneReadEnough` lets a single read
 * through where the caller confirms it otherwise (the live camera's second frame).
 * `rejected` lists what each rule set aside (the benchmark counts what each rule costs).
 */
export function settleReads(
  candidates: readonly Candidate[],
  { oneReadEnough = false } = {},
): { hit: ScanHit | null; ambiguous: boolean; rejected: { text: string; rule: ScanRule }[] } {
  const rejected: { text: string; rule: ScanRule }[] = [];
  const valid = candidates.flatMap((c) => {
    const raw = engineText(normalizeScannedCode(c.text), c.format);
    if (!raw) return [];
    if (!checkDigitHolds(raw, c.format)) {
      rejected.push({ text: raw, rule: "check-digit" });
      return [];
    }
    const text = canonicalCode(raw, c.format);
    // A UPC-A given as its EAN-13 is reported as the EAN-13 it now is.
    return [{ text, format: text === raw ? formatName(c.format) : "EAN-13", engine: c.engine }];
  });
  const byText = new Map<string, Candidate[]>();
  for (const c of valid) byText.set(c.text, [...(byText.get(c.text) ?? []), c]);
  const agreed = (reads: Candidate[]) =>
    oneReadEnough ||
    reads.some((r) => !needsSecondRead(r)) ||
    (SHORT_FORMATS.has(reads[0]!.format)
      ? // Quagga read a UPC-E the same wrong way at two sizes: its short codes need another engine.
        new Set(reads.map((r) => r.engine)).size >= 2 || reads.filter((r) => r.engine !== "quagga").length >= 2
      : reads.length >= 2);
  const trusted = [...byText.values()].filter((reads) => {
    if (agreed(reads)) return true;
    rejected.push({ text: reads[0]!.text, rule: "second-read" });
    return false;
  });
  if (trusted.length !== 1) {
    if (trusted.length > 1) trusted.forEach((reads) => rejected.push({ text: reads[0]!.text, rule: "ambiguous" }));
    return { hit: null, ambiguous: trusted.length > 1, rejected };
  }
  const reads = trusted[0]!;
  return { hit: reads.find((r) => !needsSecondRead(r)) ?? reads[0]!, ambiguous: false, rejected };
}

/**
 * The live camera's second-frame rule: `see(code, capturedAt, decodedAt)` is true only when the frame
 * before read the same code and this frame was captured within `windowMs` after that one's read was
 * done (so a slow decoder, on a slow phone, still confirms); a different code starts over.
 */
export function createFrameAgreement(windowMs = FRAME_AGREEMENT_MS) {
  let last: { code: string; at: number } | null = null;
  return {
    see(code: string, capturedAt: number, decodedAt = capturedAt): boolean {
      const agreed = last !== null && last.code === code && capturedAt - last.at <= windowMs;
      last = agreed ? null : { code, at: decodedAt };
      return agreed;
    },
    /** Whether a first read waits for its confirmation. */
    get pending() {
      return last !== null;
    },
  };
}

/**
 * §9 time between scans: the same code read again within `delayMs` of the last accepted read is
 * the same scan; a different code, or the same one later, is a new scan.
 */
export function createScanGate(delayMs = DELAY_BETWEEN_SCANS_MS) {
  let last: { code: string; at: number } | null = null;
  return (code: string, now: number): boolean => {
    if (last && last.code === code && now - last.at < delayMs) return false;
    last = { code, at: now };
    return true;
  };
}

/** One-by-one scanning (a count, receiving boxes): the same code counts again once it has not been seen this long… */
export const SAME_CODE_GAP_MS = 2500;
/** …and at least this many decoded frames in a row have not read it (one unreadable frame is not "out of view"). */
export const SAME_CODE_MISSED_FRAMES = 2;

/**
 * One-by-one scanning's rule for the same code again: `frame(text, at)` is told what every decoded frame read (null:
 * nothing), `take(code, at)` whether an agreed read is a new box. A code is taken again only after it was out of view:
 * `missedFrames` decoded frames in a row without it, and `gapMs` since a frame last read it. Judged by frames, not
 * only by the time since the last accepted read: on a slow phone (or a loaded test machine) a label held in view is
 * accepted again only every couple of seconds, which a time rule alone took for a second box.
 */
export function createSameCodeRule(gapMs = SAME_CODE_GAP_MS, missedFrames = SAME_CODE_MISSED_FRAMES) {
  let last: { code: string; away: boolean; seenAt: number; missed: number } | null = null;
  return {
    frame(text: string | null, at: number): void {
      if (!last || last.away) return;
      if (text === last.code) {
        last.seenAt = at;
        last.missed = 0;
        return;
      }
      last.missed++;
      if (last.missed >= missedFrames && at - last.seenAt >= gapMs) last.away = true;
    },
    take(code: string, at: number): boolean {
      if (last && last.code === code && !last.away) return false;
      last = { code, away: false, seenAt: at, missed: 0 };
      return true;
    },
  };
}
