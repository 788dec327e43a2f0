import { parse } from "csv-parse/sync";
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

const INVENTORY_HEADER =
  "name,description,category,quantity,minQuantity,reorderPoint,reorderQuantity,unit,price,supplier,location,barcode,qrCode,hazardous,epaRegistrationNumber,activeIngredient";
const EQUIPMENT_HEADER =
  "name,description,serialNumber,category,status,assignedTo,location,purchaseDate,lastMaintenance,nextMaintenance,maintenanceIntervalDays,qrCode";

const csvPost = (client: ApiClient, path: string, body: string | Uint8Array) => client.request("POST", path, body, { "content-type": "text/csv" });
const records = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];

let seq = 0;
const code = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

async function inventory() {
  const res = await manager.get("/api/inventory");
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>[];
}
/** Every item's total is the sum of its stock levels (stock locations). */
async function expectTotalsAreLevels() {
  const off = await server.app.deps.prisma.$queryRaw<{ id: number }[]>`
    SELECT i.id FROM "InventoryItem" i LEFT JOIN "StockLevel" l ON l."itemId" = i.id
    GROUP BY i.id, i.quantity HAVING i.quantity <> COALESCE(sum(l.quantity), 0)::int`;
  expect(off).toEqual([]);
}

async function counts() {
  const p = server.app.deps.prisma;
  return {
    items: await p.inventoryItem.count(),
    equipment: await p.equipment.count(),
    activity: await p.activityEntry.count(),
    movements: await p.stockMovement.count(),
  };
}

describe("CSV export", () => {
  it("writes the whole inventory list as CSV: BOM, the header row, one row per item in the list's order", async () => {
    const res = await manager.get("/api/inventory/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="trapline-inventory-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.text.startsWith(INVENTORY_HEADER + "\r\n")).toBe(true); // fetch's text() drops the BOM; the bytes keep it:
    const bytes = new Uint8Array(await (await fetch(`${server.url}/api/inventory/export.csv`, { headers: { cookie: manager.cookie! } })).arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("name,")]);
    const rows = records(res.text);
    const list = await inventory();
    expect(rows.map((r) => r.name)).toEqual(list.map((i) => i.name));
    const first = list[0]!;
    expect(rows[0]).toMatchObject({ name: first.name, category: first.category, quantity: String(first.quantity), price: first.price == null ? "" : String(first.price) });
  });

  it("applies the list's filters", async () => {
    const bait = records((await manager.get("/api/inventory/export.csv?category=Bait")).text);
    const list = (await manager.get("/api/inventory?category=Bait")).body as { name: string }[];
    expect(bait.length).toBeGreaterThan(0);
    expect(bait.map((r) => r.name)).toEqual(list.map((i) => i.name));
    const search = records((await manager.get("/api/inventory/export.csv?search=termidor")).text);
    expect(search.map((r) => r.name)).toEqual(["Termidor SC Termiticide"]);
    const available = records((await manager.get("/api/equipment/export.csv?status=available")).text);
    const listed = (await manager.get("/api/equipment?status=available")).body as { name: string }[];
    expect(available.map((r) => r.name)).toEqual(listed.map((e) => e.name));
    expect(available.every((r) => r.status === "available")).toBe(true);
    expect((await manager.get("/api/equipment/export.csv?status=lost")).status).toBe(400);
  });

  it("quotes by RFC 4180 and defuses formulas, and the text imports back unchanged", async () => {
    const barcode = code("Q");
    const name = '=HYPERLINK("http://evil.example","click")';
    const description = 'Line one, with a comma\nline "two"';
    const created = await manager.post("/api/inventory", { name, description, category: "Tools", barcode, supplier: "@supplier", location: " Van 2" });
    expect(created.status).toBe(201);
    const res = await manager.get(`/api/inventory/export.csv?search=${encodeURIComponent("evil.example")}`);
    const lines = res.text.split("\r\n");
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")","Line one, with a comma\nline ""two""",Tools,0,10,5,20,units,,'@supplier,Van 2,${barcode},,false,,`);
    // Importing the export changes nothing: the apostrophes are dropped again.
    const back = await csvPost(manager, "/api/inventory/import", res.text);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ created: 0, updated: 0, unchanged: 1, errors: [] });
    expect((await manager.get(`/api/inventory/${created.body.id}`)).body).toMatchObject({ name, description, supplier: "@supplier" });
  });

  it("is for managers", async () => {
    expect((await tech.get("/api/inventory/export.csv")).status).toBe(403);
    expect((await tech.get("/api/equipment/export.csv")).status).toBe(403);
    expect((await server.anonymous().get("/api/inventory/export.csv")).status).toBe(401);
  });

  it("exports equipment dates as days and imports the whole export back unchanged", async () => {
    const serial = code("SN");
    const made = await manager.post("/api/equipment", { name: "Export sprayer", category: "Sprayer", serialNumber: serial, purchaseDate: "2024-03-05", maintenanceIntervalDays: 90 });
    expect(made.status).toBe(201);
    const text = (await manager.get("/api/equipment/export.csv")).text;
    expect(text.startsWith(EQUIPMENT_HEADER + "\r\n")).toBe(true);
    expect(records(text).find((r) => r.serialNumber === serial)).toMatchObject({ purchaseDate: "2024-03-05", maintenanceIntervalDays: "90", status: "available" });
    const before = await counts();
    const back = await csvPost(manager, "/api/equipment/import", text);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    // Rows without a serial number cannot be matched: they would be created again, so count only the matched ones.
    const withSerial = records(text).filter((r) => r.serialNumber).length;
    expect(back.body.updated).toBe(0);
    expect(back.body.unchanged).toBe(withSerial);
    expect((await counts()).equipment).toBe(before.equipment + back.body.created);
  });
});

