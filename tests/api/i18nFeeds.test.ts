import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDay } from "../../server/i18n/index.ts";
import { ERR, globalId, isoDay, LiveSubscription, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/*
 * Issue 35, the feeds: notifications and the activity entries that were still stored as English text
 * (purchase orders drafted, edited and received; containers restated; application records recorded
 * and amended; the fields' names in "Updated …"), and the demo company's own entries. Each is read in
 * the reader's language: a user whose preference is Spanish reads Spanish whatever the browser says,
 * a user with no preference reads English with an English browser. The English is exactly as it was.
 */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
/** A second manager whose preference is Spanish (told of what every manager is told of). */
let gerente: ApiClient;

const EN = { "accept-language": "en-US,en;q=0.9" };
const SET_LOCALE = `mutation ($l: String) { updateMyPreferences(input: { locale: $l }) { __typename } }`;
const FEED = `{ notifications(first: 100) { edges { node { databaseId kind message request { databaseId } inventoryItem { databaseId } equipment { databaseId } } } } }`;
const ACTIVITY = `{ activity(first: 100) { edges { node { entityType entityId details } } } }`;

type Note = {
  databaseId: number;
  kind: string;
  message: string;
  request: { databaseId: number } | null;
  inventoryItem: { databaseId: number } | null;
  equipment: { databaseId: number } | null;
};
type Entry = { entityType: string; entityId: number | null; details: string };

/** GraphQL over HTTP with an English browser's Accept-Language (the user's preference, when set, wins). */
async function gqlEn(client: ApiClient, query: string, variables?: Record<string, unknown>) {
  const res = await client.request("POST", "/graphql", { query, variables }, EN);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data;
}

const feed = async (client: ApiClient): Promise<Note[]> => (await gqlEn(client, FEED)).notifications.edges.map((e: { node: Note }) => e.node);
const gqlActivity = async (client: ApiClient): Promise<Entry[]> => (await gqlEn(client, ACTIVITY)).activity.edges.map((e: { node: Entry }) => e.node);
const restActivity = async (client: ApiClient): Promise<Entry[]> => (await client.request("GET", "/api/dashboard/activity?limit=100", undefined, EN)).body;

/** The details of every entry about one record, oldest first, on REST and GraphQL (which must agree). */
async function entriesAbout(client: ApiClient, entityType: string, entityId: number): Promise<string[]> {
  const pick = (all: Entry[]) =>
    all
      .filter((e) => e.entityType === entityType && e.entityId === entityId)
      .map((e) => e.details)
      .reverse();
  const rest = pick(await restActivity(client));
  expect(pick(await gqlActivity(client))).toEqual(rest);
  return rest;
}

const suffix = () => randomBytes(3).toString("hex");

async function newItem(fields: Record<string, unknown>) {
  const res = await manager.post("/api/inventory", { category: "Bait", unit: "boxes", ...fields, name: `${fields.name} ${suffix()}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

beforeAll(async () => {
  server = await startServer();
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
  const made = await manager.post("/api/team", { username: "gerente", password: "gerente123", name: "Lucía Gerente", role: "manager" });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  gerente = await server.as("gerente", "gerente123");
  await gqlEn(gerente, SET_LOCALE, { l: "es-US" });
});
afterAll(async () => {
  await server?.close();
});

describe("notifications", () => {
  it("a request's notifications (new, approved, denied) in the reader's language; the English as it was", async () => {
    const item = await newItem({ name: "Gel bait", quantity: 50, minQuantity: 1 });
    const file = async () => {
      const res = await tech.post("/api/requests", { type: "inventory", justification: "i18n", items: [{ id: item.id, quantity: 2 }] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    const approved = await file();
    const denied = await file();
    expect((await manager.put(`/api/requests/${approved}/approve`)).status).toBe(200);
    expect((await manager.put(`/api/requests/${denied}/deny`)).status).toBe(200);

    const about = (notes: Note[], id: number) => notes.filter((n) => n.request?.databaseId === id).map((n) => n.message);
    expect(about(await feed(manager), approved)).toEqual([`New request from Marcus Reyes: 2 x ${item.name}`]);
    expect(about(await feed(gerente), approved)).toEqual([`Nueva solicitud de Marcus Reyes: 2 x ${item.name}`]);

    // The technician with no preference reads English; with Spanish chosen, Spanish (the browser still English).
    expect(about(await feed(tech), approved)).toEqual([`Your request for 2 x ${item.name} was approved by Dana Whitfield`]);
    expect(about(await feed(tech), denied)).toEqual([`Your request for 2 x ${item.name} was denied by Dana Whitfield`]);
    await gqlEn(tech, SET_LOCALE, { l: "es-US" });
    try {
      expect(about(await feed(tech), approved)).toEqual([`Dana Whitfield aprobó su solicitud de 2 x ${item.name}`]);
      expect(about(await feed(tech), denied)).toEqual([`Dana Whitfield rechazó su solicitud de 2 x ${item.name}`]);
    } finally {
      await gqlEn(tech, SET_LOCALE, { l: null });
    }

    // The row keeps the English text (the field older readers know) beside its message.
    const row = await server.app.deps.prisma.notification.findFirst({ where: { requestId: approved, kind: "REQUEST_APPROVED" } });
    expect(row).toMatchObject({
      message: `Your request for 2 x ${item.name} was approved by Dana Whitfield`,
      descriptor: { id: "notification.requestApproved", values: { lines: `2 x ${item.name}`, name: "Dana Whitfield" } },
    });
  });

  it("low stock, plural-correct in Spanish", async () => {
    const one = await newItem({ name: "Snap trap", quantity: 5, minQuantity: 2 });
    const two = await newItem({ name: "Glue board", quantity: 5, minQuantity: 3 });
    expect((await manager.put(`/api/inventory/${one.id}`, { quantity: 1 })).status).toBe(200);
    expect((await manager.put(`/api/inventory/${two.id}`, { quantity: 2 })).status).toBe(200);
    const lowOf = (notes: Note[], id: number) => notes.filter((n) => n.kind === "LOW_STOCK" && n.inventoryItem?.databaseId === id).map((n) => n.message);
    const en = await feed(manager);
    expect(lowOf(en, one.id)).toEqual([`${one.name} is low on stock: 1 boxes left (minimum 2)`]);
    expect(lowOf(en, two.id)).toEqual([`${two.name} is low on stock: 2 boxes left (minimum 3)`]);
    const es = await feed(gerente);
    expect(lowOf(es, one.id)).toEqual([`${one.name} tiene pocas existencias: queda 1 boxes (mínimo 2)`]);
    expect(lowOf(es, two.id)).toEqual([`${two.name} tiene pocas existencias: quedan 2 boxes (mínimo 3)`]);
  });

  it("maintenance due and overdue, with the day written the reader's way", async () => {
    const make = async (name: string, nextMaintenance: string) => {
      const res = await manager.post("/api/equipment", { name: `${name} ${suffix()}`, category: "Sprayer", nextMaintenance });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: number; name: string };
    };
    const lateDay = isoDay(-40);
    const soonDay = isoDay(2);
    const late = await make("Late fogger", lateDay);
    const soon = await make("Soon sprayer", soonDay);
    const esLate = formatDay(new Date(lateDay), "es-US");
    const esSoon = formatDay(new Date(soonDay), "es-US");
    // Spanish days are words ("5 oct 2026"), not a numeric date that could be read either way.
    expect(esLate).toMatch(/^\d{1,2} [a-z]+\.? \d{4}$/);
    const dueOf = (notes: Note[], id: number) => notes.filter((n) => n.kind === "MAINTENANCE_DUE" && n.equipment?.databaseId === id).map((n) => n.message);
    const en = await feed(manager);
    expect(dueOf(en, late.id)).toEqual([`Maintenance of ${late.name} is overdue (due ${lateDay})`]);
    expect(dueOf(en, soon.id)).toEqual([`Maintenance of ${soon.name} is due ${soonDay}`]);
    const es = await feed(gerente);
    expect(dueOf(es, late.id)).toEqual([`El mantenimiento de ${late.name} está vencido (vencía el ${esLate})`]);
    expect(dueOf(es, soon.id)).toEqual([`El mantenimiento de ${soon.name} vence el ${esSoon}`]);
    // The day is kept as ISO in the message's values and written at read time.
    const row = await server.app.deps.prisma.notification.findFirst({ where: { equipmentId: late.id } });
    expect(row?.descriptor).toMatchObject({ id: "notification.maintenanceOverdue", values: { date: { day: lateDay } } });
  });

  it("a certification about to expire: the holder's and the managers' notices, days plural-correct", async () => {
    const team = (await manager.get("/api/team")).body as { id: number; username: string }[];
    const pnairId = team.find((u) => u.username === "pnair")!.id;
    const pnair = await server.as("pnair");
    await gqlEn(pnair, SET_LOCALE, { l: "es-US" });
    const expires = isoDay(1);
    const set = await ok(manager, `mutation ($i: SetCertificationInput!) { setCertification(input: $i) { ${ERR} } }`, {
      i: { userId: globalId("User", pnairId), number: "TX-PN-35", state: "tx", categories: ["Structural pest control"], expiresOn: expires },
    });
    expect(set.setCertification.__typename, JSON.stringify(set)).toBe("SetCertificationPayload");
    const certOf = (notes: Note[]) => notes.filter((n) => n.kind === "CERTIFICATION_EXPIRING" && n.message.includes("TX-PN-35")).map((n) => n.message);
    const esDay = formatDay(new Date(expires), "es-US");
    expect(certOf(await feed(manager))).toEqual([`Priya Nair's applicator certification TX-PN-35 (TX) expires ${expires} (in 1 day)`]);
    expect(certOf(await feed(gerente))).toEqual([`La certificación de aplicador TX-PN-35 (TX) de Priya Nair vence el ${esDay} (en 1 día)`]);
    expect(certOf(await feed(pnair))).toEqual([`Su certificación de aplicador TX-PN-35 (TX) vence el ${esDay} (en 1 día)`]);
    await gqlEn(pnair, SET_LOCALE, { l: null });
    expect(certOf(await feed(pnair))).toEqual([`Your applicator certification TX-PN-35 (TX) expires ${expires} (in 1 day)`]);
  });

  it("the live subscription delivers the notification in the subscriber's language", async () => {
    const query = "subscription { notification { kind message request { databaseId } } }";
    const [forGerente, forManager] = await Promise.all([
      LiveSubscription.open(server, gerente.cookie, query),
      LiveSubscription.open(server, manager.cookie, query),
    ]);
    try {
      const item = await newItem({ name: "Live bait", quantity: 50, minQuantity: 1 });
      const res = await tech.post("/api/requests", { type: "inventory", justification: "live", items: [{ id: item.id, quantity: 1 }] });
      expect(res.status).toBe(201);
      const mine = (d: any) => d.notification?.request?.databaseId === res.body.id;
      expect((await forGerente.next(mine, "NEW_REQUEST for the Spanish manager")).notification.message).toBe(
        `Nueva solicitud de Marcus Reyes: 1 x ${item.name}`,
      );
      expect((await forManager.next(mine, "NEW_REQUEST for the English manager")).notification.message).toBe(`New request from Marcus Reyes: 1 x ${item.name}`);
    } finally {
      await Promise.all([forGerente.close(), forManager.close()]);
    }
  });

  it("one written before notifications kept their message reads as it was written, in every language", async () => {
    const team = (await manager.get("/api/team")).body as { id: number; username: string }[];
    const gerenteId = team.find((u) => u.username === "gerente")!.id;
    const old = await server.app.deps.prisma.notification.create({
      data: { userId: gerenteId, kind: "LOW_STOCK", message: "Old bait is low on stock: 0 boxes left (minimum 1)" },
    });
    expect((await feed(gerente)).find((n) => n.databaseId === old.id)?.message).toBe("Old bait is low on stock: 0 boxes left (minimum 1)");
  });
});

