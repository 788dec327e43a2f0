import { Prisma } from "../db/generated/client.ts";

/**
 * An inventory item's row in raw SQL, for the statement that creates an item with its stock
 * (stock.ts insertStockedItem): the columns a create writes, each with its SQL type (a statement's
 * parameters carry none, so every value is cast), and the columns read back as Prisma answers them.
 * Adding a column to InventoryItem fails the type check here until it is named.
 */
const WRITTEN = {
  name: "text",
  description: "text",
  category: "text",
  quantity: "integer",
  minQuantity: "integer",
  reorderPoint: "integer",
  reorderQuantity: "integer",
  unit: "text",
  price: "integer",
  supplier: "text",
  location: "text",
  preferredSupplierId: "integer",
  barcode: "text",
  qrCode: "text",
  sdsFileUrl: "text",
  hazardous: "boolean",
  epaRegistrationNumber: "text",
  activeIngredient: "text",
  activeIngredients: "jsonb",
  signalWord: '"SignalWord"',
  restrictedUse: "boolean",
  formulation: "text",
  containerAmountMilli: "integer",
  containerUnit: '"MeasureUnit"',
} as const satisfies Record<Exclude<keyof typeof Prisma.InventoryItemScalarFieldEnum, "id" | "warningLevel" | "createdAt" | "updatedAt">, string>;

type Written = keyof typeof WRITTEN;
const isWritten = (key: string): key is Written => Object.hasOwn(WRITTEN, key);

/**
 * `("name", …, "updatedAt")` and `SELECT $1::text, …` for an item's fields as Prisma's create takes them
 * (undefined: the column's default; Prisma.DbNull or null: NULL). `updatedAt` is stamped here, as Prisma's
 * @updatedAt does.
 */
export function itemInsertParts(fields: Record<string, unknown>): { columns: Prisma.Sql; values: Prisma.Sql } {
  const names: string[] = [];
  const values: Prisma.Sql[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (!isWritten(key)) throw new Error(`itemInsertParts: ${key} is not a column an item create writes`);
    const type = Prisma.raw(WRITTEN[key]);
    if (value === Prisma.JsonNull || value === Prisma.AnyNull) throw new Error(`itemInsertParts: ${key} takes Prisma.DbNull, not a JSON null`);
    const isNull = value === null || value === Prisma.DbNull;
    names.push(`"${key}"`);
    values.push(isNull ? Prisma.sql`NULL::${type}` : type.text === "jsonb" ? Prisma.sql`${JSON.stringify(value)}::jsonb` : Prisma.sql`${value}::${type}`);
  }
  names.push(`"updatedAt"`);
  values.push(Prisma.sql`${new Date().toISOString()}::timestamp(3)`);
  return { columns: Prisma.raw(`(${names.join(", ")})`), values: Prisma.join(values) };
}

/** Every column of an item, enums as their text: `SELECT ${ITEM_COLUMNS} FROM …` answers an InventoryItem. */
export const ITEM_COLUMNS = Prisma.raw(
  Object.keys(Prisma.InventoryItemScalarFieldEnum)
    .map((key) => (isWritten(key) && WRITTEN[key].startsWith('"') ? `"${key}"::text AS "${key}"` : `"${key}"`))
    .join(", "),
);