describe("CSV import", () => {
  it("dry run: counts what would be created and updated, writes nothing", async () => {
    const existing = code("B");
    await manager.post("/api/inventory", { name: "Dry run gel", category: "Bait", barcode: existing, quantity: 4 });
    const before = await counts();
    const csv = `name,category,quantity,barcode\r\nNew trap A,Traps,3,${code("B")}\r\nNew trap B,traps,5,\r\nDry run gel,Bait,9,${existing}\r\n`;
    const res = await csvPost(manager, "/api/inventory/import?dryRun=true", csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 2, updated: 1, unchanged: 0, errors: [], dryRun: true });
    expect(await counts()).toEqual(before);
    expect((await inventory()).find((i) => i.barcode === existing)).toMatchObject({ quantity: 4 });
  });

  it("imports: a known barcode updates, others are created, with activity entries and stock movements in one go", async () => {
    const existing = code("B");
    const made = (await manager.post("/api/inventory", { name: "Import gel", category: "Bait", barcode: existing, quantity: 4, location: "Shelf 1" })).body;
    const fresh = code("B");
    const before = await counts();
    const csv = [
      "Name,Category,Quantity,Min Quantity,Unit,Price,Barcode,Hazardous,Location",
      `Import gel,Bait,12,,,,${existing},,`,
      `Imported spray,Pesticide,30,5,gallons,1999,${fresh},yes,Van 3`,
      `Imported gloves,Safety Gear,0,,,,,,`,
    ].join("\n");
    const res = await csvPost(manager, "/api/inventory/import", csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ created: 2, updated: 1, unchanged: 0, errors: [], dryRun: false });
    const after = await counts();
    expect(after.items).toBe(before.items + 2);
    expect(after.activity).toBe(before.activity + 3);
    expect(after.movements).toBe(before.movements + 2); // +8 on the update, 30 initial; the gloves start at 0

    const list = await inventory();
    const updated = list.find((i) => i.id === made.id)!;
    expect(updated).toMatchObject({ quantity: 12, location: null, minQuantity: 10 }); // a blank optional cell clears; a blank number keeps
    expect(list.find((i) => i.barcode === fresh)).toMatchObject({ name: "Imported spray", quantity: 30, minQuantity: 5, unit: "gallons", price: 1999, hazardous: true, location: "Van 3" });
    expect(list.find((i) => i.name === "Imported gloves")).toMatchObject({ category: "Safety Gear", quantity: 0, unit: "units", hazardous: false });

    const activity = (await manager.get("/api/dashboard/activity?limit=5")).body as { details: string }[];
    expect(activity.map((a) => a.details)).toEqual(
      expect.arrayContaining([`Updated Import gel: quantity 4 → 12, location Shelf 1 → none`, "Added Imported spray (Pesticide), 30 gallons", "Added Imported gloves (Safety Gear), 0 units"]),
    );
    const movement = await server.app.deps.prisma.stockMovement.findFirst({ where: { itemId: made.id }, orderBy: { id: "desc" } });
    expect(movement).toMatchObject({ delta: 8, quantityAfter: 12, reason: "received" });
    // Stock locations: the import's changes are at the main warehouse, and every total is the sum of its levels.
    const main = await server.app.deps.prisma.stockLocation.findFirstOrThrow({ where: { kind: "WAREHOUSE" }, orderBy: { id: "asc" } });
    expect(movement!.locationId).toBe(main.id);
    await expectTotalsAreLevels();
  });

  it("a lower total takes stock only from the main warehouse; more than it holds is a conflict and nothing is written", async () => {
    const barcode = code("B");
    const made = (await manager.post("/api/inventory", { name: "Import truck bait", category: "Bait", barcode, quantity: 10 })).body;
    const p = server.app.deps.prisma;
    const main = await p.stockLocation.findFirstOrThrow({ where: { kind: "WAREHOUSE" }, orderBy: { id: "asc" } });
    const truck = await p.stockLocation.create({ data: { name: `Import truck ${code("T")}`, kind: "VEHICLE" } });
    // 6 of the 10 ride in a truck: as a transfer would leave them.
    await p.stockLevel.update({ where: { itemId_locationId: { itemId: made.id, locationId: main.id } }, data: { quantity: 4 } });
    await p.stockLevel.create({ data: { itemId: made.id, locationId: truck.id, quantity: 6 } });
    await expectTotalsAreLevels();
    const refused = await csvPost(manager, "/api/inventory/import", `Name,Category,Quantity,Barcode\nImport truck bait,Bait,5,${barcode}\n`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.field).toBe("quantity");
    expect((await manager.get(`/api/inventory/${made.id}`)).body.quantity).toBe(10);
    const taken = await csvPost(manager, "/api/inventory/import", `Name,Category,Quantity,Barcode\nImport truck bait,Bait,7,${barcode}\n`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const levels = await p.stockLevel.findMany({ where: { itemId: made.id }, orderBy: { locationId: "asc" } });
    expect(levels.map((l) => [l.locationId, l.quantity])).toEqual([
      [main.id, 1],
      [truck.id, 6],
    ]);
    await expectTotalsAreLevels();
  });

  it("answers every row's errors with row numbers and field names; a real import with errors writes nothing (400)", async () => {
    const dup = code("B");
    const csv = [
      "name,category,quantity,unit,barcode,epaRegistrationNumber",
      `Good row,Traps,1,units,${code("B")},`, // row 2 is fine but must not be written
      `Bad qty,Traps,abc,units,,`,
      `,Nonsense,-1,buckets,,`,
      `First,Traps,1,units,${dup},`,
      `Second,Traps,1,units,${dup},12-x`,
    ].join("\r\n");
    const before = await counts();
    const dry = await csvPost(manager, "/api/inventory/import?dryRun=true", csv);
    expect(dry.status).toBe(200);
    const expected = [
      { row: 3, field: "quantity", message: "Quantity must be a number" },
      { row: 4, field: "name", message: "Name is required" },
      { row: 4, field: "category", message: expect.stringMatching(/^Category must be one of: Pesticide, /) },
      { row: 4, field: "quantity", message: "Quantity must be at least 0" },
      { row: 4, field: "unit", message: expect.stringMatching(/^Unit must be one of: units, /) },
      { row: 6, field: "barcode", message: `Barcode ${dup} is also on row 5; each may appear once` },
    ];
    expect(dry.body.errors).toEqual(expected);
    const real = await csvPost(manager, "/api/inventory/import", csv);
    expect(real.status).toBe(400);
    expect(real.body).toMatchObject({ message: "The file has 6 errors; nothing was imported", errors: expected });
    expect(await counts()).toEqual(before);
  });

  it("refuses unknown and repeated columns, rows with the wrong number of cells, malformed CSV and a body that is not CSV", async () => {
    const unknown = await csvPost(manager, "/api/inventory/import", "name,category,colour\nA,Traps,red\n");
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ row: 1, field: "colour", message: expect.stringMatching(/^Unknown column "colour"; the columns are name, description,/) }]);
    const twice = await csvPost(manager, "/api/inventory/import?dryRun=true", "name,category,Name\nA,Traps,B\n");
    expect(twice.body.errors).toEqual([{ row: 1, field: "name", message: "The column name appears twice" }]);
    const ragged = await csvPost(manager, "/api/inventory/import?dryRun=true", "name,category\nA,Traps,extra\nB\n");
    expect(ragged.body.errors).toEqual([
      { row: 2, field: null, message: "This row has 3 cells; the header has 2" },
      { row: 3, field: null, message: "This row has 1 cells; the header has 2" },
    ]);
    const malformed = await csvPost(manager, "/api/inventory/import", 'name,category\n"Unclosed,Traps\n');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ field: "file", message: expect.stringMatching(/^The file is not valid CSV: /) });
    expect((await csvPost(manager, "/api/inventory/import", "")).body).toMatchObject({ field: "file", message: expect.stringMatching(/^The file is empty/) });
    const json = await manager.post("/api/inventory/import", { name: "x" });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ message: "Send the file as the body with Content-Type: text/csv", code: "csv.notCsvBody", field: "file" });
    const other = await manager.request("POST", "/api/inventory/import", "name\nA", { "content-type": "application/vnd.ms-excel" });
    expect(other.status).toBe(415);
    expect(other.body).toEqual({ message: "Send the file as the body with Content-Type: text/csv", code: "csv.notCsvBody" });
    expect((await csvPost(manager, "/api/inventory/import?dryRun=maybe", "name\n")).status).toBe(400);
  });

  it("refuses hostile text as the rest of the API does", async () => {
    const before = await counts();
    const csv = `name,category,description,supplier\n"Nul\u0000name",Traps,,\nTabbed,Traps,"ok\ttab in a description",Acme\tInc\n"Bell\u0007",Traps,,\n`;
    const res = await csvPost(manager, "/api/inventory/import", csv);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { row: 2, field: "name", message: "Name must not contain control characters" },
      { row: 3, field: "supplier", message: "Supplier must be a single line (no tabs or line breaks)" },
      { row: 4, field: "name", message: "Name must not contain control characters" },
    ]);
    const latin1 = new Uint8Array([...new TextEncoder().encode("name,category\nCaf"), 0xe9, ...new TextEncoder().encode(",Traps\n")]);
    // A lone surrogate cannot travel as UTF-8: its bytes (ED A0 80) are malformed UTF-8, refused like Latin-1.
    const surrogate = new Uint8Array([...new TextEncoder().encode("name,category\nLone "), 0xed, 0xa0, 0x80, ...new TextEncoder().encode(",Traps\n")]);
    for (const body of [latin1, surrogate]) {
      const bytes = await csvPost(manager, "/api/inventory/import", body);
      expect(bytes.status).toBe(400);
      expect(bytes.body).toEqual({ message: "The file is not UTF-8 text: save it as CSV UTF-8", code: "csv.theFileIsNotUTF", field: "file" });
    }
    expect(await counts()).toEqual(before);
  });

  it("is for managers only", async () => {
    const csv = "name,category\nSneaky,Traps\n";
    expect((await csvPost(tech, "/api/inventory/import", csv)).body).toEqual({ message: "Only managers can import inventory", code: expect.any(String) });
    expect((await csvPost(tech, "/api/inventory/import?dryRun=true", csv)).status).toBe(403);
    expect((await csvPost(tech, "/api/equipment/import", csv)).status).toBe(403);
    expect((await csvPost(server.anonymous(), "/api/inventory/import", csv)).status).toBe(401);
  });

  it("refuses a file over the size limit with 413", async () => {
    const big = "name,category\n" + "x,Traps\n".repeat(1_400_000);
    const res = await csvPost(manager, "/api/inventory/import", big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "The file is larger than 10 MB", code: "csv.fileTooLarge" });
  });

  it("equipment: matched by serial number, with the status rule of the form", async () => {
    const serial = code("SN");
    const made = (await manager.post("/api/equipment", { name: "Rule sprayer", category: "Sprayer", serialNumber: serial })).body;
    const other = code("SN");
    const bad = [
      "name,category,serialNumber,status,assignedTo,nextMaintenance",
      `Rule sprayer,Sprayer,${serial},checked_out,,`,
      `Fogger,Treatment Equipment,${other},available,Sam,`,
      `Drill,Drill,,maintenance,,31/12/2025`,
    ].join("\n");
    const res = await csvPost(manager, "/api/equipment/import", bad);
    expect(res.status).toBe(400);
    const rule = "Invalid status transition: checked_out requires assignedTo, other statuses should not have assignedTo/assignedAt";
    expect(res.body.errors).toEqual([
      { row: 2, field: "assignedTo", message: rule },
      { row: 3, field: "status", message: rule },
      { row: 4, field: "nextMaintenance", message: "Next maintenance must be a date (YYYY-MM-DD) or an ISO date-time" },
    ]);

    const good = [
      "name,category,serialNumber,status,assignedTo,nextMaintenance",
      `Rule sprayer,Sprayer,${serial},checked_out,Sam Tech,2030-01-15`,
      `Fogger,Treatment Equipment,${other},,,`,
    ].join("\n");
    const ok = await csvPost(manager, "/api/equipment/import", good);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ created: 1, updated: 1, errors: [] });
    const updated = (await manager.get(`/api/equipment/${made.id}`)).body;
    expect(updated).toMatchObject({ status: "checked_out", assignedTo: "Sam Tech", nextMaintenance: "2030-01-15T00:00:00.000Z" });
    expect(Date.now() - Date.parse(updated.assignedAt)).toBeLessThan(60_000);
    const list = (await manager.get("/api/equipment")).body as { serialNumber: string; status: string }[];
    expect(list.find((e) => e.serialNumber === other)).toMatchObject({ status: "available" });
    // Back to available through the import: the assignment is cleared, as the form's update does.
    const back = await csvPost(manager, "/api/equipment/import", `serialNumber,status\n${serial},available\n`);
    expect(back.body).toMatchObject({ updated: 1 });
    expect((await manager.get(`/api/equipment/${made.id}`)).body).toMatchObject({ status: "available", assignedTo: null, assignedAt: null });
  });
});
