import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERR, globalId, LiveSubscription, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/** Issue 15: stock locations, per-location stock, transfers, restocking, counts and their permissions. */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
let pnair: ApiClient;
let tbecker: ApiClient;
let agomez: ApiClient;
let main: { id: string; databaseId: number };
let truck: { id: string; databaseId: number };

const LOCATION = "id databaseId name kind archived holder { username }";

beforeAll(async () => {
  server = await startServer();
  [manager, tech, pnair, tbecker, agomez] = await Promise.all([server.as("manager"), server.as("tech"), server.as("pnair"), server.as("tbecker"), server.as("agomez")]);
  const data = await ok(manager, `{ stockLocations(first: 50) { totalCount edges { node { ${LOCATION} } } } }`);
  const nodes = data.stockLocations.edges.map((e: any) => e.node);
  main = nodes.find((n: any) => n.name === "Main Warehouse");
  truck = nodes.find((n: any) => n.name === "Truck 2");
});
afterAll(() => server.close());

/**
 * The invariants, read by SQL: every item's total equals the sum of its levels, no level is negative,
 * and every level equals the sum of the stock movements written at its location.
 */
async function expectStockConsistent() {
  const db = server.app.deps.prisma;
  const totals = await db.$queryRaw<unknown[]>`
    SELECT i.id, i.name, i.quantity, COALESCE(sum(l.quantity), 0)::int AS sum
    FROM "InventoryItem" i LEFT JOIN "StockLevel" l ON l."itemId" = i.id
    GROUP BY i.id HAVING i.quantity <> COALESCE(sum(l.quantity), 0)`;
  expect(totals, "items whose total is not the sum of their levels").toEqual([]);
  const negative = await db.$queryRaw<unknown[]>`SELECT * FROM "StockLevel" WHERE quantity < 0`;
  expect(negative).toEqual([]);
  const unexplained = await db.$queryRaw<unknown[]>`
    SELECT l."itemId", l."locationId", l.quantity, COALESCE(m.moved, 0)::int AS moved
    FROM "StockLevel" l
    LEFT JOIN (SELECT "itemId", "locationId", sum(delta) AS moved FROM "StockMovement" GROUP BY 1, 2) m
      ON m."itemId" = l."itemId" AND m."locationId" = l."locationId"
    WHERE l.quantity <> COALESCE(m.moved, 0)`;
  expect(unexplained, "levels that the movements at their location do not add up to").toEqual([]);
}

let seq = 0;
async function createItem(quantity: number, extra: Record<string, unknown> = {}) {
  const data = await ok(
    manager,
    `mutation ($input: CreateInventoryItemInput!) { createInventoryItem(input: $input) { ${ERR} ... on CreateInventoryItemPayload { item { id databaseId name quantity } } } }`,
    { input: { name: `Located ${++seq}`, category: "Supplies", unit: "boxes", quantity, minQuantity: 0, price: 250, ...extra } },
  );
  expect(data.createInventoryItem.__typename).toBe("CreateInventoryItemPayload");
  return data.createInventoryItem.item as { id: string; databaseId: number; name: string; quantity: number };
}

async function levelsOf(itemId: string): Promise<Record<string, number>> {
  const data = await ok(manager, `query ($id: ID!) { node(id: $id) { ... on InventoryItem { quantity stockLevels { location { name } quantity minQuantity } } } }`, { id: itemId });
  return Object.fromEntries(data.node.stockLevels.map((l: any) => [l.location.name, l.quantity]));
}

const TRANSFER = `mutation ($input: TransferStockInput!) { transferStock(input: $input) { ${ERR}
  ... on TransferStockPayload { item { quantity } from { quantity location { name } } to { quantity location { name } } } } }`;
const transfer = (as: ApiClient, itemId: string, from: string, to: string, quantity: number) =>
  ok(as, TRANSFER, { input: { itemId, fromLocationId: from, toLocationId: to, quantity } }).then((d) => d.transferStock);

