import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/*
 * Issue 34: a newcomer's first look (`npm start`, SEED_DEMO=1) shows every capability: the technician's
 * truck with stock and minimums, suppliers with preferred items, a placed and a partly received order,
 * certifications (one expiring within 30 days), two weeks of application records with restricted-use
 * ones; and the stock it seeded adds up like any other.
 */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "1" });
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
}, 180_000);
afterAll(() => server.close());

describe("the full demo company", () => {
  it("gives the technician a truck with stock and its own minimums", async () => {
    const data = await ok(tech, `{ myVehicle { name stock(first: 50) { edges { node { item { name } quantity minQuantity stockText } } } } }`);
    expect(data.myVehicle.name).toBe("Truck 1");
    const stock = data.myVehicle.stock.edges.map((e: any) => e.node);
    expect(stock.length).toBeGreaterThanOrEqual(4);
    expect(stock.some((l: any) => l.minQuantity !== null)).toBe(true);
    expect(stock.find((l: any) => l.item.name === "Termidor SC Termiticide").stockText).toMatch(/container/);
  });

  it("has two suppliers with preferred items, an order placed and one partly received", async () => {
    const data = await ok(manager, `{ suppliers(first: 10) { edges { node { name } } } purchaseOrders(first: 10) { edges { node { number status supplier { name } } } } }`);
    expect(data.suppliers.edges.map((e: any) => e.node.name).sort()).toEqual(["Target Specialty Products", "Univar Solutions"]);
    expect(data.purchaseOrders.edges.map((e: any) => e.node.status).sort()).toEqual(["ORDERED", "PARTIALLY_RECEIVED"]);
    const items = await ok(manager, `{ inventoryItems(first: 100) { edges { node { name preferredSupplier { name } } } } }`);
    expect(items.inventoryItems.edges.filter((e: any) => e.node.preferredSupplier).length).toBeGreaterThanOrEqual(4);
  });

  it("has certifications, one expiring within 30 days (managers were told), and two weeks of application records, restricted-use ones among them", async () => {
    const expiring = await ok(manager, `{ expiringCertifications { number expiresInDays user { name } } }`);
    expect(expiring.expiringCertifications.some((c: any) => c.expiresInDays > 0 && c.expiresInDays <= 30)).toBe(true);
    const bell = await ok(manager, `{ notifications(first: 50) { edges { node { kind } } } }`);
    expect(bell.notifications.edges.some((e: any) => e.node.kind === "CERTIFICATION_EXPIRING")).toBe(true);
    const records = (await manager.get("/api/applications")).body as { startedAt: string; lines: { restrictedUse: boolean }[]; applicatorName: string }[];
    expect(records.length).toBeGreaterThanOrEqual(8);
    const days = records.map((r) => (Date.now() - Date.parse(r.startedAt)) / 86_400_000);
    expect(Math.max(...days)).toBeGreaterThan(10);
    expect(Math.max(...days)).toBeLessThanOrEqual(14);
    expect(records.some((r) => r.lines.some((l) => l.restrictedUse))).toBe(true);
    expect(new Set(records.map((r) => r.applicatorName)).size).toBeGreaterThanOrEqual(3);
    // A technician sees their own.
    const own = (await tech.get("/api/applications")).body as { applicatorName: string }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.applicatorName === "Marcus Reyes")).toBe(true);
  });

  it("adds up: every level is the sum of its movements, to the unit, and every total the sum of its levels", async () => {
    const p = server.app.deps.prisma;
    const off = await p.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM "StockLevel" l
       WHERE l.quantity <> coalesce((SELECT sum(m.delta) FROM "StockMovement" m WHERE m."itemId" = l."itemId" AND m."locationId" = l."locationId"), 0)
          OR l.amount <> coalesce((SELECT sum(m."amountDelta") FROM "StockMovement" m WHERE m."itemId" = l."itemId" AND m."locationId" = l."locationId"), 0)`;
    expect(off[0]!.n).toBe(0);
    const totals = await p.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM "InventoryItem" i WHERE i.quantity <> coalesce((SELECT sum(l.quantity) FROM "StockLevel" l WHERE l."itemId" = i.id), 0)`;
    expect(totals[0]!.n).toBe(0);
  });
});
