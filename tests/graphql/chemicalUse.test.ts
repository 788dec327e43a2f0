import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERR, gql, isoDay, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/** EPA registration number and active ingredient on items; recording a chemical use. */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;

beforeAll(async () => {
  server = await startServer();
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
});
afterAll(() => server.close());

const ITEM = "id databaseId name quantity unit epaRegistrationNumber activeIngredient stockStatus";
let seq = 0;

async function createItem(input: Record<string, unknown>) {
  const data = await ok(manager, `mutation ($input: CreateInventoryItemInput!) { createInventoryItem(input: $input) { ${ERR} ... on CreateInventoryItemPayload { item { ${ITEM} } } } }`, {
    input: { name: `Chem ${++seq}`, category: "Pesticide", unit: "bottles", quantity: 20, minQuantity: 2, ...input },
  });
  return data.createInventoryItem;
}

const USE = `mutation ($input: RecordChemicalUseInput!) { recordChemicalUse(input: $input) { ${ERR}
  ... on RecordChemicalUsePayload {
    item { ${ITEM} }
    chemicalUse { id databaseId product epaRegistrationNumber activeIngredient quantity unit siteAddress targetPest usedAt technician { username } inventoryItem { databaseId } }
  } } }`;

function use(as: ApiClient, input: Record<string, unknown>) {
  return ok(as, USE, { input: { siteAddress: "12 Oak Street, Springfield", targetPest: "Subterranean termites", ...input } }).then((d) => d.recordChemicalUse);
}

describe("EPA registration number and active ingredient", () => {
  it("are optional, validated, and shown on GraphQL and REST", async () => {
    const made = await createItem({ epaRegistrationNumber: " 7969-210 ", activeIngredient: "Fipronil 9.1%" });
    expect(made.item).toMatchObject({ epaRegistrationNumber: "7969-210", activeIngredient: "Fipronil 9.1%" });
    expect((await createItem({ epaRegistrationNumber: "432-1012-5481" })).item.epaRegistrationNumber).toBe("432-1012-5481");
    expect((await createItem({})).item).toMatchObject({ epaRegistrationNumber: null, activeIngredient: null });

    for (const bad of ["ABC", "7969", "0-123", "7969-210-", "12345678-1"]) {
      const res = await createItem({ epaRegistrationNumber: bad });
      expect([bad, res.__typename, res.field]).toEqual([bad, "ValidationError", "epaRegistrationNumber"]);
    }
    expect((await createItem({ activeIngredient: "x".repeat(201) })).field).toBe("activeIngredient");

    const rest = await manager.get(`/api/inventory/${made.item.databaseId}`);
    expect(rest.body).toMatchObject({ epaRegistrationNumber: "7969-210", activeIngredient: "Fipronil 9.1%" });
    const restBad = await manager.put(`/api/inventory/${made.item.databaseId}`, { epaRegistrationNumber: "not-a-number" });
    expect(restBad.status).toBe(400);
    expect(restBad.body.field).toBe("epaRegistrationNumber");
    const cleared = await manager.put(`/api/inventory/${made.item.databaseId}`, { epaRegistrationNumber: "", activeIngredient: null });
    expect(cleared.body).toMatchObject({ epaRegistrationNumber: null, activeIngredient: null });
    const created = await manager.post("/api/inventory", { name: "REST chem", category: "Chemicals", epaRegistrationNumber: "279-3206", activeIngredient: "Bifenthrin 7.9%" });
    expect(created.status).toBe(201);
    expect(created.body.epaRegistrationNumber).toBe("279-3206");
  });
});

