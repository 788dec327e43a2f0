import { say } from "../../schemas/messages.ts";
import { z } from "zod";
import { recordId } from "../../schemas/fields.ts";
import type { Prisma, StockCount, StockLocation } from "../db/generated/client.ts";
import type { DomainEvent } from "../realtime/events.ts";
import { logActivity, parseId, parseInput, requireActor, requireManager, write, type Actor, type Deps, type Tx } from "./context.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "./errors.ts";
import {
  createStockLocationInput,
  locationQuantity,
  setLocationMinimumInput,
  STOCK_LOCATION_KINDS,
  updateStockLocationInput,
} from "../../schemas/stockLocations.ts";
import { transferStockInput } from "../../schemas/stock.ts";
import { fieldChange, updatedActivity } from "./changes.ts";
import { seek } from "./keyset.ts";
import { notifyLowStock } from "./notifications.ts";
import { becameLow, changeStock, isLow, lockLocationShared, lowStockItem, MAIN_WAREHOUSE, mainWarehouse } from "./stock.ts";

/*
 * Stock locations (warehouses and technicians' vehicles), per-location stock and minimums,
 * transfers, restocking a vehicle from the main warehouse, and stock counts. Every change of a
 * quantity goes through changeStock (./stock.ts), which keeps the item's total equal to the sum of
 * its levels in the same transaction.
 *
 * Permissions: managers manage locations and minimums and may move and count anywhere. An employee
 * may transfer between a warehouse and the vehicle they hold, restock that vehicle, and count it.
 */

export { STOCK_LOCATION_KINDS, createStockLocationInput, updateStockLocationInput, setLocationMinimumInput };
type Emit = (e: DomainEvent) => void;

const quantityField = locationQuantity;
export const recordStockCountInput = z
  .object({
    countId: recordId(say(/*i18n*/ { id: "id.notACountId", message: "countId must be a count id" })),
    itemId: recordId(say(/*i18n*/ { id: "id.notAnItemId", message: "itemId must be an item id" })),
    /** Sets the counted number. */
    countedQuantity: quantityField("Counted quantity", 0).optional(),
    /** Adds to what was counted so far (a scan adds 1). */
    add: quantityField("Added quantity", 1).optional(),
  })
  .refine((v) => (v.countedQuantity === undefined) !== (v.add === undefined), {
    message: "Send either countedQuantity (the number counted) or add (units to add to it)",
    path: ["countedQuantity"],
  });

export type StockLocationFilter = { kind?: (typeof STOCK_LOCATION_KINDS)[number]; includeArchived?: boolean };

function locationWhere(filter: StockLocationFilter): Prisma.StockLocationWhereInput {
  return { ...(filter.kind ? { kind: filter.kind } : {}), ...(filter.includeArchived ? {} : { archived: false }) };
}

const LOCATION_ORDER = [{ kind: "asc" }, { name: "asc" }, { id: "asc" }] satisfies Prisma.StockLocationOrderByWithRelationInput[];

/** Warehouses first, then vehicles, by name. Every signed-in user may read them (they pick from them). */
export async function listStockLocations(deps: Deps, actor: Actor | null, filter: StockLocationFilter = {}, query: object = {}) {
  requireActor(actor);
  const page = await seek(query, LOCATION_ORDER, (where, select) =>
    deps.prisma.stockLocation.findUnique({ where: where as Prisma.StockLocationWhereUniqueInput, select }),
  );
  if (!page) return [];
  return deps.prisma.stockLocation.findMany({ ...page.query, where: { AND: [locationWhere(filter), page.where] }, orderBy: LOCATION_ORDER });
}

export async function countStockLocations(deps: Deps, actor: Actor | null, filter: StockLocationFilter = {}) {
  requireActor(actor);
  return deps.prisma.stockLocation.count({ where: locationWhere(filter) });
}

export async function getStockLocation(deps: Deps, actor: Actor | null, id: unknown) {
  requireActor(actor);
  const location = await deps.prisma.stockLocation.findUnique({ where: { id: parseId(id) } });
  if (!location) throw new NotFoundError(/*i18n*/ { id: "location.notFound", message: "Stock location not found" });
  return location;
}

