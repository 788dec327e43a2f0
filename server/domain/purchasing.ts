import { say, type Message } from "../../schemas/messages.ts";
import type { InventoryItem, Prisma, PurchaseOrder, StockLocation, Supplier } from "../db/generated/client.ts";
import type { DomainEvent } from "../realtime/events.ts";
import {
  createPurchaseOrderInput,
  createSupplierInput,
  OPEN_PURCHASE_ORDER_STATUSES,
  purchaseOrderNumber,
  receivePurchaseOrderInput,
  updatePurchaseOrderInput,
  updateSupplierInput,
  type PurchaseOrderStatus,
} from "../../schemas/purchasing.ts";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { z } from "zod";
import { recordId } from "../../schemas/fields.ts";
import { describeChanges, updatedActivity, type FieldNames } from "./changes.ts";
import { logActivity, parseId, parseInput, requireManager, write, type Actor, type Deps, type Tx } from "./context.ts";
import { ConflictError, NotFoundError, ValidationError } from "./errors.ts";
import { inventoryWhere, reorderSuggestionFor } from "./inventory.ts";
import { seek } from "./keyset.ts";
import { purchaseOrderPdf } from "./purchaseOrderPdf.ts";
import { DEFAULT_LOCALE, type Locale } from "../i18n/index.ts";
import { changeStock, mainWarehouse } from "./stock.ts";

/*
 * Buying stock (issue 16): suppliers, purchase orders from draft to received, drafts made from the
 * reorder suggestions, and receipts into a location. Managers only: every function refuses anyone
 * else with a ForbiddenError, reads included.
 *
 * Numbers (PO-0001, …) come from a counter row incremented in the order's own transaction: the row
 * lock queues concurrent creators, and a rolled-back creation takes its number back, so numbers have
 * neither gaps nor duplicates. Each change of an order locks its row first (FOR UPDATE), so placing,
 * cancelling and receiving one order queue; a receipt is also a conditional UPDATE of the line
 * (… WHERE received + n <= ordered, backed by a CHECK constraint), so no receipts together exceed
 * what was ordered. Stock rises only through changeStock (reason `received`, with the order).
 */

export const PURCHASING_ONLY = say(/*i18n*/ { id: "purchaseOrder.managersOnly", message: "Only managers can use purchasing" });
type Emit = (e: DomainEvent) => void;

export type PurchaseOrderFilter = { status?: PurchaseOrderStatus; supplierId?: number };
export type SupplierFilter = { search?: string };

const SUPPLIER_ORDER = [{ name: "asc" }, { id: "asc" }] satisfies Prisma.SupplierOrderByWithRelationInput[];
const ORDER_ORDER = [{ id: "desc" }] satisfies Prisma.PurchaseOrderOrderByWithRelationInput[];

function supplierWhere(filter: SupplierFilter): Prisma.SupplierWhereInput {
  const search = filter.search?.trim();
  if (!search) return {};
  return {
    OR: [
      { name: { contains: search, mode: "insensitive" } },
      { contactName: { contains: search, mode: "insensitive" } },
      { email: { contains: search, mode: "insensitive" } },
      { accountNumber: { contains: search, mode: "insensitive" } },
    ],
  };
}

function orderWhere(filter: PurchaseOrderFilter): Prisma.PurchaseOrderWhereInput {
  return { ...(filter.status ? { status: filter.status } : {}), ...(filter.supplierId ? { supplierId: filter.supplierId } : {}) };
}

// ---- reads ----

export async function listSuppliers(deps: Deps, actor: Actor | null, filter: SupplierFilter = {}, query: object = {}) {
  requireManager(actor, PURCHASING_ONLY);
  const page = await seek(query, SUPPLIER_ORDER, (where, select) => deps.prisma.supplier.findUnique({ where: where as Prisma.SupplierWhereUniqueInput, select }));
  if (!page) return [];
  return deps.prisma.supplier.findMany({ ...page.query, where: { AND: [supplierWhere(filter), page.where] }, orderBy: SUPPLIER_ORDER });
}

export async function countSuppliers(deps: Deps, actor: Actor | null, filter: SupplierFilter = {}) {
  requireManager(actor, PURCHASING_ONLY);
  return deps.prisma.supplier.count({ where: supplierWhere(filter) });
}

