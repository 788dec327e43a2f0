import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERR, globalId, ok } from "../helpers/graphql.ts";
import { documentedOperation } from "../helpers/openapi.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/*
 * Issue 32, tried with a generated client: the cases the issue names, each of which answered 500 or
 * 200 before. Every integer is held to what the database keeps, before any SQL, on REST and GraphQL;
 * derived values cannot overflow; the document asks exactly what the server does.
 */

let server: TestServer;
let manager: ApiClient;

beforeAll(async () => {
  server = await startServer();
  manager = await server.as("manager");
});
afterAll(() => server.close());

describe("integers past 32 bits are refused before any SQL", () => {
  it("PUT /api/sds-files with an itemId of 138696097635837 is a 400 naming itemId", async () => {
    const res = await manager.put("/api/sds-files", { sdsFileUrl: null, itemId: 138696097635837, itemType: "inventory" });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("itemId");
  });

  it("POST /api/requests with an item id of 2147483648 is a 400", async () => {
    const res = await manager.post("/api/requests", { type: "inventory", justification: "big", items: JSON.stringify([{ id: 2147483648, quantity: 1 }]) });
    expect(res.status).toBe(400);
    expect(res.body.field).toMatch(/^items/);
  });

  it("approving with fromLocationId 1493243689113120 is a 400 naming it", async () => {
    const items = (await manager.get("/api/inventory")).body;
    const filed = await manager.post("/api/requests", { type: "inventory", justification: "x", items: JSON.stringify([{ id: items[0].id, quantity: 1 }]) });
    const res = await manager.put(`/api/requests/${filed.body.id}/approve`, { fromLocationId: 1493243689113120 });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("fromLocationId");
    expect((await manager.get(`/api/requests/${filed.body.id}`)).body.status).toBe("pending");
  });

  it("a path id past 2^31 is a 400, not a 500", async () => {
    for (const path of ["/api/inventory/2147483648", "/api/equipment/99999999999", "/api/requests/2147483648"]) {
      const res = await manager.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.field).toBe("id");
    }
  });
});

describe("derived values", () => {
  it("a minimum of 715827883 (its Warning level passes 2^31) is stored, on REST and GraphQL, and the item reads as In Stock or not", async () => {
    const rest = await manager.post("/api/inventory", { name: "Huge minimum", category: "Supplies", quantity: 5, minQuantity: 715827883 });
    expect(rest.status).toBe(201);
    expect(rest.body.minQuantity).toBe(715827883);
    const largest = await manager.post("/api/inventory", { name: "Largest minimum", category: "Supplies", quantity: 2147483647, minQuantity: 2147483647 });
    expect(largest.status).toBe(201);
    const data = await ok(manager, `mutation { createInventoryItem(input: { name: "Huge minimum GQL", category: "Supplies", quantity: 1, minQuantity: 1500000000 }) { ${ERR} ... on CreateInventoryItemPayload { item { minQuantity stockStatus } } } }`);
    expect(data.createInventoryItem.item).toEqual({ minQuantity: 1500000000, stockStatus: "LOW_STOCK" });
    const items = await ok(manager, `{ inventoryItems(first: 5, search: "minimum", stockStatus: LOW_STOCK) { edges { node { name } } } }`);
    expect(items.inventoryItems.edges.map((e: any) => e.node.name).sort()).toEqual(["Huge minimum", "Huge minimum GQL", "Largest minimum"]);
  });

  it("a stock total pushed past what a column holds is a 400 and changes nothing", async () => {
    const item = await manager.post("/api/inventory", { name: "Nearly full", category: "Supplies", quantity: 2147483000 });
    expect(item.status).toBe(201);
    const grew = await manager.put(`/api/inventory/${item.body.id}`, { quantity: 2147483647 });
    expect(grew.status).toBe(200);
    // Values of a location: quantity × price past 2^31 cents is answered, not a 500.
    const priced = await manager.put(`/api/inventory/${item.body.id}`, { price: 2000000000 });
    expect(priced.status).toBe(200);
    const locations = await manager.get("/api/locations");
    expect(locations.status).toBe(200);
    const main = locations.body.find((l: any) => l.name === "Main Warehouse");
    expect(main.value).toBeGreaterThan(2 ** 52);
    const location = await ok(manager, `{ mainWarehouse { value } }`);
    expect(location.mainWarehouse.value).toBeGreaterThan(2 ** 52);
    // A receipt that would pass the largest stock (GraphQL: a purchase order received into it).
    const supplier = await ok(manager, `mutation { createSupplier(input: { name: "Overflow Co" }) { ... on CreateSupplierPayload { supplier { id } } } }`);
    const order = await ok(
      manager,
      `mutation ($s: ID!, $i: ID!) { createPurchaseOrder(input: { supplierId: $s, lines: [{ itemId: $i, quantity: 10, unitCostCents: 1 }] }) { ... on CreatePurchaseOrderPayload { purchaseOrder { id lines { id } } } } }`,
      { s: supplier.createSupplier.supplier.id, i: globalId("InventoryItem", item.body.id) },
    );
    const po = order.createPurchaseOrder.purchaseOrder;
    await ok(manager, `mutation ($id: ID!) { placePurchaseOrder(input: { id: $id }) { __typename } }`, { id: po.id });
    const received = await ok(manager, `mutation ($id: ID!, $l: ID!) { receivePurchaseOrder(input: { id: $id, lines: [{ lineId: $l, quantity: 10 }] }) { ${ERR} } }`, { id: po.id, l: po.lines[0].id });
    expect(received.receivePurchaseOrder).toMatchObject({ __typename: "ValidationError", message: expect.stringMatching(/larger than Trapline can keep/) });
    expect((await manager.get(`/api/inventory/${item.body.id}`)).body.quantity).toBe(2147483647);
  });
});