/** The REST shape of GET /api/locations/:id/stock. */
export async function locationStockRows(deps: Deps, actor: Actor | null, id: unknown) {
  const location = await getStockLocation(deps, actor, id);
  const levels = await deps.prisma.stockLevel.findMany({
    where: { locationId: location.id, OR: [{ quantity: { gt: 0 } }, { minQuantity: { not: null } }] },
    orderBy: [{ item: { name: "asc" } }, { id: "asc" }],
    include: { item: { select: { id: true, name: true, unit: true, price: true } } },
  });
  return levels.map((l) => ({
    itemId: l.item.id,
    name: l.item.name,
    unit: l.item.unit,
    quantity: l.quantity,
    minQuantity: l.minQuantity,
    belowMinimum: l.minQuantity !== null && l.quantity < l.minQuantity,
    value: l.item.price === null ? null : l.item.price * l.quantity,
  }));
}

/** The REST shape of GET /api/locations: each location with its holder, stock value and below-minimum count. */
export async function locationSummaries(deps: Deps, actor: Actor | null, filter: StockLocationFilter = {}) {
  requireActor(actor);
  const locations = await deps.prisma.stockLocation.findMany({
    where: locationWhere(filter),
    orderBy: LOCATION_ORDER,
    include: { holder: { select: { id: true, name: true } } },
  });
  const figures = await allLocationFigures(deps);
  return locations.map((l) => ({
    id: l.id,
    name: l.name,
    kind: l.kind,
    archived: l.archived,
    holderId: l.holderId,
    holderName: l.holder?.name ?? null,
    totalQuantity: (figures.get(l.id) ?? noFigures).quantity,
    value: (figures.get(l.id) ?? noFigures).value,
    belowMinimumCount: (figures.get(l.id) ?? noFigures).belowMinimum,
  }));
}

type Figures = { value: number; belowMinimum: number; quantity: number };

/**
 * Stock value (cents), units and below-minimum count per location, for every location in one query.
 * Sums and products are taken in 64 bits and answered as doubles (exact to 2^53): a warehouse's
 * value in cents passes 2^31 at $21 million.
 */
export async function allLocationFigures(deps: Deps): Promise<Map<number, Figures>> {
  const rows = await deps.prisma.$queryRaw<(Figures & { locationId: number })[]>`
    SELECT l."locationId", sum(l.quantity::bigint)::float8 AS quantity, COALESCE(sum(l.quantity::bigint * i.price), 0)::float8 AS value,
           count(*) FILTER (WHERE l."minQuantity" IS NOT NULL AND l.quantity < l."minQuantity")::int AS "belowMinimum"
    FROM "StockLevel" l JOIN "InventoryItem" i ON i.id = l."itemId" GROUP BY l."locationId"`;
  return new Map(rows.map(({ locationId, ...f }) => [locationId, f]));
}

const noFigures: Figures = { value: 0, belowMinimum: 0, quantity: 0 };

/** The vehicle a user holds (their truck), if any. */
export function heldVehicle(db: Tx | Deps["prisma"], userId: number, query: object = {}) {
  return db.stockLocation.findFirst({ ...query, where: { kind: "VEHICLE", holderId: userId, archived: false }, orderBy: { id: "asc" } });
}

/** The main warehouse (where stock comes from and goes to when no location is named), for anyone signed in; null when there is none. */
export async function findMainWarehouse(deps: Deps, actor: Actor | null, query: object = {}) {
  requireActor(actor);
  return deps.prisma.stockLocation.findFirst({ ...query, ...MAIN_WAREHOUSE });
}

/** The vehicle the signed-in user holds, if any; `query` is the caller's selection (GraphQL's). */
export async function myVehicle(deps: Deps, actor: Actor | null, query: object = {}) {
  const a = requireActor(actor);
  return heldVehicle(deps.prisma, a.id, query);
}

