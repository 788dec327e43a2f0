/**
 * CSV for the reports' "Export CSV" (RFC 4180): a header row, CRLF line ends, fields quoted when they
 * hold a comma, quote, line break or edge spaces (quotes doubled). Files start with a UTF-8 BOM so
 * spreadsheet programs read accents and symbols right. Pure: no DOM here.
 */
export type CsvValue = string | number | boolean | Date | null | undefined;
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

export const BOM = "\uFEFF";

/** Text that a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === "number") text = Number.isFinite(value) ? String(value) : "";
  else if (typeof value === "boolean") text = value ? "true" : "false";
  else text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text (without BOM): header row, then one line per row. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(","));
  return lines.join("\r\n") + "\r\n";
}

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
