import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server.ts";

/*
 * Timestamps the database stamps itself (`now()` in a stock level's, a count line's, an idempotency
 * key's columns) are UTC like every timestamp Prisma writes, whatever time zone the PostgreSQL
 * server runs in (Debian's initdb takes the host's zone, so a self-hosted company's server is often
 * on local time). PGlite runs in UTC; this is PostgreSQL's case.
 */
const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)("a PostgreSQL server on local time (America/Chicago)", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({}, { databaseTimeZone: "America/Chicago" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("an item created with stock and then restocked: its level's updatedAt is now in UTC, as the item's own", async () => {
    const manager = await server.as("manager");
    const before = Date.now();
    const created = await manager.post("/api/inventory", { name: "Zone Gel", category: "Bait", quantity: 4, unit: "boxes" });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const prisma = server.app.deps.prisma;
    const level = async () => (await prisma.stockLevel.findMany({ where: { itemId: id } }))[0]!;
    expect(Math.abs((await level()).updatedAt.getTime() - before), "the created level's stamp").toBeLessThan(60_000);
    // A change through changeStock (an edit of the total at the main warehouse).
    expect((await manager.put(`/api/inventory/${id}`, { quantity: 9 })).status).toBe(200);
    const after = await level();
    expect(after.quantity).toBe(9);
    expect(Math.abs(after.updatedAt.getTime() - Date.now()), "the changed level's stamp").toBeLessThan(60_000);
    const item = await prisma.inventoryItem.findUniqueOrThrow({ where: { id } });
    expect(Math.abs(after.updatedAt.getTime() - item.updatedAt.getTime())).toBeLessThan(60_000);
  });
});
