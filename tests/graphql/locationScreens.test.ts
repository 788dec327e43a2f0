import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERR, globalId, isoDay, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/** Issue 15, what the Locations screens need from the server: location labels and scanning them, and stock value by location. */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;

beforeAll(async () => {
  server = await startServer();
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
});
afterAll(() => server.close());

const DAY = 86_400_000;

async function createLocation(name: string, kind: "WAREHOUSE" | "VEHICLE", holder?: string) {
  const holderId = holder ? globalId("User", (await server.app.deps.prisma.user.findUniqueOrThrow({ where: { username: holder } })).id) : undefined;
  const data = await ok(
    manager,
    `mutation ($input: CreateStockLocationInput!) { createStockLocation(input: $input) { ${ERR} ... on CreateStockLocationPayload { location { id databaseId name labelCode } } } }`,
    { input: { name, kind, holderId } },
  );
  expect(data.createStockLocation.__typename).toBe("CreateStockLocationPayload");
  return data.createStockLocation.location as { id: string; databaseId: number; name: string; labelCode: string };
}

const SCAN = `query ($code: String!) { scanLookup(code: $code) { __typename ... on Error { message }
  ... on ScanLookupSuccess { data { __typename ... on StockLocation { id name kind } ... on InventoryItem { id name } } } } }`;

describe("location labels", () => {
  it("a location's label carries trapline:location:<id>, and scanning it finds that location (GraphQL and REST), for an employee too", async () => {
    const van = await createLocation("Label Van", "VEHICLE");
    expect(van.labelCode).toBe(`trapline:location:${van.databaseId}`);

    for (const as of [manager, tech]) {
      const found = (await ok(as, SCAN, { code: van.labelCode })).scanLookup;
      expect(found).toEqual({ __typename: "ScanLookupSuccess", data: { __typename: "StockLocation", id: van.id, name: "Label Van", kind: "VEHICLE" } });
    }
    // Read as the server reads labels: any case, spaces around.
    expect((await ok(tech, SCAN, { code: `  TRAPLINE:Location:${van.databaseId} ` })).scanLookup.data.id).toBe(van.id);

    const rest = await tech.post("/api/scan/lookup", { qrData: van.labelCode });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body).toEqual({ type: "location", data: { id: van.databaseId, name: "Label Van", kind: "VEHICLE", archived: false, holderId: null } });
  });

  it("a location label whose location does not exist is not found, and never falls through to an item with the same id", async () => {
    const item = await manager.post("/api/inventory", { name: "Id Twin", category: "Supplies", unit: "boxes", quantity: 1 });
    expect(item.status).toBe(201);
    // A location id no location has, which is the item's id.
    const missing = item.body.id as number;
    expect(await server.app.deps.prisma.stockLocation.findUnique({ where: { id: missing } })).toBeNull();
    const res = (await ok(manager, SCAN, { code: `trapline:location:${missing}` })).scanLookup;
    expect(res).toEqual({ __typename: "NotFoundError", message: `No stock location found for code trapline:location:${missing}` });
    expect((await manager.post("/api/scan/lookup", { qrData: `trapline:location:${missing}` })).status).toBe(404);
    // The item's own label still names the item.
    expect((await ok(manager, SCAN, { code: `trapline:inventory:${item.body.id}` })).scanLookup.data).toEqual({ __typename: "InventoryItem", id: globalId("InventoryItem", item.body.id), name: "Id Twin" });
  });
});

const BY_LOCATION = `query ($from: String!, $to: String!) { reports(from: $from, to: $to) { __typename ... on Error { message }
  ... on Reports { stockValueByLocation { locationDatabaseId name kind holder archived items quantity valueCents unpricedItems } } } }`;

async function byLocation(from: string, to: string, as: ApiClient = manager) {
  return (await ok(as, BY_LOCATION, { from, to })).reports;
}

