import { Prisma, type InventoryItem } from "../db/generated/client.ts";
import { describeChanges, type FieldNames } from "./changes.ts";
import {
  isRecordNotFound,
  logActivity,
  parseId,
  parseInput,
  requireActor,
  requireManager,
  write,
  type ActivityDraft,
  type Actor,
  type Deps,
} from "./context.ts";
import { ConflictError, NotFoundError } from "./errors.ts";
import { seek } from "./keyset.ts";
import { notifyLowStock } from "./notifications.ts";
import { changeStock, insertStockedItem, isLow, lockMainWarehouse, lowStockItem, mainWarehouse, urgencyOf, type StockStatus } from "./stock.ts";
import { createInventoryItemInput, updateInventoryItemInput } from "../../schemas/inventory.ts";
import { labelColumns, restateContainers } from "./products.ts";

export type InventoryFilter = { search?: string; category?: string; stockStatus?: StockStatus };

/** Orderings end in id so a cursor on id is a stable keyset position. */
export const INVENTORY_ORDERS = {
  NAME_ASC: [{ name: "asc" }, { id: "asc" }],
  NAME_DESC: [{ name: "desc" }, { id: "desc" }],
  QUANTITY_ASC: [{ quantity: "asc" }, { id: "asc" }],
  QUANTITY_DESC: [{ quantity: "desc" }, { id: "desc" }],
  UPDATED_DESC: [{ updatedAt: "desc" }, { id: "desc" }],
} satisfies Record<string, Prisma.InventoryItemOrderByWithRelationInput[]>;
export type InventoryOrder = keyof typeof INVENTORY_ORDERS;

export function inventoryWhere(deps: Deps, filter: InventoryFilter = {}): Prisma.InventoryItemWhereInput {
  const fields = deps.prisma.inventoryItem.fields;
  const and: Prisma.InventoryItemWhereInput[] = [];
  const search = filter.search?.trim();
  if (search) {
    and.push({
      OR: [
        { name: { contains: search, mode: "insensitive" } },
        { description: { contains: search, mode: "insensitive" } },
        { category: { contains: search, mode: "insensitive" } },
      ],
    });
  }
  if (filter.category) and.push({ category: filter.category });
  // §4 bands as column comparisons; warningLevel is the generated floor(1.5 × minQuantity).
  if (filter.stockStatus === "LOW_STOCK") and.push({ quantity: { lte: fields.minQuantity } });
  if (filter.stockStatus === "WARNING") and.push({ quantity: { gt: fields.minQuantity } }, { quantity: { lte: fields.warningLevel } });
  if (filter.stockStatus === "IN_STOCK") and.push({ quantity: { gt: fields.warningLevel } });
  return and.length ? { AND: and } : {};
}

// `query` below is what GraphQL asked for (Pothos's selection plus cursor/take); REST passes nothing.
export async function listInventoryItems(
  deps: Deps,
  actor: Actor | null,
  filter: InventoryFilter = {},
  query: object = {},
  order: InventoryOrder = "NAME_ASC",
) {
  requireActor(actor);
  const orderBy = INVENTORY_ORDERS[order];
  const page = await seek(query, orderBy, (where, select) => deps.prisma.inventoryItem.findUnique({ where: where as Prisma.InventoryItemWhereUniqueInput, select }));
  if (!page) return [];
  return deps.prisma.inventoryItem.findMany({ ...page.query, where: { AND: [inventoryWhere(deps, filter), page.where] }, orderBy });
}

export async function countInventoryItems(deps: Deps, actor: Actor | null, filter: InventoryFilter = {}) {
  requireActor(actor);
  return deps.prisma.inventoryItem.count({ where: inventoryWhere(deps, filter) });
}

export async function getInventoryItem(deps: Deps, actor: Actor | null, id: unknown) {
  requireActor(actor);
  const item = await deps.prisma.inventoryItem.findUnique({ where: { id: parseId(id) } });
  if (!item) throw new NotFoundError(/*i18n*/ { id: "item.notFound", message: "Inventory item not found" });
  return item;
}