async function createVehicle(name: string, holder?: string) {
  const holderId = holder ? globalId("User", (await server.app.deps.prisma.user.findUniqueOrThrow({ where: { username: holder } })).id) : undefined;
  const data = await ok(
    manager,
    `mutation ($input: CreateStockLocationInput!) { createStockLocation(input: $input) { ${ERR} ... on CreateStockLocationPayload { location { ${LOCATION} } } } }`,
    { input: { name, kind: "VEHICLE", holderId } },
  );
  expect(data.createStockLocation.__typename).toBe("CreateStockLocationPayload");
  return data.createStockLocation.location as { id: string; databaseId: number; name: string };
}

describe("the migration and the demo company", () => {
  it("put all stock in Main Warehouse, give Priya's truck some of it, and keep every total", async () => {
    expect(main).toMatchObject({ kind: "WAREHOUSE", archived: false, holder: null });
    expect(truck).toMatchObject({ kind: "VEHICLE", holder: { username: "pnair" } });
    const tyvek = await server.app.deps.prisma.inventoryItem.findFirstOrThrow({ where: { name: "Tyvek Disposable Coveralls" } });
    expect(tyvek.quantity).toBe(40);
    expect(await levelsOf(globalId("InventoryItem", tyvek.id))).toEqual({ "Main Warehouse": 34, "Truck 2": 6 });
    expect((await manager.get(`/api/inventory/${tyvek.id}`)).body.quantity).toBe(40);
    await expectStockConsistent();
  });

  it("lists locations and a location's stock over REST", async () => {
    const list = await tech.get("/api/locations");
    expect(list.status).toBe(200);
    expect(list.body.map((l: any) => [l.name, l.kind, l.holderName])).toEqual([
      ["Main Warehouse", "WAREHOUSE", null],
      ["Truck 2", "VEHICLE", "Priya Nair"],
    ]);
    // Tyvek 6 × $8.95, Protecta 2 × $12.75, flashlight 1 × $59.99, rebuild kit 1 × $38.50.
    expect(list.body[1]).toMatchObject({ totalQuantity: 10, belowMinimumCount: 2, value: 17769 });
    const viaGraphql = await ok(tech, `{ stockLocations(first: 10, kind: VEHICLE) { edges { node { name value belowMinimumCount } } } }`);
    expect(viaGraphql.stockLocations.edges.map((e: any) => e.node)).toEqual([{ name: "Truck 2", value: 17769, belowMinimumCount: 2 }]);
    const stock = await tech.get(`/api/locations/${truck.databaseId}/stock`);
    expect(stock.body.find((r: any) => r.name === "Protecta EVO Bait Station")).toMatchObject({ quantity: 2, minQuantity: 4, belowMinimum: true });
    expect((await tech.get("/api/locations?kind=BOAT")).status).toBe(400);
    expect((await tech.get("/api/locations/999999/stock")).status).toBe(404);
    expect((await server.anonymous().get("/api/locations")).status).toBe(401);
  });

  it("refuses a negative quantity at a location in the database itself", async () => {
    await expect(server.app.deps.prisma.$executeRaw`UPDATE "StockLevel" SET quantity = -1 WHERE "locationId" = ${main.databaseId}`).rejects.toThrow();
    await expectStockConsistent();
  });
});

describe("myVehicle (My Truck)", () => {
  it("is the vehicle the signed-in user holds, with its stock and figures read in the same query; null for a user who holds none", async () => {
    const q = `{ myVehicle { id name kind holder { username } belowMinimumCount stock(first: 50) { edges { node { quantity minQuantity item { name } } } } } }`;
    const mine = (await ok(pnair, q)).myVehicle;
    expect(mine).toMatchObject({ id: truck.id, name: "Truck 2", kind: "VEHICLE", holder: { username: "pnair" } });
    const stock = Object.fromEntries(mine.stock.edges.map((e: any) => [e.node.item.name, [e.node.quantity, e.node.minQuantity]]));
    expect(stock["Tyvek Disposable Coveralls"]).toEqual([6, 4]);
    expect(mine.belowMinimumCount).toBe(mine.stock.edges.filter((e: any) => e.node.minQuantity !== null && e.node.quantity < e.node.minQuantity).length);
    expect((await ok(tech, q)).myVehicle).toBeNull();
    expect((await ok(manager, q)).myVehicle).toBeNull();
  });
});

