import { Prisma, type InventoryItem, type MeasureUnit, type StockLevel, type StockLocation, type StockMovement, type StockMovementReason } from "../db/generated/client.ts";
import { describeStock, toBase } from "../../schemas/measures.ts";
import type { LowStockItem, Urgency } from "../realtime/events.ts";
import { ConflictError, NotFoundError } from "./errors.ts";
import { activityCte, type ActivityDraft, type Actor, type Tx } from "./context.ts";
import { ITEM_COLUMNS, itemInsertParts } from "./itemRows.ts";

/** §4: Low Stock at or below minQuantity; Warning at or below 1.5 × minQuantity. */
export type StockStatus = "IN_STOCK" | "WARNING" | "LOW_STOCK";
export function stockStatus(item: Pick<InventoryItem, "quantity" | "minQuantity">): StockStatus {
  if (item.quantity <= item.minQuantity) return "LOW_STOCK";
  if (item.quantity <= item.minQuantity * 1.5) return "WARNING";
  return "IN_STOCK";
}

export function isLow(item: Pick<InventoryItem, "quantity" | "minQuantity">): boolean {
  return item.quantity <= item.minQuantity;
}

/** critical when at or below the reorder point, otherwise high. */
export function urgencyOf(item: Pick<InventoryItem, "quantity" | "reorderPoint">): Urgency {
  return item.quantity <= item.reorderPoint ? "critical" : "high";
}

export function lowStockItem(item: InventoryItem): LowStockItem {
  return { id: item.id, name: item.name, quantity: item.quantity, minQuantity: item.minQuantity, unit: item.unit, urgency: urgencyOf(item) };
}

/** Where a movement happened and what it belongs to. */
export type MovementAt = { locationId: number; countId?: number; purchaseOrderId?: number; applicationId?: number; amountDelta?: bigint };

/** Records a quantity change that has already been applied to `item` (its quantity is the new total). */
export function recordMovement(
  tx: Tx,
  actor: Actor,
  item: Pick<InventoryItem, "id" | "name" | "quantity">,
  delta: number,
  reason: StockMovementReason,
  requestId?: number,
  at?: MovementAt,
) {
  return tx.stockMovement.create({ data: movementRow(actor, item, delta, reason, requestId, at) });
}

/**
 * A measured product's container in base units (schemas/measures.ts), or null for a product
 * counted in whole units. Its stock is then kept exactly (StockLevel.amount) and `quantity` is its
 * whole containers.
 */
export function containerBaseOf(item: { containerAmountMilli?: number | null; containerUnit?: MeasureUnit | null }): bigint | null {
  if (!item.containerAmountMilli || !item.containerUnit) return null;
  return toBase(BigInt(item.containerAmountMilli), item.containerUnit);
}

/** The row of one stock movement (recordMovement writes one; bulk writes insert many). */
export function movementRow(
  actor: Actor,
  item: Pick<InventoryItem, "id" | "name" | "quantity">,
  delta: number,
  reason: StockMovementReason,
  requestId?: number,
  at?: MovementAt,
) {
  return {
    itemId: item.id,
    itemName: item.name,
    delta,
    quantityAfter: item.quantity,
    reason,
    userId: actor.id,
    requestId: requestId ?? null,
    locationId: at?.locationId ?? null,
    countId: at?.countId ?? null,
    purchaseOrderId: at?.purchaseOrderId ?? null,
    applicationId: at?.applicationId ?? null,
    amountDelta: at?.amountDelta ?? null,
  };
}

/** The main warehouse's read: the oldest active warehouse (the lowest id). GraphQL's mainWarehouse uses it too. */
export const MAIN_WAREHOUSE = { where: { kind: "WAREHOUSE", archived: false }, orderBy: { id: "asc" } } as const;

/**
 * The default location stock comes from and goes to (item create and edit, request approval,
 * chemical use without a vehicle): the oldest active warehouse, 'Main Warehouse' from the migration.
 * The last active warehouse cannot be archived, so there always is one.
 */
export async function mainWarehouse(db: Pick<Tx, "stockLocation">): Promise<StockLocation> {
  const main = await db.stockLocation.findFirst(MAIN_WAREHOUSE);
  if (!main) throw new ConflictError(/*i18n*/ { id: "stock.thereIsNoActiveWarehouse", message: "There is no active warehouse: create one first" });
  return main;
}

/**
 * Locks a location's row FOR SHARE for the rest of the transaction: stock changes at a location
 * share it, starting a count there takes it exclusively. So a count's snapshot waits for changes in
 * flight, and a change that starts after the count sees it open (see noteCountMovement).
 */