describe("recordChemicalUse", () => {
  it("takes the quantity from stock with a `used` movement, keeps the record with snapshots, and logs activity", async () => {
    const { item } = await createItem({ quantity: 10, epaRegistrationNumber: "100-1066", activeIngredient: "Lambda-cyhalothrin" });
    const res = await use(tech, { itemId: item.id, quantity: 3, date: isoDay(-1) });
    expect(res.__typename).toBe("RecordChemicalUsePayload");
    expect(res.item).toMatchObject({ id: item.id, quantity: 7 });
    expect(res.chemicalUse).toMatchObject({
      product: item.name,
      epaRegistrationNumber: "100-1066",
      activeIngredient: "Lambda-cyhalothrin",
      quantity: 3,
      unit: "bottles",
      siteAddress: "12 Oak Street, Springfield",
      targetPest: "Subterranean termites",
      usedAt: `${isoDay(-1)}T00:00:00.000Z`,
      technician: { username: "tech" },
      inventoryItem: { databaseId: item.databaseId },
    });

    const prisma = server.app.deps.prisma;
    const movement = await prisma.stockMovement.findFirst({ where: { itemId: item.databaseId }, orderBy: { id: "desc" } });
    expect(movement).toMatchObject({ delta: -3, quantityAfter: 7, reason: "used" });
    const stored = await prisma.chemicalUse.findUnique({ where: { id: res.chemicalUse.databaseId } });
    expect(stored?.stockMovementId).toBe(movement!.id);

    const activity = await ok(manager, `{ activity(first: 1) { edges { node { action entityType entityId details user { username } } } } }`);
    expect(activity.activity.edges[0].node).toEqual({
      action: "use",
      entityType: "inventory",
      entityId: item.databaseId,
      details: `Used 3 bottles of ${item.name} (EPA Reg. No. 100-1066) at 12 Oak Street, Springfield against Subterranean termites`,
      user: { username: "tech" },
    });

    // Renaming the product later leaves the record as it was.
    await manager.put(`/api/inventory/${item.databaseId}`, { name: `${item.name} (renamed)`, epaRegistrationNumber: "100-1067" });
    const after = await ok(manager, `query ($id: ID!) { node(id: $id) { ... on ChemicalUse { product epaRegistrationNumber } } }`, { id: res.chemicalUse.id });
    expect(after.node).toEqual({ product: item.name, epaRegistrationNumber: "100-1066" });
  });

  it("defaults the date to now", async () => {
    const { item } = await createItem({});
    const res = await use(tech, { itemId: item.id, quantity: 1 });
    expect(Math.abs(Date.parse(res.chemicalUse.usedAt) - Date.now())).toBeLessThan(60_000);
  });

  it("refuses more than is in stock, changing nothing", async () => {
    const { item } = await createItem({ quantity: 2 });
    const before = await server.app.deps.prisma.chemicalUse.count();
    const res = await use(tech, { itemId: item.id, quantity: 3 });
    expect(res).toMatchObject({ __typename: "ConflictError", message: `Not enough stock of ${item.name}: 2 bottles left, 3 requested` });
    expect(await server.app.deps.prisma.chemicalUse.count()).toBe(before);
    expect((await manager.get(`/api/inventory/${item.databaseId}`)).body.quantity).toBe(2);
  });

  it("of concurrent uses that together exceed the stock, the ones that fit win", async () => {
    const { item } = await createItem({ quantity: 5 });
    const results = await Promise.all([1, 2, 3].map(() => use(tech, { itemId: item.id, quantity: 2 })));
    expect(results.filter((r) => r.__typename === "RecordChemicalUsePayload")).toHaveLength(2);
    expect(results.filter((r) => r.__typename === "ConflictError")).toHaveLength(1);
    expect((await manager.get(`/api/inventory/${item.databaseId}`)).body.quantity).toBe(1);
  });

  it("validates every field", async () => {
    const { item } = await createItem({});
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 0 }, "quantity"],
      [{ siteAddress: "  " }, "siteAddress"],
      [{ targetPest: "" }, "targetPest"],
      [{ date: isoDay(2) }, "date"],
      [{ date: "yesterday" }, "date"],
    ];
    for (const [input, field] of cases) {
      const res = await use(tech, { itemId: item.id, quantity: 1, ...input });
      expect([field, res.__typename, res.field]).toEqual([field, "ValidationError", field]);
    }
    const wrongType = await use(tech, { itemId: Buffer.from("Equipment:1").toString("base64"), quantity: 1 });
    expect(wrongType).toMatchObject({ __typename: "ValidationError", field: "itemId" });
    const missing = await use(tech, { itemId: Buffer.from("InventoryItem:999999").toString("base64"), quantity: 1 });
    expect(missing).toMatchObject({ __typename: "NotFoundError" });
    const anonymous = await gql(server.anonymous(), USE, { input: { itemId: item.id, quantity: 1, siteAddress: "x", targetPest: "y" } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("taking an item to its minimum tells managers and raises the low-stock alert", async () => {
    const { item } = await createItem({ quantity: 6, minQuantity: 4 });
    await use(tech, { itemId: item.id, quantity: 2 });
    const notices = await ok(manager, `{ notifications(first: 5) { edges { node { kind inventoryItem { databaseId } } } } }`);
    expect(notices.notifications.edges[0].node).toEqual({ kind: "LOW_STOCK", inventoryItem: { databaseId: item.databaseId } });
  });
});
