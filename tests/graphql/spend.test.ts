import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERR, isoDay, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/**
 * Issue 16, purchasing reports: spend by supplier and by category (what was received in the range ×
 * the order line's unit cost), and `onOrder` (ordered less received on open orders) read for a whole
 * page in one extra query.
 */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
const statements: string[] = [];
let recording = false;

beforeAll(async () => {
  server = await startServer({}, { onQuery: (q) => void (recording && !q.includes('FROM "Session"') && statements.push(q)) });
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
});
afterAll(() => server.close());

const suffix = Math.random().toString(36).slice(2, 7);
const BAITS = "Bait";
const TRAPS = "Traps";
const DAY = 86_400_000;

async function mutate(query: string, input: unknown, payload: string) {
  const data = await ok(manager, query, { input });
  const r = Object.values(data)[0] as any;
  expect(r.__typename, JSON.stringify(r)).toBe(payload);
  return r;
}

const LINES = `id databaseId number lines { id quantityOrdered unitCostCents item { id } }`;

async function createItem(name: string, category: string, extra: Record<string, unknown> = {}) {
  const r = await mutate(
    `mutation ($input: CreateInventoryItemInput!) { createInventoryItem(input: $input) { ${ERR} ... on CreateInventoryItemPayload { item { id databaseId } } } }`,
    { name: `${name} ${suffix}`, category, unit: "boxes", quantity: 0, minQuantity: 0, price: 500, ...extra },
    "CreateInventoryItemPayload",
  );
  return r.item as { id: string; databaseId: number };
}

async function createSupplier(name: string) {
  const r = await mutate(
    `mutation ($input: CreateSupplierInput!) { createSupplier(input: $input) { ${ERR} ... on CreateSupplierPayload { supplier { id databaseId name } } } }`,
    { name: `${name} ${suffix}` },
    "CreateSupplierPayload",
  );
  return r.supplier as { id: string; databaseId: number; name: string };
}

async function draft(supplierId: string, lines: { itemId: string; quantity: number; unitCostCents: number }[]) {
  const r = await mutate(
    `mutation ($input: CreatePurchaseOrderInput!) { createPurchaseOrder(input: $input) { ${ERR} ... on CreatePurchaseOrderPayload { purchaseOrder { ${LINES} } } } }`,
    { supplierId, lines },
    "CreatePurchaseOrderPayload",
  );
  return r.purchaseOrder;
}

async function place(orderId: string) {
  await mutate(`mutation ($input: PlacePurchaseOrderInput!) { placePurchaseOrder(input: $input) { ${ERR} } }`, { id: orderId }, "PlacePurchaseOrderPayload");
}

async function receive(orderId: string, lines: { lineId: string; quantity: number }[]) {
  await mutate(`mutation ($input: ReceivePurchaseOrderInput!) { receivePurchaseOrder(input: $input) { ${ERR} } }`, { id: orderId, lines }, "ReceivePurchaseOrderPayload");
}

async function cancel(orderId: string) {
  await mutate(`mutation ($input: CancelPurchaseOrderInput!) { cancelPurchaseOrder(input: $input) { ${ERR} } }`, { id: orderId }, "CancelPurchaseOrderPayload");
}

const SPEND = `query ($from: String!, $to: String!) { reports(from: $from, to: $to) { __typename ... on Error { message }
  ... on Reports { spendBySupplier { supplierDatabaseId name orders units spendCents } spendByCategory { category units spendCents } } } }`;

/** The report rows of this file's suppliers and categories (the database is this file's own, its demo data has no purchase orders). */
async function spend(from: string, to: string) {
  const { reports } = await ok(manager, SPEND, { from, to });
  expect(reports.__typename, JSON.stringify(reports)).toBe("Reports");
  return {
    suppliers: reports.spendBySupplier.filter((r: any) => r.name.endsWith(suffix)),
    categories: reports.spendByCategory.filter((r: any) => r.category === BAITS || r.category === TRAPS),
  };
}

