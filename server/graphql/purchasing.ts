import type { InventoryItem, PurchaseOrder, Supplier } from "../db/generated/client.ts";
import {
  cancelPurchaseOrder,
  countPurchaseOrders,
  countSuppliers,
  createPurchaseOrder,
  createSupplier,
  draftPurchaseOrdersFromSuggestions,
  listPurchaseOrders,
  listSuppliers,
  openLinesWhere,
  placePurchaseOrder,
  receivePurchaseOrder,
  setPreferredSupplier,
  updatePurchaseOrder,
  updateSupplier,
} from "../domain/purchasing.ts";
import { PURCHASE_ORDER_STATUSES } from "../../schemas/purchasing.ts";
import { isManager as isManagerActor, managersOnlyWhere } from "../domain/access.ts";
import { builder, type GraphQLContext } from "./builder.ts";
import { userErrors } from "./errors.ts";
import { databaseId } from "./ids.ts";
import { InventoryItemNode } from "./inventory.ts";

/*
 * Issue 16: suppliers and purchase orders. Managers only: lists refuse anyone else (ForbiddenError),
 * node(id:) answers null to them, and an item's onOrder/preferredSupplier read 0/null for them.
 */

const isManager = (ctx: GraphQLContext) => isManagerActor(ctx.actor);
/** node(id:) of a purchasing record: the record for a manager, nothing for anyone else. */
const managersOnly = (id: string | number, ctx: GraphQLContext) => managersOnlyWhere(ctx.actor, Number(id));

export const PurchaseOrderStatusEnum = builder.enumType("PurchaseOrderStatus", {
  description: "DRAFT → ORDERED (placed) → PARTIALLY_RECEIVED → RECEIVED; CANCELLED from a draft or an order with nothing received",
  values: PURCHASE_ORDER_STATUSES,
});

