import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
beforeAll(async () => {
  server = await startServer();
  manager = await server.as("manager");
  tech = await server.as("tech");
});
afterAll(() => server.close());

/** The inventory item fields of SPEC §3. */
const ITEM_FIELDS = [
  "id",
  "name",
  "description",
  "category",
  "quantity",
  "minQuantity",
  "reorderPoint",
  "reorderQuantity",
  "unit",
  "price",
  "supplier",
  "location",
  "barcode",
  "qrCode",
  "sdsFileUrl",
  "hazardous",
  "createdAt",
  "updatedAt",
].sort();

const DEMO_NAMES = [
  "Termidor SC Termiticide",
  "Demand CS Insecticide",
  "Advion Cockroach Gel Bait",
  "Contrac All-Weather Blox",
  "Victor M325 Kill Vault Snap Trap",
  "Catchmaster 72MB Glue Boards",
  "Tyvek Disposable Coveralls",
  "3M 6502QL Half-Face Respirator",
  "Nitrile Gloves 8 mil",
  "Protecta EVO Bait Station",
  "Talstar P Professional",
  "Gentrol IGR Concentrate",
  "B&G Sprayer Rebuild Kit",
  "Inspection Flashlight 1000 lm",
];

let seq = 0;
/** Creates an item (as the manager unless told) and returns its body; fails the test on anything but 201. */
async function createItem(fields: Record<string, unknown> = {}, client: ApiClient = manager) {
  const res = await client.post("/api/inventory", { name: `Test item ${++seq}`, category: "Supplies", ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function listItems(query = ""): Promise<any[]> {
  const res = await manager.get(`/api/inventory${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

const names = (items: any[]) => items.map((i) => i.name).sort();

/** Every §3 field is present, and nothing secret rides along. */
function expectItemShape(item: Record<string, unknown>) {
  const keys = Object.keys(item);
  expect(keys).toEqual(expect.arrayContaining(ITEM_FIELDS));
  expect(keys.filter((k) => /password|hash|secret|token|session|cookie/i.test(k))).toEqual([]);
}

async function stats() {
  const res = await manager.get("/api/dashboard/stats");
  expect(res.status).toBe(200);
  return res.body as { totalItems: number; lowStockItems: number };
}

describe("GET /api/inventory", () => {
  it("lists the demo items with exactly the §3 fields and prices in integer cents", async () => {
    const res = await tech.get("/api/inventory");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(names(res.body)).toEqual([...DEMO_NAMES].sort());
    for (const item of res.body) {
      expectItemShape(item);
      expect(Number.isInteger(item.id)).toBe(true);
      expect(Number.isInteger(item.price)).toBe(true);
      expect(typeof item.hazardous).toBe("boolean");
      expect(Number.isNaN(Date.parse(item.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(item.updatedAt))).toBe(false);
    }
    const termidor = res.body.find((i: any) => i.name === "Termidor SC Termiticide");
    expect(termidor).toMatchObject({
      category: "Pesticide",
      quantity: 24,
      minQuantity: 10,
      reorderPoint: 5,
      reorderQuantity: 12,
      unit: "bottles",
      price: 9850,
      supplier: "Univar Solutions",
      location: "Chemical Room - Shelf A2",
      barcode: "0734991001257",
      hazardous: true,
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/password|passwordHash|secret/i);
  });

  it("?search= matches name, description and category, case-insensitively", async () => {
    // name
    expect(names(await listItems("?search=TERMIDOR"))).toEqual(["Termidor SC Termiticide"]);
    // description only ("Fipronil" appears in no name or category)
    expect(names(await listItems("?search=fipronil"))).toEqual(["Termidor SC Termiticide"]);
    // category only
    expect(names(await listItems(`?search=${encodeURIComponent("safety gEAR")}`))).toEqual(
      ["3M 6502QL Half-Face Respirator", "Tyvek Disposable Coveralls"].sort(),
    );
    // "bait": Advion's and Protecta's names, Catchmaster's description ("Baited …"), Contrac's category
    const bait = names(await listItems("?search=Bait"));
    expect(bait).toEqual(
      ["Advion Cockroach Gel Bait", "Contrac All-Weather Blox", "Protecta EVO Bait Station", "Catchmaster 72MB Glue Boards"].sort(),
    );
    expect(await listItems("?search=no-such-thing-anywhere")).toEqual([]);
  });

  it("?category= returns only that category, and combines with ?search=", async () => {
    const traps = await listItems("?category=Traps");
    expect(names(traps)).toEqual(["Catchmaster 72MB Glue Boards", "Victor M325 Kill Vault Snap Trap"]);
    expect(traps.every((i) => i.category === "Traps")).toBe(true);
    expect(names(await listItems("?category=Supplies&search=bait"))).toEqual(["Protecta EVO Bait Station"]);
    expect(await listItems("?category=Rodenticide")).toEqual([]);
  });
});

describe("POST /api/inventory", () => {
  it("creates an item with the §9 defaults and ignores id, createdAt and updatedAt from the body", async () => {
    const before = Date.now();
    const res = await tech.post("/api/inventory", {
      name: "  Default Widget  ",
      category: "Tools",
      id: 987654,
      createdAt: "2000-01-01T00:00:00.000Z",
      updatedAt: "2000-01-01T00:00:00.000Z",
    });
    expect(res.status).toBe(201);
    expectItemShape(res.body);
    expect(res.body).toMatchObject({
      name: "Default Widget",
      category: "Tools",
      quantity: 0,
      minQuantity: 10,
      reorderPoint: 5,
      reorderQuantity: 20,
      unit: "units",
      hazardous: false,
      barcode: null,
      sdsFileUrl: null,
    });
    expect(res.body.id).not.toBe(987654);
    expect(Date.parse(res.body.createdAt)).toBeGreaterThanOrEqual(before - 60_000);
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(before - 60_000);

    const got = await manager.get(`/api/inventory/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    expect((await manager.get("/api/inventory/987654")).status).toBe(404);
  });

  it("stores every field that is sent, price as integer cents", async () => {
    const body = {
      name: "Full Widget",
      description: "All the fields",
      category: "Chemicals",
      quantity: 12,
      minQuantity: 3,
      reorderPoint: 2,
      reorderQuantity: 7,
      unit: "gallons",
      price: 1999,
      supplier: "Acme",
      location: "Shelf Z",
      barcode: "FULL-0001",
      qrCode: "qr-full-0001",
      sdsFileUrl: "/objects/sds/full.pdf",
      hazardous: true,
    };
    const res = await manager.post("/api/inventory", body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(body);
    const got = await manager.get(`/api/inventory/${res.body.id}`);
    expect(got.body).toMatchObject(body);
    expect((await manager.post("/api/inventory", { name: "Linked SDS", category: "Bait", sdsFileUrl: "https://example.com/sds.pdf" })).status).toBe(201);
  });

  it('turns an empty sdsFileUrl "" into null', async () => {
    const item = await createItem({ sdsFileUrl: "" });
    expect(item.sdsFileUrl).toBeNull();
    const withSds = await createItem({ sdsFileUrl: "/objects/sds/x.pdf" });
    const put = await manager.put(`/api/inventory/${withSds.id}`, { sdsFileUrl: "" });
    expect(put.status).toBe(200);
    expect(put.body.sdsFileUrl).toBeNull();
  });

  const invalid: [string, Record<string, unknown>, string, RegExp][] = [
    ["missing name", { category: "Bait" }, "name", /name.*required/i],
    ["blank name", { name: "   ", category: "Bait" }, "name", /name.*required/i],
    ["missing category", { name: "X" }, "category", /category/i],
    ["category not in the §9 list", { name: "X", category: "Rodenticide" }, "category", /category must be one of/i],
    ["unit not in the §9 list", { name: "X", category: "Bait", unit: "crates" }, "unit", /unit must be one of/i],
    ["negative quantity", { name: "X", category: "Bait", quantity: -1 }, "quantity", /quantity.*at least 0/i],
    ["negative minQuantity", { name: "X", category: "Bait", minQuantity: -1 }, "minQuantity", /minimum quantity.*at least 0/i],
    ["non-integer quantity", { name: "X", category: "Bait", quantity: 1.5 }, "quantity", /whole number/i],
    ["quantity as a string", { name: "X", category: "Bait", quantity: "5" }, "quantity", /quantity must be a number/i],
    ["negative price", { name: "X", category: "Bait", price: -1 }, "price", /price.*at least 0/i],
    ["reorderQuantity 0", { name: "X", category: "Bait", reorderQuantity: 0 }, "reorderQuantity", /reorder quantity.*at least 1/i],
    ["reorderPoint -1", { name: "X", category: "Bait", reorderPoint: -1 }, "reorderPoint", /reorder point.*at least 0/i],
    ["hazardous not a boolean", { name: "X", category: "Bait", hazardous: "yes" }, "hazardous", /hazardous/i],
    ["sdsFileUrl javascript:", { name: "X", category: "Bait", sdsFileUrl: "javascript:x" }, "sdsFileUrl", /SDS file/i],
  ];
  it.each(invalid)("rejects %s with 400 {message, field}", async (_label, body, field, message) => {
    const before = (await stats()).totalItems;
    const res = await manager.post("/api/inventory", body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toMatch(message);
    const { code, params, ...rest } = res.body;
    expect(code).toMatch(/^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/);
    if (params !== undefined) expect(typeof params).toBe("object");
    expect(Object.keys(rest).sort()).toEqual(["field", "message"]);
    expect((await stats()).totalItems).toBe(before);
  });

  it("rejects a duplicate barcode with 409 on field barcode, on create and on update", async () => {
    const [termidor] = await listItems("?search=Termidor");
    const dup = await manager.post("/api/inventory", { name: "Copycat", category: "Pesticide", barcode: termidor.barcode });
    expect(dup.status).toBe(409);
    expect(dup.body.field).toBe("barcode");
    expect(dup.body.message).toMatch(/barcode/i);
    expect(await listItems("?search=Copycat")).toEqual([]);

    const other = await createItem({ barcode: "UNIQUE-123" });
    const put = await manager.put(`/api/inventory/${other.id}`, { barcode: termidor.barcode });
    expect(put.status).toBe(409);
    expect(put.body.field).toBe("barcode");
    expect((await manager.get(`/api/inventory/${other.id}`)).body.barcode).toBe("UNIQUE-123");
  });

  it("answers malformed JSON with 400 and a message, without a stack trace", async () => {
    const before = (await stats()).totalItems;
    const res = await manager.request("POST", "/api/inventory", '{"name": "Broken", "category": ');
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
    expect(res.body.message).toMatch(/json/i);
    expect(res.text).not.toMatch(/\bat .*\(|stack|SyntaxError|node_modules/);
    expect((await stats()).totalItems).toBe(before);
  });

  it("answers a body over 1 MB with 413", async () => {
    const res = await manager.post("/api/inventory", { name: "Huge", category: "Bait", description: "a".repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(typeof res.body.message).toBe("string");
    expect(await listItems("?search=Huge")).toEqual([]);
  });
});

describe("PUT /api/inventory/:id", () => {
  it("changes only the fields sent", async () => {
    const item = await createItem({ description: "Before", quantity: 4, price: 500, location: "Bin 1", supplier: "S1", hazardous: true });
    const res = await tech.put(`/api/inventory/${item.id}`, { location: "Truck 9", price: 650 });
    expect(res.status).toBe(200);
    const { location, price, updatedAt, ...rest } = res.body;
    expect(location).toBe("Truck 9");
    expect(price).toBe(650);
    const { location: _l, price: _p, updatedAt: oldUpdatedAt, ...oldRest } = item;
    expect(rest).toEqual(oldRest);
    expect(Date.parse(updatedAt)).toBeGreaterThanOrEqual(Date.parse(oldUpdatedAt));
    expect((await manager.get(`/api/inventory/${item.id}`)).body).toEqual(res.body);
  });

  it("validates the fields sent (400) and leaves the item unchanged", async () => {
    const item = await createItem({ quantity: 4 });
    for (const [body, field] of [
      [{ quantity: -1 }, "quantity"],
      [{ category: "Nope" }, "category"],
      [{ name: "" }, "name"],
      [{ quantity: "5" }, "quantity"],
    ] as const) {
      const res = await manager.put(`/api/inventory/${item.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(typeof res.body.message).toBe("string");
    }
    expect((await manager.get(`/api/inventory/${item.id}`)).body).toEqual(item);
  });

  it("a quantity change writes an activity entry naming the change and the user", async () => {
    const item = await createItem({ name: "Activity Widget", quantity: 5 });
    const res = await tech.put(`/api/inventory/${item.id}`, { quantity: 7 });
    expect(res.status).toBe(200);
    expect(res.body.quantity).toBe(7);
    const activity = await manager.get("/api/dashboard/activity?limit=50");
    expect(activity.status).toBe(200);
    const entry = activity.body.find((e: any) => e.action === "update" && e.entityType === "inventory" && e.entityId === item.id);
    expect(entry).toBeDefined();
    expect(entry.userName).toBe("Marcus Reyes");
    expect(entry.details).toContain("Activity Widget");
    expect(entry.details).toMatch(/quantity 5 → 7/);
  });

  it("404 for an unknown id, 400 for a non-numeric id", async () => {
    const missing = await manager.put("/api/inventory/999999", { quantity: 1 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/not found/i);
    const bad = await manager.put("/api/inventory/abc", { quantity: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("id");
  });
});

describe("GET and DELETE /api/inventory/:id", () => {
  it("GET: 400 for a non-numeric id, 404 for an unknown one", async () => {
    const bad = await manager.get("/api/inventory/abc");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: "id" });
    expect(typeof bad.body.message).toBe("string");
    const missing = await manager.get("/api/inventory/999999");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/not found/i);
  });

  it("an employee cannot delete (403) and the item stays", async () => {
    const item = await createItem({}, tech);
    const res = await tech.delete(`/api/inventory/${item.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/manager/i);
    const got = await manager.get(`/api/inventory/${item.id}`);
    expect(got.status).toBe(200);
    expect(got.body.name).toBe(item.name);
  });

  it("a manager deletes (204); the item is then gone and a second delete is 404", async () => {
    const item = await createItem({ name: "Doomed Widget" });
    const res = await manager.delete(`/api/inventory/${item.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await manager.get(`/api/inventory/${item.id}`)).status).toBe(404);
    expect(await listItems("?search=Doomed")).toEqual([]);
    const again = await manager.delete(`/api/inventory/${item.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toMatch(/not found/i);
    expect((await manager.delete("/api/inventory/abc")).status).toBe(400);
  });
});

describe("no session → 401 on every inventory route", () => {
  it("rejects anonymous reads and writes, and changes nothing", async () => {
    const anon = server.anonymous();
    const [termidor] = await listItems("?search=Termidor");
    const calls = [
      anon.get("/api/inventory"),
      anon.get("/api/inventory?search=a"),
      anon.get("/api/inventory/low-stock"),
      anon.get("/api/inventory/reorder-suggestions"),
      anon.get(`/api/inventory/${termidor.id}`),
      anon.post("/api/inventory", { name: "Anon", category: "Bait" }),
      anon.put(`/api/inventory/${termidor.id}`, { quantity: 1 }),
      anon.delete(`/api/inventory/${termidor.id}`),
      anon.get("/api/dashboard/stats"),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(typeof res.body.message).toBe("string");
    }
    const after = await manager.get(`/api/inventory/${termidor.id}`);
    expect(after.body).toEqual(termidor);
    expect(await listItems("?search=Anon")).toEqual([]);
  });
});

describe("low stock and reorder suggestions", () => {
  it("low-stock returns exactly the items with quantity <= minQuantity", async () => {
    const atLimit = await createItem({ name: "Boundary Equal", quantity: 10, minQuantity: 10 });
    const above = await createItem({ name: "Boundary Above", quantity: 11, minQuantity: 10 });
    const zero = await createItem({ name: "Boundary Zero", quantity: 0, minQuantity: 0 });
    const res = await tech.get("/api/inventory/low-stock");
    expect(res.status).toBe(200);
    const all = await listItems();
    const expected = all.filter((i) => i.quantity <= i.minQuantity).map((i) => i.id).sort((a, b) => a - b);
    const got = res.body.map((i: any) => i.id).sort((a: number, b: number) => a - b);
    expect(got).toEqual(expected);
    expect(got).toContain(atLimit.id);
    expect(got).toContain(zero.id);
    expect(got).not.toContain(above.id);
    const lowNames = res.body.map((i: any) => i.name);
    expect(lowNames).toEqual(expect.arrayContaining(["Demand CS Insecticide", "Contrac All-Weather Blox", "3M 6502QL Half-Face Respirator", "Protecta EVO Bait Station"]));
    expect(lowNames).not.toContain("Termidor SC Termiticide");
    for (const i of res.body) expectItemShape(i);
  });

  it("reorder suggestions: enough to rise above minQuantity, at least reorderQuantity; cost in cents; urgency", async () => {
    const critical = await createItem({ name: "Reorder Critical", quantity: 2, minQuantity: 10, reorderPoint: 5, reorderQuantity: 3, price: 250 });
    const high = await createItem({ name: "Reorder High", quantity: 8, minQuantity: 10, reorderPoint: 5, reorderQuantity: 20 });
    const fine = await createItem({ name: "Reorder Fine", quantity: 30, minQuantity: 10 });
    const res = await tech.get("/api/inventory/reorder-suggestions");
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((s: any) => [s.itemId, s]));

    expect(byId.get(critical.id)).toMatchObject({
      name: "Reorder Critical",
      currentQuantity: 2,
      minQuantity: 10,
      suggestedQuantity: 9,
      estimatedCost: 2250,
      urgency: "critical",
    });
    expect(byId.get(high.id)).toMatchObject({ name: "Reorder High", currentQuantity: 8, suggestedQuantity: 20, urgency: "high" });
    expect(byId.has(fine.id)).toBe(false);

    // One suggestion per low-stock item, no more.
    const low = (await manager.get("/api/inventory/low-stock")).body.map((i: any) => i.id).sort((a: number, b: number) => a - b);
    expect([...byId.keys()].sort((a: any, b: any) => a - b)).toEqual(low);
    for (const s of res.body) {
      expect(["critical", "high"]).toContain(s.urgency);
      expect(s.currentQuantity + s.suggestedQuantity).toBeGreaterThan(s.minQuantity);
    }
  });

  it("dashboard stats totalItems and lowStockItems follow creates, updates and deletes", async () => {
    const s0 = await stats();
    const lowCount = async () => (await manager.get("/api/inventory/low-stock")).body.length;
    expect(s0.totalItems).toBe((await listItems()).length);
    expect(s0.lowStockItems).toBe(await lowCount());

    const low = await createItem({ name: "Stats Low", quantity: 1, minQuantity: 10 });
    const s1 = await stats();
    expect(s1).toMatchObject({ totalItems: s0.totalItems + 1, lowStockItems: s0.lowStockItems + 1 });

    await createItem({ name: "Stats Fine", quantity: 50, minQuantity: 10 });
    const s2 = await stats();
    expect(s2).toMatchObject({ totalItems: s0.totalItems + 2, lowStockItems: s0.lowStockItems + 1 });

    expect((await manager.put(`/api/inventory/${low.id}`, { quantity: 40 })).status).toBe(200);
    const s3 = await stats();
    expect(s3).toMatchObject({ totalItems: s0.totalItems + 2, lowStockItems: s0.lowStockItems });

    expect((await manager.put(`/api/inventory/${low.id}`, { minQuantity: 40 })).status).toBe(200);
    expect((await stats()).lowStockItems).toBe(s0.lowStockItems + 1);

    expect((await manager.delete(`/api/inventory/${low.id}`)).status).toBe(204);
    const s4 = await stats();
    expect(s4).toMatchObject({ totalItems: s0.totalItems + 1, lowStockItems: s0.lowStockItems });
    expect(s4.lowStockItems).toBe(await lowCount());
  });
});
