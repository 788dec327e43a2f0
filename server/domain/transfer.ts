import { parse } from "csv-parse/sync";
import type { z } from "zod";
import { Prisma, type Equipment, type InventoryItem } from "../db/generated/client.ts";
import type { DomainEvent } from "../realtime/events.ts";
import { describeChanges } from "./changes.ts";
import { EQUIPMENT_COLUMNS, INVENTORY_COLUMNS, normalHeader, type CsvImportColumn as Column } from "./csvColumns.ts";
import { activityRow, requireManager, write, type Actor, type Deps, type Tx } from "./context.ts";
import { toCsv, unescapeFormula, type CsvValue } from "./csv.ts";
import {
  assignmentOf,
  equipmentCreatedActivity,
  equipmentLabels,
  listEquipment,
  type EquipmentFilter,
} from "./equipment.ts";
import { ConflictError, DomainError, ValidationError, type Said } from "./errors.ts";
import type { Message } from "../../schemas/messages.ts";
import { DEFAULT_LOCALE, type Locale } from "../i18n/index.ts";
import {
  editMovementReason,
  itemCreatedActivity,
  labels as inventoryLabels,
  listInventoryItems,
  type InventoryFilter,
} from "./inventory.ts";
import { createEquipmentInput, updateEquipmentInput } from "../../schemas/equipment.ts";
import { createInventoryItemInput, updateInventoryItemInput } from "../../schemas/inventory.ts";
import { remindMaintenanceDue } from "./maintenance.ts";
import { notifyLowStock } from "./notifications.ts";
import { labelColumns } from "./products.ts";
import { changeLevelsAt, containerBaseOf, isLow, lockLocationShared, lowStockItem, mainWarehouse, movementRow } from "./stock.ts";

/*
 * CSV export and import of the inventory and equipment lists. One column list per area serves both
 * ways, so an exported file imports back unchanged. Headers are the REST field names (price in
 * integer cents, as the API has it). Import rows go through the same zod schemas and rules as the
 * forms (createInventoryItemInput, updateEquipmentInput, assignmentOf, …) and are written in one
 * transaction with bulk statements.
 */

/** A day (midnight UTC) as YYYY-MM-DD, any other moment as ISO; both import back to the same Date. */
function exportValue(value: unknown): CsvValue {
  if (value instanceof Date) return value.toISOString().endsWith("T00:00:00.000Z") ? value.toISOString().slice(0, 10) : value;
  return value as CsvValue;
}

function csvOf(columns: readonly Column[], rows: readonly object[]): string {
  return toCsv(
    columns.map((c) => ({ header: c.key, value: (row: object) => exportValue((row as Record<string, unknown>)[c.key]) })),
    rows,
  );
}

/** GET /api/inventory/export.csv: the list with its filters (search, category), as CSV text (no BOM). Managers. */
export async function exportInventoryCsv(deps: Deps, actor: Actor | null, filter: InventoryFilter = {}): Promise<string> {
  const a = requireManager(actor, /*i18n*/ { id: "csv.onlyManagersCanExportInventory", message: "Only managers can export inventory" });
  return csvOf(INVENTORY_COLUMNS, await listInventoryItems(deps, a, filter));
}

/** GET /api/equipment/export.csv: the list with its filters (search, status), as CSV text (no BOM). Managers. */
export async function exportEquipmentCsv(deps: Deps, actor: Actor | null, filter: EquipmentFilter = {}): Promise<string> {
  const a = requireManager(actor, /*i18n*/ { id: "csv.onlyManagersCanExportEquipment", message: "Only managers can export equipment" });
  return csvOf(EQUIPMENT_COLUMNS, await listEquipment(deps, a, filter));
}

// ——— import ———

/**
 * A problem with one row (row 1: the header), its message in the reader's language. (The shape stays
 * `{ row, field, message }`, as integrators and the tests know it; the file's refusal carries the code.)
 */
export type ImportError = { row: number; field: string | null; message: string };

/** An import problem said in `locale`. */
function problem(row: number, field: string | null, said: Said | DomainError, locale: Locale): ImportError {
  return { row, field, message: (said instanceof DomainError ? said : new ValidationError(said)).messageIn(locale) };
}

/** `unchanged`: rows that matched a record and would change nothing (not written). */
export type ImportResult = { created: number; updated: number; unchanged: number; errors: ImportError[]; dryRun: boolean };

/** An import's transaction may take this long (5,000 rows take seconds; see npm run bench:import). */
const IMPORT_TIMEOUT_MS = 120_000;
/** At most this many data rows in one file. */
export const IMPORT_MAX_ROWS = 20_000;