export const SupplierNode = builder.prismaNode("Supplier", {
  nullable: true,
  id: { field: "id" },
  findUnique: managersOnly,
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    name: t.exposeString("name"),
    contactName: t.exposeString("contactName", { nullable: true }),
    email: t.exposeString("email", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true }),
    accountNumber: t.exposeString("accountNumber", { nullable: true }),
    notes: t.exposeString("notes", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const lineTotalsSelect = { lines: { select: { quantityOrdered: true, unitCostCents: true } } } as const;

export const PurchaseOrderNode = builder.prismaNode("PurchaseOrder", {
  nullable: true,
  id: { field: "id" },
  findUnique: managersOnly,
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    number: t.exposeString("number", { description: "PO-0001, PO-0002, … in the order they were made" }),
    status: t.expose("status", { type: PurchaseOrderStatusEnum }),
    supplier: t.relation("supplier", { nullable: true, description: "Null on a draft still to be assigned one" }),
    expectedDate: t.expose("expectedDate", { type: "DateTime", nullable: true }),
    notes: t.exposeString("notes", { nullable: true }),
    lines: t.relation("lines", { query: () => ({ orderBy: [{ position: "asc" as const }] }) }),
    totalCents: t.float({
      description: "Sum of quantity ordered × unit cost, in whole cents (a Float: it may pass 2^31)",
      select: lineTotalsSelect,
      resolve: (o) => o.lines.reduce((n, l) => n + l.quantityOrdered * l.unitCostCents, 0),
    }),
    pdfUrl: t.string({
      nullable: true,
      description: "The purchase-order PDF made when the order was placed (managers download it)",
      select: { pdfKey: true },
      resolve: (o) => (o.pdfKey ? `/objects/${o.pdfKey.split("/").map(encodeURIComponent).join("/")}` : null),
    }),
    placedAt: t.expose("placedAt", { type: "DateTime", nullable: true }),
    createdBy: t.relation("createdBy"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.prismaNode("PurchaseOrderLine", {
  nullable: true,
  id: { field: "id" },
  findUnique: managersOnly,
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    item: t.relation("item", { nullable: true, description: "Null when the item was deleted (itemName stays)" }),
    itemName: t.exposeString("itemName", { description: "The item's name when the line was written" }),
    quantityOrdered: t.exposeInt("quantityOrdered"),
    quantityReceived: t.exposeInt("quantityReceived"),
    quantityDue: t.int({ description: "Ordered less received", resolve: (l) => l.quantityOrdered - l.quantityReceived }),
    unitCostCents: t.exposeInt("unitCostCents"),
    totalCents: t.float({ description: "Quantity ordered × unit cost, in whole cents (a Float: it may pass 2^31)", resolve: (l) => l.quantityOrdered * l.unitCostCents }),
  }),
});

builder.prismaObjectFields("InventoryItem", (t) => ({
  onOrder: t.int({
    description: "Units on open purchase orders (drafts included) not yet received; 0 for employees",
    select: { purchaseLines: { where: openLinesWhere, select: { quantityOrdered: true, quantityReceived: true } } },
    resolve: (i, _a, ctx) => (isManager(ctx) ? i.purchaseLines.reduce((n, l) => n + l.quantityOrdered - l.quantityReceived, 0) : 0),
  }),
  preferredSupplier: t.field({
    type: SupplierNode,
    nullable: true,
    description: "The supplier drafts order this item from (managers; null for employees)",
    select: { preferredSupplier: true },
    resolve: (i, _a, ctx) => (isManager(ctx) ? i.preferredSupplier : null),
  }),
}));

const SUPPLIER = ["Supplier"] as const;
const ORDER = ["PurchaseOrder"] as const;
const LINE = ["PurchaseOrderLine"] as const;
const ITEM = ["InventoryItem"] as const;
const LOCATION = ["StockLocation"] as const;

const optionalId = (id: string | number | null | undefined, types: readonly string[], field: string) =>
  id === undefined ? undefined : id === null ? null : databaseId(id, types, field).id;

builder.queryFields((t) => ({
  suppliers: t.prismaConnection({
    type: "Supplier",
    cursor: "id",
    maxSize: 100,
    description: "By name; `search` matches name, contact, email or account number (managers only)",
    args: { search: t.arg.string() },
    resolve: (query, _root, args, ctx) => listSuppliers(ctx.deps, ctx.actor, { search: args.search ?? undefined }, query),
    totalCount: (_c, args, ctx) => countSuppliers(ctx.deps, ctx.actor, { search: args.search ?? undefined }),
  }),
  purchaseOrders: t.prismaConnection({
    type: "PurchaseOrder",
    cursor: "id",
    maxSize: 100,
    description: "Newest first (managers only)",
    args: { status: t.arg({ type: PurchaseOrderStatusEnum }), supplierId: t.arg.id() },
    resolve: (query, _root, args, ctx) =>
      listPurchaseOrders(ctx.deps, ctx.actor, { status: args.status ?? undefined, supplierId: optionalId(args.supplierId, SUPPLIER, "supplierId") ?? undefined }, query),
    totalCount: (_c, args, ctx) =>
      countPurchaseOrders(ctx.deps, ctx.actor, { status: args.status ?? undefined, supplierId: optionalId(args.supplierId, SUPPLIER, "supplierId") ?? undefined }),
  }),
}));

const CreateSupplierInput = builder.inputType("CreateSupplierInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    contactName: t.string(),
    email: t.string(),
    phone: t.string(),
    accountNumber: t.string(),
    notes: t.string(),
  }),
});
const UpdateSupplierInput = builder.inputType("UpdateSupplierInput", {
  description: "Only the fields to change; null clears an optional one",
  fields: (t) => ({
    id: t.id({ required: true }),
    name: t.string(),
    contactName: t.string(),
    email: t.string(),
    phone: t.string(),
    accountNumber: t.string(),
    notes: t.string(),
  }),
});
const SetItemPreferredSupplierInput = builder.inputType("SetItemPreferredSupplierInput", {
  fields: (t) => ({ itemId: t.id({ required: true }), supplierId: t.id({ description: "Null or absent: none" }) }),
});
const PurchaseOrderLineInput = builder.inputType("PurchaseOrderLineInput", {
  fields: (t) => ({
    itemId: t.id({ required: true }),
    quantity: t.int({ required: true, description: "At least 1" }),
    unitCostCents: t.int({ description: "Integer cents; absent: the item's price (0 without one)" }),
  }),
});
const CreatePurchaseOrderInput = builder.inputType("CreatePurchaseOrderInput", {
  description: "Makes a draft; a draft may have no supplier and no lines yet",
  fields: (t) => ({
    supplierId: t.id(),
    expectedDate: t.string({ description: "ISO date (YYYY-MM-DD) or date-time" }),
    notes: t.string(),
    lines: t.field({ type: [PurchaseOrderLineInput] }),
  }),
});
const UpdatePurchaseOrderInput = builder.inputType("UpdatePurchaseOrderInput", {
  description: "Drafts only; only the fields to change; lines, when sent, replace the draft's lines",
  fields: (t) => ({
    id: t.id({ required: true }),
    supplierId: t.id(),
    expectedDate: t.string(),
    notes: t.string(),
    lines: t.field({ type: [PurchaseOrderLineInput] }),
  }),
});
const OrderIdInput = (name: string) => builder.inputType(name, { fields: (t) => ({ id: t.id({ required: true }) }) });
const ReceivePurchaseOrderLineInput = builder.inputType("ReceivePurchaseOrderLineInput", {
  fields: (t) => ({
    lineId: t.id({ required: true }),
    quantity: t.int({ required: true, description: "What arrived of this line, at least 1" }),
    locationId: t.id({ description: "Where it went; absent: the main warehouse" }),
  }),
});
const ReceivePurchaseOrderInput = builder.inputType("ReceivePurchaseOrderInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    lines: t.field({ type: [ReceivePurchaseOrderLineInput], required: true }),
    updateItemPrices: t.boolean({ description: "Set each received item's price to its line's unit cost (default false)" }),
  }),
});
const DraftPurchaseOrdersFromSuggestionsInput = builder.inputType("DraftPurchaseOrdersFromSuggestionsInput", {
  fields: (t) => ({ itemIds: t.idList({ description: "Only these of the suggested items; all when absent" }) }),
});