async function checkHolder(tx: Tx, kind: StockLocation["kind"], holderId: number | null | undefined, exceptLocationId?: number) {
  if (holderId == null) return;
  if (kind !== "VEHICLE") throw new ValidationError(/*i18n*/ { id: "location.onlyAVehicleHasA", message: "Only a vehicle has a holder" }, "holderId");
  // Locks the user's row: two assignments of one holder at once queue, and the second sees the first.
  const user = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "User" WHERE id = ${holderId} FOR UPDATE`;
  if (!user.length) throw new ValidationError(/*i18n*/ { id: "location.noUserWithId", message: "No user with id {holderId}", values: { holderId } }, "holderId");
  const other = await tx.stockLocation.findFirst({ where: { kind: "VEHICLE", holderId, archived: false, id: exceptLocationId ? { not: exceptLocationId } : undefined } });
  if (other) throw new ConflictError(/*i18n*/ { id: "location.thatTechnicianAlreadyHolds", message: "That technician already holds {name}", values: { name: other.name } }, "holderId");
}

export async function createStockLocation(deps: Deps, actor: Actor | null, input: unknown): Promise<StockLocation> {
  const a = requireManager(actor, /*i18n*/ { id: "location.onlyManagersCanManageStockLocations", message: "Only managers can manage stock locations" });
  const data = parseInput(createStockLocationInput, input);
  return write(deps, async (tx, emit) => {
    await checkHolder(tx, data.kind, data.holderId);
    const location = await tx.stockLocation.create({ data: { name: data.name, kind: data.kind, holderId: data.holderId ?? null } });
    await logActivity(tx, a, {
      action: "create",
      entityType: "location",
      entityId: location.id,
      details:
        location.kind === "WAREHOUSE"
          ? /*i18n*/ { id: "activity.warehouseAdded", message: "Added warehouse {name}", values: { name: location.name } }
          : /*i18n*/ { id: "activity.vehicleAdded", message: "Added vehicle {name}", values: { name: location.name } },
    });
    emit({ type: "location.changed", locationIds: [location.id], action: { kind: "created" } });
    return location;
  });
}

export async function updateStockLocation(deps: Deps, actor: Actor | null, id: unknown, input: unknown): Promise<StockLocation> {
  const a = requireManager(actor, /*i18n*/ { id: "location.onlyManagersCanManageStockLocations", message: "Only managers can manage stock locations" });
  const locationId = parseId(id);
  const data = parseInput(updateStockLocationInput, input);
  return write(deps, async (tx, emit) => {
    const before = await lockLocation(tx, locationId);
    if (data.holderId !== undefined) await checkHolder(tx, before.kind, data.holderId, before.id);
    const location = await tx.stockLocation.update({ where: { id: locationId }, data });
    const changes = [
      before.name !== location.name ? fieldChange(/*i18n*/ { id: "activity.field.name", message: "name" }, before.name, location.name) : null,
      before.holderId !== location.holderId ? /*i18n*/ { id: "activity.holderChanged", message: "holder changed" } : null,
    ].filter((c) => c !== null);
    await logActivity(tx, a, { action: "update", entityType: "location", entityId: location.id, details: updatedActivity(location.name, changes) });
    emit({ type: "location.changed", locationIds: [location.id], action: { kind: "updated" } });
    return location;
  });
}

/** Archives an empty location with no open count; the last active warehouse stays. */
export async function archiveStockLocation(deps: Deps, actor: Actor | null, id: unknown): Promise<StockLocation> {
  const a = requireManager(actor, /*i18n*/ { id: "location.onlyManagersCanManageStockLocations", message: "Only managers can manage stock locations" });
  const locationId = parseId(id);
  return write(deps, async (tx, emit) => {
    const before = await lockLocation(tx, locationId);
    if (before.archived) throw new ConflictError(/*i18n*/ { id: "location.isAlreadyArchived", message: "{name} is already archived", values: { name: before.name } });
    const held = await tx.stockLevel.aggregate({ where: { locationId, quantity: { gt: 0 } }, _sum: { quantity: true } });
    if (held._sum.quantity) throw new ConflictError(/*i18n*/ { id: "location.stillHoldsUnitsMoveThem", message: "{name} still holds {quantity} units: move them out first", values: { name: before.name, quantity: held._sum.quantity } });
    if (await tx.stockCount.findFirst({ where: { locationId, status: "OPEN" } })) throw new ConflictError(/*i18n*/ { id: "location.hasAnOpenCount", message: "{name} has an open count", values: { name: before.name } });
    if (before.kind === "WAREHOUSE") {
      // Lock the active warehouses so two archivings at once cannot take the last two.
      const others = await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM "StockLocation" WHERE kind = 'WAREHOUSE' AND NOT archived AND id <> ${locationId} FOR UPDATE`;
      if (!others.length) throw new ConflictError(/*i18n*/ { id: "location.theLastActiveWarehouseCannot", message: "The last active warehouse cannot be archived" });
    }
    const location = await tx.stockLocation.update({ where: { id: locationId }, data: { archived: true } });
    await logActivity(tx, a, {
      action: "archive",
      entityType: "location",
      entityId: location.id,
      details: /*i18n*/ { id: "activity.locationArchived", message: "Archived {name}", values: { name: location.name } },
    });
    emit({ type: "location.changed", locationIds: [location.id], action: { kind: "archived" } });
    return location;
  });
}