describe("mainWarehouse", () => {
  it("is the oldest active warehouse for anyone signed in, also after a newer warehouse is made; signed out it is refused", async () => {
    const q = `{ mainWarehouse { id name kind archived } }`;
    expect((await ok(tech, q)).mainWarehouse).toEqual({ id: main.id, name: "Main Warehouse", kind: "WAREHOUSE", archived: false });
    const made = await ok(manager, `mutation ($input: CreateStockLocationInput!) { createStockLocation(input: $input) { ${ERR} ... on CreateStockLocationPayload { location { id } } } }`, {
      input: { name: `Annex ${Date.now()}`, kind: "WAREHOUSE" },
    });
    expect(made.createStockLocation.__typename).toBe("CreateStockLocationPayload");
    expect((await ok(manager, q)).mainWarehouse.id).toBe(main.id);
    // Archived again, so the other tests see one active warehouse.
    const archived = await ok(manager, `mutation ($id: ID!) { archiveStockLocation(input: { id: $id }) { ${ERR} ... on ArchiveStockLocationPayload { location { archived } } } }`, {
      id: made.createStockLocation.location.id,
    });
    expect(archived.archiveStockLocation.location.archived).toBe(true);
    const anonymous = await server.anonymous().post("/graphql", { query: q });
    expect(anonymous.body.errors?.[0]?.extensions?.code, anonymous.text).toBe("UNAUTHENTICATED");
  });
});