type Emit = (e: DomainEvent) => void;
type Planned<Rec> = {
  creates: { row: number; data: Record<string, unknown> }[];
  updates: { row: number; before: Rec; data: Record<string, unknown> }[];
  unchanged: number;
  errors: ImportError[];
};

type Area<Rec extends { id: number }> = {
  what: string;
  columns: readonly Column[];
  key: "barcode" | "serialNumber";
  keyLabel: Message;
  create: z.ZodType<Record<string, unknown>>;
  update: z.ZodType<Record<string, unknown>>;
  /** The existing records with these keys, locked for the transaction. */
  lockByKeys(tx: Tx, keys: string[]): Promise<Rec[]>;
  /** Cross-field rules beyond the schema: extra fields to write, or a ValidationError. */
  rule?(before: Rec | null, data: Record<string, unknown>): Record<string, unknown>;
  save(tx: Tx, actor: Actor, emit: Emit, plan: Planned<Rec>): Promise<void>;
};

/** The header row and data rows of a CSV text; RFC 4180, a leading BOM ignored. A malformed file is a ValidationError. */
export function parseCsv(text: string): string[][] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new ValidationError(/*i18n*/ { id: "csv.theFileIsNotValid", message: "The file is not valid CSV: {message}", values: { message } }, "file");
  }
  if (!records.length) throw new ValidationError(/*i18n*/ { id: "csv.theFileIsEmptyIt", message: "The file is empty: it needs a header row naming the columns" }, "file");
  if (records.length - 1 > IMPORT_MAX_ROWS) {
    throw new ValidationError(/*i18n*/ { id: "csv.tooManyRows", message: "The file has {rows} rows; import at most {max} at a time", values: { rows: records.length - 1, max: IMPORT_MAX_ROWS } }, "file");
  }
  return records;
}

/** The value a cell stands for, in the shape the schema expects; what doesn't fit is passed on as text for the schema to refuse. */
function cellValue(column: Column, raw: string): unknown {
  const text = unescapeFormula(raw);
  const trimmed = text.trim();
  switch (column.kind) {
    case "text":
      return trimmed === "" ? null : text;
    case "date":
      return trimmed === "" ? null : trimmed;
    case "int":
    case "nullableInt":
      if (trimmed === "") return column.kind === "int" ? undefined : null;
      return /^[+-]?\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
    case "bool": {
      if (trimmed === "") return undefined;
      const lower = trimmed.toLowerCase();
      if (["true", "yes", "y", "1"].includes(lower)) return true;
      if (["false", "no", "n", "0"].includes(lower)) return false;
      return trimmed;
    }
    case "enum": {
      if (trimmed === "") return undefined;
      return column.values?.find((v) => v.toLowerCase() === trimmed.toLowerCase()) ?? trimmed;
    }
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return (a ?? null) === (b ?? null);
}

async function plan<Rec extends { id: number }>(tx: Tx, area: Area<Rec>, records: string[][], locale: Locale): Promise<Planned<Rec>> {
  const [header, ...rows] = records as [string[], ...string[][]];
  const errors: ImportError[] = [];
  const columns: (Column | null)[] = header.map((name) => {
    const column = area.columns.find((c) => [c.key, c.label].some((h) => normalHeader(h) === normalHeader(name)));
    if (!column) {
      const values = { name: name.slice(0, 100), columns: area.columns.map((c) => c.key).join(", ") };
      errors.push(problem(1, name.slice(0, 100), /*i18n*/ { id: "csv.unknownColumn", message: 'Unknown column "{name}"; the columns are {columns}', values }, locale));
    }
    return column ?? null;
  });
  columns.forEach((c, i) => {
    if (c && columns.indexOf(c) !== i)
      errors.push(problem(1, c.key, /*i18n*/ { id: "csv.columnTwice", message: "The column {column} appears twice", values: { column: c.key } }, locale));
  });
  if (errors.length) return { creates: [], updates: [], unchanged: 0, errors };

  const inputs = rows.map((cells) => {
    const input: Record<string, unknown> = {};
    columns.forEach((c, i) => {
      const value = c ? cellValue(c, cells[i] ?? "") : undefined;
      if (c && value !== undefined) input[c.key] = value;
    });
    return input;
  });
  const keyOf = (input: Record<string, unknown>) => (typeof input[area.key] === "string" ? (input[area.key] as string).trim() || null : null);
  const keys = [...new Set(inputs.map(keyOf).filter((k): k is string => k !== null))];
  const existing = new Map<string, Rec>();
  for (let i = 0; i < keys.length; i += 5000) {
    for (const rec of await area.lockByKeys(tx, keys.slice(i, i + 5000))) existing.set((rec as Record<string, unknown>)[area.key] as string, rec);
  }

  const result: Planned<Rec> = { creates: [], updates: [], unchanged: 0, errors };
  const firstRowOf = new Map<string, number>();
  inputs.forEach((input, index) => {
    const row = index + 2; // the header is row 1, as a spreadsheet numbers them
    if ((rows[index]?.length ?? 0) !== header.length) {
      const values = { cells: rows[index]?.length ?? 0, header: header.length };
      errors.push(problem(row, null, /*i18n*/ { id: "csv.rowCells", message: "This row has {cells} cells; the header has {header}", values }, locale));
      return;
    }
    const key = keyOf(input);
    if (key !== null) {
      const first = firstRowOf.get(key);
      if (first !== undefined) {
        const values = { label: area.keyLabel, key: key.slice(0, 100), first };
        errors.push(problem(row, area.key, /*i18n*/ { id: "csv.keyTwice", message: "{label} {key} is also on row {first}; each may appear once", values }, locale));
        return;
      }
      firstRowOf.set(key, row);
    }
    const before = key !== null ? existing.get(key) ?? null : null;
    const parsed = (before ? area.update : area.create).safeParse(input);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = issue.path.length ? issue.path.map(String).join(".") : null;
        if (seen.has(String(field))) continue;
        seen.add(String(field));
        errors.push(problem(row, field, issue.message, locale));
      }
      return;
    }
    let data = parsed.data;
    try {
      if (area.rule) data = { ...data, ...area.rule(before, data) };
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      errors.push(problem(row, err.field ?? null, err, locale));
      return;
    }
    if (!before) result.creates.push({ row, data });
    else if (Object.entries(data).some(([k, v]) => !sameValue(v, (before as Record<string, unknown>)[k]))) result.updates.push({ row, before, data });
    else result.unchanged++;
  });
  return result;
}

