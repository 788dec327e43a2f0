import { LABEL_PREFIX } from "./constants.ts";

/**
 * How a scanned string is read, shared by the server's look-up (scan.ts) and the phone's offline
 * look-up (client/src/offline/network.ts): one of Trapline's own labels, `trapline:equipment:<id>`,
 * `trapline:inventory:<id>` or `trapline:location:<id>` (a stock location; any case), names a record by id; any other string is matched, trimmed,
 * against inventory barcode and QR code first, then equipment serial number and QR code.
 * No server-only imports: the client imports this module.
 */
export type LabelType = "inventory" | "equipment" | "location";

export type ScanCode =
  | { kind: "label"; type: LabelType; id: number }
  /** A label whose id is past the 32-bit range: it names nothing (the database would refuse the id). */
  | { kind: "nothing" }
  | { kind: "code"; code: string };

const labelPattern = new RegExp(`^${LABEL_PREFIX}:(inventory|equipment|location):(\\d{1,10})$`, "i");

export function parseScanCode(raw: string): ScanCode {
  const code = raw.trim();
  const label = labelPattern.exec(code);
  if (!label) return { kind: "code", code };
  const id = Number(label[2]);
  if (id > 2_147_483_647) return { kind: "nothing" };
  return { kind: "label", type: label[1]!.toLowerCase() as LabelType, id };
}