describe("every kind of write keeps an item's total equal to the sum of its levels", () => {
  it("create, edit, transfer, approve from a picked location, chemical use from the vehicle, and deletion", async () => {
    const item = await createItem(20);
    expect(await levelsOf(item.id)).toEqual({ "Main Warehouse": 20 });
    await expectStockConsistent();

    // An edit of the total changes the main warehouse.
    expect((await manager.put(`/api/inventory/${item.databaseId}`, { quantity: 25 })).body.quantity).toBe(25);
    await expectStockConsistent();

    const moved = await transfer(manager, item.id, main.id, truck.id, 8);
    expect(moved).toMatchObject({ item: { quantity: 25 }, from: { quantity: 17, location: { name: "Main Warehouse" } }, to: { quantity: 8, location: { name: "Truck 2" } } });
    await expectStockConsistent();

    // Lowering the total below what the warehouse has is refused: the rest is on the truck.
    const tooLow = await manager.put(`/api/inventory/${item.databaseId}`, { quantity: 5 });
    expect(tooLow.status).toBe(409);
    expect(tooLow.body.field).toBe("quantity");
    expect((await manager.put(`/api/inventory/${item.databaseId}`, { quantity: 20 })).body.quantity).toBe(20);
    expect(await levelsOf(item.id)).toEqual({ "Main Warehouse": 12, "Truck 2": 8 });
    await expectStockConsistent();

    // Approval issues from the location the manager picks (REST body), or the main warehouse.
    const request = await tech.post("/api/requests", { type: "inventory", justification: "Job", items: JSON.stringify([{ id: item.databaseId, quantity: 3 }]) });
    const approved = await manager.put(`/api/requests/${request.body.id}/approve`, { fromLocationId: truck.databaseId });
    expect(approved.status).toBe(200);
    expect(await levelsOf(item.id)).toEqual({ "Main Warehouse": 12, "Truck 2": 5 });
    const second = await tech.post("/api/requests", { type: "inventory", justification: "Job", items: JSON.stringify([{ id: item.databaseId, quantity: 2 }]) });
    const viaGraphql = await ok(manager, `mutation ($input: ApproveRequestInput!) { approveRequest(input: $input) { ${ERR} ... on ApproveRequestPayload { request { status } } } }`, {
      input: { id: globalId("Request", second.body.id) },
    });
    expect(viaGraphql.approveRequest.request.status).toBe("approved");
    expect(await levelsOf(item.id)).toEqual({ "Main Warehouse": 10, "Truck 2": 5 });
    // Not enough at the picked location: nothing changes, the request stays pending.
    const third = await tech.post("/api/requests", { type: "inventory", justification: "Job", items: JSON.stringify([{ id: item.databaseId, quantity: 6 }]) });
    const short = await manager.put(`/api/requests/${third.body.id}/approve`, { fromLocationId: truck.databaseId });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(`Not enough stock of ${item.name}: 5 boxes left at Truck 2, 6 requested`);
    expect((await manager.get(`/api/requests/${third.body.id}`)).body.status).toBe("pending");
    await expectStockConsistent();

    // Chemical use: Priya's comes off her truck; Marcus holds no vehicle, so his comes from the warehouse.
    const USE = `mutation ($input: RecordChemicalUseInput!) { recordChemicalUse(input: $input) { ${ERR} ... on RecordChemicalUsePayload { item { quantity } } } }`;
    const use = (as: ApiClient, extra: Record<string, unknown> = {}) =>
      ok(as, USE, { input: { itemId: item.id, quantity: 1, siteAddress: "1 Elm St", targetPest: "Ants", ...extra } }).then((d) => d.recordChemicalUse);
    expect((await use(pnair)).item.quantity).toBe(14);
    expect((await use(tech)).item.quantity).toBe(13);
    expect(await levelsOf(item.id)).toEqual({ "Main Warehouse": 9, "Truck 2": 4 });
    // Priya may pick the warehouse; Marcus may not take from Priya's truck.
    expect((await use(pnair, { locationId: main.id })).item.quantity).toBe(12);
    expect((await use(tech, { locationId: truck.id })).__typename).toBe("ForbiddenError");
    await expectStockConsistent();

    expect((await manager.delete(`/api/inventory/${item.databaseId}`)).status).toBe(204);
    await expectStockConsistent();
  });
});

describe("transfers", () => {
  it("of racing transfers that together exceed what is there, exactly the ones that fit win", async () => {
    const item = await createItem(10);
    const results = await Promise.all(Array.from({ length: 8 }, () => transfer(manager, item.id, main.id, truck.id, 3)));
    const won = results.filter((r) => r.__typename === "TransferStockPayload");
    const lost = results.filter((r) => r.__typename === "ConflictError");
    expect([won.length, lost.length]).toEqual([3, 5]);
    expect(lost[0].message).toMatch(/^Not enough stock of Located \d+: 1 boxes left at Main Warehouse, 3 requested$/);
    expect(await levelsOf(item.id)).toEqual({ "Main Warehouse": 1, "Truck 2": 9 });
    const movements = await server.app.deps.prisma.stockMovement.findMany({ where: { itemId: item.databaseId, reason: "transfer" } });
    expect(movements.map((m) => m.delta).sort((a, b) => a - b)).toEqual([-3, -3, -3, 3, 3, 3]);
    await expectStockConsistent();
  });

  it("validates its input and refuses archived or unknown locations", async () => {
    const item = await createItem(5);
    expect((await transfer(manager, item.id, main.id, main.id, 1)).field).toBe("toLocationId");
    expect((await transfer(manager, item.id, main.id, truck.id, 0)).field).toBe("quantity");
    expect((await transfer(manager, item.id, main.id, item.id, 1)).field).toBe("toLocationId");
    expect((await transfer(manager, item.id, main.id, globalId("StockLocation", 99999), 1)).__typename).toBe("NotFoundError");
    expect(await levelsOf(item.id)).toEqual({ "Main Warehouse": 5 });
  });
});