/** Raised inside the transaction to roll it back: a file with errors, or a dry run. */
class ImportRolledBack extends Error {
  constructor(readonly result: ImportResult) {
    super("import rolled back");
  }
}

/**
 * Imports a CSV text: rows whose key (barcode, serial number) names an existing record update it,
 * the others are created. All rows or none: with any error, or with `dryRun`, the transaction is
 * rolled back and the result tells what would have happened. Managers only.
 */
async function importCsv<Rec extends { id: number }>(deps: Deps, actor: Actor | null, area: Area<Rec>, text: unknown, dryRun: boolean, locale: Locale): Promise<ImportResult> {
  const a = requireManager(
    actor,
    area.what === "inventory"
      ? /*i18n*/ { id: "csv.onlyManagersCanImportInventory", message: "Only managers can import inventory" }
      : /*i18n*/ { id: "csv.onlyManagersCanImportEquipment", message: "Only managers can import equipment" },
  );
  if (typeof text !== "string") throw new ValidationError(/*i18n*/ { id: "csv.notCsvBody", message: "Send the file as the body with Content-Type: text/csv" }, "file");
  const records = parseCsv(text);
  try {
    return await write(deps, async (tx, emit) => {
      const planned = await plan(tx, area, records, locale);
      const result: ImportResult = { created: planned.creates.length, updated: planned.updates.length, unchanged: planned.unchanged, errors: planned.errors, dryRun };
      if (planned.errors.length) throw new ImportRolledBack(result);
      if (dryRun) throw new ImportRolledBack(result);
      await area.save(tx, a, emit, planned);
      return result;
    }, { timeoutMs: IMPORT_TIMEOUT_MS });
  } catch (err) {
    if (err instanceof ImportRolledBack) return err.result;
    throw err;
  }
}

/*
 * Bulk writes travel as one JSON parameter per statement, typed by the table's own row type
 * (json_populate_recordset), so 5,000 rows are a few statements rather than thousands, and no
 * statement nears PostgreSQL's parameter limit. Table and column names here are our own constants.
 */

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(", ");

/** INSERTs `rows` (all with the same keys) into `table` in one statement; answers the new ids in row order. */
async function insertRows(tx: Tx, table: string, rows: readonly Record<string, unknown>[]): Promise<number[]> {
  if (!rows.length) return [];
  const columns = quoted(Object.keys(rows[0]!));
  const inserted = await tx.$queryRawUnsafe<{ id: number }[]>(
    `INSERT INTO "${table}" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"${table}", $1::json) WITH ORDINALITY AS r ORDER BY r.ordinality RETURNING id`,
    // BigInt (a measured product's exact amounts) as JSON text, which the bigint columns read back exactly.
    JSON.stringify(rows, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v)),
  );
  return inserted.map((r) => r.id);
}