describe("activity entries", () => {
  it("an item's edit names its fields in the reader's language; a restated container too", async () => {
    const made = await ok(
      manager,
      `mutation ($i: CreateInventoryItemInput!) { createInventoryItem(input: $i) { ${ERR} ... on CreateInventoryItemPayload { item { id databaseId name } } } }`,
      { i: { name: `Talstar ${suffix()}`, category: "Pesticide", quantity: 2, minQuantity: 0, unit: "gallons", containerSize: { amount: "1", unit: "GAL" } } },
    );
    const item = made.createInventoryItem.item;
    const update = (i: Record<string, unknown>) =>
      ok(manager, `mutation ($i: UpdateInventoryItemInput!) { updateInventoryItem(input: $i) { ${ERR} } }`, { i: { id: item.id, ...i } });
    expect((await update({ containerSize: { amount: "2", unit: "GAL" } })).updateInventoryItem.__typename).toBe("UpdateInventoryItemPayload");
    expect((await update({ quantity: 4, location: "Shelf 9" })).updateInventoryItem.__typename).toBe("UpdateInventoryItemPayload");
    expect((await update({ containerSize: null })).updateInventoryItem.__typename).toBe("UpdateInventoryItemPayload");

    expect(await entriesAbout(manager, "inventory", item.databaseId)).toEqual([
      `Added ${item.name} (Pesticide), 2 gallons`,
      `Set the container of ${item.name} to 2 gal`,
      `Saved ${item.name} (no changes)`,
      `Updated ${item.name}: quantity 2 → 4, location none → Shelf 9`,
      `Counted ${item.name} in gallons again (no container size)`,
      `Saved ${item.name} (no changes)`,
    ]);
    expect(await entriesAbout(gerente, "inventory", item.databaseId)).toEqual([
      `Agregó ${item.name} (Pesticide), 2 gallons`,
      `Fijó el envase de ${item.name} en 2 gal`,
      `Guardó ${item.name} (sin cambios)`,
      `Actualizó ${item.name}: «cantidad» 2 → 4, «ubicación» sin valor → Shelf 9`,
      `Volvió a contar ${item.name} en gallons (sin tamaño de envase)`,
      `Guardó ${item.name} (sin cambios)`,
    ]);
  });

  it("an equipment edit: the field's name translated, a day the reader's way", async () => {
    const made = await manager.post("/api/equipment", { name: `Backpack ${suffix()}`, category: "Sprayer" });
    expect(made.status).toBe(201);
    expect((await manager.put(`/api/equipment/${made.body.id}`, { purchaseDate: "2026-01-15" })).status).toBe(200);
    const [, en] = await entriesAbout(manager, "equipment", made.body.id);
    const [, es] = await entriesAbout(gerente, "equipment", made.body.id);
    expect(en).toBe(`Updated ${made.body.name}: purchase date none → 2026-01-15`);
    expect(es).toBe(`Actualizó ${made.body.name}: «fecha de compra» sin valor → 15 ene 2026`);
  });

  it("a check-out's due-back day and a maintenance's days the reader's way", async () => {
    const made = await manager.post("/api/equipment", { name: `Fogger ${suffix()}`, category: "Sprayer", maintenanceIntervalDays: 30 });
    expect(made.status).toBe(201);
    expect((await manager.post(`/api/equipment/${made.body.id}/checkout`, { assignedTo: "Marcus Reyes", dueBack: "2031-03-05" })).status).toBe(200);
    expect((await manager.post(`/api/equipment/${made.body.id}/checkin`)).status).toBe(200);
    const maintained = await gqlEn(manager, `mutation ($input: RecordMaintenanceInput!) { recordMaintenance(input: $input) { __typename } }`, {
      input: { id: globalId("Equipment", made.body.id), date: "2026-01-10" },
    });
    expect(maintained.recordMaintenance.__typename).toBe("RecordMaintenancePayload");
    const en = await entriesAbout(manager, "equipment", made.body.id);
    const es = await entriesAbout(gerente, "equipment", made.body.id);
    expect(en.slice(1)).toEqual([
      `Checked out ${made.body.name} to Marcus Reyes, due back 2031-03-05`,
      `Checked in ${made.body.name}`,
      `Recorded maintenance of ${made.body.name} on 2026-01-10; next due 2026-02-09`,
    ]);
    expect(es.slice(1)).toEqual([
      `Entregó ${made.body.name} a Marcus Reyes, fecha de devolución ${formatDay(new Date("2031-03-05"), "es-US")}`,
      `Recibió la devolución de ${made.body.name}`,
      `Registró el mantenimiento de ${made.body.name} el ${formatDay(new Date("2026-01-10"), "es-US")}; próximo mantenimiento el ${formatDay(new Date("2026-02-09"), "es-US")}`,
    ]);
    expect(es[1]).toContain("5 mar 2031");
  });

  it("a purchase order drafted, edited, placed and received", async () => {
    const PO = `purchaseOrder { id databaseId number lines { id } }`;
    const supplier = await ok(
      manager,
      `mutation ($i: CreateSupplierInput!) { createSupplier(input: $i) { ${ERR} ... on CreateSupplierPayload { supplier { id name } } } }`,
      {
        i: { name: `Acme ${suffix()}` },
      },
    );
    const s = supplier.createSupplier.supplier;
    const item = await ok(
      manager,
      `mutation ($i: CreateInventoryItemInput!) { createInventoryItem(input: $i) { ${ERR} ... on CreateInventoryItemPayload { item { id name } } } }`,
      { i: { name: `Bought ${suffix()}`, category: "Supplies", unit: "boxes", quantity: 0, minQuantity: 0, price: 500 } },
    );
    const it = item.createInventoryItem.item;
    const run = async (name: string, input: Record<string, unknown>) => {
      const data = await ok(
        manager,
        `mutation ($i: ${name[0]!.toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $i) { ${ERR} ... on ${name[0]!.toUpperCase()}${name.slice(1)}Payload { ${PO} } } }`,
        { i: input },
      );
      expect(data[name].__typename, JSON.stringify(data)).toBe(`${name[0]!.toUpperCase()}${name.slice(1)}Payload`);
      return data[name].purchaseOrder;
    };
    const draft = await run("createPurchaseOrder", { lines: [{ itemId: it.id, quantity: 3 }] });
    await run("updatePurchaseOrder", { id: draft.id, supplierId: s.id, notes: "call first", lines: [{ itemId: it.id, quantity: 3, unitCostCents: 450 }] });
    await run("placePurchaseOrder", { id: draft.id });
    const placed = await ok(manager, `query ($id: ID!) { node(id: $id) { ... on PurchaseOrder { lines { id } } } }`, { id: draft.id });
    const lineId = placed.node.lines[0].id;
    await run("receivePurchaseOrder", { id: draft.id, updateItemPrices: true, lines: [{ lineId, quantity: 1 }] });
    await run("receivePurchaseOrder", { id: draft.id, lines: [{ lineId, quantity: 2 }] });

    const n = draft.number;
    expect(await entriesAbout(manager, "purchaseOrder", draft.databaseId)).toEqual([
      `Drafted ${n} (no supplier yet): 1 line`,
      `Updated ${n}: supplier ${s.name}, 1 line, notes`,
      `Placed ${n} with ${s.name}: $13.50`,
      `Received on ${n}: 1 boxes of ${it.name} at Main Warehouse (prices updated to the unit costs)`,
      `Received on ${n}: 2 boxes of ${it.name} at Main Warehouse; complete`,
    ]);
    expect(await entriesAbout(gerente, "purchaseOrder", draft.databaseId)).toEqual([
      `Creó el borrador ${n} (aún sin proveedor): 1 línea`,
      `Actualizó ${n}: proveedor ${s.name}, 1 línea, notas`,
      `Envió ${n} a ${s.name}: $13.50`,
      `Recibió en ${n}: 1 boxes de ${it.name} en Main Warehouse (precios actualizados al costo unitario)`,
      `Recibió en ${n}: 2 boxes de ${it.name} en Main Warehouse; completa`,
    ]);
  });

  it("an application record recorded and amended", async () => {
    const product = await ok(
      manager,
      `mutation ($i: CreateInventoryItemInput!) { createInventoryItem(input: $i) { ${ERR} ... on CreateInventoryItemPayload { item { id name } } } }`,
      { i: { name: `Demand ${suffix()}`, category: "Pesticide", quantity: 4, minQuantity: 0, unit: "bottles", containerSize: { amount: "8", unit: "FL_OZ" } } },
    );
    const p = product.createInventoryItem.item;
    const locations = (await ok(manager, `{ stockLocations(first: 20) { edges { node { id name } } } }`)).stockLocations.edges.map((e: any) => e.node);
    const main = locations.find((l: any) => l.name === "Main Warehouse");
    const day = isoDay(-2);
    const recorded = await ok(
      manager,
      `mutation ($i: RecordApplicationInput!) { recordApplication(input: $i) { ${ERR} ... on RecordApplicationPayload { application { id databaseId lines { id } } } } }`,
      {
        i: {
          customerName: "Rosa Delgado",
          serviceAddress: { street: "418 Elm St", city: "Austin", state: "tx", zip: "78704" },
          areaTreated: { amount: "1200", unit: "SQ_FT" },
          startedAt: `${day}T14:05:00.000Z`,
          targetPests: ["German cockroaches"],
          method: "SPRAY",
          lines: [{ itemId: p.id, amount: "2.5", unit: "FL_OZ", locationId: main.id }],
        },
      },
    );
    expect(recorded.recordApplication.__typename, JSON.stringify(recorded)).toBe("RecordApplicationPayload");
    const app = recorded.recordApplication.application;
    const amended = await ok(manager, `mutation ($i: AmendApplicationInput!) { amendApplication(input: $i) { ${ERR} } }`, {
      i: { applicationId: app.id, reason: "Measured again", lines: [{ lineId: app.lines[0].id, itemId: p.id, amount: "3", unit: "FL_OZ" }] },
    });
    expect(amended.amendApplication.__typename, JSON.stringify(amended)).toBe("AmendApplicationPayload");

    expect(await entriesAbout(manager, "application", app.databaseId)).toEqual([
      `Recorded an application for Rosa Delgado: 2.5 fl oz of ${p.name}`,
      `Amended the application for Rosa Delgado of ${day}: Measured again`,
    ]);
    expect(await entriesAbout(gerente, "application", app.databaseId)).toEqual([
      `Registró una aplicación para Rosa Delgado: 2.5 fl oz de ${p.name}`,
      `Enmendó el registro de aplicación de Rosa Delgado del ${formatDay(new Date(day), "es-US")}: Measured again`,
    ]);
  });

  it("the demo company's own entries read in Spanish too", async () => {
    const es = (await gerente.request("GET", "/api/dashboard/activity?limit=200", undefined, EN)).body as Entry[];
    const details = es.map((e) => e.details);
    expect(details).toContain("Agregó Termidor SC Termiticide (Pesticide), 24 bottles");
    expect(details).toContain("Aprobó la solicitud de Tom Becker de 10 x Victor M325 Kill Vault Snap Trap");
    expect(details).toContain("Entregó 3M Versaflo PAPR Kit a Priya Nair");
    const en = ((await manager.request("GET", "/api/dashboard/activity?limit=200", undefined, EN)).body as Entry[]).map((e) => e.details);
    expect(en).toContain("Added Termidor SC Termiticide (Pesticide), 24 bottles");
    expect(en).toContain("Approved Tom Becker's request for 10 x Victor M325 Kill Vault Snap Trap");
    expect(en).toContain("Checked out 3M Versaflo PAPR Kit to Priya Nair");
  });
});