describe("permissions", () => {
  it("an employee moves stock only between a warehouse and the vehicle they hold", async () => {
    const item = await createItem(10);
    expect((await transfer(pnair, item.id, main.id, truck.id, 4)).__typename).toBe("TransferStockPayload");
    expect((await transfer(pnair, item.id, truck.id, main.id, 1)).__typename).toBe("TransferStockPayload");
    const vanB = await createVehicle("Van B", "tbecker");
    expect((await transfer(pnair, item.id, main.id, vanB.id, 1)).__typename).toBe("ForbiddenError");
    expect((await transfer(pnair, item.id, truck.id, vanB.id, 1)).__typename).toBe("ForbiddenError");
    expect((await transfer(tech, item.id, main.id, truck.id, 1)).__typename).toBe("ForbiddenError");
    expect((await transfer(tbecker, item.id, truck.id, main.id, 1)).__typename).toBe("ForbiddenError");
    expect((await transfer(manager, item.id, truck.id, vanB.id, 1)).__typename).toBe("TransferStockPayload");
    expect(await levelsOf(item.id)).toEqual({ "Main Warehouse": 7, "Truck 2": 2, "Van B": 1 });
    await expectStockConsistent();
  });

  it("managers alone manage locations and minimums; counts and restocking are the holder's or a manager's", async () => {
    const create = await ok(tech, `mutation { createStockLocation(input: { name: "Mine", kind: VEHICLE }) { ${ERR} } }`);
    expect(create.createStockLocation.__typename).toBe("ForbiddenError");
    const item = await createItem(1);
    const setMin = (as: ApiClient) =>
      ok(as, `mutation ($input: SetLocationMinimumInput!) { setLocationMinimum(input: $input) { ${ERR} ... on SetLocationMinimumPayload { stockLevel { minQuantity quantity } } } }`, {
        input: { locationId: truck.id, itemId: item.id, minQuantity: 3 },
      }).then((d) => d.setLocationMinimum);
    expect((await setMin(pnair)).__typename).toBe("ForbiddenError");
    expect((await setMin(manager)).stockLevel).toEqual({ minQuantity: 3, quantity: 0 });
    const start = (as: ApiClient, locationId: string) =>
      ok(as, `mutation ($id: ID!) { startStockCount(input: { locationId: $id }) { ${ERR} ... on StartStockCountPayload { count { id status } } } }`, { id: locationId }).then(
        (d) => d.startStockCount,
      );
    expect((await start(pnair, main.id)).__typename).toBe("ForbiddenError");
    expect((await start(tech, truck.id)).__typename).toBe("ForbiddenError");
    const own = await start(pnair, truck.id);
    expect(own.count.status).toBe("OPEN");
    expect((await start(manager, truck.id)).__typename).toBe("ConflictError");
    const abandon = await ok(pnair, `mutation ($id: ID!) { abandonStockCount(input: { countId: $id }) { ${ERR} ... on AbandonStockCountPayload { count { status } } } }`, {
      id: own.count.id,
    });
    expect(abandon.abandonStockCount.count.status).toBe("ABANDONED");
    const suggestions = (as: ApiClient) => as.post("/graphql", { query: `{ restockSuggestions(locationId: "${truck.id}") { suggestedQuantity } }` });
    expect((await suggestions(tech)).body.errors?.[0]?.message).toBe("You may only see restocking for the vehicle you hold");
    expect((await suggestions(pnair)).body.errors).toBeUndefined();
    // Take the minimum off again so the restock test below sees only the demo truck's own.
    await ok(manager, `mutation ($input: SetLocationMinimumInput!) { setLocationMinimum(input: $input) { ${ERR} } }`, {
      input: { locationId: truck.id, itemId: item.id, minQuantity: null },
    });
  });
});

