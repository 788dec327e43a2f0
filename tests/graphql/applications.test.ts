import { formatDay } from "../../server/i18n/index.ts";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERR, globalId, gql, isoDay, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { applicationVisit } from "../helpers/visit.ts";

/*
 * Issue 34: pesticide products with label facts and exact measured stock, applicator certifications,
 * application records made from the same stock movements, amendments, no deletion, who sees what,
 * and what comes out for the customer and the inspector. On the real server (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL).
 */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient; // Marcus Reyes
let pnair: ApiClient; // Priya Nair, who holds Truck 2
let users: Record<string, { id: number; gid: string; name: string }>;
let main: { id: string; databaseId: number };
let truck: { id: string; databaseId: number };

beforeAll(async () => {
  server = await startServer({ COMPANY_NAME: "Bugs Away Pest Control" });
  [manager, tech, pnair] = await Promise.all([server.as("manager"), server.as("tech"), server.as("pnair")]);
  const team = (await manager.get("/api/team")).body as { id: number; username: string; name: string }[];
  users = Object.fromEntries(team.map((u) => [u.username, { id: u.id, gid: globalId("User", u.id), name: u.name }]));
  const locations = (await ok(manager, `{ stockLocations(first: 20) { edges { node { id databaseId name } } } }`)).stockLocations.edges.map((e: any) => e.node);
  main = locations.find((l: any) => l.name === "Main Warehouse");
  truck = locations.find((l: any) => l.name === "Truck 2");
  await certify("pnair", {});
  await certify("tech", { expiresOn: isoDay(20) });
});
afterAll(() => server.close());

const ITEM = `id databaseId name quantity unit containerSize { amount unit } stockText openContainerRemaining { amount unit } restrictedUse signalWord formulation epaRegistrationNumber activeIngredients { name percent }
  stockLevels { location { name } quantity stockText openContainerRemaining { amount unit } }`;
let seq = 0;

async function product(extra: Record<string, unknown> = {}) {
  const data = await ok(manager, `mutation ($i: CreateInventoryItemInput!) { createInventoryItem(input: $i) { ${ERR} ... on CreateInventoryItemPayload { item { ${ITEM} } } } }`, {
    i: {
      name: `Termidor SC ${++seq}`,
      category: "Pesticide",
      quantity: 4,
      minQuantity: 1,
      unit: "gallons",
      epaRegistrationNumber: "7969-210",
      restrictedUse: false,
      signalWord: "CAUTION",
      formulation: "Suspension concentrate",
      activeIngredients: [{ name: "Fipronil", percent: "9.1" }],
      containerSize: { amount: "1", unit: "GAL" },
      ...extra,
    },
  });
  expect(data.createInventoryItem.__typename, JSON.stringify(data)).toBe("CreateInventoryItemPayload");
  return data.createInventoryItem.item;
}

const itemNow = async (id: string) => (await ok(manager, `query ($id: ID!) { node(id: $id) { ... on InventoryItem { ${ITEM} } } }`, { id })).node;

const RECORD = `mutation ($i: RecordApplicationInput!) { recordApplication(input: $i) { ${ERR} ... on RecordApplicationPayload { application {
  id databaseId customerName certificationNumber supervisorName supervisedApplicators late customerCopyUrl
  lines { id databaseId productName amount unit restrictedUse epaRegistrationNumber signalWord locationDatabaseId } } } } }`;

function applicationInput(lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return applicationVisit({
    customerName: "Rosa Delgado",
    serviceAddress: { street: "418 Elm St", city: "Austin", state: "tx", zip: "78704" },
    siteDescription: "Crawl space and perimeter",
    areaTreated: { amount: "1200", unit: "SQ_FT" },
    targetPests: ["Subterranean termites"],
    lines,
    ...extra,
  });
}

/** The recorded application (with the payload's __typename), or the typed error. */
async function record(as: ApiClient, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const payload = (await ok(as, RECORD, { i: applicationInput(lines, extra) })).recordApplication;
  return payload.__typename === "RecordApplicationPayload" ? { __typename: payload.__typename, ...payload.application } : payload;
}

async function certify(username: string, fields: Record<string, unknown>) {
  const data = await ok(
    manager,
    `mutation ($i: SetCertificationInput!) { setCertification(input: $i) { ${ERR} ... on SetCertificationPayload { certification { number state expiresOn valid expiresInDays } } } }`,
    { i: { userId: users[username]!.gid, number: `TX-${username.toUpperCase()}-1`, state: "tx", categories: ["Structural pest control"], expiresOn: isoDay(365), ...fields } },
  );
  expect(data.setCertification.__typename, JSON.stringify(data)).toBe("SetCertificationPayload");
  return data.setCertification.certification;
}

/**
 * The ledger holds to the unit, per location: for every level of the given items, its whole units equal
 * the sum of its movements' deltas and its exact amount the sum of their exact amounts; each item's
 * quantity is the sum of its levels.
 */
async function expectLedger(itemIds: number[]) {
  const p = server.app.deps.prisma;
  const levels = await p.$queryRaw<{ itemId: number; locationId: number; quantity: number; amount: string; moved: number; movedAmount: string }[]>`
    SELECT l."itemId", l."locationId", l.quantity, l.amount::text AS amount,
           coalesce((SELECT sum(m.delta) FROM "StockMovement" m WHERE m."itemId" = l."itemId" AND m."locationId" = l."locationId"), 0)::int AS moved,
           coalesce((SELECT sum(m."amountDelta") FROM "StockMovement" m WHERE m."itemId" = l."itemId" AND m."locationId" = l."locationId"), 0)::text AS "movedAmount"
      FROM "StockLevel" l WHERE l."itemId" = ANY(${itemIds}::int[])`;
  expect(levels.length).toBeGreaterThan(0);
  for (const l of levels) {
    expect(l.quantity, `item ${l.itemId} at ${l.locationId}: whole units`).toBe(l.moved);
    expect(l.amount, `item ${l.itemId} at ${l.locationId}: exact amount`).toBe(l.movedAmount);
  }
  const totals = await p.$queryRaw<{ id: number; quantity: number; levels: number }[]>`
    SELECT i.id, i.quantity, coalesce((SELECT sum(l.quantity) FROM "StockLevel" l WHERE l."itemId" = i.id), 0)::int AS levels FROM "InventoryItem" i WHERE i.id = ANY(${itemIds}::int[])`;
  for (const t of totals) expect(t.quantity, `item ${t.id} total`).toBe(t.levels);
}

