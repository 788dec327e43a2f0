import { ForbiddenError, ValidationError } from "../domain/errors.ts";
import {
  chemicalUseByProduct,
  chemicalUseByTechnician,
  chemicalUseRecords,
  equipmentByCategory,
  equipmentByStatus,
  lowStockOverTime,
  REPORT_INTERVALS,
  reportRange,
  requestsByStatus,
  spendByCategory,
  spendBySupplier,
  stockMovementsOverTime,
  stockValueByCategory,
  stockValueByLocation,
  topRequestedItems,
  type CategoryUtilisation,
  type CategoryValue,
  type LocationValue,
  type StockValueFigures,
  type ChemicalUseByProduct,
  type ChemicalUseByTechnician,
  type ChemicalUseRecord,
  type LowStockPeriod,
  type MovementPeriod,
  type ReportRange,
  type RequestStatusRow,
  type RequestSummary,
  type StatusCount,
  type CategorySpend,
  type SupplierSpend,
  type TopRequested,
} from "../domain/reports.ts";
import { builder } from "./builder.ts";
import { StockLocationKindEnum } from "./locations.ts";
import { EquipmentStatusEnum } from "./equipment.ts";
import { RequestStatusEnum, RequestTypeEnum } from "./requests.ts";

const ReportIntervalEnum = builder.enumType("ReportInterval", { values: REPORT_INTERVALS });

const StockValueInterface = builder.interfaceRef<StockValueFigures>("StockValue").implement({
  description: "What every stock-value row counts, at the end of the range",
  fields: (t) => ({
    items: t.exposeInt("items", { description: "The items the row counts: a category's items, or the items with stock at a location" }),
    quantity: t.exposeInt("quantity", { description: "Units in stock at the end of the range" }),
    valueCents: t.exposeFloat("valueCents", { description: "Quantity × current price, in cents (a Float: it may pass 2^31)" }),
    unpricedItems: t.exposeInt("unpricedItems", { description: "Of those items, the ones without a price, valued at 0" }),
  }),
});

const CategoryValueType = builder.objectRef<CategoryValue>("StockValueByCategory").implement({
  interfaces: [StockValueInterface],
  fields: (t) => ({
    category: t.exposeString("category"),
  }),
});

const LocationValueType = builder.objectRef<LocationValue>("StockValueByLocation").implement({
  description: "Stock at one location at the end of the range, valued at current prices",
  interfaces: [StockValueInterface],
  fields: (t) => ({
    locationDatabaseId: t.exposeInt("locationId"),
    name: t.exposeString("name"),
    kind: t.field({ type: StockLocationKindEnum, resolve: (r) => r.kind }),
    holder: t.exposeString("holder", { nullable: true, description: "The name of the technician a vehicle belongs to (now)" }),
    archived: t.exposeBoolean("archived"),
  }),
});

const MovementPeriodType = builder.objectRef<MovementPeriod>("StockMovementPeriod").implement({
  description: "Units moved in one period by reason (absolute numbers)",
  fields: (t) => ({
    period: t.expose("period", { type: "DateTime", description: "Start of the day or week (UTC)" }),
    issued: t.exposeInt("issued"),
    received: t.exposeInt("received"),
    used: t.exposeInt("used"),
    adjusted: t.exposeInt("adjusted"),
    initial: t.exposeInt("initial", { description: "Opening stock of items added" }),
    movements: t.exposeInt("movements"),
  }),
});

const LowStockPeriodType = builder.objectRef<LowStockPeriod>("LowStockPeriod").implement({
  fields: (t) => ({
    period: t.expose("period", { type: "DateTime" }),
    lowStockItems: t.exposeInt("lowStockItems", { description: "Items at or below their minimum at the end of the period" }),
  }),
});

const EquipmentStatusCountType = builder.objectRef<StatusCount>("EquipmentStatusCount").implement({
  fields: (t) => ({
    status: t.field({ type: EquipmentStatusEnum, resolve: (r) => r.status as "available" }),
    count: t.exposeInt("count"),
  }),
});

const CategoryUtilisationType = builder.objectRef<CategoryUtilisation>("EquipmentCategoryUtilisation").implement({
  fields: (t) => ({
    category: t.exposeString("category"),
    total: t.exposeInt("total"),
    available: t.exposeInt("available"),
    checkedOut: t.exposeInt("checkedOut"),
    outOfService: t.exposeInt("outOfService", { description: "In maintenance or repair" }),
    utilisationPercent: t.exposeInt("utilisationPercent", { description: "Checked out now / total, rounded" }),
    checkouts: t.exposeInt("checkouts", { description: "Check-outs during the range" }),
  }),
});