let ant: { id: string; databaseId: number };
let snap: { id: string; databaseId: number };
let north: { databaseId: number; name: string };
let south: { databaseId: number; name: string };

describe("spend reports", () => {
  beforeAll(async () => {
    ant = await createItem("Ant gel", BAITS);
    snap = await createItem("Snap trap", TRAPS);
    const [n, s] = [await createSupplier("North Supply"), await createSupplier("South Supply")];
    north = n;
    south = s;

    // North: 10 ant gel at $4.00 and 4 snap traps at $10.00; two partial deliveries.
    const o1 = await draft(n.id, [
      { itemId: ant.id, quantity: 10, unitCostCents: 400 },
      { itemId: snap.id, quantity: 4, unitCostCents: 1000 },
    ]);
    await place(o1.id);
    const [antLine, snapLine] = o1.lines;
    await receive(o1.id, [{ lineId: antLine.id, quantity: 3 }]);
    await receive(o1.id, [
      { lineId: antLine.id, quantity: 5 },
      { lineId: snapLine.id, quantity: 2 },
    ]);
    // The first delivery came ten days ago.
    const moved = await server.app.deps.prisma.stockMovement.updateMany({
      where: { purchaseOrderId: o1.databaseId, itemId: ant.databaseId, delta: 3, reason: "received" },
      data: { createdAt: new Date(Date.now() - 10 * DAY) },
    });
    expect(moved.count).toBe(1);

    // South: 10 ant gel at $4.50, 6 in; 3 snap traps at $8.00 on another order, all in.
    const o2 = await draft(s.id, [{ itemId: ant.id, quantity: 10, unitCostCents: 450 }]);
    await place(o2.id);
    await receive(o2.id, [{ lineId: o2.lines[0].id, quantity: 6 }]);
    const o3 = await draft(s.id, [{ itemId: snap.id, quantity: 3, unitCostCents: 800 }]);
    await place(o3.id);
    await receive(o3.id, [{ lineId: o3.lines[0].id, quantity: 3 }]);

    // Never received: a cancelled order and a draft spend nothing.
    const o4 = await draft(s.id, [{ itemId: ant.id, quantity: 100, unitCostCents: 999 }]);
    await place(o4.id);
    await cancel(o4.id);
    await draft(n.id, [{ itemId: ant.id, quantity: 5, unitCostCents: 999 }]);
  });

  it("adds up receipts × their line's unit cost per supplier and per category over the range", async () => {
    const today = await spend(isoDay(0), isoDay(0));
    expect(today.suppliers).toEqual([
      { supplierDatabaseId: south.databaseId, name: south.name, orders: 2, units: 9, spendCents: 6 * 450 + 3 * 800 },
      { supplierDatabaseId: north.databaseId, name: north.name, orders: 1, units: 7, spendCents: 5 * 400 + 2 * 1000 },
    ]);
    expect(today.categories).toEqual([
      { category: BAITS, units: 11, spendCents: 5 * 400 + 6 * 450 },
      { category: TRAPS, units: 5, spendCents: 2 * 1000 + 3 * 800 },
    ]);

    const both = await spend(isoDay(-10), isoDay(0));
    expect(both.suppliers).toEqual([
      { supplierDatabaseId: north.databaseId, name: north.name, orders: 1, units: 10, spendCents: 8 * 400 + 2 * 1000 },
      { supplierDatabaseId: south.databaseId, name: south.name, orders: 2, units: 9, spendCents: 5100 },
    ]);
    expect(both.categories).toEqual([
      { category: BAITS, units: 14, spendCents: 8 * 400 + 6 * 450 },
      { category: TRAPS, units: 5, spendCents: 4400 },
    ]);

    // A range that holds only the first delivery.
    const early = await spend(isoDay(-12), isoDay(-9));
    expect(early.suppliers).toEqual([{ supplierDatabaseId: north.databaseId, name: north.name, orders: 1, units: 3, spendCents: 1200 }]);
    expect(early.categories).toEqual([{ category: BAITS, units: 3, spendCents: 1200 }]);

    // And one with none of them.
    expect(await spend(isoDay(-30), isoDay(-20))).toEqual({ suppliers: [], categories: [] });
  });

  it("shows a renamed supplier's new name (a cached answer is dropped)", async () => {
    const before = await spend(isoDay(-12), isoDay(-9));
    expect(before.suppliers.map((r: any) => r.name)).toEqual([north.name]);
    const renamed = `North Supply Co ${suffix}`;
    await mutate(
      `mutation ($input: UpdateSupplierInput!) { updateSupplier(input: $input) { ${ERR} } }`,
      { id: Buffer.from(`Supplier:${north.databaseId}`).toString("base64"), name: renamed },
      "UpdateSupplierPayload",
    );
    const after = await spend(isoDay(-12), isoDay(-9));
    expect(after.suppliers).toEqual([{ supplierDatabaseId: north.databaseId, name: renamed, orders: 1, units: 3, spendCents: 1200 }]);
  });

  it("refuses employees", async () => {
    const { reports } = await ok(tech, SPEND, { from: isoDay(-1), to: isoDay(0) });
    expect(reports).toMatchObject({ __typename: "ForbiddenError" });
  });

  it("counts what is still due on open orders as on order (drafts too; cancelled and received orders do not)", async () => {
    const query = `query ($id: ID!) { node(id: $id) { ... on InventoryItem { onOrder } } }`;
    // Ant gel: North 10 − 8, South 10 − 6, the North draft 5; the cancelled 100 not.
    expect((await ok(manager, query, { id: ant.id })).node.onOrder).toBe(2 + 4 + 5);
    // Snap traps: North 4 − 2; South's 3 all received.
    expect((await ok(manager, query, { id: snap.id })).node.onOrder).toBe(2);
    expect((await ok(tech, query, { id: ant.id })).node.onOrder).toBe(0);
  });
});