export async function setLocationMinimum(deps: Deps, actor: Actor | null, input: unknown) {
  const a = requireManager(actor, /*i18n*/ { id: "location.onlyManagersCanSetMinimums", message: "Only managers can set minimums" });
  const data = parseInput(setLocationMinimumInput, input);
  return write(deps, async (tx, emit) => {
    const location = await lockLocationShared(tx, data.locationId);
    const item = await tx.inventoryItem.findUnique({ where: { id: data.itemId }, select: { id: true, name: true, unit: true } });
    if (!item) throw new NotFoundError(/*i18n*/ { id: "item.notFound", message: "Inventory item not found" });
    const level = await tx.stockLevel.upsert({
      where: { itemId_locationId: { itemId: item.id, locationId: location.id } },
      create: { itemId: item.id, locationId: location.id, quantity: 0, minQuantity: data.minQuantity },
      update: { minQuantity: data.minQuantity },
    });
    await logActivity(tx, a, {
      action: "update",
      entityType: "location",
      entityId: location.id,
      details:
        data.minQuantity === null
          ? /*i18n*/ { id: "activity.minimumRemoved", message: "Removed the minimum of {item} at {location}", values: { item: item.name, location: location.name } }
          : /*i18n*/ {
              id: "activity.minimumSet",
              message: "Set the minimum of {item} at {location} to {quantity} {unit}",
              values: { item: item.name, location: location.name, quantity: data.minQuantity, unit: item.unit },
            },
    });
    emit({ type: "location.changed", locationIds: [location.id] });
    emit({ type: "inventory.changed", itemId: item.id });
    return level;
  });
}

/** Managers anywhere; an employee between a warehouse and the vehicle they hold. */
function mayMoveBetween(actor: Actor, from: StockLocation, to: StockLocation): boolean {
  if (actor.role === "manager") return true;
  const own = (l: StockLocation) => l.kind === "VEHICLE" && l.holderId === actor.id;
  return (from.kind === "WAREHOUSE" && own(to)) || (own(from) && to.kind === "WAREHOUSE");
}

/** Managers anywhere; an employee at a warehouse or their own vehicle (chemical use). */
export function mayTakeFrom(actor: Actor, location: StockLocation): boolean {
  return actor.role === "manager" || location.kind === "WAREHOUSE" || location.holderId === actor.id;
}

/** Managers anywhere; an employee only their own vehicle (counts, restocking). */
function mayManageStockOf(actor: Actor, location: StockLocation): boolean {
  return actor.role === "manager" || (location.kind === "VEHICLE" && location.holderId === actor.id);
}