describe("stock value by location", () => {
  it("is for managers only", async () => {
    const res = await byLocation(isoDay(0), isoDay(0), tech);
    expect(res.__typename).toBe("ForbiddenError");
  });

  it("values each location's stock at the end of the range: a transfer moves value, earlier days see the levels of then", async () => {
    const truck = await createLocation("Value Truck", "VEHICLE", "agomez");
    const shed = await createLocation("Empty Shed", "WAREHOUSE");
    const created = await manager.post("/api/inventory", { name: "Valued Bait", category: "Bait", unit: "boxes", quantity: 10, price: 300 });
    expect(created.status).toBe(201);
    const unpriced = await manager.post("/api/inventory", { name: "Unpriced Bait", category: "Bait", unit: "boxes", quantity: 4 });
    const itemId = globalId("InventoryItem", created.body.id);
    const rows = await byLocation(isoDay(0), isoDay(0));
    const main = rows.stockValueByLocation.find((r: any) => r.name === "Main Warehouse");

    const move = async (id: string, quantity: number) => {
      const data = await ok(
        manager,
        `mutation ($input: TransferStockInput!) { transferStock(input: $input) { ${ERR} } }`,
        { input: { itemId: id, fromLocationId: globalId("StockLocation", main.locationDatabaseId), toLocationId: truck.id, quantity } },
      );
      expect(data.transferStock.__typename).toBe("TransferStockPayload");
    };
    await move(itemId, 4);
    await move(globalId("InventoryItem", unpriced.body.id), 1);

    const today = (await byLocation(isoDay(0), isoDay(0))).stockValueByLocation;
    const row = (name: string) => today.find((r: any) => r.name === name);
    expect(row("Value Truck")).toEqual({
      locationDatabaseId: truck.databaseId,
      name: "Value Truck",
      kind: "VEHICLE",
      holder: "Alicia Gomez",
      archived: false,
      items: 2,
      quantity: 5,
      valueCents: 1200,
      unpricedItems: 1,
    });
    // An active location with nothing in it is listed at 0.
    expect(row("Empty Shed")).toMatchObject({ items: 0, quantity: 0, valueCents: 0, unpricedItems: 0 });
    // What left the warehouse is the truck's now: the warehouse lost exactly that value.
    expect(row("Main Warehouse").valueCents).toBe(main.valueCents - 1200);
    // The sum over locations is the sum over categories.
    const categories = await ok(manager, `query ($d: String!) { reports(from: $d, to: $d) { ... on Reports { stockValueByCategory { valueCents quantity } } } }`, { d: isoDay(0) });
    const sum = (rs: any[], k: string) => rs.reduce((s, r) => s + r[k], 0);
    expect(sum(today, "valueCents")).toBe(sum(categories.reports.stockValueByCategory, "valueCents"));
    expect(sum(today, "quantity")).toBe(sum(categories.reports.stockValueByCategory, "quantity"));

    // Backdate the two transfers to three days ago, then take 2 back today: the range ending two days ago sees 4, today 2.
    const prisma = server.app.deps.prisma;
    await prisma.stockMovement.updateMany({ where: { locationId: truck.databaseId }, data: { createdAt: new Date(Date.now() - 3 * DAY) } });
    const back = await ok(
      manager,
      `mutation ($input: TransferStockInput!) { transferStock(input: $input) { ${ERR} } }`,
      { input: { itemId, fromLocationId: truck.id, toLocationId: globalId("StockLocation", main.locationDatabaseId), quantity: 2 } },
    );
    expect(back.transferStock.__typename).toBe("TransferStockPayload");
    const then = (await byLocation(isoDay(-4), isoDay(-2))).stockValueByLocation.find((r: any) => r.name === "Value Truck");
    expect(then).toMatchObject({ items: 2, quantity: 5, valueCents: 1200 });
    const now = (await byLocation(isoDay(-4), isoDay(0))).stockValueByLocation.find((r: any) => r.name === "Value Truck");
    expect(now).toMatchObject({ items: 2, quantity: 3, valueCents: 600 });
    // Before anything moved there the truck held nothing.
    expect((await byLocation(isoDay(-6), isoDay(-5))).stockValueByLocation.find((r: any) => r.name === "Value Truck")).toMatchObject({ quantity: 0, valueCents: 0 });
    expect(shed.name).toBe("Empty Shed");
  });

  it("lists an archived location only when it held stock at the end of the range", async () => {
    const old = await createLocation("Retired Van", "VEHICLE");
    const archived = await ok(manager, `mutation ($input: ArchiveStockLocationInput!) { archiveStockLocation(input: $input) { ${ERR} } }`, { input: { id: old.id } });
    expect(archived.archiveStockLocation.__typename).toBe("ArchiveStockLocationPayload");
    const names = (await byLocation(isoDay(0), isoDay(0))).stockValueByLocation.map((r: any) => r.name);
    expect(names).not.toContain("Retired Van");
    expect(names).toContain("Main Warehouse");
  });
});