export async function lockLocationShared(tx: Tx, locationId: number): Promise<StockLocation> {
  const [row] = await tx.$queryRaw<StockLocation[]>`SELECT ${LOCATION_COLUMNS} FROM "StockLocation" WHERE id = ${locationId} FOR SHARE`;
  if (!row) throw new NotFoundError(/*i18n*/ { id: "location.notFound", message: "Stock location not found" });
  return row;
}

/** The main warehouse (mainWarehouse), share-locked as lockLocationShared does, in one statement. */
export async function lockMainWarehouse(tx: Tx): Promise<StockLocation> {
  const [row] = await tx.$queryRaw<StockLocation[]>`
    SELECT ${LOCATION_COLUMNS} FROM "StockLocation" WHERE kind = 'WAREHOUSE' AND NOT archived ORDER BY id LIMIT 1 FOR SHARE`;
  // None: it was archived while this waited for the lock (a row that stops matching is skipped); ask again.
  return row ?? lockLocationShared(tx, (await mainWarehouse(tx)).id);
}

/** A StockLocation row as Prisma answers it, from raw SQL (the enum as its text). */
const LOCATION_COLUMNS = Prisma.sql`id, name, kind::text AS kind, "holderId", archived, "createdAt", "updatedAt"`;

export type StockChange = {
  item: { id: number; name: string };
  location: StockLocation;
  /** Units in (positive) or out (negative) at this location: whole containers of a measured product. */
  delta: number;
  /** A measured product's exact change in base units (an application); `delta` is then ignored. */
  amountDelta?: bigint;
  /** The application record whose use (or amendment) this is. */
  applicationId?: number;
  reason: StockMovementReason;
  requestId?: number;
  countId?: number;
  /** The purchase order a `received` change delivered. */
  purchaseOrderId?: number;
  /** False for a transfer's two sides: the item's total does not change. */
  changesTotal?: boolean;
};

/**
 * The one way stock changes: the item's level at a location and, in the same transaction, the
 * item's total (InventoryItem.quantity stays the sum of its levels), a stock movement, and the open
 * count of that location if any. A decrease is one conditional UPDATE (… WHERE quantity >= n), so
 * concurrent takers never drive a location below zero (the CHECK constraint backs this); the loser
 * gets a ConflictError naming what is there. The caller has share-locked the location
 * (lockLocationShared) — changeStock does it when it has not.
 */