describe("products", () => {
  it("carry label facts on REST and GraphQL; a measured product counts whole containers", async () => {
    const item = await product();
    expect(item).toMatchObject({
      quantity: 4,
      containerSize: { amount: "1", unit: "GAL" },
      stockText: "4 containers",
      openContainerRemaining: { amount: "0", unit: "FL_OZ" },
      signalWord: "CAUTION",
      activeIngredients: [{ name: "Fipronil", percent: "9.1" }],
    });
    const rest = (await manager.get(`/api/inventory/${item.databaseId}`)).body;
    expect(rest).toMatchObject({ quantity: 4, containerSize: { amount: "1", unit: "GAL" }, restrictedUse: false, signalWord: "CAUTION", activeIngredient: "Fipronil 9.1%" });
    // The REST list (rendered by the database) agrees with the item read.
    const listed = ((await manager.get("/api/inventory")).body as any[]).find((i) => i.id === item.databaseId);
    expect(listed).toEqual(rest);
  });

  it("only Pesticide, Chemicals and Bait items carry them; a restricted-use product names its EPA number; the number has its form", async () => {
    const tools = await gql(manager, `mutation { createInventoryItem(input: { name: "Sprayer nozzle", category: "Tools", restrictedUse: true }) { ${ERR} } }`);
    expect(tools.data.createInventoryItem).toMatchObject({ __typename: "ValidationError", field: "restrictedUse" });
    const noEpa = await gql(manager, `mutation { createInventoryItem(input: { name: "Phostoxin", category: "Pesticide", restrictedUse: true }) { ${ERR} } }`);
    expect(noEpa.data.createInventoryItem).toMatchObject({ __typename: "ValidationError", field: "epaRegistrationNumber" });
    const badEpa = await manager.post("/api/inventory", { name: "X", category: "Pesticide", epaRegistrationNumber: "EPA 12" });
    expect(badEpa.status).toBe(400);
    const badUnit = await manager.post("/api/inventory", { name: "X", category: "Bait", containerSize: { amount: "1", unit: "CUPS" } });
    expect(badUnit.status).toBe(400);
  });
});