const SupplierPayload = (name: string) =>
  builder.objectRef<{ supplier: Supplier }>(name).implement({ fields: (t) => ({ supplier: t.expose("supplier", { type: SupplierNode }) }) });
const OrderPayload = (name: string) =>
  builder.objectRef<{ purchaseOrder: PurchaseOrder }>(name).implement({
    fields: (t) => ({ purchaseOrder: t.expose("purchaseOrder", { type: PurchaseOrderNode }) }),
  });
const SetItemPreferredSupplierPayload = builder.objectRef<{ item: InventoryItem }>("SetItemPreferredSupplierPayload").implement({
  fields: (t) => ({ item: t.expose("item", { type: InventoryItemNode }) }),
});
const DraftPurchaseOrdersFromSuggestionsPayload = builder
  .objectRef<{ purchaseOrders: PurchaseOrder[] }>("DraftPurchaseOrdersFromSuggestionsPayload")
  .implement({
    fields: (t) => ({
      purchaseOrders: t.expose("purchaseOrders", { type: [PurchaseOrderNode], description: "The drafts made (none when everything low is already on order)" }),
    }),
  });

type LineArg = { itemId: string | number; quantity: number; unitCostCents?: number | null };
const lineInputs = (lines: readonly LineArg[] | null | undefined) =>
  lines?.map((l, i) => ({ itemId: databaseId(l.itemId, ITEM, `lines.${i}.itemId`).id, quantity: l.quantity, unitCostCents: l.unitCostCents ?? undefined }));