/** Newest first. */
export async function listPurchaseOrders(deps: Deps, actor: Actor | null, filter: PurchaseOrderFilter = {}, query: object = {}) {
  requireManager(actor, PURCHASING_ONLY);
  const page = await seek(query, ORDER_ORDER, (where, select) =>
    deps.prisma.purchaseOrder.findUnique({ where: where as Prisma.PurchaseOrderWhereUniqueInput, select }),
  );
  if (!page) return [];
  return deps.prisma.purchaseOrder.findMany({ ...page.query, where: { AND: [orderWhere(filter), page.where] }, orderBy: ORDER_ORDER });
}

export async function countPurchaseOrders(deps: Deps, actor: Actor | null, filter: PurchaseOrderFilter = {}) {
  requireManager(actor, PURCHASING_ONLY);
  return deps.prisma.purchaseOrder.count({ where: orderWhere(filter) });
}

export async function getPurchaseOrder(deps: Deps, actor: Actor | null, id: unknown) {
  requireManager(actor, PURCHASING_ONLY);
  const order = await deps.prisma.purchaseOrder.findUnique({ where: { id: parseId(id) }, include: { lines: { orderBy: { position: "asc" } }, supplier: true } });
  if (!order) throw new NotFoundError(/*i18n*/ { id: "purchaseOrder.notFound", message: "Purchase order not found" });
  return order;
}

/** Units still coming per item: ordered minus received on open orders (drafts included). */
export async function onOrderOf(db: Tx | Deps["prisma"], itemIds: readonly number[]): Promise<Map<number, number>> {
  const lines = await db.purchaseOrderLine.findMany({
    where: { itemId: { in: [...itemIds] }, order: { status: { in: [...OPEN_PURCHASE_ORDER_STATUSES] } } },
    select: { itemId: true, quantityOrdered: true, quantityReceived: true },
  });
  const map = new Map<number, number>();
  for (const l of lines) map.set(l.itemId!, (map.get(l.itemId!) ?? 0) + l.quantityOrdered - l.quantityReceived);
  return map;
}

/** The Prisma filter of an item's lines that count as on order (for a selection read with the item). */
export const openLinesWhere = { order: { status: { in: [...OPEN_PURCHASE_ORDER_STATUSES] } } } satisfies Prisma.PurchaseOrderLineWhereInput;

// ---- suppliers ----

export async function createSupplier(deps: Deps, actor: Actor | null, input: unknown): Promise<Supplier> {
  const a = requireManager(actor, PURCHASING_ONLY);
  const data = parseInput(createSupplierInput, input);
  return write(deps, async (tx, emit) => {
    const supplier = await tx.supplier.create({ data });
    await logActivity(tx, a, {
      action: "create",
      entityType: "supplier",
      entityId: supplier.id,
      details: /*i18n*/ { id: "activity.supplierAdded", message: "Added supplier {name}", values: { name: supplier.name } },
    });
    emit({ type: "supplier.changed", supplierId: supplier.id });
    return supplier;
  });
}

const supplierLabels: FieldNames<Supplier> = {
  name: /*i18n*/ { id: "activity.field.name", message: "name" },
  contactName: /*i18n*/ { id: "activity.field.contactName", message: "contact" },
  email: /*i18n*/ { id: "activity.field.email", message: "email" },
  phone: /*i18n*/ { id: "activity.field.phone", message: "phone" },
  accountNumber: /*i18n*/ { id: "activity.field.accountNumber", message: "account number" },
  notes: /*i18n*/ { id: "activity.field.notes", message: "notes" },
};