describe("measured stock", () => {
  it("an application in any unit of the product's kind comes off exactly, shown as whole containers plus the open one", async () => {
    const item = await product();
    const applied = await record(manager, [{ itemId: item.id, amount: "2.5", unit: "FL_OZ", locationId: main.id }]);
    expect(applied.__typename, JSON.stringify(applied)).toBe("RecordApplicationPayload");
    let now = await itemNow(item.id);
    expect(now).toMatchObject({ quantity: 3, stockText: "3 containers + 125.5 fl oz", openContainerRemaining: { amount: "125.5", unit: "FL_OZ" } });
    // One US fl oz is 29.5735295625 mL exactly; 59.147 mL (what a 3-decimal entry can say of 2 fl oz) shows as 2 fl oz off.
    const exact = await record(manager, [{ itemId: item.id, amount: "59.147", unit: "ML", locationId: main.id }]);
    expect(exact.__typename).toBe("RecordApplicationPayload");
    now = await itemNow(item.id);
    expect(now.openContainerRemaining.amount).toBe("123.5");
    expect(now.stockLevels.find((l: any) => l.location.name === "Main Warehouse")).toMatchObject({ quantity: 3, stockText: "3 containers + 123.5 fl oz" });
    // A whole gallon more takes the open container and a sealed one down by its amount.
    await record(manager, [{ itemId: item.id, amount: "1", unit: "GAL", locationId: main.id }]);
    expect(await itemNow(item.id)).toMatchObject({ quantity: 2, stockText: "2 containers + 123.5 fl oz" });
    // Another kind of measure is refused, and so is more than there is; nothing changes.
    const weight = await record(manager, [{ itemId: item.id, amount: "3", unit: "OZ", locationId: main.id }]);
    expect(weight).toMatchObject({ __typename: "ValidationError", field: "lines.0.unit" });
    const tooMuch = await record(manager, [{ itemId: item.id, amount: "4", unit: "GAL", locationId: main.id }]);
    expect(tooMuch.__typename).toBe("ConflictError");
    expect(tooMuch.message).toMatch(/Not enough stock of Termidor SC \d+: 2 containers \+ 123\.5 fl oz left, 4 containers requested/);
    expect((await itemNow(item.id)).quantity).toBe(2);
    await expectLedger([item.databaseId]);
  });

  it("received − applied − adjusted = on hand, to the unit, per location, after every kind of write", async () => {
    const barcode = `FIP-${Date.now()}`;
    const item = await product({ barcode });
    const id = item.databaseId;
    await expectLedger([id]);
    // Adjusted through the item form.
    expect((await manager.put(`/api/inventory/${id}`, { quantity: 6 })).status).toBe(200);
    await expectLedger([id]);
    // Transferred to a truck (whole containers).
    await ok(manager, `mutation ($i: TransferStockInput!) { transferStock(input: $i) { __typename } }`, { i: { itemId: item.id, fromLocationId: main.id, toLocationId: truck.id, quantity: 2 } });
    await expectLedger([id]);
    // Applied from the truck by the technician who holds it (a partial container there).
    const fromTruck = await record(pnair, [{ itemId: item.id, amount: "0.75", unit: "L" }]);
    expect(fromTruck.__typename, JSON.stringify(fromTruck)).toBe("RecordApplicationPayload");
    expect(fromTruck.lines[0].locationDatabaseId).toBe(truck.databaseId);
    await expectLedger([id]);
    // Received on a purchase order.
    const supplier = await ok(manager, `mutation { createSupplier(input: { name: "BASF Direct ${id}" }) { ... on CreateSupplierPayload { supplier { id } } } }`);
    const order = await ok(
      manager,
      `mutation ($s: ID!, $i: ID!) { createPurchaseOrder(input: { supplierId: $s, lines: [{ itemId: $i, quantity: 3, unitCostCents: 9000 }] }) { ... on CreatePurchaseOrderPayload { purchaseOrder { id lines { id } } } } }`,
      { s: supplier.createSupplier.supplier.id, i: item.id },
    );
    const po = order.createPurchaseOrder.purchaseOrder;
    await ok(manager, `mutation ($id: ID!) { placePurchaseOrder(input: { id: $id }) { __typename } }`, { id: po.id });
    await ok(manager, `mutation ($id: ID!, $l: ID!) { receivePurchaseOrder(input: { id: $id, lines: [{ lineId: $l, quantity: 3 }] }) { __typename } }`, { id: po.id, l: po.lines[0].id });
    await expectLedger([id]);
    // Issued on an approved request.
    const filed = await manager.post("/api/requests", { type: "inventory", justification: "Termite job", items: JSON.stringify([{ id, quantity: 1 }]) });
    expect((await manager.put(`/api/requests/${filed.body.id}/approve`)).status).toBe(200);
    await expectLedger([id]);
    // Counted (the open container on the truck stays as it is).
    const started = await ok(manager, `mutation ($l: ID!) { startStockCount(input: { locationId: $l }) { ... on StartStockCountPayload { count { id } } } }`, { l: truck.id });
    const countId = started.startStockCount.count.id;
    await ok(manager, `mutation ($c: ID!, $i: ID!) { recordStockCount(input: { countId: $c, itemId: $i, countedQuantity: 0 }) { __typename } }`, { c: countId, i: item.id });
    await ok(manager, `mutation ($c: ID!) { completeStockCount(input: { countId: $c }) { __typename } }`, { c: countId });
    await expectLedger([id]);
    // Imported from CSV (a new total at the main warehouse).
    const csv = await manager.request("POST", "/api/inventory/import", `Name,Category,Barcode,Quantity\r\n${item.name},Pesticide,${barcode},9\r\n`, { "content-type": "text/csv" });
    expect(csv.body).toMatchObject({ created: 0, updated: 1 });
    await expectLedger([id]);
    // Used through the older Record use form (whole containers).
    const used = await ok(manager, `mutation ($i: RecordChemicalUseInput!) { recordChemicalUse(input: $i) { ${ERR} } }`, {
      i: { itemId: item.id, quantity: 1, siteAddress: "1 Main St", targetPest: "Ants", locationId: main.id },
    });
    expect(used.recordChemicalUse.__typename).toBe("RecordChemicalUsePayload");
    await expectLedger([id]);
    // Amended both ways.
    const app = await record(manager, [{ itemId: item.id, amount: "10", unit: "FL_OZ", locationId: main.id }]);
    const line = app.lines[0];
    const amend = (amount: string) =>
      ok(manager, `mutation ($i: AmendApplicationInput!) { amendApplication(input: $i) { ${ERR} } }`, {
        i: { applicationId: app.id, reason: "Measured again", lines: [{ lineId: line.id, itemId: item.id, amount, unit: "FL_OZ" }] },
      });
    expect((await amend("14")).amendApplication.__typename).toBe("AmendApplicationPayload");
    await expectLedger([id]);
    expect((await amend("3")).amendApplication.__typename).toBe("AmendApplicationPayload");
    await expectLedger([id]);
    // Amended with a line added (from the truck), a line's product changed, and a line removed.
    const other = await product({ name: `Ledger other ${++seq}` });
    const amendWith = async (extra: Record<string, unknown>) => {
      const res = await ok(manager, `mutation ($i: AmendApplicationInput!) { amendApplication(input: $i) { ${ERR} ... on AmendApplicationPayload { application { lines { id } } } } }`, {
        i: { applicationId: app.id, reason: "Lines corrected", ...extra },
      });
      expect(res.amendApplication.__typename, JSON.stringify(res)).toBe("AmendApplicationPayload");
      return res.amendApplication.application.lines as { id: string }[];
    };
    const withAdded = await amendWith({ lines: [{ itemId: item.id, amount: "0.5", unit: "L", locationId: truck.id }] });
    await expectLedger([id, other.databaseId]);
    await amendWith({ lines: [{ lineId: line.id, itemId: other.id, amount: "6", unit: "FL_OZ" }] });
    await expectLedger([id, other.databaseId]);
    await amendWith({ removeLineIds: [withAdded[1]!.id] });
    await expectLedger([id, other.databaseId]);
    // The container size changed while every location holds whole containers... refused with an open one.
    const resized = await manager.put(`/api/inventory/${id}`, { containerSize: { amount: "2.5", unit: "GAL" } });
    expect(resized.status).toBe(409);
    expect(resized.body.message).toMatch(/open container/);
    await expectLedger([id]);
  });

  it("a product made measured later keeps its whole units as full containers, in the ledger too", async () => {
    const made = await manager.post("/api/inventory", { name: "Advion bait gel", category: "Bait", quantity: 5, unit: "boxes" });
    const id = made.body.id;
    expect((await manager.put(`/api/inventory/${id}`, { containerSize: { amount: "30", unit: "G" } })).status).toBe(200);
    const now = await itemNow(globalId("InventoryItem", id));
    expect(now).toMatchObject({ quantity: 5, stockText: "5 containers", containerSize: { amount: "30", unit: "G" } });
    await expectLedger([id]);
  });
});