export async function changeStock(
  tx: Tx,
  actor: Actor,
  change: StockChange,
): Promise<{ item: InventoryItem; level: StockLevel; movement: StockMovement }> {
  const { item: ref, reason } = change;
  if (change.amountDelta === undefined && (!Number.isInteger(change.delta) || change.delta === 0)) throw new Error(`changeStock: bad delta ${change.delta}`);
  const location = await lockLocationShared(tx, change.location.id);
  // Item row before level rows, in every change: concurrent changes of one item queue instead of deadlocking.
  const [locked] = await tx.$queryRaw<{ id: number; containerAmountMilli: number | null; containerUnit: MeasureUnit | null }[]>`
    SELECT id, "containerAmountMilli", "containerUnit" FROM "InventoryItem" WHERE id = ${ref.id} FOR UPDATE`;
  if (!locked) throw new ConflictError(/*i18n*/ { id: "item.gone", message: "{name} no longer exists", values: { name: ref.name } });
  const container = containerBaseOf(locked);
  if (change.amountDelta !== undefined && container === null) throw new Error("changeStock: an exact amount of a product without a container size");
  // A measured product moves by its exact amount; its whole containers follow (delta below).
  const amount = container === null ? null : (change.amountDelta ?? BigInt(change.delta) * container);
  if (amount === 0n) throw new Error("changeStock: a change of nothing");
  const taking = amount === null ? change.delta < 0 : amount < 0n;
  let level: StockLevel | undefined;
  let delta = change.delta;
  if (taking) {
    if (amount === null) {
      [level] = await tx.stockLevel.updateManyAndReturn({
        where: { itemId: ref.id, locationId: location.id, quantity: { gte: -delta } },
        data: { quantity: { decrement: -delta } },
      });
    } else {
      [level] = await tx.$queryRaw<StockLevel[]>`
        UPDATE "StockLevel" SET "amount" = "amount" + ${amount}::bigint, "quantity" = (("amount" + ${amount}::bigint) / ${container}::bigint)::int, "updatedAt" = now()
        WHERE "itemId" = ${ref.id} AND "locationId" = ${location.id} AND "amount" + ${amount}::bigint >= 0
        RETURNING *`;
      if (level) delta = level.quantity - Number((level.amount - amount) / container!);
    }
    if (!level) throw await shortage(tx, ref, location, container, locked.containerUnit, delta, amount);
  } else {
    if (location.archived) throw new ConflictError(/*i18n*/ { id: "stock.isArchivedStockCannotBe", message: "{name} is archived: stock cannot be put there", values: { name: location.name } });
    if (amount === null) {
      [level] = await tx.$queryRaw<StockLevel[]>`
        INSERT INTO "StockLevel" ("itemId", "locationId", "quantity", "updatedAt") VALUES (${ref.id}, ${location.id}, ${delta}, now())
        ON CONFLICT ("itemId", "locationId") DO UPDATE SET "quantity" = "StockLevel"."quantity" + EXCLUDED."quantity", "updatedAt" = now()
        RETURNING *`;
    } else {
      [level] = await tx.$queryRaw<StockLevel[]>`
        INSERT INTO "StockLevel" ("itemId", "locationId", "quantity", "amount", "updatedAt")
        VALUES (${ref.id}, ${location.id}, (${amount}::bigint / ${container}::bigint)::int, ${amount}::bigint, now())
        ON CONFLICT ("itemId", "locationId") DO UPDATE SET "amount" = "StockLevel"."amount" + EXCLUDED."amount",
          "quantity" = (("StockLevel"."amount" + EXCLUDED."amount") / ${container}::bigint)::int, "updatedAt" = now()
        RETURNING *`;
      delta = level!.quantity - Number((level!.amount - amount) / container!);
    }
  }
  const item =
    change.changesTotal === false || delta === 0
      ? await tx.inventoryItem.findUniqueOrThrow({ where: { id: ref.id } })
      : await tx.inventoryItem.update({ where: { id: ref.id }, data: { quantity: { increment: delta } } });
  const movement = await recordMovement(tx, actor, item, delta, reason, change.requestId, {
    locationId: location.id,
    countId: change.countId,
    purchaseOrderId: change.purchaseOrderId,
    applicationId: change.applicationId,
    amountDelta: amount ?? undefined,
  });
  if (reason !== "count" && delta !== 0) await noteCountMovement(tx, location.id, ref.id, delta);
  return { item, level: level!, movement };
}

/** Why a decrease did not fit: what the location holds, in the words stock had before locations where it holds all of it. */
async function shortage(
  tx: Tx,
  ref: { id: number; name: string },
  location: StockLocation,
  container: bigint | null,
  containerUnit: MeasureUnit | null,
  delta: number,
  amount: bigint | null,
): Promise<ConflictError> {
  const current = await tx.inventoryItem.findUnique({ where: { id: ref.id }, include: { stockLevels: { where: { locationId: location.id } } } });
  if (!current) return new ConflictError(/*i18n*/ { id: "request.noLongerExists", message: "{name} no longer exists", values: { name: ref.name } });
  const there = current.stockLevels[0];
  const quantity = there?.quantity ?? 0;
  // Where the location holds all of the item, the message is the one stock had before locations.
  const everywhere = quantity === current.quantity;
  if (container === null || amount === null) {
    const values = { name: current.name, quantity, unit: current.unit, requested: -delta, location: location.name };
    return new ConflictError(
      everywhere
        ? /*i18n*/ { id: "stock.notEnough", message: "Not enough stock of {name}: {quantity} {unit} left, {requested} requested", values }
        : /*i18n*/ { id: "stock.notEnoughAt", message: "Not enough stock of {name}: {quantity} {unit} left at {location}, {requested} requested", values },
    );
  }
  const left = describeStock(there?.amount ?? 0n, container, containerUnit!);
  const asked = describeStock(-amount, container, containerUnit!);
  const values = { name: current.name, left, asked, location: location.name };
  return new ConflictError(
    everywhere
      ? /*i18n*/ { id: "stock.notEnoughMeasured", message: "Not enough stock of {name}: {left} left, {asked} requested", values }
      : /*i18n*/ { id: "stock.notEnoughMeasuredAt", message: "Not enough stock of {name}: {left} left at {location}, {asked} requested", values },
  );
}

/**
 * changeStock's level step for many items at one location at once (CSV import), in three
 * statements whatever the number of items: rises make or raise the level (an upsert); falls lower
 * only a level that holds enough (conditional, as changeStock's), else the whole change is refused
 * with the caller's ConflictError for the first item that fell short; an open count at the location
 * hears of each change. The caller keeps the totals and writes the movements (movementRow), and has
 * share-locked the location.
 */
