import {
  countInventoryItems,
  createInventoryItem,
  deleteInventoryItem,
  INVENTORY_ORDERS,
  listInventoryItems,
  listLowStockItems,
  listReorderSuggestions,
  updateInventoryItem,
  type InventoryFilter,
  type ReorderSuggestion,
} from "../domain/inventory.ts";
import { labelPayload } from "../domain/scan.ts";
import { isLow, stockStatus, urgencyOf } from "../domain/stock.ts";
import type { InventoryItem } from "../db/generated/client.ts";
import { signedInWhere } from "../domain/access.ts";
import { ActiveIngredientInput, MeasuredAmountInput, SignalWordEnum } from "./products.ts";
import { builder, type InputFields } from "./builder.ts";
import { userErrors } from "./errors.ts";
import { databaseId } from "./ids.ts";

export const StockStatusEnum = builder.enumType("StockStatus", {
  description: "§4: LOW_STOCK at or below minQuantity, WARNING at or below 1.5 × minQuantity, else IN_STOCK",
  values: ["IN_STOCK", "WARNING", "LOW_STOCK"] as const,
});
export const UrgencyEnum = builder.enumType("Urgency", { values: ["critical", "high"] as const });
const InventoryOrderEnum = builder.enumType("InventoryOrder", { values: Object.keys(INVENTORY_ORDERS) as (keyof typeof INVENTORY_ORDERS)[] });

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export const InventoryItemNode = builder.prismaNode("InventoryItem", {
  // node(id:)/nodes(ids:) answer null for a deleted or unknown id (Relay), not an error.
  nullable: true,
  id: { field: "id" },
  findUnique: (id, ctx) => signedInWhere(ctx.actor, Number(id)),
  // Select mode: Prisma reads only the columns the query asks for (a list page needs a third of them).
  select: { id: true },
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The integer id used by the REST API" }),
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    category: t.exposeString("category"),
    quantity: t.exposeInt("quantity"),
    minQuantity: t.exposeInt("minQuantity"),
    reorderPoint: t.exposeInt("reorderPoint"),
    reorderQuantity: t.exposeInt("reorderQuantity"),
    unit: t.exposeString("unit"),
    price: t.exposeInt("price", { nullable: true, description: "Integer cents" }),
    priceDisplay: t.string({
      nullable: true,
      description: "The price in dollars, e.g. $98.50",
      select: { price: true },
      resolve: (i) => (i.price == null ? null : dollars.format(i.price / 100)),
    }),
    supplier: t.exposeString("supplier", { nullable: true }),
    location: t.exposeString("location", { nullable: true }),
    barcode: t.exposeString("barcode", { nullable: true }),
    qrCode: t.exposeString("qrCode", { nullable: true }),
    sdsFileUrl: t.exposeString("sdsFileUrl", { nullable: true }),
    hazardous: t.exposeBoolean("hazardous"),
    epaRegistrationNumber: t.exposeString("epaRegistrationNumber", { nullable: true, description: "EPA Reg. No., e.g. 432-1012" }),
    activeIngredient: t.exposeString("activeIngredient", { nullable: true }),
    stockStatus: t.field({ type: StockStatusEnum, select: { quantity: true, minQuantity: true }, resolve: (i) => stockStatus(i) }),
    urgency: t.field({
      type: UrgencyEnum,
      nullable: true,
      description: "Set while the item is low",
      select: { quantity: true, minQuantity: true, reorderPoint: true },
      resolve: (i) => (isLow(i) ? urgencyOf(i) : null),
    }),
    labelCode: t.string({ description: "The payload of this item's printed QR label", resolve: (i) => labelPayload("inventory", i.id) }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const filterOf = (args: { search?: string | null; category?: string | null; stockStatus?: InventoryFilter["stockStatus"] | null }): InventoryFilter => ({
  search: args.search ?? undefined,
  category: args.category ?? undefined,
  stockStatus: args.stockStatus ?? undefined,
});

builder.queryFields((t) => ({
  inventoryItems: t.prismaConnection(
    {
      type: "InventoryItem",
      cursor: "id",
      maxSize: 100,
      args: {
        search: t.arg.string(),
        category: t.arg.string(),
        stockStatus: t.arg({ type: StockStatusEnum }),
        orderBy: t.arg({ type: InventoryOrderEnum, defaultValue: "NAME_ASC" }),
      },
      resolve: (query, _root, args, ctx) => listInventoryItems(ctx.deps, ctx.actor, filterOf(args), query, args.orderBy ?? "NAME_ASC"),
      totalCount: (_conn, args, ctx) => countInventoryItems(ctx.deps, ctx.actor, filterOf(args)),
    },
  ),
  lowStockItems: t.prismaField({
    type: ["InventoryItem"],
    description: "Items at or below their minimum, lowest first",
    resolve: (query, _root, _args, ctx) => listLowStockItems(ctx.deps, ctx.actor, query),
  }),
  reorderSuggestions: t.field({
    type: [ReorderSuggestionType],
    resolve: (_root, _args, ctx) => listReorderSuggestions(ctx.deps, ctx.actor),
  }),
}));

const ReorderSuggestionType = builder.objectRef<ReorderSuggestion & { item?: InventoryItem }>("ReorderSuggestion").implement({
  fields: (t) => ({
    item: t.field({
      type: InventoryItemNode,
      resolve: async (s, _args, ctx) => s.item ?? ctx.deps.prisma.inventoryItem.findUniqueOrThrow({ where: { id: s.itemId } }),
    }),
    suggestedQuantity: t.exposeInt("suggestedQuantity"),
    estimatedCost: t.exposeFloat("estimatedCost", { nullable: true, description: "Price × suggested quantity, in whole cents (a Float: it may pass 2^31)" }),
    urgency: t.field({ type: UrgencyEnum, resolve: (s) => s.urgency }),
  }),
});

const inventoryFields = (t: InputFields) => ({
  description: t.string(),
  quantity: t.int(),
  minQuantity: t.int(),
  reorderPoint: t.int(),
  reorderQuantity: t.int(),
  unit: t.string({ description: "One of: units, bottles, gallons, liters, pounds, kilograms, boxes, cases, pieces" }),
  price: t.int({ description: "Integer cents (dollars × 100, rounded)" }),
  supplier: t.string(),
  location: t.string(),
  barcode: t.string(),
  qrCode: t.string(),
  sdsFileUrl: t.string(),
  hazardous: t.boolean(),
  epaRegistrationNumber: t.string({ description: "EPA Reg. No.: 432-1012, or 432-1012-5481 with a distributor number; null clears" }),
  activeIngredient: t.string({ description: "e.g. Fipronil 9.1%; null clears (activeIngredients, when given, sets it)" }),
  activeIngredients: t.field({ type: [ActiveIngredientInput], description: "Pesticide, Chemicals and Bait items: the label's active ingredients; null clears" }),
  signalWord: t.field({ type: SignalWordEnum }),
  restrictedUse: t.boolean({ description: "A restricted-use pesticide: its EPA registration number is required" }),
  formulation: t.string(),
  containerSize: t.field({ type: MeasuredAmountInput, description: "1 container = this amount; the product is then measured (exact stock, amounts applied in any unit of its kind); null: counted in whole units" }),
});

const CreateInventoryItemInput = builder.inputType("CreateInventoryItemInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    category: t.string({ required: true, description: "One of: Pesticide, Equipment, Safety Gear, Tools, Bait, Traps, Chemicals, Supplies" }),
    ...inventoryFields(t),
  }),
});
const UpdateInventoryItemInput = builder.inputType("UpdateInventoryItemInput", {
  description: "Only the fields to change",
  fields: (t) => ({ id: t.id({ required: true }), name: t.string(), category: t.string(), ...inventoryFields(t) }),
});
const DeleteInventoryItemInput = builder.inputType("DeleteInventoryItemInput", { fields: (t) => ({ id: t.id({ required: true }) }) });