export async function createInventoryItem(deps: Deps, actor: Actor | null, input: unknown): Promise<InventoryItem> {
  const a = requireActor(actor);
  const data = parseInput(createInventoryItemInput, input);
  return write(deps, async (tx, emit) => {
    const { containerSize: _c, activeIngredients: _a, ...rest } = data;
    const fields = { ...rest, ...labelColumns(data, null) };
    let item: InventoryItem;
    if (data.quantity > 0) {
      // The stock starts in the main warehouse: the item with its level, movement, count note and activity entry
      // in one statement, after the warehouse's lock (insertStockedItem).
      const main = await lockMainWarehouse(tx);
      item = await insertStockedItem(tx, a, fields, main, "initial", itemCreatedActivity({ ...data, id: null }));
    } else {
      item = await tx.inventoryItem.create({ data: fields as Prisma.InventoryItemUncheckedCreateInput });
      await logActivity(tx, a, itemCreatedActivity(item));
    }
    emit({ type: "inventory.changed", itemId: item.id, created: true });
    if (isLow(item)) {
      await notifyLowStock(tx, emit, [item]);
      emit({ type: "stock.low", items: [lowStockItem(item)] });
    }
    return item;
  });
}

/** The activity entry of a new item (the form's create and the CSV import); an id of null: the statement that inserts the item fills it in. */
export function itemCreatedActivity(item: Pick<InventoryItem, "name" | "category" | "quantity" | "unit"> & { id: number | null }): ActivityDraft {
  return {
    action: "create",
    entityType: "inventory",
    entityId: item.id,
    details: /*i18n*/ {
      id: "activity.itemAdded",
      message: "Added {name} ({category}), {quantity} {unit}",
      values: { name: item.name, category: item.category, quantity: item.quantity, unit: item.unit },
    },
  };
}

/** The stock movement reason of an edit that changed the quantity by `delta`. */
export const editMovementReason = (delta: number) => (delta > 0 ? "received" : "adjusted");