describe("restocking a vehicle", () => {
  it("suggests what brings it back to its minimums and turns that into transfers from the warehouse", async () => {
    const RESTOCK = `{ restockSuggestions(locationId: "${truck.id}") { item { name } quantity minQuantity suggestedQuantity availableAtSource } }`;
    // The technician's own view of the truck carries its figures (read with the truck, not per field).
    const mine = (await ok(pnair, "{ myVehicle { id name value belowMinimumCount } }")).myVehicle;
    expect(mine).toMatchObject({ id: truck.id, belowMinimumCount: 2 });
    expect(mine.value).toBeGreaterThan(0);
    const before = (await ok(pnair, RESTOCK)).restockSuggestions;
    expect(before).toEqual([
      { item: { name: "Inspection Flashlight 1000 lm" }, quantity: 1, minQuantity: 2, suggestedQuantity: 1, availableAtSource: 6 },
      { item: { name: "Protecta EVO Bait Station" }, quantity: 2, minQuantity: 4, suggestedQuantity: 2, availableAtSource: 7 },
    ]);
    const done = await ok(pnair, `mutation ($id: ID!) { restockLocation(input: { locationId: $id }) { ${ERR} ... on RestockLocationPayload { transferredUnits transferred { item { name } quantity } } } }`, {
      id: truck.id,
    });
    expect(done.restockLocation.transferredUnits).toBe(3);
    expect(done.restockLocation.transferred).toEqual([
      { item: { name: "Protecta EVO Bait Station" }, quantity: 4 },
      { item: { name: "Inspection Flashlight 1000 lm" }, quantity: 2 },
    ]);
    expect((await ok(pnair, RESTOCK)).restockSuggestions).toEqual([]);
    const protecta = await server.app.deps.prisma.inventoryItem.findFirstOrThrow({ where: { name: "Protecta EVO Bait Station" } });
    expect(protecta.quantity).toBe(9);
    await expectStockConsistent();
  });

  it("gives what the warehouse has when it has less than suggested", async () => {
    const item = await createItem(3);
    await ok(manager, `mutation ($input: SetLocationMinimumInput!) { setLocationMinimum(input: $input) { ${ERR} } }`, {
      input: { locationId: truck.id, itemId: item.id, minQuantity: 5 },
    });
    const done = await ok(manager, `mutation ($id: ID!) { restockLocation(input: { locationId: $id }) { ${ERR} ... on RestockLocationPayload { transferredUnits } } }`, { id: truck.id });
    expect(done.restockLocation.transferredUnits).toBe(3);
    expect(await levelsOf(item.id)).toEqual({ "Truck 2": 3 });
    await expectStockConsistent();
  });
});

