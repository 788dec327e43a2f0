import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERR, gql, isoDay, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/** Reports & Analytics: managers only, one date range, every figure aggregated by the database. */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
let pnair: ApiClient;
const sql: string[] = [];
let recording = false;

beforeAll(async () => {
  server = await startServer({}, { onQuery: (q) => void (recording && sql.push(q)) });
  [manager, tech, pnair] = await Promise.all([server.as("manager"), server.as("tech"), server.as("pnair")]);
});
afterAll(() => server.close());

const REPORTS = `query Reports($from: String!, $to: String!, $interval: ReportInterval) {
  reports(from: $from, to: $to, interval: $interval) {
    __typename
    ... on Error { message }
    ... on ValidationError { field }
    ... on Reports {
      from to interval
      stockValueByCategory { category items quantity valueCents unpricedItems }
      stockMovements { period issued received used adjusted initial movements }
      lowStockOverTime { period lowStockItems }
      equipmentByStatus { status count }
      equipmentByCategory { category total available checkedOut outOfService utilisationPercent checkouts }
      requests { total medianHoursToDecision byStatus { status count medianHoursToDecision } }
      topRequestedItems(limit: 5) { type itemDatabaseId equipmentDatabaseId name requests quantity approvedQuantity }
      chemicalUseByProduct { epaRegistrationNumber product activeIngredient unit quantity uses technicians sites }
      chemicalUseByTechnician { technician epaRegistrationNumber product unit quantity uses }
      chemicalUses { usedAt technician product epaRegistrationNumber activeIngredient quantity unit siteAddress targetPest }
    }
  }
}`;

async function reports(from: string, to: string, interval = "DAY", as: ApiClient = manager) {
  return (await ok(as, REPORTS, { from, to, interval })).reports;
}

