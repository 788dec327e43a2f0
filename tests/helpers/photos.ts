/**
 * The real photos of codes in tests/fixtures/photos (ZXing's black-box set, Apache-2.0, see NOTICE.md)
 * and their true texts, for `npm run bench:scan` and tests/e2e/photos.spec.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { isValidGtin, lookupCandidates, normalizeScannedCode, upcEToUpcA } from "../../client/src/components/scanner/scanRules.ts";

/** The photos: tests/fixtures/photos, or another folder of the same layout (PHOTO_DIR, e.g. a held-out set of ZXing's other folders). */
export const PHOTO_DIR = resolve(process.env.PHOTO_DIR ?? "tests/fixtures/photos");
/** The photos Trapline decodes to their true text (written by `npm run bench:scan -- --write-expected`). */
export const EXPECTED_FILE = resolve(PHOTO_DIR, "expected-decoded.txt");
const IMAGE = /\.(png|jpe?g|gif)$/i;

/** One photo: its path under PHOTO_DIR ("ean13-3/01.png"), its folder and the text its code holds. */
export type Photo = { file: string; folder: string; truth: string; alternatives?: string[] };

/** Every photo with a true text (`NAME.txt`, or `NAME.bin` for binary content read as Latin-1), sorted. */
export function listPhotos(folders?: readonly string[]): Photo[] {
  const names = folders ? [...folders] : readdirSync(PHOTO_DIR).filter((f) => statSync(join(PHOTO_DIR, f)).isDirectory());
  return names.sort().flatMap((folder) =>
    readdirSync(join(PHOTO_DIR, folder))
      .filter((f) => IMAGE.test(f))
      .sort()
      .flatMap((f) => {
        const stem = join(PHOTO_DIR, folder, f.replace(IMAGE, ""));
        if (existsSync(`${stem}.txt`)) return [{ file: `${folder}/${f}`, folder, truth: readFileSync(`${stem}.txt`, "utf8") }];
        if (!existsSync(`${stem}.bin`)) return [];
        // Binary content has no one text: its bytes as ISO-8859-1 or as Windows-1252 (how ZXing's JavaScript gives them).
        const bytes = readFileSync(`${stem}.bin`);
        return [{ file: `${folder}/${f}`, folder, truth: bytes.toString("latin1"), alternatives: [new TextDecoder("windows-1252").decode(bytes)] }];
      }),
  );
}

/**
 * Whether a read is the photo's code: the same text once both are trimmed of control characters the
 * way the app trims a read, or the same product code in another spelling (UPC-A ⇄ EAN-13 with a
 * leading 0; a UPC-E ⇄ its UPC-A or EAN-13 expansion, as ZXing-C++ gives it).
 */
export function matchesTruth(read: string, photo: Photo): boolean {
  const text = normalizeScannedCode(read);
  return [photo.truth, ...(photo.alternatives ?? [])].some((t) => {
    const truth = normalizeScannedCode(t);
    if (text === truth || lookupCandidates(text).includes(truth)) return true;
    const expanded = upcEToUpcA(truth);
    return expanded !== null && isValidGtin(expanded) && lookupCandidates(expanded).includes(text);
  });
}