/** One UPDATE for many rows: each row `{ id, …fields }` sets the fields it has (a null sets NULL), the others keep their value. */
async function updateRows(tx: Tx, table: string, columns: readonly string[], rows: readonly Record<string, unknown>[]) {
  if (!rows.length) return;
  const sets = columns.map((c) => `"${c}" = CASE WHEN (r.j -> '${c}') IS NOT NULL THEN r."${c}" ELSE t."${c}" END`);
  await tx.$executeRawUnsafe(
    `UPDATE "${table}" t SET ${sets.join(", ")}, "updatedAt" = $2::timestamp(3)
       FROM (SELECT e.j, v.* FROM jsonb_array_elements($1::jsonb) AS e(j) CROSS JOIN LATERAL json_populate_record(NULL::"${table}", e.j::json) AS v) AS r
      WHERE t.id = r.id`,
    JSON.stringify(rows),
    new Date().toISOString(),
  );
}

/** Every column a created row may set, so all rows of one INSERT have the same keys (absent → NULL). */
const INVENTORY_BLANK = Object.fromEntries([...INVENTORY_COLUMNS.map((c) => c.key), "sdsFileUrl"].map((k) => [k, null]));
const EQUIPMENT_BLANK = Object.fromEntries([...EQUIPMENT_COLUMNS.map((c) => c.key), "sdsFileUrl", "assignedAt"].map((k) => [k, null]));