/**
 * Moves stock in one transaction: a conditional decrease at the source (of racing transfers that
 * together exceed what is there exactly the ones that fit win; the rest get a ConflictError) and an
 * increase at the destination, each with a `transfer` movement; the item's total does not change.
 */
export async function transferStock(deps: Deps, actor: Actor | null, input: unknown) {
  const a = requireActor(actor);
  const data = parseInput(transferStockInput, input);
  return write(deps, async (tx, emit) => {
    const [from, to] = await Promise.all([findLocation(tx, data.fromLocationId, "fromLocationId"), findLocation(tx, data.toLocationId, "toLocationId")]);
    if (!mayMoveBetween(a, from, to)) throw new ForbiddenError(/*i18n*/ { id: "location.youMayOnlyMoveStock", message: "You may only move stock between a warehouse and the vehicle you hold" });
    return transferInTx(tx, a, emit, { itemId: data.itemId, from, to, quantity: data.quantity });
  });
}

async function transferInTx(tx: Tx, a: Actor, emit: Emit, t: { itemId: number; from: StockLocation; to: StockLocation; quantity: number }) {
  const product = await tx.inventoryItem.findUnique({ where: { id: t.itemId }, select: { id: true, name: true, unit: true } });
  if (!product) throw new NotFoundError(/*i18n*/ { id: "item.notFound", message: "Inventory item not found" });
  if (t.to.archived) throw new ConflictError(/*i18n*/ { id: "location.isArchived", message: "{name} is archived", values: { name: t.to.name } }, "toLocationId");
  const out = await changeStock(tx, a, { item: product, location: t.from, delta: -t.quantity, reason: "transfer", changesTotal: false });
  const into = await changeStock(tx, a, { item: product, location: t.to, delta: t.quantity, reason: "transfer", changesTotal: false });
  await logActivity(tx, a, {
    action: "transfer",
    entityType: "inventory",
    entityId: product.id,
    details: /*i18n*/ {
      id: "activity.moved",
      message: "Moved {quantity} {unit} of {item} from {from} to {to}",
      values: { quantity: t.quantity, unit: product.unit, item: product.name, from: t.from.name, to: t.to.name },
    },
  });
  emit({ type: "inventory.changed", itemId: product.id });
  emit({ type: "location.changed", locationIds: [t.from.id, t.to.id], action: { kind: "transferred", itemId: product.id, quantity: t.quantity } });
  return { item: into.item, from: out.level, to: into.level };
}

export type RestockSuggestion = {
  itemId: number;
  /** On the vehicle now. */
  quantity: number;
  minQuantity: number;
  /** What brings the vehicle back to its minimum. */
  suggestedQuantity: number;
  /** What the source (the main warehouse) has of the item. */
  availableAtSource: number;
};

async function suggestionsFor(db: Tx | Deps["prisma"], location: StockLocation, source: StockLocation): Promise<RestockSuggestion[]> {
  return db.$queryRaw<RestockSuggestion[]>`
    SELECT l."itemId", l.quantity, l."minQuantity", (l."minQuantity" - l.quantity) AS "suggestedQuantity",
           COALESCE(s.quantity, 0) AS "availableAtSource"
    FROM "StockLevel" l
    JOIN "InventoryItem" i ON i.id = l."itemId"
    LEFT JOIN "StockLevel" s ON s."itemId" = l."itemId" AND s."locationId" = ${source.id}
    WHERE l."locationId" = ${location.id} AND l."minQuantity" IS NOT NULL AND l.quantity < l."minQuantity"
    ORDER BY i.name, i.id`;
}

/** For a location below its own minimums: how much brings it back to them, and what the main warehouse has. */
export async function restockSuggestions(deps: Deps, actor: Actor | null, locationId: unknown): Promise<RestockSuggestion[]> {
  const a = requireActor(actor);
  const location = await getStockLocation(deps, a, locationId);
  if (!mayManageStockOf(a, location)) throw new ForbiddenError(/*i18n*/ { id: "location.youMayOnlySeeRestocking", message: "You may only see restocking for the vehicle you hold" });
  const source = await mainWarehouse(deps.prisma);
  if (source.id === location.id) return [];
  return suggestionsFor(deps.prisma, location, source);
}