export async function changeLevelsAt(
  tx: Tx,
  location: StockLocation,
  deltas: readonly { itemId: number; delta: number; /** a measured product's delta × container, in base units */ amountDelta?: bigint }[],
  tooLow: (itemId: number, there: number) => ConflictError,
): Promise<void> {
  const json = (list: typeof deltas) => JSON.stringify(list.map((l) => ({ itemId: l.itemId, delta: l.delta, amountDelta: String(l.amountDelta ?? 0n) })));
  const rises = deltas.filter((l) => l.delta > 0);
  const falls = deltas.filter((l) => l.delta < 0);
  if (rises.length) {
    if (location.archived) throw new ConflictError(/*i18n*/ { id: "stock.isArchivedStockCannotBe", message: "{name} is archived: stock cannot be put there", values: { name: location.name } });
    await tx.$executeRawUnsafe(
      `INSERT INTO "StockLevel" ("itemId", "locationId", "quantity", "amount", "updatedAt")
       SELECT (e->>'itemId')::int, $2::int, (e->>'delta')::int, (e->>'amountDelta')::bigint, now() FROM jsonb_array_elements($1::jsonb) AS e
       ON CONFLICT ("itemId", "locationId") DO UPDATE SET "quantity" = "StockLevel"."quantity" + EXCLUDED."quantity",
         "amount" = "StockLevel"."amount" + EXCLUDED."amount", "updatedAt" = now()`,
      json(rises),
      location.id,
    );
  }
  if (falls.length) {
    // Not an upsert: the CHECK constraint refuses a negative proposed row even when ON CONFLICT would update.
    const lowered = await tx.$queryRawUnsafe<{ itemId: number }[]>(
      `UPDATE "StockLevel" l SET "quantity" = l."quantity" + (e->>'delta')::int, "amount" = l."amount" + (e->>'amountDelta')::bigint, "updatedAt" = now()
         FROM jsonb_array_elements($1::jsonb) AS e
        WHERE l."locationId" = $2::int AND l."itemId" = (e->>'itemId')::int AND l."quantity" + (e->>'delta')::int >= 0
          AND l."amount" + (e->>'amountDelta')::bigint >= 0
        RETURNING l."itemId"`,
      json(falls),
      location.id,
    );
    if (lowered.length < falls.length) {
      const done = new Set(lowered.map((r) => r.itemId));
      const short = falls.find((f) => !done.has(f.itemId))!;
      const level = await tx.stockLevel.findUnique({ where: { itemId_locationId: { itemId: short.itemId, locationId: location.id } } });
      throw tooLow(short.itemId, level?.quantity ?? 0);
    }
  }
  if (deltas.length && (await tx.stockCount.findFirst({ where: { locationId: location.id, status: "OPEN" }, select: { id: true } })))
    for (const { itemId, delta } of deltas) await noteCountMovement(tx, location.id, itemId, delta);
}

/**
 * A change at a location with an open count is kept on the count's line for that item: before the
 * item was counted it moves what the count expects (movedBeforeCount), after it was counted it is
 * remembered apart (movedAfterCount) and the count's adjustment is laid on top of it at completion.
 */
export async function noteCountMovement(tx: Tx, locationId: number, itemId: number, delta: number) {
  await tx.$executeRaw`WITH ${countNoteCtes(locationId, itemId, delta)} SELECT 1`;
}

/**
 * noteCountMovement as common table expressions (insertStockedItem writes the new item's line alone):
 * the open count at the location (if any) moves its line for the item, or gains one when the item
 * was not there when the count started (snapshot 0). Run after the location's share lock, in a
 * statement of its own snapshot, so a count that opened while the change waited is seen.
 */
function countNoteCtes(locationId: number, itemId: number, delta: number): Prisma.Sql {
  return Prisma.sql`open_count AS (SELECT id FROM "StockCount" WHERE "locationId" = ${locationId} AND status = 'OPEN' LIMIT 1),
    count_noted AS (
      UPDATE "StockCountLine" SET
        "movedBeforeCount" = "movedBeforeCount" + CASE WHEN "countedQuantity" IS NULL THEN ${delta}::int ELSE 0 END,
        "movedAfterCount" = "movedAfterCount" + CASE WHEN "countedQuantity" IS NULL THEN 0 ELSE ${delta}::int END
      WHERE "countId" = (SELECT id FROM open_count) AND "itemId" = ${itemId} RETURNING 1),
    count_line AS (
      INSERT INTO "StockCountLine" ("countId", "itemId", "snapshotQuantity", "movedBeforeCount")
      SELECT id, ${itemId}, 0, ${delta}::int FROM open_count WHERE NOT EXISTS (SELECT 1 FROM count_noted) RETURNING 1)`;
}

