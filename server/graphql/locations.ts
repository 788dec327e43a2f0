import type { InventoryItem, StockCount, StockCountLine, StockLevel, StockLocation } from "../db/generated/client.ts";
import {
  abandonStockCount,
  archiveStockLocation,
  completeStockCount,
  countStockLocations,
  createStockLocation,
  listStockLocations,
  findMainWarehouse,
  myVehicle,
  recordStockCount,
  restockLocation,
  restockSuggestions,
  setLocationMinimum,
  startStockCount,
  STOCK_LOCATION_KINDS,
  transferStock,
  updateStockLocation,
  type RestockSuggestion,
} from "../domain/locations.ts";
import { labelPayload } from "../domain/scan.ts";
import { signedInWhere } from "../domain/access.ts";
import { builder } from "./builder.ts";
import { userErrors } from "./errors.ts";
import { databaseId } from "./ids.ts";
import { InventoryItemNode } from "./inventory.ts";

export const StockLocationKindEnum = builder.enumType("StockLocationKind", { values: STOCK_LOCATION_KINDS });
const StockCountStatusEnum = builder.enumType("StockCountStatus", { values: ["OPEN", "COMPLETED", "ABANDONED"] as const });

/** Levels worth showing: stock there, or a minimum set there. */
const shownLevels = { OR: [{ quantity: { gt: 0 } }, { minQuantity: { not: null } }] };

const figuresSelect = { levels: { select: { quantity: true, minQuantity: true, item: { select: { price: true } } } } } as const;