describe("onOrder for a page", () => {
  it("reads a page's onOrder in one extra query, in the inventory list and in the reorder suggestions", async () => {
    const supplier = await createSupplier("Bulk Supply");
    const items = [];
    // Low on stock, so each one is also a reorder suggestion.
    for (let i = 0; i < 30; i++) items.push(await createItem(`Bulk ${String(i).padStart(2, "0")}`, BAITS, { quantity: 1, minQuantity: 5 }));
    await draft(
      supplier.id,
      items.map((it, i) => ({ itemId: it.id, quantity: i + 1, unitCostCents: 100 })),
    );

    const measure = async (query: string) => {
      statements.length = 0;
      recording = true;
      const data = await ok(manager, query);
      recording = false;
      return { data, count: statements.length };
    };
    const list = (fields: string) => `{ inventoryItems(first: 50, search: "Bulk") { edges { node { id name ${fields} } } } }`;
    const without = await measure(list(""));
    const withOnOrder = await measure(list("onOrder"));
    const nodes = withOnOrder.data.inventoryItems.edges.map((e: any) => e.node);
    expect(nodes).toHaveLength(30);
    for (const n of nodes) expect(n.onOrder).toBe(Number(n.name.match(/Bulk (\d+)/)[1]) + 1);
    expect(without.count, "the statements are recorded").toBeGreaterThan(0);
    expect(withOnOrder.count - without.count, statements.join("\n")).toBeLessThanOrEqual(1);

    const suggestions = (fields: string) => `{ reorderSuggestions { suggestedQuantity item { id name ${fields} } } }`;
    const plain = await measure(suggestions(""));
    const coming = await measure(suggestions("onOrder"));
    const bulk = coming.data.reorderSuggestions.filter((s: any) => s.item.name.startsWith("Bulk "));
    expect(bulk).toHaveLength(30);
    for (const s of bulk) expect(s.item.onOrder).toBe(Number(s.item.name.match(/Bulk (\d+)/)[1]) + 1);
    expect(plain.count, "reorder suggestions read their items at once").toBeLessThanOrEqual(3);
    expect(coming.count - plain.count, statements.join("\n")).toBeLessThanOrEqual(1);
  });
});
