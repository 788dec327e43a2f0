import { quoteField } from "../../../../server/domain/csv.ts";
import { normalHeader, type CsvImportColumn } from "../../../../server/domain/csvColumns.ts";

/** For each column of the user's file: the field it fills, or "" to leave it out. */
export type ColumnMapping = string[];

/** The field each header names (by field name or label, as the server matches them), else "" (left out). */
export function guessMapping(headers: readonly string[], columns: readonly CsvImportColumn[]): ColumnMapping {
  const taken = new Set<string>();
  return headers.map((h) => {
    const column = columns.find((c) => !taken.has(c.key) && [c.key, c.label].some((name) => normalHeader(name) === normalHeader(h)));
    if (!column) return "";
    taken.add(column.key);
    return column.key;
  });
}

/** Required fields that no column fills (new rows would all fail without them). */
export function missingRequired(mapping: ColumnMapping, columns: readonly CsvImportColumn[]): CsvImportColumn[] {
  return columns.filter((c) => c.required && !mapping.includes(c.key));
}

/** Fields chosen for more than one column. */
export function repeatedFields(mapping: ColumnMapping): string[] {
  return [...new Set(mapping.filter((key, i) => key && mapping.indexOf(key) !== i))];
}

/**
 * The file the server is sent: our field names as the header, then the mapped cells of every row, as
 * they were (no formula escape: the server reads it, not a spreadsheet). Row numbers stay those of
 * the user's file, since every row is kept.
 */
export function mappedCsv(rows: readonly (readonly string[])[], mapping: ColumnMapping): string {
  const used = mapping.flatMap((key, i) => (key ? [[key, i] as const] : []));
  const lines = [used.map(([key]) => quoteField(key)).join(",")];
  for (const row of rows) lines.push(used.map(([, i]) => quoteField(row[i] ?? "")).join(","));
  return lines.join("\r\n") + "\r\n";
}