export const StockLocationNode = builder.prismaNode("StockLocation", {
  nullable: true,
  id: { field: "id" },
  findUnique: (id, ctx) => signedInWhere(ctx.actor, Number(id)),
  description: "Where stock is: a warehouse, or a vehicle held by one technician",
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    name: t.exposeString("name"),
    kind: t.expose("kind", { type: StockLocationKindEnum }),
    holder: t.relation("holder", { nullable: true, description: "The technician a vehicle belongs to" }),
    archived: t.exposeBoolean("archived"),
    labelCode: t.string({ description: "The payload of this location's printed QR label", resolve: (l) => labelPayload("location", l.id) }),
    stock: t.relatedConnection("levels", {
      cursor: "id",
      maxSize: 200,
      description: "Items with stock or a minimum here, by item name",
      query: () => ({ where: shownLevels, orderBy: [{ item: { name: "asc" as const } }, { id: "asc" as const }] }),
    }),
    // Read with the locations (Pothos adds the levels to the list's own query): no query per location.
    value: t.float({
      description: "Stock value here in whole cents (quantity × price); a Float: it may pass 2^31",
      select: figuresSelect,
      resolve: (l) => l.levels.reduce((sum, v) => sum + v.quantity * (v.item.price ?? 0), 0),
    }),
    belowMinimumCount: t.int({
      description: "Items below this location's own minimum",
      select: figuresSelect,
      resolve: (l) => l.levels.filter((v) => v.minQuantity !== null && v.quantity < v.minQuantity).length,
    }),
    openCount: t.prismaField({
      type: "StockCount",
      nullable: true,
      description: "The count under way here, if any",
      resolve: (query, l, _a, ctx) => ctx.deps.prisma.stockCount.findFirst({ ...query, where: { locationId: l.id, status: "OPEN" } }),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

export const StockLevelType = builder.prismaObject("StockLevel", {
  description: "One item's quantity and minimum at one location",
  fields: (t) => ({
    location: t.relation("location"),
    item: t.relation("item"),
    quantity: t.exposeInt("quantity"),
    minQuantity: t.exposeInt("minQuantity", { nullable: true, description: "This location's own minimum; null: none" }),
    belowMinimum: t.boolean({ resolve: (l) => l.minQuantity !== null && l.quantity < l.minQuantity }),
  }),
});

builder.prismaObjectField("InventoryItem", "stockLevels", (t) =>
  t.relation("stockLevels", {
    description: "Where the item is: every location with stock of it or a minimum for it (quantity is their sum)",
    query: () => ({ where: shownLevels, orderBy: [{ locationId: "asc" as const }] }),
  }),
);

const StockCountNode = builder.prismaNode("StockCount", {
  nullable: true,
  id: { field: "id" },
  findUnique: (id, ctx) => signedInWhere(ctx.actor, Number(id)),
  description:
    "A count of one location. Each line expects the snapshot taken at the start plus what moved there before the item was counted; " +
    "completing lays each variance on the level as it is then",
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    location: t.relation("location"),
    status: t.expose("status", { type: StockCountStatusEnum }),
    startedBy: t.relation("startedBy"),
    startedAt: t.expose("startedAt", { type: "DateTime" }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
    lines: t.relation("lines", { query: () => ({ orderBy: [{ item: { name: "asc" as const } }, { id: "asc" as const }] }) }),
  }),
});

const StockCountLineType = builder.prismaObject("StockCountLine", {
  fields: (t) => ({
    item: t.relation("item"),
    snapshotQuantity: t.exposeInt("snapshotQuantity", { description: "At the location when the count started" }),
    expectedQuantity: t.int({
      description: "What the count compares against: the snapshot plus what moved there before the item was counted",
      resolve: (l) => l.snapshotQuantity + l.movedBeforeCount,
    }),
    movedAfterCount: t.exposeInt("movedAfterCount", { description: "Moved there after the item was counted (kept on completion)" }),
    countedQuantity: t.exposeInt("countedQuantity", { nullable: true }),
    countedAt: t.expose("countedAt", { type: "DateTime", nullable: true }),
    variance: t.exposeInt("variance", { nullable: true, description: "counted − expected, set when the count is completed" }),
  }),
});

const RestockSuggestionType = builder.objectRef<RestockSuggestion>("RestockSuggestion").implement({
  fields: (t) => ({
    item: t.field({ type: InventoryItemNode, resolve: (s, _a, ctx) => ctx.deps.prisma.inventoryItem.findUniqueOrThrow({ where: { id: s.itemId } }) }),
    quantity: t.exposeInt("quantity", { description: "On the location now" }),
    minQuantity: t.exposeInt("minQuantity"),
    suggestedQuantity: t.exposeInt("suggestedQuantity", { description: "What brings it back to its minimum" }),
    availableAtSource: t.exposeInt("availableAtSource", { description: "What the main warehouse has" }),
  }),
});

const LOCATION = ["StockLocation"] as const;
const ITEM = ["InventoryItem"] as const;
const COUNT = ["StockCount"] as const;

builder.queryFields((t) => ({
  stockLocations: t.prismaConnection({
    type: "StockLocation",
    cursor: "id",
    maxSize: 100,
    description: "Warehouses first, then vehicles, by name; archived ones only when asked",
    args: { kind: t.arg({ type: StockLocationKindEnum }), includeArchived: t.arg.boolean({ defaultValue: false }) },
    resolve: (query, _root, args, ctx) =>
      listStockLocations(ctx.deps, ctx.actor, { kind: args.kind ?? undefined, includeArchived: args.includeArchived ?? false }, query),
    totalCount: (_c, args, ctx) => countStockLocations(ctx.deps, ctx.actor, { kind: args.kind ?? undefined, includeArchived: args.includeArchived ?? false }),
  }),
  myVehicle: t.prismaField({
    type: "StockLocation",
    nullable: true,
    description: "The vehicle the signed-in user holds, if any",
    // The selection goes into the read: the location's figures (value, below-minimum count) are selected with it.
    resolve: async (query, _root, _args, ctx) => myVehicle(ctx.deps, ctx.actor, query),
  }),
  mainWarehouse: t.prismaField({
    type: "StockLocation",
    nullable: true,
    description: "The main warehouse: the oldest active warehouse, where stock comes from and goes to when no location is named; null when there is none",
    resolve: async (query, _root, _args, ctx) => findMainWarehouse(ctx.deps, ctx.actor, query),
  }),
  restockSuggestions: t.field({
    type: [RestockSuggestionType],
    description: "For a location below its own minimums: how much brings it back to them, and what the main warehouse has",
    args: { locationId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => restockSuggestions(ctx.deps, ctx.actor, databaseId(args.locationId, LOCATION, "locationId").id),
  }),
}));

const CreateStockLocationInput = builder.inputType("CreateStockLocationInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    kind: t.field({ type: StockLocationKindEnum, required: true }),
    holderId: t.id({ description: "The User a vehicle belongs to (one active vehicle per user)" }),
  }),
});
const UpdateStockLocationInput = builder.inputType("UpdateStockLocationInput", {
  description: "Only the fields to change; holderId null clears the holder",
  fields: (t) => ({ id: t.id({ required: true }), name: t.string(), holderId: t.id() }),
});
const ArchiveStockLocationInput = builder.inputType("ArchiveStockLocationInput", { fields: (t) => ({ id: t.id({ required: true }) }) });
const SetLocationMinimumInput = builder.inputType("SetLocationMinimumInput", {
  fields: (t) => ({
    locationId: t.id({ required: true }),
    itemId: t.id({ required: true }),
    minQuantity: t.int({ description: "At least 0; null removes the location's minimum" }),
  }),
});
const TransferStockInput = builder.inputType("TransferStockInput", {
  fields: (t) => ({
    itemId: t.id({ required: true }),
    fromLocationId: t.id({ required: true }),
    toLocationId: t.id({ required: true }),
    quantity: t.int({ required: true, description: "At least 1" }),
  }),
});
const RestockLocationInput = builder.inputType("RestockLocationInput", { fields: (t) => ({ locationId: t.id({ required: true }) }) });
const StartStockCountInput = builder.inputType("StartStockCountInput", { fields: (t) => ({ locationId: t.id({ required: true }) }) });
const RecordStockCountInput = builder.inputType("RecordStockCountInput", {
  description: "Either countedQuantity (sets the number counted) or add (adds to it; a scan adds 1)",
  fields: (t) => ({ countId: t.id({ required: true }), itemId: t.id({ required: true }), countedQuantity: t.int(), add: t.int() }),
});
const CountIdInput = (name: string) => builder.inputType(name, { fields: (t) => ({ countId: t.id({ required: true }) }) });

const LocationPayload = (name: string) =>
  builder.objectRef<{ location: StockLocation }>(name).implement({ fields: (t) => ({ location: t.expose("location", { type: StockLocationNode }) }) });
const CountPayload = (name: string) =>
  builder.objectRef<{ count: StockCount }>(name).implement({ fields: (t) => ({ count: t.field({ type: StockCountNode, resolve: (p) => p.count }) }) });

const SetLocationMinimumPayload = builder.objectRef<{ stockLevel: StockLevel }>("SetLocationMinimumPayload").implement({
  fields: (t) => ({ stockLevel: t.expose("stockLevel", { type: StockLevelType }) }),
});
const TransferStockPayload = builder.objectRef<{ item: InventoryItem; from: StockLevel; to: StockLevel }>("TransferStockPayload").implement({
  fields: (t) => ({
    item: t.expose("item", { type: InventoryItemNode, description: "The item (its total does not change)" }),
    from: t.expose("from", { type: StockLevelType, description: "The source's level after the transfer" }),
    to: t.expose("to", { type: StockLevelType, description: "The destination's level after the transfer" }),
  }),
});
const RestockLocationPayload = builder
  .objectRef<{ location: StockLocation; moved: { level: StockLevel; quantity: number }[] }>("RestockLocationPayload")
  .implement({
    fields: (t) => ({
      location: t.expose("location", { type: StockLocationNode }),
      transferred: t.field({ type: [StockLevelType], description: "The levels that received stock, after the transfers", resolve: (p) => p.moved.map((m) => m.level) }),
      transferredUnits: t.int({ resolve: (p) => p.moved.reduce((n, m) => n + m.quantity, 0) }),
    }),
  });
const RecordStockCountPayload = builder.objectRef<{ line: StockCountLine }>("RecordStockCountPayload").implement({
  fields: (t) => ({
    line: t.field({ type: StockCountLineType, resolve: (p) => p.line }),
    count: t.field({ type: StockCountNode, resolve: (p, _a, ctx) => ctx.deps.prisma.stockCount.findUniqueOrThrow({ where: { id: p.line.countId } }) }),
  }),
});

const idOrNull = (id: string | number | null | undefined, types: readonly string[], field: string) =>
  id === undefined ? undefined : id === null ? null : databaseId(id, types, field).id;

builder.mutationFields((t) => ({
  createStockLocation: t.field({
    type: LocationPayload("CreateStockLocationPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: CreateStockLocationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      location: await createStockLocation(ctx.deps, ctx.actor, { name: input.name, kind: input.kind, holderId: idOrNull(input.holderId, ["User"], "holderId") }),
    }),
  }),
  updateStockLocation: t.field({
    type: LocationPayload("UpdateStockLocationPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: UpdateStockLocationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      location: await updateStockLocation(ctx.deps, ctx.actor, databaseId(input.id, LOCATION).id, {
        name: input.name ?? undefined,
        holderId: idOrNull(input.holderId, ["User"], "holderId"),
      }),
    }),
  }),
  archiveStockLocation: t.field({
    type: LocationPayload("ArchiveStockLocationPayload"),
    description: "Only an empty location without an open count; the last active warehouse stays",
    errors: { types: userErrors },
    args: { input: t.arg({ type: ArchiveStockLocationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ location: await archiveStockLocation(ctx.deps, ctx.actor, databaseId(input.id, LOCATION).id) }),
  }),
  setLocationMinimum: t.field({
    type: SetLocationMinimumPayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: SetLocationMinimumInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      stockLevel: await setLocationMinimum(ctx.deps, ctx.actor, {
        locationId: databaseId(input.locationId, LOCATION, "locationId").id,
        itemId: databaseId(input.itemId, ITEM, "itemId").id,
        minQuantity: input.minQuantity ?? null,
      }),
    }),
  }),
  transferStock: t.field({
    type: TransferStockPayload,
    description: "Moves stock between two locations in one transaction (a `transfer` movement on each side)",
    errors: { types: userErrors },
    args: { input: t.arg({ type: TransferStockInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      transferStock(ctx.deps, ctx.actor, {
        itemId: databaseId(input.itemId, ITEM, "itemId").id,
        fromLocationId: databaseId(input.fromLocationId, LOCATION, "fromLocationId").id,
        toLocationId: databaseId(input.toLocationId, LOCATION, "toLocationId").id,
        quantity: input.quantity,
      }),
  }),
  restockLocation: t.field({
    type: RestockLocationPayload,
    description: "Turns the location's restock suggestions into transfers from the main warehouse, as far as it has stock",
    errors: { types: userErrors },
    args: { input: t.arg({ type: RestockLocationInput, required: true }) },
    resolve: (_root, { input }, ctx) => restockLocation(ctx.deps, ctx.actor, databaseId(input.locationId, LOCATION, "locationId").id),
  }),
  startStockCount: t.field({
    type: CountPayload("StartStockCountPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: StartStockCountInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ count: await startStockCount(ctx.deps, ctx.actor, databaseId(input.locationId, LOCATION, "locationId").id) }),
  }),
  recordStockCount: t.field({
    type: RecordStockCountPayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: RecordStockCountInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      line: await recordStockCount(ctx.deps, ctx.actor, {
        countId: databaseId(input.countId, COUNT, "countId").id,
        itemId: databaseId(input.itemId, ITEM, "itemId").id,
        countedQuantity: input.countedQuantity ?? undefined,
        add: input.add ?? undefined,
      }),
    }),
  }),
  completeStockCount: t.field({
    type: CountPayload("CompleteStockCountPayload"),
    description: "Applies each counted variance as a `count` adjustment; items never counted stay as they are",
    errors: { types: userErrors },
    args: { input: t.arg({ type: CountIdInput("CompleteStockCountInput"), required: true }) },
    resolve: async (_root, { input }, ctx) => ({ count: await completeStockCount(ctx.deps, ctx.actor, databaseId(input.countId, COUNT, "countId").id) }),
  }),
  abandonStockCount: t.field({
    type: CountPayload("AbandonStockCountPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: CountIdInput("AbandonStockCountInput"), required: true }) },
    resolve: async (_root, { input }, ctx) => ({ count: await abandonStockCount(ctx.deps, ctx.actor, databaseId(input.countId, COUNT, "countId").id) }),
  }),
}));
