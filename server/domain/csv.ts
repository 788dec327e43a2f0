/**
 * CSV as Trapline writes it, for the reports' "Export CSV" and the inventory and equipment exports
 * (RFC 4180): a header row, CRLF line ends, fields quoted when they
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
  return quoteField(text);
}

/** RFC 4180 quoting of text as it is (no formula escape): for files that are read back by a program, not a spreadsheet. */
export function quoteField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text (without BOM): header row, then one line per row. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(","));
  return lines.join("\r\n") + "\r\n";
}

/** A leading apostrophe that csvField put before formula text is dropped again on import (a round trip keeps the text). */
export function unescapeFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