/**
 * Turns the suggestions into transfers from the main warehouse, in one transaction: each item gets
 * what brings it to its minimum, or what the warehouse has if less; items the warehouse lacks stay.
 */
export async function restockLocation(deps: Deps, actor: Actor | null, locationId: unknown) {
  const a = requireActor(actor);
  const id = parseId(locationId, "locationId");
  return write(deps, async (tx, emit) => {
    const location = await findLocation(tx, id, "locationId");
    if (!mayManageStockOf(a, location)) throw new ForbiddenError(/*i18n*/ { id: "location.youMayOnlyRestockThe", message: "You may only restock the vehicle you hold" });
    const source = await mainWarehouse(tx);
    if (source.id === location.id) throw new ValidationError(/*i18n*/ { id: "location.theMainWarehouseIsThe", message: "The main warehouse is the source of restocking" }, "locationId");
    const moved = [];
    // Item order, as every multi-item change, so concurrent ones queue instead of deadlocking.
    const suggestions = (await suggestionsFor(tx, location, source)).sort((x, y) => x.itemId - y.itemId);
    for (const s of suggestions) {
      const quantity = Math.min(s.suggestedQuantity, s.availableAtSource);
      if (quantity <= 0) continue;
      const t = await transferInTx(tx, a, emit, { itemId: s.itemId, from: source, to: location, quantity });
      moved.push({ itemId: s.itemId, quantity, level: t.to });
    }
    return { location, moved };
  });
}

// ---- stock counts ----

export async function getStockCount(deps: Deps, actor: Actor | null, id: unknown) {
  requireActor(actor);
  const count = await deps.prisma.stockCount.findUnique({ where: { id: parseId(id) } });
  if (!count) throw new NotFoundError(/*i18n*/ { id: "stockCount.notFound", message: "Stock count not found" });
  return count;
}

/** Starts a count: snapshots every level of the location (what the system expects there now). */
export async function startStockCount(deps: Deps, actor: Actor | null, locationId: unknown): Promise<StockCount> {
  const a = requireActor(actor);
  const id = parseId(locationId, "locationId");
  return write(deps, async (tx, emit) => {
    // Exclusive: waits for stock changes in flight there (they share-lock it), so the snapshot has them.
    const location = await lockLocation(tx, id);
    if (!mayManageStockOf(a, location)) throw new ForbiddenError(/*i18n*/ { id: "location.youMayOnlyCountThe", message: "You may only count the vehicle you hold" });
    if (location.archived) throw new ConflictError(/*i18n*/ { id: "location.isArchived", message: "{name} is archived", values: { name: location.name } });
    const open = await tx.stockCount.findFirst({ where: { locationId: id, status: "OPEN" } });
    if (open) throw new ConflictError(/*i18n*/ { id: "location.aCountOfIsAlready", message: "A count of {name} is already open", values: { name: location.name } });
    const count = await tx.stockCount.create({ data: { locationId: id, startedById: a.id } });
    await tx.$executeRaw`
      INSERT INTO "StockCountLine" ("countId", "itemId", "snapshotQuantity")
      SELECT ${count.id}, "itemId", quantity FROM "StockLevel" WHERE "locationId" = ${id}`;
    await logActivity(tx, a, {
      action: "count",
      entityType: "location",
      entityId: id,
      details: /*i18n*/ { id: "activity.countStarted", message: "Started a count of {name}", values: { name: location.name } },
    });
    emit({ type: "location.changed", locationIds: [id] });
    return count;
  });
}