builder.mutationFields((t) => ({
  createSupplier: t.field({
    type: SupplierPayload("CreateSupplierPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: CreateSupplierInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ supplier: await createSupplier(ctx.deps, ctx.actor, input) }),
  }),
  updateSupplier: t.field({
    type: SupplierPayload("UpdateSupplierPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: UpdateSupplierInput, required: true }) },
    resolve: async (_root, { input: { id, ...changes } }, ctx) => ({ supplier: await updateSupplier(ctx.deps, ctx.actor, databaseId(id, SUPPLIER).id, changes) }),
  }),
  setItemPreferredSupplier: t.field({
    type: SetItemPreferredSupplierPayload,
    description: "The supplier drafts from suggestions order the item from; the item's free-text supplier becomes its name",
    errors: { types: userErrors },
    args: { input: t.arg({ type: SetItemPreferredSupplierInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      item: await setPreferredSupplier(ctx.deps, ctx.actor, {
        itemId: databaseId(input.itemId, ITEM, "itemId").id,
        supplierId: optionalId(input.supplierId, SUPPLIER, "supplierId") ?? null,
      }),
    }),
  }),
  createPurchaseOrder: t.field({
    type: OrderPayload("CreatePurchaseOrderPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: CreatePurchaseOrderInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      purchaseOrder: await createPurchaseOrder(ctx.deps, ctx.actor, {
        supplierId: optionalId(input.supplierId, SUPPLIER, "supplierId"),
        expectedDate: input.expectedDate,
        notes: input.notes,
        lines: lineInputs(input.lines),
      }),
    }),
  }),
  updatePurchaseOrder: t.field({
    type: OrderPayload("UpdatePurchaseOrderPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: UpdatePurchaseOrderInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      purchaseOrder: await updatePurchaseOrder(ctx.deps, ctx.actor, databaseId(input.id, ORDER).id, {
        supplierId: optionalId(input.supplierId, SUPPLIER, "supplierId"),
        expectedDate: input.expectedDate,
        notes: input.notes,
        lines: lineInputs(input.lines),
      }),
    }),
  }),
  placePurchaseOrder: t.field({
    type: OrderPayload("PlacePurchaseOrderPayload"),
    description: "Fixes a draft's lines (it needs a supplier and a line) and makes its PDF (pdfUrl)",
    errors: { types: userErrors },
    args: { input: t.arg({ type: OrderIdInput("PlacePurchaseOrderInput"), required: true }) },
    resolve: async (_root, { input }, ctx) => ({ purchaseOrder: await placePurchaseOrder(ctx.deps, ctx.actor, databaseId(input.id, ORDER).id, ctx.locale) }),
  }),
  cancelPurchaseOrder: t.field({
    type: OrderPayload("CancelPurchaseOrderPayload"),
    description: "A draft, or an order with nothing received",
    errors: { types: userErrors },
    args: { input: t.arg({ type: OrderIdInput("CancelPurchaseOrderInput"), required: true }) },
    resolve: async (_root, { input }, ctx) => ({ purchaseOrder: await cancelPurchaseOrder(ctx.deps, ctx.actor, databaseId(input.id, ORDER).id) }),
  }),
  receivePurchaseOrder: t.field({
    type: OrderPayload("ReceivePurchaseOrderPayload"),
    description: "Records a delivery (partial allowed): stock rises where it went by exactly what arrived; more than is due is refused",
    errors: { types: userErrors },
    args: { input: t.arg({ type: ReceivePurchaseOrderInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      purchaseOrder: await receivePurchaseOrder(ctx.deps, ctx.actor, databaseId(input.id, ORDER).id, {
        lines: input.lines.map((l, i) => ({
          lineId: databaseId(l.lineId, LINE, `lines.${i}.lineId`).id,
          quantity: l.quantity,
          locationId: optionalId(l.locationId, LOCATION, `lines.${i}.locationId`) ?? undefined,
        })),
        updateItemPrices: input.updateItemPrices ?? undefined,
      }),
    }),
  }),
  draftPurchaseOrdersFromSuggestions: t.field({
    type: DraftPurchaseOrdersFromSuggestionsPayload,
    description: "One draft per preferred supplier (items without one in a draft without a supplier), less what is already on open orders",
    errors: { types: userErrors },
    args: { input: t.arg({ type: DraftPurchaseOrdersFromSuggestionsInput }) },
    resolve: async (_root, { input }, ctx) => ({
      purchaseOrders: await draftPurchaseOrdersFromSuggestions(ctx.deps, ctx.actor, {
        itemIds: input?.itemIds?.map((id, i) => databaseId(id, ITEM, `itemIds.${i}`).id),
      }),
    }),
  }),
}));