describe("certifications and the licence rule", () => {
  it("managers set them; a technician reads their own only; an employee cannot set one", async () => {
    const cert = await certify("tech", { expiresOn: isoDay(20) });
    expect(cert).toMatchObject({ state: "TX", valid: true, expiresInDays: 20 });
    const own = await ok(tech, `{ viewer { certification { number expiresOn } } }`);
    expect(own.viewer.certification).toEqual({ number: "TX-TECH-1", expiresOn: isoDay(20) });
    const others = await ok(pnair, `query ($id: ID!) { requests(first: 1) { edges { node { id } } } node(id: $id) { id } }`, { id: users.tech!.gid });
    expect(others.node).toBeNull();
    const refused = await gql(tech, `mutation ($u: ID!) { setCertification(input: { userId: $u, number: "X", state: "TX", expiresOn: "2030-01-01" }) { ${ERR} } }`, { u: users.tech!.gid });
    expect(refused.data.setCertification.__typename).toBe("ForbiddenError");
  });

  it("managers and the holder hear of an expiry 60, 30 and 7 days ahead, once per window", async () => {
    await certify("agomez", { expiresOn: isoDay(25) });
    const heard = await ok(manager, `{ notifications(first: 50) { edges { node { kind message } } } }`);
    const about = heard.notifications.edges.map((e: any) => e.node).filter((n: any) => n.kind === "CERTIFICATION_EXPIRING" && /Alicia Gomez/.test(n.message));
    expect(about).toEqual([{ kind: "CERTIFICATION_EXPIRING", message: `Alicia Gomez's applicator certification TX-AGOMEZ-1 (TX) expires ${isoDay(25)} (in 25 days)` }]);
    // The hourly look sends nothing more for the same window.
    const { sendDueReminders } = await import("../../server/domain/maintenance.ts");
    await sendDueReminders(server.app.deps);
    const again = await ok(manager, `{ notifications(first: 50) { edges { node { kind message } } } }`);
    expect(again.notifications.edges.filter((e: any) => /Alicia Gomez/.test(e.node.message))).toHaveLength(1);
    const expiring = await ok(manager, `{ expiringCertifications { number user { name } expiresInDays } }`);
    expect(expiring.expiringCertifications).toEqual(expect.arrayContaining([{ number: "TX-AGOMEZ-1", user: { name: "Alicia Gomez" }, expiresInDays: 25 }]));
  });

  it("a restricted-use product needs a certification valid on the application's date, the applicator's or a named supervisor's", async () => {
    const rup = await product({ restrictedUse: true, epaRegistrationNumber: "100-1234", signalWord: "DANGER", name: `Phostoxin ${++seq}` });
    const line = [{ itemId: rup.id, amount: "1", unit: "FL_OZ", locationId: main.id }];
    // tbecker holds none.
    const tbecker = await server.as("tbecker");
    const none = await record(tbecker, line);
    expect(none).toMatchObject({ __typename: "ValidationError", field: "applicatorId" });
    expect(none.message).toMatch(/^Tom Becker holds no applicator certification; Phostoxin \d+ is restricted use/);
    // An expired one is named with its expiry.
    await certify("tbecker", { issuedOn: "2020-01-01", expiresOn: isoDay(-10) });
    const expired = await record(tbecker, line);
    expect(expired.message).toMatch(new RegExp(`^Tom Becker's certification TX-TBECKER-1 expired ${isoDay(-10)}`));
    // In Spanish the expiry is written the Spanish way ("18 nov 2026").
    const enEs = (await tbecker.request("POST", "/graphql", { query: RECORD, variables: { i: applicationInput(line) } }, { "accept-language": "es-US" })).body.data.recordApplication;
    expect(enEs.message).toMatch(new RegExp(`^La certificación TX-TBECKER-1 de Tom Becker venció el ${formatDay(new Date(isoDay(-10)), "es-US")}`));
    expect(enEs).toMatchObject({ __typename: "ValidationError", field: "applicatorId" });
    // The rule reads the date of the application: 20 days ago the licence was valid.
    const earlier = await record(tbecker, line, { startedAt: new Date(Date.now() - 20 * 86_400_000).toISOString() });
    expect(earlier.__typename, JSON.stringify(earlier)).toBe("RecordApplicationPayload");
    expect(earlier.certificationNumber).toBe("TX-TBECKER-1");
    // Today a certified supervisor covers it, and the technician is named as working under supervision.
    const supervised = await record(tbecker, line, { supervisorId: users.tech!.gid, supervisedApplicators: ["Sam Helper"] });
    expect(supervised).toMatchObject({ __typename: "RecordApplicationPayload", supervisorName: "Marcus Reyes", certificationNumber: null, supervisedApplicators: ["Sam Helper"] });
    // A named supervisor of a restricted-use application must be certified that day themself.
    const badSupervisor = await record(tech, line, { supervisorId: users.tbecker!.gid });
    expect(badSupervisor).toMatchObject({ __typename: "ValidationError", field: "supervisorId" });
    expect(badSupervisor.message).toMatch(new RegExp(`^Tom Becker's certification TX-TBECKER-1 expired ${isoDay(-10)}: a supervisor`));
    // A general-use product records the licence number when the applicator has one.
    const general = await product({ name: `Demand CS ${++seq}` });
    const withNumber = await record(tech, [{ itemId: general.id, amount: "2", unit: "FL_OZ", locationId: main.id }]);
    expect(withNumber.certificationNumber).toBe("TX-TECH-1");
  });
});