const RequestStatusRowType = builder.objectRef<RequestStatusRow>("RequestStatusCount").implement({
  fields: (t) => ({
    status: t.field({ type: RequestStatusEnum, resolve: (r) => r.status as "pending" }),
    count: t.exposeInt("count"),
    medianHoursToDecision: t.exposeFloat("medianHoursToDecision", { nullable: true }),
  }),
});

const RequestSummaryType = builder.objectRef<RequestSummary>("RequestReport").implement({
  description: "Requests made during the range",
  fields: (t) => ({
    total: t.exposeInt("total"),
    medianHoursToDecision: t.exposeFloat("medianHoursToDecision", { nullable: true, description: "Median hours from request to approval or denial" }),
    byStatus: t.expose("byStatus", { type: [RequestStatusRowType] }),
  }),
});

const TopRequestedType = builder.objectRef<TopRequested>("TopRequestedItem").implement({
  fields: (t) => ({
    type: t.field({ type: RequestTypeEnum, resolve: (r) => r.type }),
    itemDatabaseId: t.exposeInt("itemId", { nullable: true }),
    equipmentDatabaseId: t.exposeInt("equipmentId", { nullable: true }),
    name: t.exposeString("name"),
    requests: t.exposeInt("requests"),
    quantity: t.exposeInt("quantity"),
    approvedQuantity: t.exposeInt("approvedQuantity"),
  }),
});

const QTY = "Exact, from the application records' product lines: a measured product in its container's unit (e.g. gal), else in the unit it is counted in";

const ChemicalUseByProductType = builder.objectRef<ChemicalUseByProduct>("ChemicalUseByProduct").implement({
  fields: (t) => ({
    epaRegistrationNumber: t.exposeString("epaRegistrationNumber", { nullable: true }),
    product: t.exposeString("product"),
    activeIngredient: t.exposeString("activeIngredient", { nullable: true }),
    unit: t.exposeString("unit"),
    quantity: t.exposeFloat("quantity", { description: QTY }),
    uses: t.exposeInt("uses"),
    technicians: t.exposeInt("technicians"),
    sites: t.exposeInt("sites"),
  }),
});

const ChemicalUseByTechnicianType = builder.objectRef<ChemicalUseByTechnician>("ChemicalUseByTechnician").implement({
  fields: (t) => ({
    technicianDatabaseId: t.exposeInt("technicianId"),
    technician: t.exposeString("technician"),
    epaRegistrationNumber: t.exposeString("epaRegistrationNumber", { nullable: true }),
    product: t.exposeString("product"),
    unit: t.exposeString("unit"),
    quantity: t.exposeFloat("quantity", { description: QTY }),
    uses: t.exposeInt("uses"),
  }),
});

const ChemicalUseRecordType = builder.objectRef<ChemicalUseRecord>("ChemicalUseRecord").implement({
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    usedAt: t.expose("usedAt", { type: "DateTime" }),
    technician: t.exposeString("technician"),
    product: t.exposeString("product"),
    epaRegistrationNumber: t.exposeString("epaRegistrationNumber", { nullable: true }),
    activeIngredient: t.exposeString("activeIngredient", { nullable: true }),
    quantity: t.exposeFloat("quantity", { description: "The amount as entered (exact), in `unit`" }),
    unit: t.exposeString("unit"),
    siteAddress: t.exposeString("siteAddress"),
    targetPest: t.exposeString("targetPest"),
  }),
});

const SupplierSpendType = builder.objectRef<SupplierSpend>("SpendBySupplier").implement({
  description: "What was received in the range from one supplier, at the order lines' unit costs",
  fields: (t) => ({
    supplierDatabaseId: t.exposeInt("supplierId", { nullable: true }),
    name: t.exposeString("name"),
    orders: t.exposeInt("orders", { description: "Purchase orders with a receipt in the range" }),
    units: t.exposeInt("units", { description: "Units received in the range" }),
    spendCents: t.exposeFloat("spendCents", { description: "Units received × their line's unit cost, in cents (a Float: it may pass 2^31)" }),
  }),
});