describe("the document asks what the server does", () => {
  it("filters are enums: GET /api/locations?archived=NOT_AN_OPTION is a 400, documented as such", async () => {
    const res = await manager.get("/api/locations?archived=NOT_AN_OPTION");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "archived must be true or false", code: "query.notTrueOrFalse", field: "archived", params: { name: "archived" } });
    const archived = documentedOperation("GET", "/api/locations")!;
    expect(archived.responses["400"]).toBeDefined();
    expect((await manager.get("/api/equipment?status=lost")).status).toBe(400);
    expect((await manager.get("/api/dashboard/activity?limit=500")).status).toBe(400);
  });

  it("a required body that is missing is a 400: PUT /api/inventory/{id} with no body changes nothing", async () => {
    const items = (await manager.get("/api/inventory")).body;
    const res = await manager.put(`/api/inventory/${items[0].id}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This request needs a JSON body with the fields to change");
    // A body whose first field is required names it, as the domain would.
    const equipment = (await manager.get("/api/equipment")).body.find((e: any) => e.status === "available");
    const checkout = await manager.post(`/api/equipment/${equipment.id}/checkout`);
    expect(checkout.status).toBe(400);
    expect(checkout.body.field).toBe("assignedTo");
  });

  it("the EPA number's form and the SDS file types are patterns in the document, and the server holds to them", async () => {
    const doc = (await server.anonymous().get("/api/openapi.json")).body;
    const epa = doc.paths["/api/inventory"].post.requestBody.content["application/json"].schema.properties.epaRegistrationNumber;
    expect(JSON.stringify(epa)).toContain("pattern");
    const upload = doc.paths["/api/objects/upload"].post.requestBody.content["application/json"].schema.properties;
    expect(new RegExp(upload.fileName.pattern, "u").test("label.PDF")).toBe(true);
    expect(new RegExp(upload.fileName.pattern, "u").test("label.exe")).toBe(false);
    expect((await manager.post("/api/objects/upload", { fileName: "label.exe", contentType: "application/pdf" })).status).toBe(400);
    expect((await manager.post("/api/inventory", { name: "Bad EPA", category: "Pesticide", epaRegistrationNumber: "EPA-1" })).status).toBe(400);
    const key = doc.paths["/api/inventory"].post.parameters.find((p: any) => p.name === "idempotency-key");
    expect(key.schema.pattern).toBe("^[A-Za-z0-9._:-]{16,128}$");
  });

  it("control characters in /api/docs/* are a 400, and the document says so", async () => {
    const res = await server.anonymous().get("/api/docs/start%01.js");
    expect(res.status).toBe(400);
    expect(documentedOperation("GET", "/api/docs/start.js")!.responses["400"]).toBeDefined();
  });

  it("a signed-out write with a malformed Idempotency-Key is 401, not 400", async () => {
    const res = await server.anonymous().request("POST", "/api/inventory", { name: "x", category: "Tools" }, { "idempotency-key": "short" });
    expect(res.status).toBe(401);
  });

  it("every operation has a unique operationId", async () => {
    const doc = (await server.anonymous().get("/api/openapi.json")).body;
    const ids = Object.values<any>(doc.paths).flatMap((item) => Object.values<any>(item).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === "string")).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/api/inventory/{id}"].get.operationId).toBe("getInventoryItem");
  });
});