const inventoryArea: Area<InventoryItem> = {
  what: "inventory",
  columns: INVENTORY_COLUMNS,
  key: "barcode",
  keyLabel: /*i18n*/ { id: "label.barcode", message: "Barcode" },
  create: createInventoryItemInput as unknown as z.ZodType<Record<string, unknown>>,
  update: updateInventoryItemInput as unknown as z.ZodType<Record<string, unknown>>,
  // Label facts follow the same rules as the item form's (products only; the one-line active ingredient fills the list).
  rule: (before, data) => {
    const columns = labelColumns(data, before);
    if (columns.activeIngredients === Prisma.DbNull) columns.activeIngredients = null;
    return columns;
  },
  async lockByKeys(tx, keys) {
    const ids = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "InventoryItem" WHERE barcode = ANY(${keys}::text[]) ORDER BY id FOR UPDATE`;
    return ids.length ? tx.inventoryItem.findMany({ where: { id: { in: ids.map((r) => r.id) } } }) : [];
  },
  async save(tx, actor, emit, { creates, updates }) {
    const now = new Date();
    // Quantities are totals; as in the item form, a change of one is a change at the main warehouse
    // (stock elsewhere moves by transfers and counts). Its row is shared-locked as every stock change's.
    const main = await lockLocationShared(tx, (await mainWarehouse(tx)).id);
    const ids = await insertRows(tx, "InventoryItem", creates.map((c) => ({ ...INVENTORY_BLANK, ...c.data, createdAt: now, updatedAt: now })));
    await updateRows(tx, "InventoryItem", INVENTORY_COLUMNS.map((c) => c.key), updates.map((u) => ({ ...u.data, id: u.before.id })));
    const written = await tx.inventoryItem.findMany({ where: { id: { in: [...ids, ...updates.map((u) => u.before.id)] } } });
    const after = new Map(written.map((i) => [i.id, i]));
    const made = ids.map((id) => after.get(id)!);
    const where = { locationId: main.id };
    // A measured product's whole containers move its exact amount by as many containers.
    const amountOf = (i: InventoryItem, delta: number) => {
      const container = containerBaseOf(i);
      return container === null ? undefined : BigInt(delta) * container;
    };
    const movements = made.filter((i) => i.quantity > 0).map((i) => movementRow(actor, i, i.quantity, "initial", undefined, { ...where, amountDelta: amountOf(i, i.quantity) }));
    const levelDeltas = made.filter((i) => i.quantity > 0).map((i) => ({ itemId: i.id, delta: i.quantity, amountDelta: amountOf(i, i.quantity) }));
    const activities = made.map((i) => activityRow(actor, itemCreatedActivity(i)));
    const becameLow: InventoryItem[] = made.filter(isLow);
    for (const { before } of updates) {
      const item = after.get(before.id)!;
      const delta = item.quantity - before.quantity;
      if (delta !== 0) {
        movements.push(movementRow(actor, item, delta, editMovementReason(delta), undefined, { ...where, amountDelta: amountOf(item, delta) }));
        levelDeltas.push({ itemId: item.id, delta, amountDelta: amountOf(item, delta) });
      }
      activities.push(activityRow(actor, { action: "update", entityType: "inventory", entityId: item.id, details: describeChanges(before, item, inventoryLabels) }));
      if (isLow(item) && !isLow(before)) becameLow.push(item);
    }
    // The main warehouse's levels move by the same deltas, so each total stays the sum of its levels.
    const byId = new Map(updates.map((u) => [u.before.id, u]));
    await changeLevelsAt(tx, main, levelDeltas, (itemId, there) => {
      const { before, data } = byId.get(itemId)!;
      return new ConflictError(
        /*i18n*/ {
          id: "csv.quantityBelowOtherLocations",
          message: "{name}: the quantity is the total over all locations and only stock at {location} ({there} {unit}) changes by import, so {quantity} is too low; move or count the rest where it is",
          values: { name: before.name, location: main.name, there, unit: before.unit, quantity: data.quantity as number },
        },
        "quantity",
      );
    });
    await insertRows(tx, "StockMovement", movements);
    await insertRows(tx, "ActivityEntry", activities);
    await notifyLowStock(tx, emit, becameLow);
    if (levelDeltas.length) emit({ type: "location.changed", locationIds: [main.id] });
    for (const i of made) emit({ type: "inventory.changed", itemId: i.id, created: true });
    for (const { before } of updates) emit({ type: "inventory.changed", itemId: before.id });
    if (becameLow.length) emit({ type: "stock.low", items: becameLow.map(lowStockItem) });
  },
};

const equipmentArea: Area<Equipment> = {
  what: "equipment",
  columns: EQUIPMENT_COLUMNS,
  key: "serialNumber",
  keyLabel: /*i18n*/ { id: "label.serialNumber", message: "Serial number" },
  create: createEquipmentInput as unknown as z.ZodType<Record<string, unknown>>,
  update: updateEquipmentInput as unknown as z.ZodType<Record<string, unknown>>,
  async lockByKeys(tx, keys) {
    const ids = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "Equipment" WHERE "serialNumber" = ANY(${keys}::text[]) ORDER BY id FOR UPDATE`;
    return ids.length ? tx.equipment.findMany({ where: { id: { in: ids.map((r) => r.id) } } }) : [];
  },
  rule: (before, data) => assignmentOf(before, data as Parameters<typeof assignmentOf>[1]),
  async save(tx, actor, emit, { creates, updates }) {
    const now = new Date();
    const ids = await insertRows(tx, "Equipment", creates.map((c) => ({ ...EQUIPMENT_BLANK, ...c.data, createdAt: now, updatedAt: now })));
    await updateRows(tx, "Equipment", [...EQUIPMENT_COLUMNS.map((c) => c.key), "assignedAt", "dueBack"], updates.map((u) => ({ ...u.data, id: u.before.id })));
    const written = await tx.equipment.findMany({ where: { id: { in: [...ids, ...updates.map((u) => u.before.id)] } } });
    const after = new Map(written.map((e) => [e.id, e]));
    const made = ids.map((id) => after.get(id)!);
    const activities = made.map((e) => activityRow(actor, equipmentCreatedActivity(e)));
    for (const { before } of updates) {
      activities.push(
        activityRow(actor, { action: "update", entityType: "equipment", entityId: before.id, details: describeChanges(before, after.get(before.id)!, equipmentLabels) }),
      );
    }
    await insertRows(tx, "ActivityEntry", activities);
    for (const e of written) await remindMaintenanceDue(tx, emit, e);
    for (const e of made) emit({ type: "equipment.changed", equipmentId: e.id, created: true });
    for (const { before } of updates) emit({ type: "equipment.changed", equipmentId: before.id });
  },
};

/** POST /api/inventory/import (text/csv): rows matched by barcode update, others are created. */
export const importInventoryCsv = (deps: Deps, actor: Actor | null, text: unknown, dryRun = false, locale: Locale = DEFAULT_LOCALE) =>
  importCsv(deps, actor, inventoryArea, text, dryRun, locale);
/** POST /api/equipment/import (text/csv): rows matched by serial number update, others are created. */
export const importEquipmentCsv = (deps: Deps, actor: Actor | null, text: unknown, dryRun = false, locale: Locale = DEFAULT_LOCALE) =>
  importCsv(deps, actor, equipmentArea, text, dryRun, locale);