/** Locks an open count for a change of its lines; the count's holder rule applies. */
async function openCount(tx: Tx, a: Actor, countId: number, lock: "share" | "update") {
  const rows =
    lock === "share"
      ? await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "StockCount" WHERE id = ${countId} FOR SHARE`
      : await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "StockCount" WHERE id = ${countId} FOR UPDATE`;
  if (!rows.length) throw new NotFoundError(/*i18n*/ { id: "stockCount.notFound", message: "Stock count not found" });
  const count = await tx.stockCount.findUniqueOrThrow({ where: { id: countId }, include: { location: true } });
  if (!mayManageStockOf(a, count.location)) throw new ForbiddenError(/*i18n*/ { id: "location.youMayOnlyCountThe", message: "You may only count the vehicle you hold" });
  if (count.status !== "OPEN") throw new ConflictError(
        count.status === "COMPLETED"
          ? /*i18n*/ { id: "stockCount.alreadyCompleted", message: "This count was already completed" }
          : /*i18n*/ { id: "stockCount.alreadyAbandoned", message: "This count was already abandoned" },
      );
  return count;
}

/**
 * Records what was counted of an item (sets the number, or adds to it: a scan adds one). The item
 * counts as counted now: stock that moved there since the count started, before this moment, is part
 * of what is expected of it.
 */