describe("records are evidence", () => {
  it("cannot be deleted within 2 years, managers included; amendments are never rewritten", async () => {
    const item = await product();
    const app = await record(manager, [{ itemId: item.id, amount: "1", unit: "FL_OZ", locationId: main.id }]);
    const p = server.app.deps.prisma;
    await expect(p.application.delete({ where: { id: app.databaseId } })).rejects.toThrow(/kept at least 2 years/);
    await expect(p.$executeRaw`DELETE FROM "ApplicationLine" WHERE id = ${app.lines[0].databaseId}`).rejects.toThrow(/kept at least 2 years/);
    await ok(manager, `mutation ($i: AmendApplicationInput!) { amendApplication(input: $i) { __typename } }`, { i: { applicationId: app.id, reason: "Wrong customer", customerName: "Rosa M. Delgado" } });
    await expect(p.$executeRaw`UPDATE "ApplicationAmendment" SET reason = 'changed' WHERE "applicationId" = ${app.databaseId}`).rejects.toThrow(/never changed/);
    // There is no API that deletes one: no mutation, no REST DELETE.
    const schema = await gql(manager, `{ __schema { mutationType { fields { name } } } }`);
    expect(schema.data.__schema.mutationType.fields.map((f: any) => f.name).filter((n: string) => /application/i.test(n) && /delete|remove/i.test(n))).toEqual([]);
    expect((await manager.delete(`/api/applications/${app.databaseId}`)).status).toBe(404);
  });

  it("an amendment keeps who, when, why, what changed and the record as it was; stock follows; past 14 days it is late", async () => {
    const item = await product();
    const fresh = await record(pnair, [{ itemId: item.id, amount: "4", unit: "FL_OZ", locationId: main.id }]);
    const amended = await ok(
      pnair,
      `mutation ($i: AmendApplicationInput!) { amendApplication(input: $i) { ${ERR} ... on AmendApplicationPayload { application {
        customerName late lines { amount unit } amendments { user { name } reason late changes { field before after } beforeJson } } } } }`,
      { i: { applicationId: fresh.id, reason: "Used less than written", customerName: "Rosa Delgado (rental)", lines: [{ lineId: fresh.lines[0].id, itemId: item.id, amount: "3", unit: "FL_OZ" }] } },
    );
    const after = amended.amendApplication.application;
    expect(after).toMatchObject({ customerName: "Rosa Delgado (rental)", late: false, lines: [{ amount: "3", unit: "FL_OZ" }] });
    expect(after.amendments).toHaveLength(1);
    expect(after.amendments[0]).toMatchObject({
      user: { name: "Priya Nair" },
      reason: "Used less than written",
      late: false,
      changes: [
        { field: "customer", before: "Rosa Delgado", after: "Rosa Delgado (rental)" },
        { field: expect.stringMatching(/^Termidor SC \d+ \(line 1\)$/), before: "4 fl oz", after: "3 fl oz" },
      ],
    });
    const original = JSON.parse(after.amendments[0].beforeJson);
    expect(original).toMatchObject({ customerName: "Rosa Delgado", lines: [{ amount: "4", unit: "FL_OZ" }] });
    expect((await itemNow(item.id)).openContainerRemaining.amount).toBe("125");
    // Nothing to change is refused.
    const nothing = await ok(pnair, `mutation ($i: AmendApplicationInput!) { amendApplication(input: $i) { ${ERR} } }`, { i: { applicationId: fresh.id, reason: "Again", customerName: "Rosa Delgado (rental)" } });
    expect(nothing.amendApplication.__typename).toBe("ValidationError");
    // 20 days after the application, an amendment is late.
    const old = await record(manager, [{ itemId: item.id, amount: "1", unit: "FL_OZ", locationId: main.id }], { startedAt: new Date(Date.now() - 20 * 86_400_000).toISOString() });
    const late = await ok(manager, `mutation ($i: AmendApplicationInput!) { amendApplication(input: $i) { ... on AmendApplicationPayload { application { late amendments { late } } } } }`, {
      i: { applicationId: old.id, reason: "Forgot the wind", weather: { windSpeedMph: "6", windDirection: "NW" } },
    });
    expect(late.amendApplication.application).toEqual({ late: true, amendments: [{ late: true }] });
  });
});

describe("amending the products and the people", () => {
  it("adds a line, removes one, changes a line's product and unit; stock follows exactly; each change reads in the history", async () => {
    const first = await product({ name: `Amend first ${++seq}` });
    const second = await product({ name: `Amend second ${++seq}` });
    const third = await product({ name: `Amend third ${++seq}` });
    const app = await record(pnair, [
      { itemId: first.id, amount: "8", unit: "FL_OZ", locationId: main.id },
      { itemId: second.id, amount: "16", unit: "FL_OZ", locationId: main.id },
    ]);
    expect(app.__typename, JSON.stringify(app)).toBe("RecordApplicationPayload");
    const AMEND = `mutation ($i: AmendApplicationInput!) { amendApplication(input: $i) { ${ERR} ... on AmendApplicationPayload { application {
      lines { databaseId productName amount unit epaRegistrationNumber } amendments { changes { field before after } } } } } }`;
    const res = await ok(pnair, AMEND, {
      i: {
        applicationId: app.id,
        reason: "Wrong product written, one not used, one forgotten",
        lines: [
          { lineId: app.lines[0].id, itemId: third.id, amount: "1", unit: "GAL" },
          { itemId: first.id, amount: "0.5", unit: "L", locationId: main.id },
        ],
        removeLineIds: [app.lines[1].id],
      },
    });
    expect(res.amendApplication.__typename, JSON.stringify(res)).toBe("AmendApplicationPayload");
    const after = res.amendApplication.application;
    // Records are evidence: the removed line stays, at 0; the changed line now names the new product.
    expect(after.lines.map((l: any) => [l.productName, l.amount, l.unit])).toEqual([
      [third.name, "1", "GAL"],
      [second.name, "0", "FL_OZ"],
      [first.name, "0.5", "L"],
    ]);
    expect(after.amendments[0].changes).toEqual([
      { field: `${first.name} (line 1)`, before: `8 fl oz of ${first.name}`, after: `1 gal of ${third.name}` },
      { field: `${first.name} (line 3)`, before: "not applied", after: "0.5 L" },
      { field: `${second.name} (line 2)`, before: "16 fl oz", after: "removed" },
    ]);
    // first: 8 fl oz back, 0.5 L (16.907 fl oz) taken; second: all back; third: a whole gallon taken.
    expect((await itemNow(first.id)).quantity).toBe(3);
    expect((await itemNow(second.id)).quantity).toBe(4);
    expect((await itemNow(third.id)).quantity).toBe(3);
    await expectLedger([first.databaseId, second.databaseId, third.databaseId]);
    // A line removed twice, or a line of another record, is refused.
    const again = await ok(pnair, AMEND, { i: { applicationId: app.id, reason: "Again", removeLineIds: [app.lines[1].id], customerName: "Someone else" } });
    expect(again.amendApplication.__typename).toBe("AmendApplicationPayload");
    const foreign = await ok(pnair, AMEND, { i: { applicationId: app.id, reason: "Foreign", removeLineIds: [globalId("ApplicationLine", 999999)] } });
    expect(foreign.amendApplication).toMatchObject({ __typename: "ValidationError", field: "removeLineIds.0" });
  });

  it("changes the supervisor and the supervised applicators; a restricted-use product added is checked against the licences on the application's date", async () => {
    await certify("tbecker", { expiresOn: isoDay(-30) }); // lapsed a month ago
    const general = await product({ name: `Amend general ${++seq}` });
    const rup = await product({ restrictedUse: true, name: `Amend RUP ${++seq}`, epaRegistrationNumber: "100-1075" });
    const tb = await server.as("tbecker");
    const app = await record(tb, [{ itemId: general.id, amount: "2", unit: "FL_OZ", locationId: main.id }], { startedAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    expect(app.__typename, JSON.stringify(app)).toBe("RecordApplicationPayload");
    const AMEND = `mutation ($i: AmendApplicationInput!) { amendApplication(input: $i) { ${ERR} ... on AmendApplicationPayload { application {
      supervisorName supervisorCertificationNumber supervisedApplicators lines { productName amount } amendments { changes { field before after } } } } } }`;
    // Without a supervisor, a restricted-use product added is refused: the applicator's licence lapsed.
    const refused = await ok(tb, AMEND, { i: { applicationId: app.id, reason: "Forgot the RUP", lines: [{ itemId: rup.id, amount: "1", unit: "FL_OZ", locationId: main.id }] } });
    expect(refused.amendApplication.__typename).toBe("ValidationError");
    expect(refused.amendApplication.message).toMatch(/expired/);
    expect((await itemNow(rup.id)).quantity).toBe(4);
    // With a certified supervisor named in the same amendment it stands, and the history says who.
    const res = await ok(manager, AMEND, {
      i: { applicationId: app.id, reason: "Forgot the RUP; Priya supervised", supervisorId: users.pnair!.gid, supervisedApplicators: ["Sam Helper"], lines: [{ itemId: rup.id, amount: "1", unit: "FL_OZ", locationId: main.id }] },
    });
    expect(res.amendApplication.__typename, JSON.stringify(res)).toBe("AmendApplicationPayload");
    const after = res.amendApplication.application;
    expect(after).toMatchObject({ supervisorName: "Priya Nair", supervisorCertificationNumber: "TX-PNAIR-1", supervisedApplicators: ["Sam Helper"] });
    expect(after.amendments[0].changes).toEqual(
      expect.arrayContaining([
        { field: "supervisor", before: "not recorded", after: "Priya Nair" },
        { field: "supervised applicators", before: "none", after: "Sam Helper" },
        { field: `${rup.name} (line 2)`, before: "not applied", after: "1 fl oz" },
      ]),
    );
    // Taking the supervisor off again while the restricted-use product is on the record is refused.
    const off = await ok(manager, AMEND, { i: { applicationId: app.id, reason: "No supervisor", supervisorId: null } });
    expect(off.amendApplication.__typename).toBe("ValidationError");
  });
});

describe("sent again with its Idempotency-Key (the offline queue's way)", () => {
  it("a record is made once, its answer (exact amounts, decimals) replayed, and stock taken once; keyed stock writes replay too", async () => {
    const item = await product();
    const key = `app-${Date.now()}-abcdefgh`;
    const body = { query: RECORD, variables: { i: applicationInput([{ itemId: item.id, amount: "2.5", unit: "FL_OZ", locationId: main.id }], { customerName: "Keyed customer" }) } };
    const first = await pnair.request("POST", "/graphql", body, { "idempotency-key": key });
    const again = await pnair.request("POST", "/graphql", body, { "idempotency-key": key });
    expect(first.body.data.recordApplication.__typename, first.text).toBe("RecordApplicationPayload");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await itemNow(item.id)).openContainerRemaining.amount).toBe("125.5");
    const mine = await ok(pnair, `{ applications(first: 100, filter: { customer: "Keyed customer" }) { totalCount } }`);
    expect(mine.applications.totalCount).toBe(1);
    // A stock level (its exact amount a BigInt) as a keyed write's answer.
    const minimum = { query: `mutation ($i: SetLocationMinimumInput!) { setLocationMinimum(input: $i) { __typename ... on SetLocationMinimumPayload { stockLevel { minQuantity stockText } } } }`, variables: { i: { locationId: truck.id, itemId: item.id, minQuantity: 2 } } };
    const set = await manager.request("POST", "/graphql", minimum, { "idempotency-key": `${key}-min` });
    expect(set.body.data.setLocationMinimum, set.text).toEqual({ __typename: "SetLocationMinimumPayload", stockLevel: { minQuantity: 2, stockText: "0 containers" } });
    const replay = await manager.request("POST", "/graphql", minimum, { "idempotency-key": `${key}-min` });
    expect(replay.body).toEqual(set.body);
  });
});

