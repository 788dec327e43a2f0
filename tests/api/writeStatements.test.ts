import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/*
 * Issue 36: the write path's round trips, pinned. Each write below is counted in SQL statements
 * sent to the database (begin and commit left out: the drivers log them differently; the session
 * lookup is per request, cached, and not the write's). A statement that comes back fails here,
 * with the statements listed.
 */
let server: TestServer;
let manager: ApiClient;
let counting = false;
let statements: string[] = [];

beforeAll(async () => {
  server = await startServer({}, { onQuery: (sql) => void (counting && !/^\s*(BEGIN|COMMIT|ROLLBACK|-- Implicit)/i.test(sql) && !sql.includes('FROM "Session"') && statements.push(sql)) });
  manager = await server.as("manager");
  // Warm: the caches a write consults (any webhooks?) are filled once per process, not per write.
  expect((await manager.post("/api/inventory", { name: "Warm-up Gel", category: "Supplies", quantity: 1 })).status).toBe(201);
});
afterAll(() => server.close());

async function count<T>(fn: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  statements = [];
  counting = true;
  const result = await fn();
  await new Promise((r) => setTimeout(r, 100)); // a log event still in flight would otherwise be missed
  counting = false;
  return { result, sql: statements };
}

const activity = async (entityType: string, entityId: number) =>
  server.app.deps.prisma.activityEntry.findMany({ where: { entityType, entityId }, orderBy: { id: "asc" }, select: { action: true, details: true, message: true, userId: true, createdAt: true } });

describe("statements per write (issue 36)", () => {
  it("an item created with stock: the main warehouse share-locked, then the item with its level, movement, count note and activity entry in one", async () => {
    const { result: res, sql } = await count(() => manager.post("/api/inventory", { name: "Counted Bait", category: "Supplies", quantity: 5, minQuantity: 1 }));
    expect(res.status).toBe(201);
    expect(sql, sql.join("\n")).toHaveLength(2);
    expect(sql[0]).toMatch(/FOR SHARE/);
    const [entry] = await activity("inventory", res.body.id);
    expect(entry).toMatchObject({ action: "create", details: "Added Counted Bait (Supplies), 5 units", message: { id: "activity.itemAdded" } });
    const prisma = server.app.deps.prisma;
    expect(await prisma.stockLevel.findMany({ where: { itemId: res.body.id }, select: { quantity: true, amount: true, location: { select: { name: true } } } })).toEqual([
      { quantity: 5, amount: 0n, location: { name: "Main Warehouse" } },
    ]);
    expect(await prisma.stockMovement.findMany({ where: { itemId: res.body.id }, select: { itemName: true, delta: true, quantityAfter: true, reason: true, amountDelta: true } })).toEqual([
      { itemName: "Counted Bait", delta: 5, quantityAfter: 5, reason: "initial", amountDelta: null },
    ]);
  });

  it("that statement writes every kind of column as Prisma's create does, and answers the row as Prisma reads it", async () => {
    const supplier = await server.app.deps.prisma.supplier.create({ data: { name: "Counted Supply Co" } });
    const product = {
      name: "Counted Termiticide",
      description: "Every column set",
      category: "Pesticide",
      quantity: 3,
      minQuantity: 1,
      reorderPoint: 2,
      reorderQuantity: 6,
      unit: "gallons",
      price: 1999,
      location: "Shelf C",
      preferredSupplierId: supplier.id,
      barcode: "0123456789012",
      qrCode: "TL-COUNTED-1",
      hazardous: true,
      epaRegistrationNumber: "7969-210",
      activeIngredients: [{ name: "Fipronil", percent: "9.1" }],
      signalWord: "CAUTION",
      restrictedUse: true,
      formulation: "Suspension concentrate",
      containerSize: { amount: "1.5", unit: "GAL" },
    };
    const { result: res, sql } = await count(() => manager.post("/api/inventory", product));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(sql).toHaveLength(2);
    const read = await manager.get(`/api/inventory/${res.body.id}`);
    expect(res.body).toEqual(read.body);
    expect(res.body).toMatchObject({ name: product.name, activeIngredient: "Fipronil 9.1%", signalWord: "CAUTION", restrictedUse: true, barcode: product.barcode });
    // The exact stock of a measured product: 3 containers of 1.5 gal, in base units.
    const [level] = await server.app.deps.prisma.stockLevel.findMany({ where: { itemId: res.body.id } });
    const [movement] = await server.app.deps.prisma.stockMovement.findMany({ where: { itemId: res.body.id } });
    expect(level!.amount).toBeGreaterThan(0n);
    expect(movement!.amountDelta).toBe(level!.amount);
    // A taken barcode is still the form's conflict, named by its field.
    const again = await manager.post("/api/inventory", { ...product, name: "Counted Termiticide 2", qrCode: "TL-COUNTED-2" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: "barcode" });
  });

  it("a check-out and a check-in: one statement each (the conditional UPDATE with its activity entry)", async () => {
    const created = await manager.post("/api/equipment", { name: "Counted Sprayer", category: "Sprayer" });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const before = Date.now();

    const out = await count(() => manager.post(`/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes" }));
    expect(out.result.status).toBe(200);
    expect(out.sql, out.sql.join("\n")).toHaveLength(1);
    expect(out.result.body).toMatchObject({ id, name: "Counted Sprayer", status: "checked_out", assignedTo: "Marcus Reyes" });
    // A UTC timestamp as Prisma's own writes keep it, answered as ISO text.
    expect(Math.abs(Date.parse(out.result.body.assignedAt) - before)).toBeLessThan(60_000);

    const back = await count(() => manager.post(`/api/equipment/${id}/checkin`));
    expect(back.result.status).toBe(200);
    expect(back.sql, back.sql.join("\n")).toHaveLength(1);
    expect(back.result.body).toMatchObject({ id, status: "available", assignedTo: null, assignedAt: null, dueBack: null });

    // The entries are logActivity's: English details, and the message descriptor with the equipment's name.
    const entries = await activity("equipment", id);
    expect(entries.map(({ createdAt: _c, ...e }) => e)).toEqual([
      expect.objectContaining({ action: "create" }),
      {
        action: "checkout",
        userId: expect.any(Number),
        details: "Checked out Counted Sprayer to Marcus Reyes",
        message: { id: "activity.equipmentCheckedOut", values: { name: "Counted Sprayer", assignee: "Marcus Reyes", request: "none", dueBack: "none" } },
      },
      { action: "checkin", userId: expect.any(Number), details: "Checked in Counted Sprayer", message: { id: "activity.equipmentCheckedIn", values: { name: "Counted Sprayer" } } },
    ]);
    for (const e of entries) expect(Math.abs(e.createdAt.getTime() - before)).toBeLessThan(60_000);

    // With a due date the entry says it (the text and the descriptor alike).
    const dueBack = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const again = await manager.post(`/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes", dueBack });
    expect(again.status).toBe(200);
    expect(again.body.dueBack.slice(0, 10)).toBe(dueBack);
    const last = (await activity("equipment", id)).at(-1)!;
    expect(last).toMatchObject({ details: `Checked out Counted Sprayer to Marcus Reyes, due back ${dueBack}`, message: { values: { name: "Counted Sprayer", dueBack: { day: dueBack } } } });

    // A refused one writes nothing and says why.
    const refused = await manager.post(`/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes" });
    expect(refused.status).toBe(409);
    expect((await activity("equipment", id)).length).toBe(entries.length + 1);
  });
});