/** A new name is also written into the free-text `supplier` of the items that prefer this supplier. */
export async function updateSupplier(deps: Deps, actor: Actor | null, id: unknown, input: unknown): Promise<Supplier> {
  const a = requireManager(actor, PURCHASING_ONLY);
  const supplierId = parseId(id);
  const data = parseInput(updateSupplierInput, input);
  return write(deps, async (tx, emit) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "Supplier" WHERE id = ${supplierId} FOR UPDATE`;
    if (!locked.length) throw new NotFoundError(/*i18n*/ { id: "supplier.notFound", message: "Supplier not found" });
    const before = await tx.supplier.findUniqueOrThrow({ where: { id: supplierId } });
    const supplier = await tx.supplier.update({ where: { id: supplierId }, data });
    if (supplier.name !== before.name) {
      const items = await tx.inventoryItem.updateManyAndReturn({ where: { preferredSupplierId: supplierId }, data: { supplier: supplier.name }, select: { id: true } });
      for (const item of items) emit({ type: "inventory.changed", itemId: item.id });
    }
    await logActivity(tx, a, { action: "update", entityType: "supplier", entityId: supplier.id, details: describeChanges(before, supplier, supplierLabels) });
    emit({ type: "supplier.changed", supplierId: supplier.id });
    return supplier;
  });
}

export const setPreferredSupplierInput = z.object({
  itemId: recordId(say(/*i18n*/ { id: "id.notAnItemId", message: "itemId must be an item id" })),
  /** null or absent: no preferred supplier (the free-text supplier stays as it is). */
  supplierId: recordId(say(/*i18n*/ { id: "id.notASupplierId", message: "supplierId must be a supplier id" })).nullish(),
});

/** Names the supplier drafts order an item from; the item's free-text `supplier` becomes its name. */
export async function setPreferredSupplier(deps: Deps, actor: Actor | null, input: unknown): Promise<InventoryItem> {
  const a = requireManager(actor, PURCHASING_ONLY);
  const data = parseInput(setPreferredSupplierInput, input);
  return write(deps, async (tx, emit) => {
    const supplier = data.supplierId == null ? null : await findSupplier(tx, data.supplierId);
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "InventoryItem" WHERE id = ${data.itemId} FOR UPDATE`;
    if (!locked.length) throw new NotFoundError(/*i18n*/ { id: "item.notFound", message: "Inventory item not found" });
    const item = await tx.inventoryItem.update({
      where: { id: data.itemId },
      data: { preferredSupplierId: supplier?.id ?? null, ...(supplier ? { supplier: supplier.name } : {}) },
    });
    await logActivity(tx, a, {
      action: "update",
      entityType: "inventory",
      entityId: item.id,
      managersOnly: true,
      details: supplier
        ? /*i18n*/ {
            id: "activity.preferredSupplierSet",
            message: "Set the preferred supplier of {item} to {supplier}",
            values: { item: item.name, supplier: supplier.name },
          }
        : /*i18n*/ { id: "activity.preferredSupplierRemoved", message: "Removed the preferred supplier of {item}", values: { item: item.name } },
    });
    emit({ type: "inventory.changed", itemId: item.id });
    return item;
  });
}

async function findSupplier(tx: Tx, id: number, field = "supplierId"): Promise<Supplier> {
  const supplier = await tx.supplier.findUnique({ where: { id } });
  if (!supplier) throw new ValidationError(/*i18n*/ { id: "purchaseOrder.noSupplierWithId", message: "No supplier with id {id}", values: { id } }, field);
  return supplier;
}

// ---- orders ----

/** The next PO number, from the counter row (locked until this transaction ends). */
async function nextNumber(tx: Tx): Promise<string> {
  const [row] = await tx.$queryRaw<{ value: number }[]>`
    INSERT INTO "DocumentCounter" ("name", "value") VALUES ('purchaseOrder', 1)
    ON CONFLICT ("name") DO UPDATE SET "value" = "DocumentCounter"."value" + 1
    RETURNING "value"`;
  return purchaseOrderNumber(row!.value);
}