const CategorySpendType = builder.objectRef<CategorySpend>("SpendByCategory").implement({
  description: "What was received in the range in one item category, at the order lines' unit costs",
  fields: (t) => ({
    category: t.exposeString("category"),
    units: t.exposeInt("units", { description: "Units received in the range" }),
    spendCents: t.exposeFloat("spendCents", { description: "Units received × their line's unit cost, in cents (a Float: it may pass 2^31)" }),
  }),
});

const ReportsType = builder.objectRef<ReportRange>("Reports").implement({
  description: "Reports & Analytics over one date range; each field is aggregated by the database when asked for",
  fields: (t) => ({
    from: t.exposeString("from"),
    to: t.exposeString("to"),
    interval: t.field({ type: ReportIntervalEnum, resolve: (r) => r.interval }),
    stockValueByCategory: t.field({ type: [CategoryValueType], resolve: (r, _a, ctx) => stockValueByCategory(ctx.deps, ctx.actor, r) }),
    stockValueByLocation: t.field({
      type: [LocationValueType],
      description: "Active locations (and archived ones that held stock then), most valuable first",
      resolve: (r, _a, ctx) => stockValueByLocation(ctx.deps, ctx.actor, r),
    }),
    stockMovements: t.field({ type: [MovementPeriodType], resolve: (r, _a, ctx) => stockMovementsOverTime(ctx.deps, ctx.actor, r) }),
    lowStockOverTime: t.field({ type: [LowStockPeriodType], resolve: (r, _a, ctx) => lowStockOverTime(ctx.deps, ctx.actor, r) }),
    equipmentByStatus: t.field({
      type: [EquipmentStatusCountType],
      description: "Now, whatever the range",
      resolve: (_r, _a, ctx) => equipmentByStatus(ctx.deps, ctx.actor),
    }),
    equipmentByCategory: t.field({ type: [CategoryUtilisationType], resolve: (r, _a, ctx) => equipmentByCategory(ctx.deps, ctx.actor, r) }),
    requests: t.field({ type: RequestSummaryType, resolve: (r, _a, ctx) => requestsByStatus(ctx.deps, ctx.actor, r) }),
    topRequestedItems: t.field({
      type: [TopRequestedType],
      args: { limit: t.arg.int({ defaultValue: 10, description: "1 to 50" }) },
      resolve: (r, args, ctx) => topRequestedItems(ctx.deps, ctx.actor, r, args.limit ?? 10),
    }),
    spendBySupplier: t.field({
      type: [SupplierSpendType],
      description: "Purchase-order receipts in the range per supplier, most spent first",
      resolve: (r, _a, ctx) => spendBySupplier(ctx.deps, ctx.actor, r),
    }),
    spendByCategory: t.field({
      type: [CategorySpendType],
      description: "Purchase-order receipts in the range per item category, most spent first",
      resolve: (r, _a, ctx) => spendByCategory(ctx.deps, ctx.actor, r),
    }),
    chemicalUseByProduct: t.field({ type: [ChemicalUseByProductType], resolve: (r, _a, ctx) => chemicalUseByProduct(ctx.deps, ctx.actor, r) }),
    chemicalUseByTechnician: t.field({
      type: [ChemicalUseByTechnicianType],
      resolve: (r, _a, ctx) => chemicalUseByTechnician(ctx.deps, ctx.actor, r),
    }),
    chemicalUses: t.field({
      type: [ChemicalUseRecordType],
      description: "Each use in the range, oldest first (at most `limit`)",
      args: { limit: t.arg.int({ defaultValue: 1000, description: "1 to 5000" }) },
      resolve: (r, args, ctx) => chemicalUseRecords(ctx.deps, ctx.actor, r, args.limit ?? 1000),
    }),
  }),
});

builder.queryFields((t) => ({
  reports: t.field({
    type: ReportsType,
    description: "Managers only. `from` and `to` are UTC calendar dates (YYYY-MM-DD), both included; at most 731 days.",
    errors: { types: [ForbiddenError, ValidationError] },
    args: {
      from: t.arg.string({ required: true }),
      to: t.arg.string({ required: true }),
      interval: t.arg({ type: ReportIntervalEnum, defaultValue: "DAY", description: "Periods of the over-time reports" }),
    },
    resolve: (_root, args, ctx) => reportRange(ctx.actor, { from: args.from, to: args.to, interval: args.interval ?? "DAY" }),
  }),
}));