describe("stock counts", () => {
  const COUNT_LINES = "lines { item { name } snapshotQuantity expectedQuantity movedAfterCount countedQuantity variance }";
  const record = (as: ApiClient, countId: string, itemId: string, how: Record<string, number>) =>
    ok(as, `mutation ($input: RecordStockCountInput!) { recordStockCount(input: $input) { ${ERR} ... on RecordStockCountPayload { line { countedQuantity expectedQuantity } } } }`, {
      input: { countId, itemId, ...how },
    }).then((d) => d.recordStockCount);

  it("compares against the snapshot plus what moved before each item was counted, and keeps later changes", async () => {
    const van = await createVehicle("Van C", "agomez");
    const [counted, scanned, untouched] = [await createItem(20), await createItem(0), await createItem(4)];
    await transfer(manager, counted.id, main.id, van.id, 10);
    await transfer(manager, untouched.id, main.id, van.id, 4);
    const started = await ok(agomez, `mutation ($id: ID!) { startStockCount(input: { locationId: $id }) { ${ERR} ... on StartStockCountPayload { count { id status } } } }`, { id: van.id });
    const countId = started.startStockCount.count.id;

    // Moved in during the count, before counting: expected 10 + 2.
    await transfer(agomez, counted.id, main.id, van.id, 2);
    expect(await record(agomez, countId, counted.id, { countedQuantity: 11 })).toMatchObject({ line: { countedQuantity: 11, expectedQuantity: 12 } });
    // Used after it was counted: kept apart, not part of what the count expects.
    const use = await ok(agomez, `mutation ($input: RecordChemicalUseInput!) { recordChemicalUse(input: $input) { ${ERR} ... on RecordChemicalUsePayload { item { quantity } } } }`, {
      input: { itemId: counted.id, quantity: 1, siteAddress: "2 Elm St", targetPest: "Ants" },
    });
    expect(use.recordChemicalUse.item.quantity).toBe(19);
    // Scanning an item that was not expected there adds one per scan.
    await record(agomez, countId, scanned.id, { add: 1 });
    expect(await record(agomez, countId, scanned.id, { add: 1 })).toMatchObject({ line: { countedQuantity: 2, expectedQuantity: 0 } });
    expect((await record(agomez, countId, counted.id, { countedQuantity: 1, add: 1 })).__typename).toBe("ValidationError");
    expect((await record(agomez, countId, counted.id, { countedQuantity: -1 })).field).toBe("countedQuantity");
    await expectStockConsistent();

    const done = await ok(agomez, `mutation ($id: ID!) { completeStockCount(input: { countId: $id }) { ${ERR} ... on CompleteStockCountPayload { count { status ${COUNT_LINES} } } } }`, {
      id: countId,
    });
    const count = done.completeStockCount.count;
    expect(count.status).toBe("COMPLETED");
    const byName = Object.fromEntries(count.lines.map((l: any) => [l.item.name, l]));
    expect(byName[counted.name]).toEqual({ item: { name: counted.name }, snapshotQuantity: 10, expectedQuantity: 12, movedAfterCount: -1, countedQuantity: 11, variance: -1 });
    expect(byName[scanned.name]).toMatchObject({ snapshotQuantity: 0, expectedQuantity: 0, countedQuantity: 2, variance: 2 });
    expect(byName[untouched.name]).toMatchObject({ snapshotQuantity: 4, countedQuantity: null, variance: null });
    // 12 expected, 11 counted (−1), then 1 used after counting: 10 on the van.
    expect(await levelsOf(counted.id)).toEqual({ "Main Warehouse": 8, "Van C": 10 });
    expect(await levelsOf(scanned.id)).toEqual({ "Van C": 2 });
    expect(await levelsOf(untouched.id)).toEqual({ "Van C": 4 });
    const adjustments = await server.app.deps.prisma.stockMovement.findMany({ where: { reason: "count", locationId: van.databaseId }, orderBy: { itemId: "asc" } });
    expect(adjustments.map((m) => [m.itemId, m.delta])).toEqual([
      [counted.databaseId, -1],
      [scanned.databaseId, 2],
    ]);
    await expectStockConsistent();

    // A finished count takes no more changes.
    expect((await record(agomez, countId, counted.id, { countedQuantity: 5 })).__typename).toBe("ConflictError");
    const again = await ok(agomez, `mutation ($id: ID!) { completeStockCount(input: { countId: $id }) { ${ERR} } }`, { id: countId });
    expect(again.completeStockCount.__typename).toBe("ConflictError");
  });

  it("hears of an item created with stock while the warehouse is being counted: expected is what it was created with", async () => {
    const started = await ok(manager, `mutation ($id: ID!) { startStockCount(input: { locationId: $id }) { ${ERR} ... on StartStockCountPayload { count { id } } } }`, { id: main.id });
    const countId = started.startStockCount.count.id;
    try {
      // Created (with its level, movement and count note in one statement) after the snapshot.
      const fresh = await createItem(6);
      const line = await record(manager, countId, fresh.id, { countedQuantity: 5 });
      expect(line).toMatchObject({ line: { countedQuantity: 5, expectedQuantity: 6 } });
      await expectStockConsistent();
      const done = await ok(manager, `mutation ($id: ID!) { completeStockCount(input: { countId: $id }) { ${ERR} ... on CompleteStockCountPayload { count { ${COUNT_LINES} } } } }`, { id: countId });
      const mine = done.completeStockCount.count.lines.find((l: any) => l.item.name === fresh.name);
      expect(mine).toMatchObject({ snapshotQuantity: 0, expectedQuantity: 6, countedQuantity: 5, variance: -1 });
      expect(await levelsOf(fresh.id)).toEqual({ "Main Warehouse": 5 });
      await expectStockConsistent();
    } finally {
      await server.app.deps.prisma.stockCount.updateMany({ where: { status: "OPEN" }, data: { status: "ABANDONED" } });
    }
  });

  it("an abandoned count changes nothing", async () => {
    const item = await createItem(6);
    const started = await ok(manager, `mutation ($id: ID!) { startStockCount(input: { locationId: $id }) { ${ERR} ... on StartStockCountPayload { count { id } } } }`, { id: main.id });
    const countId = started.startStockCount.count.id;
    await record(manager, countId, item.id, { countedQuantity: 1 });
    const abandoned = await ok(manager, `mutation ($id: ID!) { abandonStockCount(input: { countId: $id }) { ${ERR} ... on AbandonStockCountPayload { count { status } } } }`, { id: countId });
    expect(abandoned.abandonStockCount.count.status).toBe("ABANDONED");
    expect(await levelsOf(item.id)).toEqual({ "Main Warehouse": 6 });
    await expectStockConsistent();
  });
});

