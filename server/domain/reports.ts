import { say } from "../../schemas/messages.ts";
import { z } from "zod";
import { Prisma } from "../db/generated/client.ts";
import { MEASURE_KIND, MEASURE_LABEL, MEASURE_UNITS, toBase } from "../../schemas/measures.ts";
import { parseInput, requireManager, type Actor, type Deps } from "./context.ts";

/**
 * Reports & Analytics, managers only. Every figure is aggregated by the database (SQL over stock
 * movements, activity, requests and application records); nothing here loads rows to count them in JS.
 * Ranges are calendar days in UTC, both ends included.
 */
const REPORTS_ONLY = say(/*i18n*/ { id: "report.managersOnly", message: "You need manager privileges to view reports." });
const DAY = 86_400_000;
export const MAX_RANGE_DAYS = 731;

export const REPORT_INTERVALS = ["DAY", "WEEK"] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

const rangeInput = z
  .object({
    from: z.iso.date({ error: say(/*i18n*/ { id: "report.fromNotADate", message: "From must be a date (YYYY-MM-DD)" }) }),
    to: z.iso.date({ error: say(/*i18n*/ { id: "report.toNotADate", message: "To must be a date (YYYY-MM-DD)" }) }),
    interval: z.enum(REPORT_INTERVALS, { error: say(/*i18n*/ { id: "report.intervalForm", message: "Interval must be DAY or WEEK" }) }).default("DAY"),
  })
  .refine((r) => r.from <= r.to, { message: "The range must start on or before its end", path: ["to"] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / DAY < MAX_RANGE_DAYS, {
    message: `A report covers at most ${MAX_RANGE_DAYS} days`,
    path: ["from"],
  });

export type ReportRange = { from: string; to: string; interval: ReportInterval; start: Date; end: Date };

/** Checks the actor may see reports and parses the range: start at `from` 00:00 UTC, end (exclusive) after `to`. */
export function reportRange(actor: Actor | null, input: unknown): ReportRange {
  requireManager(actor, REPORTS_ONLY);
  const r = parseInput(rangeInput, input);
  return { ...r, start: new Date(r.from), end: new Date(Date.parse(r.to) + DAY) };
}

/** Range bounds as SQL timestamps (columns are UTC `timestamp(3)`). */
function bounds(range: ReportRange) {
  return { start: Prisma.sql`${range.start.toISOString()}::timestamp`, end: Prisma.sql`${range.end.toISOString()}::timestamp` };
}

/** The periods of the range (day or ISO week starting Monday), as a set-returning SQL fragment `b(period, "periodEnd")`. */
function periods(range: ReportRange) {
  const { start, end } = bounds(range);
  const unit = range.interval === "WEEK" ? "week" : "day";
  const step = range.interval === "WEEK" ? "7 days" : "1 day";
  return Prisma.sql`(
    SELECT p AS period, LEAST(p + ${step}::interval, ${end}) AS "periodEnd"
    FROM generate_series(date_trunc(${unit}, ${start}), ${end} - interval '1 millisecond', ${step}::interval) AS g(p)
  ) b`;
}

const guard = (actor: Actor | null) => requireManager(actor, REPORTS_ONLY);

/** What every stock-value row counts: its items, their units and their value at current prices. */
export type StockValueFigures = { items: number; quantity: number; valueCents: number; unpricedItems: number };

export type CategoryValue = StockValueFigures & { category: string };

/** Stock value per category at the end of the range: each item's last quantity by then × its price. */
export async function stockValueByCategory(deps: Deps, actor: Actor | null, range: ReportRange): Promise<CategoryValue[]> {
  guard(actor);
  const { end } = bounds(range);
  return deps.prisma.$queryRaw<CategoryValue[]>`
    WITH last AS (
      SELECT DISTINCT ON (m."itemId") m."itemId", m."quantityAfter"
      FROM "StockMovement" m
      WHERE m."itemId" IS NOT NULL AND m."createdAt" < ${end}
      ORDER BY m."itemId", m."createdAt" DESC, m.id DESC
    )
    SELECT i.category,
      count(*)::int AS items,
      COALESCE(sum(last."quantityAfter"), 0)::int AS quantity,
      COALESCE(sum(last."quantityAfter"::bigint * i.price), 0)::float8 AS "valueCents",
      count(*) FILTER (WHERE i.price IS NULL)::int AS "unpricedItems"
    FROM "InventoryItem" i
    LEFT JOIN last ON last."itemId" = i.id
    WHERE i."createdAt" < ${end}
    GROUP BY i.category
    ORDER BY "valueCents" DESC, i.category`;
}

export type LocationValue = StockValueFigures & {
  locationId: number;
  name: string;
  kind: "WAREHOUSE" | "VEHICLE";
  holder: string | null;
  archived: boolean;
};

/**
 * Stock value per location at the end of the range: each level as it was then (today's level less
 * what moved there since; every stock movement names its location) × the item's current price.
 * Active locations are listed even when empty; an archived one only when it held stock then.
 */
export async function stockValueByLocation(deps: Deps, actor: Actor | null, range: ReportRange): Promise<LocationValue[]> {
  guard(actor);
  const { end } = bounds(range);
  return deps.prisma.$queryRaw<LocationValue[]>`
    WITH since AS (
      SELECT m."locationId", m."itemId", sum(m.delta) AS moved
      FROM "StockMovement" m
      WHERE m."createdAt" >= ${end} AND m."locationId" IS NOT NULL AND m."itemId" IS NOT NULL
      GROUP BY m."locationId", m."itemId"
    ),
    at_end AS (
      SELECT COALESCE(l."locationId", since."locationId") AS "locationId", COALESCE(l."itemId", since."itemId") AS "itemId",
        (COALESCE(l.quantity, 0) - COALESCE(since.moved, 0))::int AS quantity
      FROM "StockLevel" l
      FULL JOIN since ON since."locationId" = l."locationId" AND since."itemId" = l."itemId"
    )
    SELECT loc.id AS "locationId", loc.name, loc.kind::text AS kind, u.name AS holder, loc.archived,
      count(a."itemId") FILTER (WHERE a.quantity > 0)::int AS items,
      COALESCE(sum(a.quantity) FILTER (WHERE a.quantity > 0), 0)::int AS quantity,
      COALESCE(sum(a.quantity::bigint * i.price) FILTER (WHERE a.quantity > 0), 0)::float8 AS "valueCents",
      count(a."itemId") FILTER (WHERE a.quantity > 0 AND i.price IS NULL)::int AS "unpricedItems"
    FROM "StockLocation" loc
    LEFT JOIN "User" u ON u.id = loc."holderId"
    LEFT JOIN at_end a ON a."locationId" = loc.id
    LEFT JOIN "InventoryItem" i ON i.id = a."itemId"
    GROUP BY loc.id, u.name
    HAVING NOT loc.archived OR COALESCE(sum(a.quantity) FILTER (WHERE a.quantity > 0), 0) > 0
    ORDER BY "valueCents" DESC, loc.kind, loc.name, loc.id`;
}

export type MovementPeriod = { period: Date; issued: number; received: number; used: number; adjusted: number; initial: number; movements: number };

/** Quantities moved per period by reason (absolute units; `adjusted` counts corrections either way). */
export async function stockMovementsOverTime(deps: Deps, actor: Actor | null, range: ReportRange): Promise<MovementPeriod[]> {
  guard(actor);
  const { start } = bounds(range);
  return deps.prisma.$queryRaw<MovementPeriod[]>`
    SELECT b.period,
      COALESCE(sum(abs(m.delta)) FILTER (WHERE m.reason = 'issued'), 0)::int AS issued,
      COALESCE(sum(abs(m.delta)) FILTER (WHERE m.reason = 'received'), 0)::int AS received,
      COALESCE(sum(abs(m.delta)) FILTER (WHERE m.reason = 'used'), 0)::int AS used,
      COALESCE(sum(abs(m.delta)) FILTER (WHERE m.reason = 'adjusted'), 0)::int AS adjusted,
      COALESCE(sum(abs(m.delta)) FILTER (WHERE m.reason = 'initial'), 0)::int AS initial,
      count(m.id)::int AS movements
    FROM ${periods(range)}
    LEFT JOIN "StockMovement" m
      ON m."createdAt" >= GREATEST(b.period, ${start}) AND m."createdAt" < b."periodEnd"
    GROUP BY b.period
    ORDER BY b.period`;
}

export type LowStockPeriod = { period: Date; lowStockItems: number };

/**
 * How many items were at or below their minimum at the end of each period, from each item's last
 * stock movement by then (against today's minimum: minimums have no history).
 */
export async function lowStockOverTime(deps: Deps, actor: Actor | null, range: ReportRange): Promise<LowStockPeriod[]> {
  guard(actor);
  return deps.prisma.$queryRaw<LowStockPeriod[]>`
    SELECT b.period, COALESCE(c.n, 0)::int AS "lowStockItems"
    FROM ${periods(range)}
    LEFT JOIN LATERAL (
      SELECT count(*) AS n
      FROM "InventoryItem" i
      LEFT JOIN LATERAL (
        SELECT m."quantityAfter" AS quantity
        FROM "StockMovement" m
        WHERE m."itemId" = i.id AND m."createdAt" < b."periodEnd"
        ORDER BY m."createdAt" DESC, m.id DESC
        LIMIT 1
      ) last ON true
      WHERE i."createdAt" < b."periodEnd" AND COALESCE(last.quantity, 0) <= i."minQuantity"
    ) c ON true
    ORDER BY b.period`;
}

export type StatusCount = { status: string; count: number };
export type CategoryUtilisation = {
  category: string;
  total: number;
  available: number;
  checkedOut: number;
  outOfService: number;
  utilisationPercent: number;
  checkouts: number;
};

/** Equipment now, by status. */
export async function equipmentByStatus(deps: Deps, actor: Actor | null): Promise<StatusCount[]> {
  guard(actor);
  return deps.prisma.$queryRaw<StatusCount[]>`
    SELECT s.status::text AS status, count(e.id)::int AS count
    FROM unnest(enum_range(NULL::"EquipmentStatus")) AS s(status)
    LEFT JOIN "Equipment" e ON e.status = s.status
    GROUP BY s.status
    ORDER BY s.status`;
}

/** Equipment by category: what is out now (utilisation = checked out / total) and check-outs during the range (from activity). */
export async function equipmentByCategory(deps: Deps, actor: Actor | null, range: ReportRange): Promise<CategoryUtilisation[]> {
  guard(actor);
  const { start, end } = bounds(range);
  return deps.prisma.$queryRaw<CategoryUtilisation[]>`
    WITH checkouts AS (
      SELECT a."entityId" AS id, count(*) AS n
      FROM "ActivityEntry" a
      WHERE a."entityType" = 'equipment' AND a.action = 'checkout' AND a."createdAt" >= ${start} AND a."createdAt" < ${end}
      GROUP BY a."entityId"
    )
    SELECT e.category,
      count(*)::int AS total,
      count(*) FILTER (WHERE e.status = 'available')::int AS available,
      count(*) FILTER (WHERE e.status = 'checked_out')::int AS "checkedOut",
      count(*) FILTER (WHERE e.status IN ('maintenance', 'repair'))::int AS "outOfService",
      round(100.0 * count(*) FILTER (WHERE e.status = 'checked_out') / count(*))::int AS "utilisationPercent",
      COALESCE(sum(c.n), 0)::int AS checkouts
    FROM "Equipment" e
    LEFT JOIN checkouts c ON c.id = e.id
    GROUP BY e.category
    ORDER BY e.category`;
}

export type RequestStatusRow = { status: string; count: number; medianHoursToDecision: number | null };
export type RequestSummary = { total: number; medianHoursToDecision: number | null; byStatus: RequestStatusRow[] };

const HOURS_TO_DECISION = Prisma.sql`(extract(epoch FROM (r."approvedAt" - r."createdAt")) / 3600.0)::float8`;

/** Requests made in the range by status, with the median hours from request to decision. */
export async function requestsByStatus(deps: Deps, actor: Actor | null, range: ReportRange): Promise<RequestSummary> {
  guard(actor);
  const { start, end } = bounds(range);
  const byStatus = await deps.prisma.$queryRaw<RequestStatusRow[]>`
    SELECT s.status::text AS status,
      count(r.id)::int AS count,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ${HOURS_TO_DECISION}) FILTER (WHERE r."approvedAt" IS NOT NULL) AS "medianHoursToDecision"
    FROM unnest(enum_range(NULL::"RequestStatus")) AS s(status)
    LEFT JOIN "Request" r ON r.status = s.status AND r."createdAt" >= ${start} AND r."createdAt" < ${end}
    GROUP BY s.status
    ORDER BY s.status`;
  const [overall] = await deps.prisma.$queryRaw<{ total: number; median: number | null }[]>`
    SELECT count(*)::int AS total,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ${HOURS_TO_DECISION}) FILTER (WHERE r."approvedAt" IS NOT NULL) AS median
    FROM "Request" r
    WHERE r."createdAt" >= ${start} AND r."createdAt" < ${end}`;
  return { total: overall?.total ?? 0, medianHoursToDecision: overall?.median ?? null, byStatus };
}

export type TopRequested = {
  type: "inventory" | "equipment";
  itemId: number | null;
  equipmentId: number | null;
  name: string;
  requests: number;
  quantity: number;
  approvedQuantity: number;
};

/** What was asked for most in the range: requests naming it, then units asked for. */
export async function topRequestedItems(deps: Deps, actor: Actor | null, range: ReportRange, limit = 10): Promise<TopRequested[]> {
  guard(actor);
  const { start, end } = bounds(range);
  const take = Math.min(Math.max(Math.trunc(limit) || 10, 1), 50);
  return deps.prisma.$queryRaw<TopRequested[]>`
    SELECT r.type::text AS type, l."inventoryItemId" AS "itemId", l."equipmentId" AS "equipmentId",
      COALESCE(max(i.name), max(e.name), max(l.name)) AS name,
      count(DISTINCT r.id)::int AS requests,
      sum(l.quantity)::int AS quantity,
      COALESCE(sum(l.quantity) FILTER (WHERE r.status = 'approved'), 0)::int AS "approvedQuantity"
    FROM "RequestLine" l
    JOIN "Request" r ON r.id = l."requestId"
    LEFT JOIN "InventoryItem" i ON i.id = l."inventoryItemId"
    LEFT JOIN "Equipment" e ON e.id = l."equipmentId"
    WHERE r."createdAt" >= ${start} AND r."createdAt" < ${end}
    GROUP BY r.type, l."inventoryItemId", l."equipmentId",
      (CASE WHEN l."inventoryItemId" IS NULL AND l."equipmentId" IS NULL THEN l.name END)
    ORDER BY requests DESC, quantity DESC, name
    LIMIT ${take}`;
}

/*
 * Chemical use is read from application records' product lines (issue 34): what Record use keeps, what
 * Record application keeps, and the older chemical-use rows (the migration made each of them a
 * record, `Application.chemicalUseId`) are all there, once each. The "ChemicalUse" table is not read
 * here, so nothing is counted twice; the Applications report reads the same lines, so both agree.
 * Lines taken back to nothing by an amendment (amount 0) are not uses.
 */

/** Each measure unit's label and base units in one of it, as a SQL table `<alias>(code, label, base)`. */
const measures = (alias: "entered" | "report") =>
  Prisma.sql`(VALUES ${Prisma.join(MEASURE_UNITS.map((u) => Prisma.sql`(${u}, ${MEASURE_LABEL[u]}, ${toBase("1", u).toString()}::numeric)`))}) AS ${Prisma.raw(alias)}(code, label, base)`;

/**
 * The product lines applied in the range, one row each, with the unit a report sums them in: a
 * measured product's container unit (today's item; for a deleted one, gal or lb by the kind of
 * measure), else the unit the line was recorded in; `qty` is exact (numeric) in that unit.
 */
function appliedLines(range: ReportRange) {
  const { start, end } = bounds(range);
  const weights = Prisma.join(MEASURE_UNITS.filter((u) => MEASURE_KIND[u] === "weight"));
  return Prisma.sql`
    WITH lines AS (
      SELECT l.id AS "lineId", a.id AS "applicationId", a."startedAt", a."applicatorId", l."productName", l."epaRegistrationNumber",
        (SELECT string_agg(CASE WHEN x->>'percent' IS NULL THEN x->>'name' ELSE (x->>'name') || ' ' || (x->>'percent') || '%' END, '; ')
           FROM jsonb_array_elements(CASE WHEN jsonb_typeof(l."activeIngredients"::jsonb) = 'array' THEN l."activeIngredients"::jsonb ELSE '[]'::jsonb END) x) AS "activeIngredient",
        concat_ws(', ', NULLIF(a.street, ''), NULLIF(concat_ws(', ', NULLIF(a.city, ''), NULLIF(concat_ws(' ', NULLIF(a.state, ''), NULLIF(a.zip, '')), '')), '')) AS "siteAddress",
        array_to_string(a."targetPests", ', ') AS "targetPest",
        l.amount, COALESCE(entered.label, l.unit) AS "enteredUnit",
        CASE WHEN l."amountBase" IS NULL THEN l.unit ELSE report.label END AS unit,
        CASE WHEN l."amountBase" IS NULL THEN l.amount ELSE l."amountBase"::numeric / report.base END AS qty,
        l."amountBase" IS NOT NULL AS measured, l."amountBase", report.base
      FROM "ApplicationLine" l
      JOIN "Application" a ON a.id = l."applicationId"
      LEFT JOIN "InventoryItem" i ON i.id = l."itemId"
      LEFT JOIN ${measures("entered")} ON entered.code = l.unit
      LEFT JOIN ${measures("report")} ON l."amountBase" IS NOT NULL
        AND report.code = COALESCE(i."containerUnit"::text, CASE WHEN l.unit IN (${weights}) THEN 'LB' ELSE 'GAL' END)
      WHERE a."startedAt" >= ${start} AND a."startedAt" < ${end} AND l.amount > 0
    )`;
}

/** A sum of lines in their report unit: measured ones summed in base units first (as the Applications report does), to 3 places. */
const SUM_QTY = Prisma.sql`(CASE WHEN bool_or(measured) THEN round(sum("amountBase")::numeric / max(base), 3) ELSE sum(qty) END)::float8`;

export type ChemicalUseByProduct = {
  epaRegistrationNumber: string | null;
  product: string;
  activeIngredient: string | null;
  unit: string;
  quantity: number;
  uses: number;
  technicians: number;
  sites: number;
};

/** Chemical use in the range per product (EPA Reg. No. and name as recorded at the time of use), in the product's unit. */
export async function chemicalUseByProduct(deps: Deps, actor: Actor | null, range: ReportRange): Promise<ChemicalUseByProduct[]> {
  guard(actor);
  return deps.prisma.$queryRaw<ChemicalUseByProduct[]>`
    ${appliedLines(range)}
    SELECT "epaRegistrationNumber", "productName" AS product, max("activeIngredient") AS "activeIngredient", unit,
      ${SUM_QTY} AS quantity, count(DISTINCT "applicationId")::int AS uses,
      count(DISTINCT "applicatorId")::int AS technicians, count(DISTINCT lower("siteAddress"))::int AS sites
    FROM lines
    GROUP BY "epaRegistrationNumber", "productName", unit
    ORDER BY uses DESC, quantity DESC, product`;
}

export type ChemicalUseByTechnician = {
  technicianId: number;
  technician: string;
  epaRegistrationNumber: string | null;
  product: string;
  unit: string;
  quantity: number;
  uses: number;
};

/** Chemical use in the range per technician (the applicator) and product. */
export async function chemicalUseByTechnician(deps: Deps, actor: Actor | null, range: ReportRange): Promise<ChemicalUseByTechnician[]> {
  guard(actor);
  return deps.prisma.$queryRaw<ChemicalUseByTechnician[]>`
    ${appliedLines(range)}
    SELECT u.id AS "technicianId", u.name AS technician, "epaRegistrationNumber", "productName" AS product, unit,
      ${SUM_QTY} AS quantity, count(DISTINCT "applicationId")::int AS uses
    FROM lines
    JOIN "User" u ON u.id = lines."applicatorId"
    GROUP BY u.id, u.name, "epaRegistrationNumber", "productName", unit
    ORDER BY u.name, product, "epaRegistrationNumber"`;
}

export type ChemicalUseRecord = {
  id: number;
  usedAt: Date;
  technician: string;
  product: string;
  epaRegistrationNumber: string | null;
  activeIngredient: string | null;
  quantity: number;
  unit: string;
  siteAddress: string;
  targetPest: string;
};

/** Each product applied in the range, oldest first, with the amount as entered: `id` is the application line's. */
export async function chemicalUseRecords(deps: Deps, actor: Actor | null, range: ReportRange, limit = 1000): Promise<ChemicalUseRecord[]> {
  guard(actor);
  const take = Math.min(Math.max(Math.trunc(limit) || 1000, 1), 5000);
  return deps.prisma.$queryRaw<ChemicalUseRecord[]>`
    ${appliedLines(range)}
    SELECT "lineId" AS id, "startedAt" AS "usedAt", u.name AS technician, "productName" AS product, "epaRegistrationNumber", "activeIngredient",
      amount::float8 AS quantity, "enteredUnit" AS unit, "siteAddress", "targetPest"
    FROM lines
    JOIN "User" u ON u.id = lines."applicatorId"
    ORDER BY "startedAt", "applicationId", "lineId"
    LIMIT ${take}`;
}

/*
 * Spend (issue 16): what was received in the range, at what it cost. Each `received` stock movement
 * of a purchase order × the unit cost of that item's line on that order. Should one order carry the
 * item on several lines, the cost is their average weighted by the quantity ordered (a movement does
 * not name its line). A deleted item's movements still count (matched by the name both rows keep).
 */
const RECEIPTS_IN_RANGE = (range: ReportRange) => {
  const { start, end } = bounds(range);
  return Prisma.sql`
    WITH cost AS (
      SELECT l."orderId", l."itemId", CASE WHEN l."itemId" IS NULL THEN l."itemName" END AS "itemName",
        sum(l."quantityOrdered"::numeric * l."unitCostCents") / NULLIF(sum(l."quantityOrdered"), 0) AS "unitCost"
      FROM "PurchaseOrderLine" l
      GROUP BY l."orderId", l."itemId", CASE WHEN l."itemId" IS NULL THEN l."itemName" END
    ),
    receipts AS (
      SELECT m."purchaseOrderId" AS "orderId", m."itemId", m.delta AS units, m.delta * COALESCE(c."unitCost", 0) AS spend
      FROM "StockMovement" m
      LEFT JOIN cost c ON c."orderId" = m."purchaseOrderId"
        AND (c."itemId" = m."itemId" OR (m."itemId" IS NULL AND c."itemId" IS NULL AND c."itemName" = m."itemName"))
      WHERE m.reason = 'received' AND m."purchaseOrderId" IS NOT NULL AND m."createdAt" >= ${start} AND m."createdAt" < ${end}
    )`;
};

export type SupplierSpend = { supplierId: number | null; name: string; orders: number; units: number; spendCents: number };
export type CategorySpend = { category: string; units: number; spendCents: number };

/** Spend per supplier of the orders received in the range, most first. */
export async function spendBySupplier(deps: Deps, actor: Actor | null, range: ReportRange): Promise<SupplierSpend[]> {
  guard(actor);
  return deps.prisma.$queryRaw<SupplierSpend[]>`
    ${RECEIPTS_IN_RANGE(range)}
    SELECT s.id AS "supplierId", COALESCE(s.name, '(no supplier)') AS name,
      count(DISTINCT r."orderId")::int AS orders,
      sum(r.units)::int AS units,
      round(sum(r.spend))::float8 AS "spendCents"
    FROM receipts r
    JOIN "PurchaseOrder" o ON o.id = r."orderId"
    LEFT JOIN "Supplier" s ON s.id = o."supplierId"
    GROUP BY s.id, s.name
    ORDER BY "spendCents" DESC, name, s.id`;
}

/** Spend per item category (today's category) of what was received in the range, most first. */
export async function spendByCategory(deps: Deps, actor: Actor | null, range: ReportRange): Promise<CategorySpend[]> {
  guard(actor);
  return deps.prisma.$queryRaw<CategorySpend[]>`
    ${RECEIPTS_IN_RANGE(range)}
    SELECT COALESCE(i.category, '(deleted items)') AS category,
      sum(r.units)::int AS units,
      round(sum(r.spend))::float8 AS "spendCents"
    FROM receipts r
    LEFT JOIN "InventoryItem" i ON i.id = r."itemId"
    GROUP BY COALESCE(i.category, '(deleted items)')
    ORDER BY "spendCents" DESC, category`;
}