describe("who sees and amends a record", () => {
  it("a technician their own only, on every way of reaching it; a manager all", async () => {
    const item = await product();
    const theirs = await record(tech, [{ itemId: item.id, amount: "1", unit: "FL_OZ", locationId: main.id }], { customerName: "Marcus's customer" });
    const mine = await record(pnair, [{ itemId: item.id, amount: "1", unit: "FL_OZ", locationId: main.id }], { customerName: "Priya's customer" });
    const list = await ok(pnair, `{ applications(first: 100) { totalCount edges { node { customerName applicatorName } } } }`);
    expect(list.applications.edges.every((e: any) => e.node.applicatorName === "Priya Nair")).toBe(true);
    expect(list.applications.totalCount).toBe(list.applications.edges.length);
    expect(list.applications.edges.map((e: any) => e.node.customerName)).toContain("Priya's customer");
    expect((await ok(pnair, `query ($id: ID!) { node(id: $id) { id } }`, { id: theirs.id })).node).toBeNull();
    expect((await ok(pnair, `query ($id: ID!) { node(id: $id) { id } }`, { id: theirs.lines[0].id })).node).toBeNull();
    expect((await pnair.get(`/api/applications/${theirs.databaseId}`)).status).toBe(404);
    expect((await pnair.get(`/api/applications/${theirs.databaseId}/customer-copy.pdf`)).status).toBe(404);
    expect(((await pnair.get("/api/applications")).body as any[]).every((a) => a.applicatorName === "Priya Nair")).toBe(true);
    const amend = await ok(pnair, `mutation ($i: AmendApplicationInput!) { amendApplication(input: $i) { ${ERR} } }`, { i: { applicationId: theirs.id, reason: "Not mine", notes: "x" } });
    expect(amend.amendApplication.__typename).toBe("NotFoundError");
    // Recording for someone else is a manager's.
    const forOther = await record(pnair, [{ itemId: item.id, amount: "1", unit: "FL_OZ", locationId: main.id }], { applicatorId: users.tech!.gid });
    expect(forOther.__typename).toBe("ForbiddenError");
    const byManager = await record(manager, [{ itemId: item.id, amount: "1", unit: "FL_OZ", locationId: main.id }], { applicatorId: users.tech!.gid });
    expect(byManager.__typename).toBe("RecordApplicationPayload");
    const all = await ok(manager, `{ applications(first: 100, filter: { customer: "customer" }) { edges { node { customerName } } } }`);
    expect(all.applications.edges.map((e: any) => e.node.customerName)).toEqual(expect.arrayContaining(["Marcus's customer", "Priya's customer"]));
    expect((await ok(manager, `query ($id: ID!) { node(id: $id) { id } }`, { id: mine.id })).node).toEqual({ id: mine.id });
    // The inspector's exports are managers'.
    expect((await pnair.get(`/api/applications/rup-report.csv?from=${isoDay(-30)}&to=${isoDay(0)}`)).status).toBe(403);
  });
});