export async function updateInventoryItem(deps: Deps, actor: Actor | null, id: unknown, input: unknown): Promise<InventoryItem> {
  const a = requireActor(actor);
  const itemId = parseId(id);
  const data = parseInput(updateInventoryItemInput, input);
  return write(deps, async (tx, emit) => {
    // Lock the row so the quantity delta is computed against the value we replace.
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "InventoryItem" WHERE id = ${itemId} FOR UPDATE`;
    if (!locked.length) throw new NotFoundError(/*i18n*/ { id: "item.notFound", message: "Inventory item not found" });
    const before = (await tx.inventoryItem.findUnique({ where: { id: itemId } }))!;
    const { quantity, containerSize: _c, activeIngredients: _a, ...rest } = data;
    let item = await tx.inventoryItem.update({ where: { id: itemId }, data: { ...rest, ...labelColumns(data, before) } as Prisma.InventoryItemUncheckedUpdateInput });
    // A new container size restates each location's exact stock (whole containers only).
    const restated = await restateContainers(tx, a, before, item);
    if (restated) await logActivity(tx, a, { action: "update", entityType: "inventory", entityId: item.id, details: restated });
    // A new total is a change at the main warehouse (stock elsewhere is moved by transfers and counts).
    const delta = quantity === undefined ? 0 : quantity - before.quantity;
    if (delta !== 0) {
      const main = await mainWarehouse(tx);
      item = (
        await changeStock(tx, a, { item, location: main, delta, reason: editMovementReason(delta) }).catch((err: unknown) => {
          if (!(err instanceof ConflictError)) throw err;
          throw new ConflictError(
            /*i18n*/ {
              id: "item.quantityBelowOtherLocations",
              message: "{reason}. The quantity is the total over all locations; only stock at {location} changes here, so move or count the rest where it is.",
              values: { reason: err.said ?? err.message, location: main.name },
            },
            "quantity",
          );
        })
      ).item;
    }
    await logActivity(tx, a, { action: "update", entityType: "inventory", entityId: item.id, details: describeChanges(before, item, labels) });
    if (isLow(item) && !isLow(before)) await notifyLowStock(tx, emit, [item]);
    emit({ type: "inventory.changed", itemId: item.id });
    if (isLow(item) && (delta < 0 || item.minQuantity !== before.minQuantity || !isLow(before))) {
      emit({ type: "stock.low", items: [lowStockItem(item)] });
    }
    return item;
  });
}

export async function deleteInventoryItem(deps: Deps, actor: Actor | null, id: unknown): Promise<{ id: number }> {
  const a = requireManager(actor, /*i18n*/ { id: "item.onlyManagersCanDeleteInventoryItems", message: "Only managers can delete inventory items" });
  const itemId = parseId(id);
  return write(deps, async (tx, emit) => {
    const item = await tx.inventoryItem.delete({ where: { id: itemId } }).catch((err: unknown) => {
      throw isRecordNotFound(err) ? new NotFoundError(/*i18n*/ { id: "item.notFound", message: "Inventory item not found" }) : err;
    });
    await logActivity(tx, a, {
      action: "delete",
      entityType: "inventory",
      entityId: item.id,
      details: /*i18n*/ { id: "activity.itemDeleted", message: "Deleted {name}", values: { name: item.name } },
    });
    emit({ type: "inventory.changed", itemId: item.id, deleted: true });
    return { id: item.id };
  });
}

export async function listLowStockItems(deps: Deps, actor: Actor | null, query: object = {}) {
  requireActor(actor);
  return deps.prisma.inventoryItem.findMany({
    ...query,
    where: inventoryWhere(deps, { stockStatus: "LOW_STOCK" }),
    orderBy: [{ quantity: "asc" }, { name: "asc" }, { id: "asc" }],
  });
}

export type ReorderSuggestion = {
  itemId: number;
  name: string;
  category: string;
  currentQuantity: number;
  minQuantity: number;
  reorderPoint: number;
  unit: string;
  supplier: string | null;
  suggestedQuantity: number;
  /** price × suggestedQuantity, in cents; null when the item has no price. */
  estimatedCost: number | null;
  urgency: "critical" | "high";
};

/** Enough to rise above minQuantity, and never less than the item's reorderQuantity. */
export function reorderSuggestionFor(item: InventoryItem): ReorderSuggestion {
  const suggestedQuantity = Math.max(item.reorderQuantity, item.minQuantity - item.quantity + 1);
  return {
    itemId: item.id,
    name: item.name,
    category: item.category,
    currentQuantity: item.quantity,
    minQuantity: item.minQuantity,
    reorderPoint: item.reorderPoint,
    unit: item.unit,
    supplier: item.supplier,
    suggestedQuantity,
    estimatedCost: item.price == null ? null : item.price * suggestedQuantity,
    urgency: urgencyOf(item),
  };
}

export async function listReorderSuggestions(deps: Deps, actor: Actor | null): Promise<ReorderSuggestion[]> {
  const items = await listLowStockItems(deps, actor);
  const suggestions = items.map(reorderSuggestionFor);
  return suggestions.sort((x, y) => Number(y.urgency === "critical") - Number(x.urgency === "critical"));
}

/** The inventory fields an edit reports, by their names in activity entries. */
export const labels: FieldNames<InventoryItem> = {
  name: /*i18n*/ { id: "activity.field.name", message: "name" },
  description: /*i18n*/ { id: "activity.field.description", message: "description" },
  category: /*i18n*/ { id: "activity.field.category", message: "category" },
  quantity: /*i18n*/ { id: "activity.field.quantity", message: "quantity" },
  minQuantity: /*i18n*/ { id: "activity.field.minQuantity", message: "minimum" },
  reorderPoint: /*i18n*/ { id: "activity.field.reorderPoint", message: "reorder point" },
  reorderQuantity: /*i18n*/ { id: "activity.field.reorderQuantity", message: "reorder quantity" },
  unit: /*i18n*/ { id: "activity.field.unit", message: "unit" },
  price: /*i18n*/ { id: "activity.field.price", message: "price" },
  supplier: /*i18n*/ { id: "activity.field.supplier", message: "supplier" },
  location: /*i18n*/ { id: "activity.field.location", message: "location" },
  barcode: /*i18n*/ { id: "activity.field.barcode", message: "barcode" },
  qrCode: /*i18n*/ { id: "activity.field.qrCode", message: "QR code" },
  sdsFileUrl: /*i18n*/ { id: "activity.field.sdsFileUrl", message: "SDS file" },
  hazardous: /*i18n*/ { id: "activity.field.hazardous", message: "hazardous" },
  epaRegistrationNumber: /*i18n*/ { id: "activity.field.epaRegistrationNumber", message: "EPA reg. no." },
  activeIngredient: /*i18n*/ { id: "activity.field.activeIngredient", message: "active ingredient" },
  signalWord: /*i18n*/ { id: "activity.field.signalWord", message: "signal word" },
  restrictedUse: /*i18n*/ { id: "activity.field.restrictedUse", message: "restricted use" },
  formulation: /*i18n*/ { id: "activity.field.formulation", message: "formulation" },
};