/** Locks the order row for the rest of the transaction (placing, cancelling, receiving one order queue). */
async function lockOrder(tx: Tx, id: number): Promise<PurchaseOrder> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "PurchaseOrder" WHERE id = ${id} FOR UPDATE`;
  if (!rows.length) throw new NotFoundError(/*i18n*/ { id: "purchaseOrder.notFound", message: "Purchase order not found" });
  return tx.purchaseOrder.findUniqueOrThrow({ where: { id } });
}

type LineDraft = { itemId: number; quantity: number; unitCostCents?: number };

/** The rows of an order's lines: each item once, existing, with its name and (by default) its price. */
async function lineRows(tx: Tx, lines: readonly LineDraft[]) {
  const seen = new Set<number>();
  lines.forEach((l, i) => {
    if (seen.has(l.itemId)) throw new ValidationError(/*i18n*/ { id: "purchaseOrder.eachItemMayBeOn", message: "Each item may be on an order once" }, `lines.${i}.itemId`);
    seen.add(l.itemId);
  });
  const items = await tx.inventoryItem.findMany({ where: { id: { in: [...seen] } }, select: { id: true, name: true, price: true } });
  const byId = new Map(items.map((i) => [i.id, i]));
  const rows = lines.map((l, i) => {
    const item = byId.get(l.itemId);
    if (!item) throw new ValidationError(/*i18n*/ { id: "purchaseOrder.noInventoryItemWithId", message: "No inventory item with id {itemId}", values: { itemId: l.itemId } }, `lines.${i}.itemId`);
    return { position: i + 1, itemId: item.id, itemName: item.name, quantityOrdered: l.quantity, unitCostCents: l.unitCostCents ?? item.price ?? 0 };
  });
  // Totals are GraphQL Ints (32-bit cents).
  if (rows.reduce((n, r) => n + r.quantityOrdered * r.unitCostCents, 0) > MAX_ORDER_TOTAL_CENTS) {
    throw new ValidationError(/*i18n*/ { id: "purchaseOrder.totalTooLarge", message: "An order's total must be at most {max}", values: { max: money(MAX_ORDER_TOTAL_CENTS) } }, "lines");
  }
  return rows;
}

const MAX_ORDER_TOTAL_CENTS = 2_000_000_000;

async function createOrderInTx(
  tx: Tx,
  a: Actor,
  emit: Emit,
  data: { supplierId?: number | null; expectedDate?: Date | null; notes?: string | null; lines: readonly LineDraft[] },
  fromSuggestions = false,
) {
  const supplier = data.supplierId == null ? null : await findSupplier(tx, data.supplierId);
  const rows = await lineRows(tx, data.lines);
  const number = await nextNumber(tx);
  const order = await tx.purchaseOrder.create({
    data: {
      number,
      supplierId: supplier?.id ?? null,
      expectedDate: data.expectedDate ?? null,
      notes: data.notes ?? null,
      createdById: a.id,
      lines: { create: rows },
    },
  });
  await logActivity(tx, a, {
    action: "create",
    entityType: "purchaseOrder",
    entityId: order.id,
    details: draftedActivity(number, supplier?.name ?? null, rows.length, fromSuggestions),
  });
  emit({ type: "purchaseOrder.changed", purchaseOrderIds: [order.id], itemIds: rows.map((r) => r.itemId) });
  return order;
}

/** "Drafted PO-0001 for Acme: 2 lines" (by hand or from the reorder suggestions, with a supplier or none yet). */
function draftedActivity(number: string, supplier: string | null, lines: number, fromSuggestions: boolean): Message {
  if (fromSuggestions) {
    return supplier === null
      ? /*i18n*/ {
          id: "activity.orderDraftedFromSuggestionsNoSupplier",
          message: "Drafted from reorder suggestions {number} (no supplier yet): {lines, plural, one {{lines} line} other {{lines} lines}}",
          values: { number, lines },
        }
      : /*i18n*/ {
          id: "activity.orderDraftedFromSuggestions",
          message: "Drafted from reorder suggestions {number} for {supplier}: {lines, plural, one {{lines} line} other {{lines} lines}}",
          values: { number, supplier, lines },
        };
  }
  return supplier === null
    ? /*i18n*/ {
        id: "activity.orderDraftedNoSupplier",
        message: "Drafted {number} (no supplier yet): {lines, plural, one {{lines} line} other {{lines} lines}}",
        values: { number, lines },
      }
    : /*i18n*/ { id: "activity.orderDrafted", message: "Drafted {number} for {supplier}: {lines, plural, one {{lines} line} other {{lines} lines}}", values: { number, supplier, lines } };
}

export async function createPurchaseOrder(deps: Deps, actor: Actor | null, input: unknown): Promise<PurchaseOrder> {
  const a = requireManager(actor, PURCHASING_ONLY);
  const data = parseInput(createPurchaseOrderInput, input);
  return write(deps, (tx, emit) => createOrderInTx(tx, a, emit, data));
}

/** Drafts only. Sent lines replace the draft's lines. */
export async function updatePurchaseOrder(deps: Deps, actor: Actor | null, id: unknown, input: unknown): Promise<PurchaseOrder> {
  const a = requireManager(actor, PURCHASING_ONLY);
  const orderId = parseId(id);
  const data = parseInput(updatePurchaseOrderInput, input);
  return write(deps, async (tx, emit) => {
    const before = await lockOrder(tx, orderId);
    if (before.status !== "DRAFT") throw new ConflictError(/*i18n*/ { id: "purchaseOrder.onlyDraftChanges", message: "{number} is {status, select, ORDERED {ordered} PARTIALLY_RECEIVED {partly received} RECEIVED {received} CANCELLED {cancelled} other {a draft}}: only a draft can be changed", values: { number: before.number, status: before.status } });
    const supplier = data.supplierId == null ? data.supplierId : await findSupplier(tx, data.supplierId);
    const oldItems = (await tx.purchaseOrderLine.findMany({ where: { orderId }, select: { itemId: true } })).map((l) => l.itemId!).filter(Boolean);
    let newItems: number[] = [];
    if (data.lines) {
      const rows = await lineRows(tx, data.lines);
      await tx.purchaseOrderLine.deleteMany({ where: { orderId } });
      await tx.purchaseOrderLine.createMany({ data: rows.map((r) => ({ ...r, orderId })) });
      newItems = rows.map((r) => r.itemId);
    }
    const order = await tx.purchaseOrder.update({
      where: { id: orderId },
      data: {
        ...(supplier !== undefined ? { supplierId: supplier?.id ?? null } : {}),
        ...(data.expectedDate !== undefined ? { expectedDate: data.expectedDate } : {}),
        ...(data.notes !== undefined ? { notes: data.notes } : {}),
      },
    });
    const changed: Message[] = [];
    if (supplier !== undefined && order.supplierId !== before.supplierId) {
      changed.push(
        supplier
          ? /*i18n*/ { id: "activity.orderSupplierChanged", message: "supplier {supplier}", values: { supplier: supplier.name } }
          : /*i18n*/ { id: "activity.orderSupplierRemoved", message: "supplier none" },
      );
    }
    if (data.lines) changed.push(/*i18n*/ { id: "activity.orderLinesChanged", message: "{lines, plural, one {{lines} line} other {{lines} lines}}", values: { lines: data.lines.length } });
    if (data.expectedDate !== undefined) changed.push(/*i18n*/ { id: "activity.field.expectedDate", message: "expected date" });
    if (data.notes !== undefined) changed.push(/*i18n*/ { id: "activity.field.notes", message: "notes" });
    await logActivity(tx, a, { action: "update", entityType: "purchaseOrder", entityId: order.id, details: updatedActivity(order.number, changed) });
    emit({ type: "purchaseOrder.changed", purchaseOrderIds: [order.id], itemIds: [...new Set([...oldItems, ...newItems])] });
    return order;
  });
}

/** Where placed orders' PDFs are kept in the object store; only managers may read them (GET /objects/…). */
export const PURCHASE_ORDER_PDF_PREFIX = "purchase-orders/";
const PDF_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Fixes the draft's lines: ORDERED, with a supplier and at least one line. Its PDF is made and
 * stored before the transaction commits (a failed store leaves the draft as it was); when the
 * transaction then fails, the stored file is removed again. The PDF is in `locale`, the placing
 * manager's language (their preference, else the request's Accept-Language).
 */
export async function placePurchaseOrder(deps: Deps, actor: Actor | null, id: unknown, locale: Locale = DEFAULT_LOCALE): Promise<PurchaseOrder> {
  const a = requireManager(actor, PURCHASING_ONLY);
  const orderId = parseId(id);
  let stored: string | null = null;
  try {
    return await placeInTx(deps, a, orderId, locale, (key) => (stored = key));
  } catch (err) {
    if (stored) await deps.storage.remove(stored).catch(() => undefined); // best effort: the error that matters is err
    throw err;
  }
}

function placeInTx(deps: Deps, a: Actor, orderId: number, locale: Locale, onStored: (key: string) => void): Promise<PurchaseOrder> {
  return write(deps, async (tx, emit) => {
    const before = await lockOrder(tx, orderId);
    if (before.status !== "DRAFT") throw new ConflictError(/*i18n*/ { id: "purchaseOrder.onlyDraftPlaced", message: "{number} is {status, select, ORDERED {ordered} PARTIALLY_RECEIVED {partly received} RECEIVED {received} CANCELLED {cancelled} other {a draft}}: only a draft can be placed", values: { number: before.number, status: before.status } });
    if (before.supplierId === null) throw new ValidationError(/*i18n*/ { id: "purchaseOrder.pickASupplierForBefore", message: "Pick a supplier for {number} before placing it", values: { number: before.number } }, "supplierId");
    const lines = await tx.purchaseOrderLine.findMany({ where: { orderId }, orderBy: { position: "asc" }, include: { item: { select: { unit: true } } } });
    if (!lines.length) throw new ValidationError(/*i18n*/ { id: "purchaseOrder.hasNoLinesAddWhat", message: "{number} has no lines: add what to order first", values: { number: before.number } }, "lines");
    const supplier = await tx.supplier.findUniqueOrThrow({ where: { id: before.supplierId } });
    const placedAt = new Date();
    const pdf = await purchaseOrderPdf(
      {
        companyName: deps.settings?.companyName ?? "Trapline",
        number: before.number,
        placedAt,
        expectedDate: before.expectedDate,
        notes: before.notes,
        supplier,
        lines: lines.map((l) => ({ itemName: l.itemName, unit: l.item?.unit ?? "units", quantity: l.quantityOrdered, unitCostCents: l.unitCostCents })),
      },
      locale,
    );
    const pdfKey = `${PURCHASE_ORDER_PDF_PREFIX}${before.number}-${randomUUID().slice(0, 8)}.pdf`;
    await deps.storage.write(pdfKey, Readable.from([pdf]), PDF_MAX_BYTES);
    onStored(pdfKey);
    const order = await tx.purchaseOrder.update({ where: { id: orderId }, data: { status: "ORDERED", placedAt, pdfKey } });
    const total = lines.reduce((n, l) => n + l.quantityOrdered * l.unitCostCents, 0);
    await logActivity(tx, a, { action: "place", entityType: "purchaseOrder", entityId: order.id, details: /*i18n*/ { id: "activity.orderPlaced", message: "Placed {number} with {supplier}: {total}", values: { number: order.number, supplier: supplier.name, total: money(total) } },
    });
    emit({ type: "purchaseOrder.changed", purchaseOrderIds: [order.id], itemIds: lines.map((l) => l.itemId!).filter(Boolean), action: "placed" });
    return order;
  });
}

/** A draft, or an order with nothing received yet. */
export async function cancelPurchaseOrder(deps: Deps, actor: Actor | null, id: unknown): Promise<PurchaseOrder> {
  const a = requireManager(actor, PURCHASING_ONLY);
  const orderId = parseId(id);
  return write(deps, async (tx, emit) => {
    const before = await lockOrder(tx, orderId);
    if (before.status !== "DRAFT" && before.status !== "ORDERED") {
      throw new ConflictError(
        before.status === "CANCELLED"
          ? /*i18n*/ { id: "purchaseOrder.alreadyCancelled", message: "{number} is already cancelled", values: { number: before.number } }
          : /*i18n*/ {
              id: "purchaseOrder.notCancellable",
              message: "{number} is {status, select, PARTIALLY_RECEIVED {partly received} RECEIVED {received} other {{status}}}: an order with deliveries cannot be cancelled",
              values: { number: before.number, status: before.status },
            },
      );
    }
    const lines = await tx.purchaseOrderLine.findMany({ where: { orderId }, select: { itemId: true, quantityReceived: true } });
    if (lines.some((l) => l.quantityReceived > 0)) throw new ConflictError(/*i18n*/ { id: "purchaseOrder.hasDeliveriesItCannotBe", message: "{number} has deliveries: it cannot be cancelled", values: { number: before.number } });
    const order = await tx.purchaseOrder.update({ where: { id: orderId }, data: { status: "CANCELLED" } });
    await logActivity(tx, a, {
      action: "cancel",
      entityType: "purchaseOrder",
      entityId: order.id,
      details: /*i18n*/ { id: "activity.orderCancelled", message: "Cancelled {number}", values: { number: order.number } },
    });
    emit({ type: "purchaseOrder.changed", purchaseOrderIds: [order.id], itemIds: lines.map((l) => l.itemId!).filter(Boolean), action: "cancelled" });
    return order;
  });
}

/**
 * Records a delivery: per line, what arrived and where it went (default the main warehouse). Stock
 * rises by exactly that through changeStock (reason `received`, with the order). More than is still
 * due on a line is refused (a conditional update, so racing receipts never exceed the ordered
 * amount) and the whole receipt with it. Optionally each item's price becomes the line's unit cost.
 */
export async function receivePurchaseOrder(deps: Deps, actor: Actor | null, id: unknown, input: unknown) {
  const a = requireManager(actor, PURCHASING_ONLY);
  const orderId = parseId(id);
  const data = parseInput(receivePurchaseOrderInput, input);
  return write(deps, async (tx, emit) => {
    const before = await lockOrder(tx, orderId);
    if (before.status !== "ORDERED" && before.status !== "PARTIALLY_RECEIVED") {
      throw new ConflictError(/*i18n*/ { id: "purchaseOrder.onlyPlacedReceived", message: "{number} is {status, select, ORDERED {ordered} PARTIALLY_RECEIVED {partly received} RECEIVED {received} CANCELLED {cancelled} other {a draft}}: only a placed order can be received", values: { number: before.number, status: before.status } });
    }
    const lines = await tx.purchaseOrderLine.findMany({ where: { orderId }, include: { item: { select: { id: true, name: true, unit: true, price: true } } } });
    const byId = new Map(lines.map((l) => [l.id, l]));
    const locations = new Map<number | undefined, StockLocation>();
    const at = async (locationId: number | undefined, field: string) => {
      let location = locations.get(locationId);
      if (!location) {
        location = locationId === undefined ? await mainWarehouse(tx) : ((await tx.stockLocation.findUnique({ where: { id: locationId } })) ?? undefined);
        if (!location) throw new ValidationError(/*i18n*/ { id: "purchaseOrder.noStockLocationWithId", message: "No stock location with id {locationId}", values: { locationId: locationId ?? "" } }, field);
        locations.set(locationId, location);
      }
      return location;
    };
    // Item order, as every multi-item stock change, so concurrent changes queue instead of deadlocking.
    const receipt = data.lines
      .map((r, i) => ({ ...r, index: i, line: byId.get(r.lineId) }))
      .sort((x, y) => (x.line?.itemId ?? 0) - (y.line?.itemId ?? 0) || x.index - y.index);
    const done: Message[] = [];
    const items = new Set<number>();
    const locationIds = new Set<number>();
    for (const r of receipt) {
      const line = r.line;
      if (!line) throw new ValidationError(/*i18n*/ { id: "purchaseOrder.lineIsNotOn", message: "Line {lineId} is not on {number}", values: { lineId: r.lineId, number: before.number } }, `lines.${r.index}.lineId`);
      if (!line.item) throw new ConflictError(/*i18n*/ { id: "purchaseOrder.noLongerExistsItCannot", message: "{itemName} no longer exists: it cannot be received", values: { itemName: line.itemName } }, `lines.${r.index}.lineId`);
      const location = await at(r.locationId, `lines.${r.index}.locationId`);
      const updated = await tx.$executeRaw`
        UPDATE "PurchaseOrderLine" SET "quantityReceived" = "quantityReceived" + ${r.quantity}::int
        WHERE id = ${line.id} AND "quantityReceived" + ${r.quantity}::int <= "quantityOrdered"`;
      if (!updated) {
        const now = await tx.purchaseOrderLine.findUniqueOrThrow({ where: { id: line.id } });
        const due = now.quantityOrdered - now.quantityReceived;
        throw new ConflictError(
          /*i18n*/ {
            id: "purchaseOrder.receivedMoreThanOrdered",
            message: "{name}: {due} {unit} still due on {number} (ordered {ordered}), {quantity} is more than ordered",
            values: { name: line.item.name, due, unit: line.item.unit, number: before.number, ordered: now.quantityOrdered, quantity: r.quantity },
          },
          `lines.${r.index}.quantity`,
        );
      }
      await changeStock(tx, a, { item: line.item, location, delta: r.quantity, reason: "received", purchaseOrderId: orderId });
      if (data.updateItemPrices && line.item.price !== line.unitCostCents) {
        await tx.inventoryItem.update({ where: { id: line.item.id }, data: { price: line.unitCostCents } });
      }
      done.push(/*i18n*/ {
        id: "activity.receivedLine",
        message: "{quantity} {unit} of {item} at {location}",
        values: { quantity: r.quantity, unit: line.item.unit, item: line.item.name, location: location.name },
      });
      items.add(line.item.id);
      locationIds.add(location.id);
    }
    const after = await tx.purchaseOrderLine.findMany({ where: { orderId }, select: { quantityOrdered: true, quantityReceived: true } });
    const status = after.every((l) => l.quantityReceived === l.quantityOrdered) ? "RECEIVED" : "PARTIALLY_RECEIVED";
    const order = await tx.purchaseOrder.update({ where: { id: orderId }, data: { status } });
    await logActivity(tx, a, {
      action: "receive",
      entityType: "purchaseOrder",
      entityId: order.id,
      details: /*i18n*/ {
        id: "activity.orderReceived",
        message:
          "Received on {number}: {lines}{prices, select, updated { (prices updated to the unit costs)} other {}}{complete, select, complete {; complete} other {}}",
        values: { number: order.number, lines: done, prices: data.updateItemPrices ? "updated" : "kept", complete: status === "RECEIVED" ? "complete" : "partly" },
      },
    });
    for (const itemId of items) emit({ type: "inventory.changed", itemId });
    emit({ type: "location.changed", locationIds: [...locationIds] });
    emit({ type: "purchaseOrder.changed", purchaseOrderIds: [order.id], itemIds: [...items], action: "received" });
    return order;
  });
}

/**
 * Turns the reorder suggestions into drafts, one per preferred supplier (items without one go to a
 * draft without a supplier): each item gets its suggested quantity less what is already on open
 * orders (drafts included), and items with enough coming are skipped. Runs one at a time (the
 * counter row is locked first), so two managers drafting at once never draft the same units twice.
 */
export const draftFromSuggestionsInput = z.object({
  /** Only these of the suggested items (an alert's Reorder drafts one); all when absent. */
  itemIds: z.array(recordId(say(/*i18n*/ { id: "purchaseOrder.itemIdsForm", message: "itemIds must be item ids" }))).max(1000, say(/*i18n*/ { id: "purchaseOrder.tooManyItems", message: "At most 1000 items at once" })).optional(),
});

export async function draftPurchaseOrdersFromSuggestions(deps: Deps, actor: Actor | null, input: unknown = {}): Promise<PurchaseOrder[]> {
  const a = requireManager(actor, PURCHASING_ONLY);
  const { itemIds } = parseInput(draftFromSuggestionsInput, input);
  return write(deps, async (tx, emit) => {
    await tx.$executeRaw`
      INSERT INTO "DocumentCounter" ("name", "value") VALUES ('purchaseOrder', 0)
      ON CONFLICT ("name") DO UPDATE SET "value" = "DocumentCounter"."value"`;
    const low = await tx.inventoryItem.findMany({
      where: { AND: [inventoryWhere(deps, { stockStatus: "LOW_STOCK" }), itemIds ? { id: { in: itemIds } } : {}] },
      orderBy: [{ name: "asc" }, { id: "asc" }],
    });
    const coming = await onOrderOf(tx, low.map((i) => i.id));
    const groups = new Map<number | null, LineDraft[]>();
    for (const item of low) {
      const need = reorderSuggestionFor(item).suggestedQuantity - (coming.get(item.id) ?? 0);
      if (need <= 0) continue;
      const key = item.preferredSupplierId;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key)!.push({ itemId: item.id, quantity: Math.min(need, 1_000_000) });
    }
    const orders: PurchaseOrder[] = [];
    // Suppliers first (by id), the supplier-less draft last.
    const keys = [...groups.keys()].sort((x, y) => (x === null ? 1 : y === null ? -1 : x - y));
    for (const supplierId of keys) {
      orders.push(await createOrderInTx(tx, a, emit, { supplierId, lines: groups.get(supplierId)! }, true));
    }
    return orders;
  });
}

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
export const money = (cents: number) => dollars.format(cents / 100);