/**
 * Inserts a new item with stock, and changeStock's records of that stock, in one statement: the item
 * (its fields as Prisma's create takes them, itemRows.ts), its level at `location`, the movement, the
 * open count's note and the item's activity entry (`activity`, whose entityId the statement fills in).
 * No other transaction can see the new row, so there is nothing to lock, update or read back. The
 * caller has share-locked the location in an earlier statement (lockMainWarehouse), so this statement's
 * snapshot sees a count opened there before the lock was granted (noteCountMovement's rule); the other
 * rules are changeStock's.
 */
export async function insertStockedItem(
  tx: Tx,
  actor: Actor,
  fields: Record<string, unknown> & { name: string; quantity: number; containerAmountMilli?: number | null; containerUnit?: MeasureUnit | null },
  location: StockLocation,
  reason: StockMovementReason,
  activity: ActivityDraft,
): Promise<InventoryItem> {
  const quantity = fields.quantity;
  if (!Number.isInteger(quantity) || quantity <= 0) throw new Error(`insertStockedItem: bad quantity ${quantity}`);
  if (location.archived) throw new ConflictError(/*i18n*/ { id: "stock.isArchivedStockCannotBe", message: "{name} is archived: stock cannot be put there", values: { name: location.name } });
  const container = containerBaseOf(fields);
  const amount = container === null ? null : BigInt(quantity) * container;
  const { columns, values } = itemInsertParts(fields);
  const [item] = await tx.$queryRaw<InventoryItem[]>`
    WITH item AS (INSERT INTO "InventoryItem" ${columns} SELECT ${values} RETURNING *),
    level AS (
      INSERT INTO "StockLevel" ("itemId", "locationId", "quantity", "amount", "updatedAt")
      SELECT id, ${location.id}, ${quantity}, ${amount ?? 0n}::bigint, now() FROM item RETURNING 1),
    movement AS (
      INSERT INTO "StockMovement" ("itemId", "itemName", "delta", "quantityAfter", "reason", "userId", "locationId", "amountDelta")
      SELECT id, name, ${quantity}, ${quantity}, ${reason}::"StockMovementReason", ${actor.id}, ${location.id}, ${amount}::bigint FROM item RETURNING 1),
    count_line AS (
      INSERT INTO "StockCountLine" ("countId", "itemId", "snapshotQuantity", "movedBeforeCount")
      SELECT c.id, item.id, 0, ${quantity}::int FROM item, (SELECT id FROM "StockCount" WHERE "locationId" = ${location.id} AND status = 'OPEN' LIMIT 1) c RETURNING 1),
    ${activityCte(actor, activity, { source: "item", values: {}, entityId: "id" })}
    SELECT ${ITEM_COLUMNS} FROM item`;
  return item!;
}

/**
 * Takes `quantity` of an item from a location (default: the main warehouse), conditional like every
 * decrease; also answers the stock movement it wrote (for records that point at it).
 */
export async function takeStockRecorded(
  tx: Tx,
  actor: Actor,
  line: { itemId: number; name: string; quantity: number },
  reason: StockMovementReason,
  requestId?: number,
  location?: StockLocation,
): Promise<{ item: InventoryItem; movement: StockMovement }> {
  const from = location ?? (await mainWarehouse(tx));
  const { item, movement } = await changeStock(tx, actor, { item: { id: line.itemId, name: line.name }, location: from, delta: -line.quantity, reason, requestId });
  return { item, movement };
}

/** takeStockRecorded, answering the item with its new total. */
export async function takeStock(
  tx: Tx,
  actor: Actor,
  line: { itemId: number; name: string; quantity: number },
  reason: StockMovementReason,
  requestId?: number,
  location?: StockLocation,
): Promise<InventoryItem> {
  return (await takeStockRecorded(tx, actor, line, reason, requestId, location)).item;
}

/** True when a change took the item from above its minimum to at or below it. */
export function becameLow(after: Pick<InventoryItem, "quantity" | "minQuantity">, delta: number): boolean {
  return isLow(after) && !isLow({ quantity: after.quantity - delta, minQuantity: after.minQuantity });
}