describe("locations themselves", () => {
  it("are archived only when empty, and the last warehouse stays", async () => {
    const ARCHIVE = `mutation ($id: ID!) { archiveStockLocation(input: { id: $id }) { ${ERR} ... on ArchiveStockLocationPayload { location { archived } } } }`;
    expect((await ok(manager, ARCHIVE, { id: truck.id })).archiveStockLocation.__typename).toBe("ConflictError");
    expect((await ok(manager, ARCHIVE, { id: main.id })).archiveStockLocation.__typename).toBe("ConflictError");
    const empty = await createVehicle("Spare van");
    expect((await ok(manager, ARCHIVE, { id: empty.id })).archiveStockLocation.location.archived).toBe(true);
    const item = await createItem(2);
    expect((await transfer(manager, item.id, main.id, empty.id, 1)).__typename).toBe("ConflictError");
    // One active vehicle per holder.
    const dup = await ok(manager, `mutation ($input: CreateStockLocationInput!) { createStockLocation(input: $input) { ${ERR} } }`, {
      input: { name: "Second truck", kind: "VEHICLE", holderId: globalId("User", (await server.app.deps.prisma.user.findUniqueOrThrow({ where: { username: "pnair" } })).id) },
    });
    expect(dup.createStockLocation).toMatchObject({ __typename: "ConflictError", field: "holderId" });
    const kinds = await ok(tech, `{ stockLocations(first: 10, kind: WAREHOUSE) { totalCount edges { node { name } } } }`);
    expect(kinds.stockLocations.edges.map((e: any) => e.node.name)).toEqual(["Main Warehouse"]);
  });

  it("announce changes on stockLocationChanged", async () => {
    const sub = await LiveSubscription.open(server, manager.cookie, `subscription { stockLocationChanged { locations { name } } }`);
    try {
      const item = await createItem(2);
      await transfer(manager, item.id, main.id, truck.id, 1);
      const data = await sub.next((d) => d.stockLocationChanged.locations.length === 2, "the transfer's locations");
      expect(data.stockLocationChanged.locations.map((l: any) => l.name).sort()).toEqual(["Main Warehouse", "Truck 2"]);
    } finally {
      await sub.close();
    }
  });
});