async function newItem(fields: Record<string, unknown>) {
  const res = await manager.post("/api/inventory", { unit: "boxes", ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

async function fileRequest(as: ApiClient, items: { id: number; quantity: number }[], type = "inventory") {
  const res = await as.post("/api/requests", { type, justification: "reports test", items });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString("base64");

async function recordUse(as: ApiClient, itemId: number, quantity: number, date: string, siteAddress = "1 Elm St") {
  const res = await ok(as, `mutation ($input: RecordChemicalUseInput!) { recordChemicalUse(input: $input) { ${ERR} } }`, {
    input: { itemId: gid("InventoryItem", itemId), quantity, date, siteAddress, targetPest: "Ants" },
  });
  expect(res.recordChemicalUse.__typename, JSON.stringify(res)).toBe("RecordChemicalUsePayload");
}

const HOUR = 3_600_000;

describe("access and range", () => {
  it("is for managers: an employee gets ForbiddenError, the signed-out an authentication error", async () => {
    expect(await reports(isoDay(-7), isoDay(0), "DAY", tech)).toEqual({ __typename: "ForbiddenError", message: "You need manager privileges to view reports." });
    const anonymous = await gql(server.anonymous(), REPORTS, { from: isoDay(-7), to: isoDay(0) });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("validates the range", async () => {
    expect(await reports("2025-03-10", "2025-03-01")).toMatchObject({ __typename: "ValidationError", field: "to" });
    expect(await reports("2025-02-30", "2025-03-01")).toMatchObject({ __typename: "ValidationError", field: "from" });
    expect(await reports("March 1", "2025-03-01")).toMatchObject({ __typename: "ValidationError", field: "from" });
    expect(await reports("2023-01-01", "2025-03-01")).toMatchObject({ __typename: "ValidationError", field: "from", message: "A report covers at most 731 days" });
  });

  it("has one period per day or week, empty where nothing happened", async () => {
    const days = await reports("2025-03-03", "2025-03-16");
    expect(days.stockMovements.map((p: any) => p.period.slice(0, 10))).toEqual(
      Array.from({ length: 14 }, (_, i) => `2025-03-${String(3 + i).padStart(2, "0")}`),
    );
    expect(days.stockMovements.every((p: any) => p.movements === 0 && p.issued === 0)).toBe(true);
    expect(days.lowStockOverTime).toHaveLength(14);
    expect(days.lowStockOverTime.every((p: any) => p.lowStockItems === 0)).toBe(true);
    const weeks = await reports("2025-03-05", "2025-03-16", "WEEK");
    expect(weeks.interval).toBe("WEEK");
    expect(weeks.stockMovements.map((p: any) => p.period)).toEqual(["2025-03-03T00:00:00.000Z", "2025-03-10T00:00:00.000Z"]);
  });
});

describe("stock", () => {
  it("movements by reason, value by category and low stock follow what happened today", async () => {
    const today = isoDay(0);
    const before = await reports(today, today);
    const beforeYesterday = await reports(isoDay(-1), isoDay(-1));
    const traps = (r: any) => r.stockValueByCategory.find((c: any) => c.category === "Traps") ?? { items: 0, quantity: 0, valueCents: 0 };

    const item = await newItem({ name: "Report Trap", category: "Traps", quantity: 10, minQuantity: 9, price: 250 });
    expect((await manager.put(`/api/inventory/${item.id}`, { quantity: 15 })).status).toBe(200);
    expect((await manager.put(`/api/inventory/${item.id}`, { quantity: 12 })).status).toBe(200);
    await recordUse(tech, item.id, 2, today);
    const request = await fileRequest(tech, [{ id: item.id, quantity: 1 }]);
    expect((await manager.put(`/api/requests/${request.id}/approve`)).status).toBe(200);

    const after = await reports(today, today);
    const [b, a] = [before.stockMovements[0], after.stockMovements[0]];
    expect({
      initial: a.initial - b.initial,
      received: a.received - b.received,
      adjusted: a.adjusted - b.adjusted,
      used: a.used - b.used,
      issued: a.issued - b.issued,
      movements: a.movements - b.movements,
    }).toEqual({ initial: 10, received: 5, adjusted: 3, used: 2, issued: 1, movements: 5 });

    // 9 left at 250 cents.
    expect(traps(after).items - traps(before).items).toBe(1);
    expect(traps(after).quantity - traps(before).quantity).toBe(9);
    expect(traps(after).valueCents - traps(before).valueCents).toBe(2250);
    // As of the end of yesterday the item did not exist.
    expect(traps(await reports(isoDay(-1), isoDay(-1)))).toEqual(traps(beforeYesterday));

    // Today's low-stock count is the dashboard's (9 <= 9: the new item is low).
    const stats = await ok(manager, "{ dashboardStats { lowStockItems } }");
    expect(after.lowStockOverTime.at(-1).lowStockItems).toBe(stats.dashboardStats.lowStockItems);
    expect(after.lowStockOverTime.at(-1).lowStockItems).toBe(before.lowStockOverTime.at(-1).lowStockItems + 1);
  });

  it("values an item by its last quantity before the end of the range", async () => {
    const item = await newItem({ name: "Backdated Gloves", category: "Safety Gear", quantity: 4, price: 1000 });
    const prisma = server.app.deps.prisma;
    // As if created ten days ago with 4, and raised to 6 five days ago.
    await prisma.inventoryItem.update({ where: { id: item.id }, data: { createdAt: new Date(Date.now() - 10 * 24 * HOUR) } });
    await prisma.stockMovement.updateMany({ where: { itemId: item.id }, data: { createdAt: new Date(Date.now() - 10 * 24 * HOUR) } });
    expect((await manager.put(`/api/inventory/${item.id}`, { quantity: 6 })).status).toBe(200);
    await prisma.stockMovement.updateMany({ where: { itemId: item.id, reason: "received" }, data: { createdAt: new Date(Date.now() - 5 * 24 * HOUR) } });
    const gear = (r: any) => r.stockValueByCategory.find((c: any) => c.category === "Safety Gear");
    const weekAgo = gear(await reports(isoDay(-8), isoDay(-7)));
    const now = gear(await reports(isoDay(-8), isoDay(0)));
    expect(now.valueCents - weekAgo.valueCents).toBe(2000);
  });
});

describe("equipment", () => {
  it("counts equipment by status and by category, with check-outs in the range", async () => {
    const before = await reports(isoDay(0), isoDay(0));
    const created = await manager.post("/api/equipment", { name: "Report Drill", category: "Drill" });
    expect(created.status).toBe(201);
    expect((await manager.post(`/api/equipment/${created.body.id}/checkout`, { assignedTo: "Marcus Reyes" })).status).toBe(200);
    const after = await reports(isoDay(0), isoDay(0));
    const status = (r: any, s: string) => r.equipmentByStatus.find((x: any) => x.status === s).count;
    expect(after.equipmentByStatus.map((x: any) => x.status)).toEqual(["available", "checked_out", "maintenance", "repair"]);
    expect(status(after, "checked_out")).toBe(status(before, "checked_out") + 1);
    const total = (await manager.get("/api/equipment")).body.length;
    expect(after.equipmentByStatus.reduce((s: number, x: any) => s + x.count, 0)).toBe(total);
    const drills = (r: any) => r.equipmentByCategory.find((c: any) => c.category === "Drill");
    expect(drills(after)).toMatchObject({ total: drills(before).total + 1, checkedOut: drills(before).checkedOut + 1, checkouts: drills(before).checkouts + 1 });
    expect(drills(after).utilisationPercent).toBe(Math.round((100 * drills(after).checkedOut) / drills(after).total));
    // Check-outs before the range do not count.
    expect(drills(await reports("2025-01-01", "2025-01-31")).checkouts).toBe(0);
  });
});

describe("requests and chemical use in a past range", () => {
  it("requests by status with median hours to decision, and the most requested items", async () => {
    const a = await newItem({ name: "Median Bait A", category: "Bait", quantity: 100 });
    const b = await newItem({ name: "Median Bait B", category: "Bait", quantity: 100 });
    const prisma = server.app.deps.prisma;
    const at = (day: number, hour: number) => new Date(Date.UTC(2025, 4, day, hour));
    const plan: [ApiClient, { id: number; quantity: number }[], "approve" | "deny" | null, number][] = [
      [tech, [{ id: a.id, quantity: 5 }], "approve", 2],
      [pnair, [{ id: a.id, quantity: 3 }, { id: b.id, quantity: 1 }], "deny", 4],
      [tech, [{ id: b.id, quantity: 2 }], "approve", 10],
      [pnair, [{ id: a.id, quantity: 1 }], null, 0],
    ];
    for (const [i, [who, items, decision, hours]] of plan.entries()) {
      const r = await fileRequest(who, items);
      if (decision) expect((await manager.put(`/api/requests/${r.id}/${decision}`)).status).toBe(200);
      await prisma.request.update({
        where: { id: r.id },
        data: { createdAt: at(10 + i, 8), approvedAt: decision ? new Date(at(10 + i, 8).getTime() + hours * HOUR) : null },
      });
    }
    const r = await reports("2025-05-01", "2025-05-31");
    expect(r.requests).toEqual({
      total: 4,
      medianHoursToDecision: 4,
      byStatus: [
        { status: "pending", count: 1, medianHoursToDecision: null },
        { status: "approved", count: 2, medianHoursToDecision: 6 },
        { status: "denied", count: 1, medianHoursToDecision: 4 },
      ],
    });
    expect(r.topRequestedItems).toEqual([
      { type: "inventory", itemDatabaseId: a.id, equipmentDatabaseId: null, name: a.name, requests: 3, quantity: 9, approvedQuantity: 5 },
      { type: "inventory", itemDatabaseId: b.id, equipmentDatabaseId: null, name: b.name, requests: 2, quantity: 3, approvedQuantity: 2 },
    ]);
    // Outside the range: nothing.
    expect((await reports("2025-06-01", "2025-06-30")).requests.total).toBe(0);
  });

  it("chemical use by product (EPA number) and by technician, and the records themselves", async () => {
    const termidor = await newItem({ name: "Report Termidor", category: "Pesticide", unit: "bottles", quantity: 50, epaRegistrationNumber: "7969-210", activeIngredient: "Fipronil 9.1%" });
    const gel = await newItem({ name: "Report Gel", category: "Bait", unit: "boxes", quantity: 50 });
    await recordUse(tech, termidor.id, 2, "2025-07-02", "12 Oak St");
    await recordUse(tech, gel.id, 1, "2025-07-03", "12 Oak St");
    await recordUse(pnair, termidor.id, 3, "2025-07-04", "9 Pine Ave");
    await recordUse(pnair, termidor.id, 1, "2025-08-01", "9 Pine Ave");

    const r = await reports("2025-07-01", "2025-07-31");
    expect(r.chemicalUseByProduct).toEqual([
      { epaRegistrationNumber: "7969-210", product: termidor.name, activeIngredient: "Fipronil 9.1%", unit: "bottles", quantity: 5, uses: 2, technicians: 2, sites: 2 },
      { epaRegistrationNumber: null, product: gel.name, activeIngredient: null, unit: "boxes", quantity: 1, uses: 1, technicians: 1, sites: 1 },
    ]);
    expect(r.chemicalUseByTechnician).toEqual([
      { technician: "Marcus Reyes", epaRegistrationNumber: null, product: gel.name, unit: "boxes", quantity: 1, uses: 1 },
      { technician: "Marcus Reyes", epaRegistrationNumber: "7969-210", product: termidor.name, unit: "bottles", quantity: 2, uses: 1 },
      { technician: "Priya Nair", epaRegistrationNumber: "7969-210", product: termidor.name, unit: "bottles", quantity: 3, uses: 1 },
    ]);
    expect(r.chemicalUses.map((u: any) => [u.usedAt.slice(0, 10), u.technician, u.product, u.quantity, u.siteAddress, u.targetPest])).toEqual([
      ["2025-07-02", "Marcus Reyes", termidor.name, 2, "12 Oak St", "Ants"],
      ["2025-07-03", "Marcus Reyes", gel.name, 1, "12 Oak St", "Ants"],
      ["2025-07-04", "Priya Nair", termidor.name, 3, "9 Pine Ave", "Ants"],
    ]);
    // The stock movements are dated when they happened (today), the uses when applied.
    const today = await reports(isoDay(0), isoDay(0));
    expect(today.chemicalUseByProduct.find((p: any) => p.product === termidor.name)).toBeUndefined();
  });
});

describe("cost", () => {
  it("every report at once is a fixed handful of SQL statements, however much data there is", async () => {
    sql.length = 0;
    recording = true;
    const r = await reports(isoDay(-365), isoDay(0));
    recording = false;
    expect(r.__typename).toBe("Reports");
    expect(r.stockMovements).toHaveLength(366);
    // One per report (requests: two), plus the session lookup; no per-row queries.
    expect(sql.length).toBeLessThanOrEqual(14);
    expect(sql.filter((q) => /"StockMovement"/.test(q)).every((q) => /DISTINCT ON|sum\(|count\(|LIMIT 1/i.test(q))).toBe(true);
  });
});