export async function recordStockCount(deps: Deps, actor: Actor | null, input: unknown) {
  const a = requireActor(actor);
  const data = parseInput(recordStockCountInput, input);
  return write(deps, async (tx, emit) => {
    const count = await openCount(tx, a, data.countId, "share");
    const item = await tx.inventoryItem.findUnique({ where: { id: data.itemId }, select: { id: true } });
    if (!item) throw new NotFoundError(/*i18n*/ { id: "item.notFound", message: "Inventory item not found" });
    const counted = data.countedQuantity ?? data.add!;
    const add = data.countedQuantity === undefined;
    // Not in the snapshot and not moved there since: nothing was expected of it.
    const [line] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO "StockCountLine" ("countId", "itemId", "snapshotQuantity", "countedQuantity", "countedAt")
      VALUES (${count.id}, ${item.id}, 0, ${counted}, now())
      ON CONFLICT ("countId", "itemId") DO UPDATE SET
        "countedQuantity" = CASE WHEN ${add} THEN COALESCE("StockCountLine"."countedQuantity", 0) + ${counted}::int ELSE ${counted}::int END,
        "countedAt" = now(),
        "movedBeforeCount" = "StockCountLine"."movedBeforeCount" + "StockCountLine"."movedAfterCount",
        "movedAfterCount" = 0
      RETURNING id`;
    const saved = await tx.stockCountLine.findUniqueOrThrow({ where: { id: line!.id } });
    if (saved.countedQuantity! > 1_000_000) throw new ValidationError(/*i18n*/ { id: "location.countedQuantityMustBeAt", message: "Counted quantity must be at most 1000000" }, "countedQuantity");
    emit({ type: "location.changed", locationIds: [count.locationId] });
    return saved;
  });
}

/**
 * Completes a count: each counted item whose count differs from what was expected of it becomes an
 * adjustment (movement reason `count`) laid on the level as it is now, so changes after the item was
 * counted stay; the variance is kept on the line. Items never counted are left as they are.
 */
export async function completeStockCount(deps: Deps, actor: Actor | null, countId: unknown) {
  const a = requireActor(actor);
  const id = parseId(countId, "countId");
  return write(deps, async (tx, emit) => {
    const count = await openCount(tx, a, id, "update");
    const lines = await tx.stockCountLine.findMany({ where: { countId: id, countedQuantity: { not: null } }, include: { item: true }, orderBy: { itemId: "asc" } });
    const low = [];
    const variances = [];
    for (const line of lines) {
      const variance = line.countedQuantity! - (line.snapshotQuantity + line.movedBeforeCount);
      await tx.stockCountLine.update({ where: { id: line.id }, data: { variance } });
      if (variance === 0) continue;
      const { item } = await changeStock(tx, a, { item: line.item, location: count.location, delta: variance, reason: "count", countId: id }).catch((err: unknown) => {
        if (!(err instanceof ConflictError)) throw err;
        throw new ConflictError(
          /*i18n*/ {
            id: "stockCount.movedAfterCount",
            message: "{name}: counted {counted}, but {moved} left {location} after it was counted; count it again",
            values: { name: line.item.name, counted: line.countedQuantity ?? 0, moved: -line.movedAfterCount, location: count.location.name },
          },
        );
      });
      variances.push(`${line.item.name} ${variance > 0 ? "+" : ""}${variance}`);
      emit({ type: "inventory.changed", itemId: item.id });
      if (isLow(item)) low.push(lowStockItem(item));
      if (becameLow(item, variance)) await notifyLowStock(tx, emit, [item]);
    }
    const done = await tx.stockCount.update({ where: { id }, data: { status: "COMPLETED", finishedAt: new Date() } });
    await logActivity(tx, a, {
      action: "count",
      entityType: "location",
      entityId: count.locationId,
      details: variances.length
        ? /*i18n*/ {
            id: "activity.countCompleted",
            message: "Completed the count of {name}: {variances}",
            values: { name: count.location.name, variances: variances.join(", ") },
          }
        : /*i18n*/ {
            id: "activity.countCompletedNoDifferences",
            message: "Completed the count of {name}: no differences",
            values: { name: count.location.name },
          },
    });
    if (low.length) emit({ type: "stock.low", items: low });
    emit({ type: "location.changed", locationIds: [count.locationId], action: { kind: "count_completed", countId: id } });
    return done;
  });
}

export async function abandonStockCount(deps: Deps, actor: Actor | null, countId: unknown) {
  const a = requireActor(actor);
  const id = parseId(countId, "countId");
  return write(deps, async (tx, emit) => {
    const count = await openCount(tx, a, id, "update");
    const done = await tx.stockCount.update({ where: { id }, data: { status: "ABANDONED", finishedAt: new Date() } });
    await logActivity(tx, a, {
      action: "count",
      entityType: "location",
      entityId: count.locationId,
      details: /*i18n*/ { id: "activity.countAbandoned", message: "Abandoned the count of {name}", values: { name: count.location.name } },
    });
    emit({ type: "location.changed", locationIds: [count.locationId] });
    return done;
  });
}

// ---- where stock leaves for requests and chemical use ----

/** The location an approval issues from: the one picked, or the main warehouse. */
export async function issueLocation(tx: Tx, locationId: number | undefined): Promise<StockLocation> {
  return locationId === undefined ? mainWarehouse(tx) : findLocation(tx, locationId, "fromLocationId");
}

/**
 * Where a technician's chemical use comes from: the location picked; else the vehicle they hold when
 * it carries any of the product (not enough there is a conflict); else the main warehouse.
 */
export async function useLocation(tx: Tx, actor: Actor, locationId: number | undefined, itemId: number): Promise<StockLocation> {
  if (locationId === undefined) {
    const vehicle = await heldVehicle(tx, actor.id);
    const onBoard = vehicle && (await tx.stockLevel.findFirst({ where: { locationId: vehicle.id, itemId, quantity: { gt: 0 } } }));
    return vehicle && onBoard ? vehicle : mainWarehouse(tx);
  }
  const location = await findLocation(tx, locationId, "locationId");
  if (!mayTakeFrom(actor, location)) throw new ForbiddenError(/*i18n*/ { id: "application.youMayOnlyUseStock", message: "You may only use stock from a warehouse or the vehicle you hold" });
  return location;
}

async function findLocation(tx: Tx, id: number, field: string): Promise<StockLocation> {
  const location = await tx.stockLocation.findUnique({ where: { id } });
  if (!location) throw new NotFoundError(/*i18n*/ { id: "location.stockLocationNotFound", message: "Stock location not found ({field})", values: { field } });
  return location;
}

async function lockLocation(tx: Tx, id: number): Promise<StockLocation> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "StockLocation" WHERE id = ${id} FOR UPDATE`;
  if (!rows.length) throw new NotFoundError(/*i18n*/ { id: "location.notFound", message: "Stock location not found" });
  return tx.stockLocation.findUniqueOrThrow({ where: { id } });
}
