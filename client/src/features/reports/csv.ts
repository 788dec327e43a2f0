// The CSV format is the server's (the lists' exports use the same one); this adds the browser download.
import { BOM } from "../../../../server/domain/csv.ts";

export { BOM, csvField, toCsv, type CsvColumn, type CsvValue } from "../../../../server/domain/csv.ts";

/** The bytes of a downloadable CSV file: UTF-8 with a byte-order mark. */
export function csvFileBytes(csv: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(BOM + csv);
}

/** A safe file name: trapline-<report>-<from>-to-<to>.csv, lower-case, dashes for anything else. */
export function csvFileName(report: string, from: string, to: string): string {
  const slug = report
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `trapline-${slug}-${from}-to-${to}.csv`;
}