describe("what comes out", () => {
  it("REST records, lists and reads an application the same way", async () => {
    const item = await product();
    const made = await manager.post("/api/applications", applicationInput([{ itemId: item.databaseId, amount: "2", unit: "FL_OZ", locationId: main.databaseId }], { customerName: "REST customer" }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      customerName: "REST customer",
      serviceAddress: { street: "418 Elm St", city: "Austin", state: "TX", zip: "78704" },
      areaTreated: { amount: "1200", unit: "SQ_FT" },
      method: "SPRAY",
      lines: [{ itemId: item.databaseId, amount: "2", unit: "FL_OZ", epaRegistrationNumber: "7969-210", restrictedUse: false, signalWord: "CAUTION", activeIngredients: [{ name: "Fipronil", percent: "9.1" }] }],
      amendments: [],
      late: false,
    });
    expect((await manager.get(`/api/applications/${made.body.id}`)).body).toEqual(made.body);
    const listed = (await manager.get(`/api/applications?customer=REST&from=${isoDay(-1)}`)).body;
    expect(listed).toEqual([made.body]);
    const bad = await manager.post("/api/applications", applicationInput([], { customerName: "" }));
    expect(bad.status).toBe(400);
  });

  it("the restricted-use record has exactly the federal fields, one row per product per application, as CSV and PDF", async () => {
    const rup = await product({ restrictedUse: true, epaRegistrationNumber: "5481-479", name: `Fumitoxin ${++seq}` });
    const general = await product({ name: `Talstar P ${++seq}` });
    const app = await record(
      tech,
      [
        { itemId: rup.id, amount: "12.5", unit: "FL_OZ", locationId: main.id },
        { itemId: general.id, amount: "1", unit: "GAL", locationId: main.id },
      ],
      { customerName: "Alamo Storage LLC", serviceAddress: { street: "9 Depot Rd", city: "San Antonio", state: "TX", zip: "78201" }, siteDescription: "Warehouse bay 3", areaTreated: { amount: "3500", unit: "CUBIC_FT" }, startedAt: "2026-11-20T14:05:00.000Z", supervisedApplicators: ["Sam Helper"] },
    );
    expect(app.__typename, JSON.stringify(app)).toBe("RecordApplicationPayload");
    const res = await manager.get("/api/applications/rup-report.csv?from=2026-11-20&to=2026-11-20");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = res.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe(
      "Customer name,Customer address,Location of application,Size of area treated,Date,Time,Product name,EPA registration number,Total amount applied,Certified applicator,Certification number,Non-certified applicators,Record",
    );
    const row = lines.find((l) => l.includes("Fumitoxin"))!;
    expect(row).toBe(
      `Alamo Storage LLC,"9 Depot Rd, San Antonio, TX 78201","9 Depot Rd, San Antonio, TX 78201 — Warehouse bay 3",3500 cubic ft,2026-11-20,14:05,${rup.name},5481-479,12.5 fl oz,Marcus Reyes,TX-TECH-1,Sam Helper,${app.databaseId}`,
    );
    expect(lines.some((l) => l.includes("Talstar"))).toBe(false);
    const pdf = await fetch(new URL("/api/applications/rup-report.pdf?from=2026-11-20&to=2026-11-20", server.url), { headers: { cookie: manager.cookie! } });
    expect(pdf.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    for (const expected of ["restricted-use pesticide application records", "Alamo Storage LLC", "5481-479", "12.5 fl oz", "TX-TECH-1", "Sam Helper"]) expect(text).toContain(expected);
    // The monthly summary and the full log.
    const summary = await ok(manager, `{ applicationReports(from: "2026-11-20", to: "2026-11-20") { ... on ApplicationReports { monthlySummary { month productName totalAmount unit applications } rupRecords { productName amountApplied } } } }`);
    expect(summary.applicationReports.monthlySummary).toEqual(
      expect.arrayContaining([
        { month: "2026-11", productName: rup.name, totalAmount: "0.098", unit: "gal", applications: 1 },
        { month: "2026-11", productName: general.name, totalAmount: "1", unit: "gal", applications: 1 },
      ]),
    );
    const log = await manager.get("/api/applications/log.csv?from=2026-11-20&to=2026-11-20");
    expect(log.status).toBe(200);
    expect(log.text.split("\r\n").filter((l) => l.includes("Alamo Storage LLC"))).toHaveLength(2);
  });

  it("Reports' chemical use reads the application records: a recorded application with its exact amount, the same totals as the Applications report", async () => {
    const day = "2026-09-14";
    const rup = await product({ restrictedUse: true, epaRegistrationNumber: "100-1066", name: `Chem report RUP ${++seq}` });
    const counted = await product({ name: `Chem report bait ${++seq}`, category: "Bait", unit: "boxes", containerSize: null, epaRegistrationNumber: null, restrictedUse: false, signalWord: null, activeIngredients: null, formulation: null });
    const a = await record(tech, [{ itemId: rup.id, amount: "12.5", unit: "FL_OZ", locationId: main.id }, { itemId: counted.id, amount: "2", unit: "boxes", locationId: main.id }], {
      startedAt: `${day}T14:00:00.000Z`,
    });
    expect(a.__typename, JSON.stringify(a)).toBe("RecordApplicationPayload");
    const b = await record(pnair, [{ itemId: rup.id, amount: "1", unit: "GAL", locationId: main.id }], { startedAt: `${day}T16:00:00.000Z`, serviceAddress: { street: "9 Pine Ave", city: "Austin", state: "TX", zip: "78701" } });
    expect(b.__typename, JSON.stringify(b)).toBe("RecordApplicationPayload");
    const data = await ok(
      manager,
      `query ($d: String!) {
        reports(from: $d, to: $d) { ... on Reports {
          chemicalUseByProduct { epaRegistrationNumber product activeIngredient unit quantity uses technicians sites }
          chemicalUseByTechnician { technician product unit quantity uses }
          chemicalUses { databaseId usedAt technician product epaRegistrationNumber activeIngredient quantity unit siteAddress targetPest } } }
        applicationReports(from: $d, to: $d) { ... on ApplicationReports { monthlySummary { productName totalAmount unit applications } } } }`,
      { d: day },
    );
    const r = data.reports;
    const mine = (rows: { product: string }[]) => rows.filter((x) => x.product === rup.name || x.product === counted.name);
    expect(mine(r.chemicalUseByProduct)).toEqual([
      { epaRegistrationNumber: "100-1066", product: rup.name, activeIngredient: "Fipronil 9.1%", unit: "gal", quantity: 1.098, uses: 2, technicians: 2, sites: 2 },
      { epaRegistrationNumber: null, product: counted.name, activeIngredient: null, unit: "boxes", quantity: 2, uses: 1, technicians: 1, sites: 1 },
    ]);
    // (Products sort by the database's collation, which differs between PGlite and PostgreSQL.)
    expect(mine(r.chemicalUseByTechnician)).toHaveLength(3);
    expect(mine(r.chemicalUseByTechnician)).toEqual(
      expect.arrayContaining([
        { technician: "Marcus Reyes", product: counted.name, unit: "boxes", quantity: 2, uses: 1 },
        { technician: "Marcus Reyes", product: rup.name, unit: "gal", quantity: 0.098, uses: 1 },
        { technician: "Priya Nair", product: rup.name, unit: "gal", quantity: 1, uses: 1 },
      ]),
    );
    // Each line as entered: 12.5 fl oz is 12.5 fl oz.
    expect(mine(r.chemicalUses).map((u: any) => [u.usedAt, u.technician, u.product, u.quantity, u.unit, u.siteAddress, u.targetPest])).toEqual([
      [`${day}T14:00:00.000Z`, "Marcus Reyes", rup.name, 12.5, "fl oz", "418 Elm St, Austin, TX 78704", "Subterranean termites"],
      [`${day}T14:00:00.000Z`, "Marcus Reyes", counted.name, 2, "boxes", "418 Elm St, Austin, TX 78704", "Subterranean termites"],
      [`${day}T16:00:00.000Z`, "Priya Nair", rup.name, 1, "gal", "9 Pine Ave, Austin, TX 78701", "Subterranean termites"],
    ]);
    // The two sections agree: per product, the same total in the same unit and the same number of applications.
    const summary = data.applicationReports.monthlySummary as { productName: string; totalAmount: string; unit: string; applications: number }[];
    for (const row of mine(r.chemicalUseByProduct) as { product: string; quantity: number; unit: string; uses: number }[]) {
      const month = summary.find((s) => s.productName === row.product)!;
      expect({ total: Number(month.totalAmount), unit: month.unit, applications: month.applications }).toEqual({ total: row.quantity, unit: row.unit, applications: row.uses });
    }
    // Record use (the older form) makes a record too, counted once.
    const use = await ok(tech, `mutation ($i: RecordChemicalUseInput!) { recordChemicalUse(input: $i) { ${ERR} } }`, {
      i: { itemId: counted.id, quantity: 1, siteAddress: "5 Oak St", targetPest: "Ants", date: isoDay(0), locationId: main.id },
    });
    expect(use.recordChemicalUse.__typename, JSON.stringify(use)).toBe("RecordChemicalUsePayload");
    const today = await ok(manager, `query ($d: String!) { reports(from: $d, to: $d) { ... on Reports { chemicalUseByProduct { product quantity uses } } } }`, { d: isoDay(0) });
    expect(today.reports.chemicalUseByProduct.filter((x: any) => x.product === counted.name)).toEqual([{ product: counted.name, quantity: 1, uses: 1 }]);
  });

  it("the reports answer again after a new record (the response cache drops applicationReports)", async () => {
    const item = await product({ name: `Suspend SC ${++seq}` });
    const query = `{ applicationReports(from: "2026-10-03", to: "2026-10-03") { ... on ApplicationReports { monthlySummary { productName applications } } } }`;
    const names = async () => ((await ok(manager, query)).applicationReports.monthlySummary as { productName: string }[]).map((r) => r.productName);
    expect(await names()).not.toContain(item.name);
    expect(await names()).not.toContain(item.name); // asked twice: the second answer can come from the cache
    const app = await record(tech, [{ itemId: item.id, amount: "2", unit: "FL_OZ", locationId: main.id }], { startedAt: "2026-10-03T15:00:00.000Z" });
    expect(app.__typename, JSON.stringify(app)).toBe("RecordApplicationPayload");
    expect(await names()).toContain(item.name);
  });

  it("a count of records alone answers again after a new record (the response cache drops the connection)", async () => {
    const count = async () => (await ok(manager, `{ applications(first: 1, filter: { customer: "Count Only Cafe" }) { totalCount } }`)).applications.totalCount as number;
    const before = await count();
    expect(await count()).toBe(before); // the second answer can come from the cache
    const item = await product({ name: `Gentrol ${++seq}` });
    const app = await record(tech, [{ itemId: item.id, amount: "1", unit: "FL_OZ", locationId: main.id }], { customerName: "Count Only Cafe" });
    expect(app.__typename, JSON.stringify(app)).toBe("RecordApplicationPayload");
    expect(await count()).toBe(before + 1);
  });

  it("the customer copy is one printable page with the company, licence, products, EPA numbers, signal words, amounts and area", async () => {
    const item = await product({ signalWord: "WARNING" });
    const app = await record(tech, [{ itemId: item.id, amount: "6", unit: "FL_OZ", locationId: main.id }], { notes: "Keep pets off the lawn for 2 hours." });
    const res = await fetch(new URL(app.customerCopyUrl, server.url), { headers: { cookie: tech.cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const { text, totalPages } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
    expect(totalPages).toBe(1);
    for (const expected of ["Bugs Away Pest Control", "customer copy", "Rosa Delgado", "418 Elm St, Austin, TX 78704", "Marcus Reyes, certification TX-TECH-1", item.name, "EPA Reg. No. 7969-210", "Signal word: WARNING", "Fipronil 9.1%", "6 fl oz", "1200 sq ft", "Subterranean termites", "Keep pets off the lawn"]) {
      expect(text, expected).toContain(expected);
    }
  });
});