const ItemPayload = (name: string) =>
  builder.objectRef<{ item: InventoryItem }>(name).implement({ fields: (t) => ({ item: t.expose("item", { type: InventoryItemNode }) }) });
const CreateInventoryItemPayload = ItemPayload("CreateInventoryItemPayload");
const UpdateInventoryItemPayload = ItemPayload("UpdateInventoryItemPayload");
const DeleteInventoryItemPayload = builder.objectRef<{ deletedId: string }>("DeleteInventoryItemPayload").implement({
  fields: (t) => ({ deletedId: t.exposeID("deletedId") }),
});

const ITEM = ["InventoryItem"] as const;

builder.mutationFields((t) => ({
  createInventoryItem: t.field({
    type: CreateInventoryItemPayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: CreateInventoryItemInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ item: await createInventoryItem(ctx.deps, ctx.actor, input) }),
  }),
  updateInventoryItem: t.field({
    type: UpdateInventoryItemPayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: UpdateInventoryItemInput, required: true }) },
    resolve: async (_root, { input: { id, ...changes } }, ctx) => ({
      item: await updateInventoryItem(ctx.deps, ctx.actor, databaseId(id, ITEM).id, changes),
    }),
  }),
  deleteInventoryItem: t.field({
    type: DeleteInventoryItemPayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: DeleteInventoryItemInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await deleteInventoryItem(ctx.deps, ctx.actor, databaseId(input.id, ITEM).id);
      return { deletedId: String(input.id) };
    },
  }),
}));
