// The import dialog's names for the CSV columns' fields (features/transfer/columnLabels.ts): one for every
// column of both files, the column's own label in English, and a Spanish text in the catalog.
import { i18n } from "@lingui/core";
import { afterEach, describe, expect, it } from "vitest";
import { EQUIPMENT_COLUMNS, INVENTORY_COLUMNS } from "../../server/domain/csvColumns.ts";
import { COLUMN_LABELS } from "../../client/src/features/transfer/columnLabels.ts";
import { messages as spanish } from "../../client/src/platform/locales/es-US/messages.ts";

afterEach(() => i18n.loadAndActivate({ locale: "en-US", messages: {} }));

describe("the CSV columns' labels in the import dialog", () => {
  const columns = [...INVENTORY_COLUMNS, ...EQUIPMENT_COLUMNS];

  it("name every column of both files, as the column's own label in English", () => {
    for (const column of columns) {
      expect(COLUMN_LABELS[column.key], column.key).toBeDefined();
      expect(i18n._(COLUMN_LABELS[column.key]!), column.key).toBe(column.label);
    }
    expect(Object.keys(COLUMN_LABELS).sort()).toEqual([...new Set(columns.map((c) => c.key))].sort());
  });

  it("have a Spanish text of their own", () => {
    i18n.loadAndActivate({ locale: "es-US", messages: spanish });
    for (const column of columns) {
      const text = i18n._(COLUMN_LABELS[column.key]!);
      expect(text, column.key).toBeTruthy();
      expect(text, column.key).not.toBe(column.label);
    }
    expect(i18n._(COLUMN_LABELS.reorderPoint!)).toBe("Punto de reorden");
  });
});
