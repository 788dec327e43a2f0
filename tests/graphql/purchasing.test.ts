import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERR, globalId, gql, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/**
 * Issue 16: suppliers and purchase orders over GraphQL on the real server: numbering under
 * concurrency, the status rules, partial and racing receipts, over-receipt, drafts from the reorder
 * suggestions less what is on order, managers only, and stock totals that stay the sum of their levels.
 */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
let main: { id: string; name: string };
let truck: { id: string; name: string };

beforeAll(async () => {
  server = await startServer({ COMPANY_NAME: "Bugs Away Pest Control" });
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
  const data = await ok(manager, `{ stockLocations(first: 50) { edges { node { id name } } } }`);
  const nodes = data.stockLocations.edges.map((e: any) => e.node);
  main = nodes.find((n: any) => n.name === "Main Warehouse");
  truck = nodes.find((n: any) => n.name === "Truck 2");
});
afterAll(() => server.close());

const ORDER = `id databaseId number status totalCents pdfUrl supplier { id name } expectedDate notes
  lines { id itemName quantityOrdered quantityReceived quantityDue unitCostCents totalCents item { id name } }`;

const M = {
  createSupplier: `mutation ($input: CreateSupplierInput!) { createSupplier(input: $input) { ${ERR} ... on CreateSupplierPayload { supplier { id databaseId name email contactName } } } }`,
  updateSupplier: `mutation ($input: UpdateSupplierInput!) { updateSupplier(input: $input) { ${ERR} ... on UpdateSupplierPayload { supplier { id name email } } } }`,
  setPreferred: `mutation ($input: SetItemPreferredSupplierInput!) { setItemPreferredSupplier(input: $input) { ${ERR}
    ... on SetItemPreferredSupplierPayload { item { id supplier preferredSupplier { name } } } } }`,
  create: `mutation ($input: CreatePurchaseOrderInput!) { createPurchaseOrder(input: $input) { ${ERR} ... on CreatePurchaseOrderPayload { purchaseOrder { ${ORDER} } } } }`,
  update: `mutation ($input: UpdatePurchaseOrderInput!) { updatePurchaseOrder(input: $input) { ${ERR} ... on UpdatePurchaseOrderPayload { purchaseOrder { ${ORDER} } } } }`,
  place: `mutation ($input: PlacePurchaseOrderInput!) { placePurchaseOrder(input: $input) { ${ERR} ... on PlacePurchaseOrderPayload { purchaseOrder { ${ORDER} } } } }`,
  cancel: `mutation ($input: CancelPurchaseOrderInput!) { cancelPurchaseOrder(input: $input) { ${ERR} ... on CancelPurchaseOrderPayload { purchaseOrder { ${ORDER} } } } }`,
  receive: `mutation ($input: ReceivePurchaseOrderInput!) { receivePurchaseOrder(input: $input) { ${ERR} ... on ReceivePurchaseOrderPayload { purchaseOrder { ${ORDER} } } } }`,
  draft: `mutation ($input: DraftPurchaseOrdersFromSuggestionsInput) { draftPurchaseOrdersFromSuggestions(input: $input) { ${ERR}
    ... on DraftPurchaseOrdersFromSuggestionsPayload { purchaseOrders { ${ORDER} } } } }`,
};

async function run(as: ApiClient, name: keyof typeof M, input: unknown) {
  const data = await ok(as, M[name], { input });
  return Object.values(data)[0] as any;
}

let seq = 0;
async function createItem(quantity: number, extra: Record<string, unknown> = {}) {
  const data = await ok(
    manager,
    `mutation ($input: CreateInventoryItemInput!) { createInventoryItem(input: $input) { ${ERR} ... on CreateInventoryItemPayload { item { id databaseId name quantity } } } }`,
    { input: { name: `Bought ${++seq} ${Math.random().toString(36).slice(2, 7)}`, category: "Supplies", unit: "boxes", quantity, minQuantity: 0, price: 500, ...extra } },
  );
  expect(data.createInventoryItem.__typename).toBe("CreateInventoryItemPayload");
  return data.createInventoryItem.item as { id: string; databaseId: number; name: string; quantity: number };
}

async function createSupplier(name: string) {
  const r = await run(manager, "createSupplier", { name, email: `${name.replace(/\W/g, "").toLowerCase()}@example.com`, contactName: "Dana" });
  expect(r.__typename, JSON.stringify(r)).toBe("CreateSupplierPayload");
  return r.supplier as { id: string; databaseId: number; name: string };
}

async function createOrder(input: Record<string, unknown>) {
  const r = await run(manager, "create", input);
  expect(r.__typename, JSON.stringify(r)).toBe("CreatePurchaseOrderPayload");
  return r.purchaseOrder;
}

async function placedOrder(lines: { itemId: string; quantity: number; unitCostCents?: number }[]) {
  const supplier = await createSupplier(`Placed Supplier ${++seq}`);
  const draft = await createOrder({ supplierId: supplier.id, lines });
  const placed = await run(manager, "place", { id: draft.id });
  expect(placed.__typename, JSON.stringify(placed)).toBe("PlacePurchaseOrderPayload");
  return placed.purchaseOrder;
}

async function item(id: string) {
  const data = await ok(manager, `query ($id: ID!) { node(id: $id) { ... on InventoryItem { quantity price onOrder supplier stockLevels { location { name } quantity } } } }`, { id });
  return { ...data.node, levels: Object.fromEntries(data.node.stockLevels.map((l: any) => [l.location.name, l.quantity])) };
}

/** Every item's total equals the sum of its levels, and every level the sum of the movements there. */
async function expectStockConsistent() {
  const db = server.app.deps.prisma;
  const totals = await db.$queryRaw<unknown[]>`
    SELECT i.id, i.quantity, COALESCE(sum(l.quantity), 0)::int AS sum FROM "InventoryItem" i LEFT JOIN "StockLevel" l ON l."itemId" = i.id
    GROUP BY i.id HAVING i.quantity <> COALESCE(sum(l.quantity), 0)`;
  expect(totals, "items whose total is not the sum of their levels").toEqual([]);
  const unexplained = await db.$queryRaw<unknown[]>`
    SELECT l."itemId", l."locationId" FROM "StockLevel" l
    LEFT JOIN (SELECT "itemId", "locationId", sum(delta) AS moved FROM "StockMovement" GROUP BY 1, 2) m ON m."itemId" = l."itemId" AND m."locationId" = l."locationId"
    WHERE l.quantity <> COALESCE(m.moved, 0)`;
  expect(unexplained).toEqual([]);
  // What every line has received equals what the `received` movements of its order brought in.
  const receipts = await db.$queryRaw<unknown[]>`
    SELECT o.id, l."itemId", l.received, COALESCE(m.moved, 0)::int AS moved
    FROM "PurchaseOrder" o
    JOIN (SELECT "orderId", "itemId", sum("quantityReceived")::int AS received FROM "PurchaseOrderLine" GROUP BY 1, 2) l ON l."orderId" = o.id
    LEFT JOIN (SELECT "purchaseOrderId", "itemId", sum(delta) AS moved FROM "StockMovement" WHERE reason = 'received' AND "purchaseOrderId" IS NOT NULL GROUP BY 1, 2) m
      ON m."purchaseOrderId" = o.id AND m."itemId" = l."itemId"
    WHERE l.received <> COALESCE(m.moved, 0)`;
  expect(receipts, "lines whose received quantity is not what their receipts moved").toEqual([]);
}

describe("suppliers", () => {
  it("creates and updates suppliers, validates them, and fills an item's supplier text from its preferred supplier", async () => {
    const acme = await createSupplier("Acme Pest Supply");
    expect(acme).toMatchObject({ name: "Acme Pest Supply", email: "acmepestsupply@example.com", contactName: "Dana" });
    const bad = await run(manager, "createSupplier", { name: "  ", email: "nope" });
    expect(bad).toMatchObject({ __typename: "ValidationError", field: "name", message: "Name is required" });
    const badEmail = await run(manager, "createSupplier", { name: "X", email: "nope" });
    expect(badEmail).toMatchObject({ __typename: "ValidationError", field: "email", message: "Email must be an email address" });

    const bait = await createItem(3);
    const set = await run(manager, "setPreferred", { itemId: bait.id, supplierId: acme.id });
    expect(set.item).toMatchObject({ supplier: "Acme Pest Supply", preferredSupplier: { name: "Acme Pest Supply" } });
    const renamed = await run(manager, "updateSupplier", { id: acme.id, name: "Acme Supply Co" });
    expect(renamed.supplier.name).toBe("Acme Supply Co");
    expect((await item(bait.id)).supplier).toBe("Acme Supply Co");

    const listed = await ok(manager, `{ suppliers(first: 10, search: "acme supply") { totalCount edges { node { name } } } }`);
    expect(listed.suppliers).toEqual({ totalCount: 1, edges: [{ node: { name: "Acme Supply Co" } }] });
    const activity = await server.app.deps.prisma.activityEntry.findMany({ where: { entityType: "supplier", entityId: acme.databaseId }, orderBy: { id: "asc" } });
    expect(activity.map((a) => a.details)).toEqual(["Added supplier Acme Pest Supply", "Updated Acme Supply Co: name Acme Pest Supply → Acme Supply Co"]);
  });
});

describe("permissions", () => {
  it("refuses employees every purchasing write and read, and shows them nothing of it", async () => {
    const supplier = await createSupplier("Manager's Supplier");
    const stock = await createItem(1);
    const order = await createOrder({ supplierId: supplier.id, lines: [{ itemId: stock.id, quantity: 4 }] });
    for (const [name, input] of [
      ["createSupplier", { name: "Tech Supply" }],
      ["updateSupplier", { id: supplier.id, name: "Renamed" }],
      ["setPreferred", { itemId: stock.id, supplierId: supplier.id }],
      ["create", { supplierId: supplier.id, lines: [{ itemId: stock.id, quantity: 1 }] }],
      ["update", { id: order.id, notes: "x" }],
      ["place", { id: order.id }],
      ["cancel", { id: order.id }],
      ["receive", { id: order.id, lines: [{ lineId: order.lines[0].id, quantity: 1 }] }],
      ["draft", {}],
    ] as const) {
      expect((await run(tech, name, input)).__typename, name).toBe("ForbiddenError");
    }
    for (const query of [`{ suppliers(first: 5) { edges { node { id } } } }`, `{ purchaseOrders(first: 5) { edges { node { id } } } }`]) {
      const res = await gql(tech, query);
      expect(res.errors?.[0]?.message, query).toBe("Only managers can use purchasing");
    }
    const nodes = await ok(tech, `query ($o: ID!, $s: ID!, $l: ID!) { o: node(id: $o) { id } s: node(id: $s) { id } l: node(id: $l) { id } }`, {
      o: order.id,
      s: supplier.id,
      l: order.lines[0].id,
    });
    expect(nodes).toEqual({ o: null, s: null, l: null });
    const seen = await ok(tech, `query ($id: ID!) { node(id: $id) { ... on InventoryItem { onOrder preferredSupplier { name } } } }`, { id: stock.id });
    expect(seen.node).toEqual({ onOrder: 0, preferredSupplier: null });
    expect((await item(stock.id)).onOrder).toBe(4);
    // Nothing changed.
    const after = await ok(manager, `query ($id: ID!) { node(id: $id) { ... on PurchaseOrder { status notes } } }`, { id: order.id });
    expect(after.node).toEqual({ status: "DRAFT", notes: null });
  });
});

describe("numbering", () => {
  it("numbers orders PO-0001 onwards without gaps or duplicates when created at once, failures included", async () => {
    const stock = await createItem(0);
    const before = await server.app.deps.prisma.purchaseOrder.count();
    const attempts = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        run(manager, "create", { lines: [{ itemId: i % 4 === 3 ? globalId("InventoryItem", 999_999) : stock.id, quantity: i + 1 }] }),
      ),
    );
    const made = attempts.filter((r) => r.__typename === "CreatePurchaseOrderPayload").map((r) => r.purchaseOrder.number as string);
    const refused = attempts.filter((r) => r.__typename === "ValidationError");
    expect(made).toHaveLength(12);
    expect(refused).toHaveLength(4);
    expect(refused[0]).toMatchObject({ field: "lines.0.itemId" });
    const all = (await server.app.deps.prisma.purchaseOrder.findMany({ select: { number: true }, orderBy: { id: "asc" } })).map((o) => o.number);
    expect(all).toHaveLength(before + 12);
    // Every number from PO-0001 to the last, each once.
    expect([...all].sort()).toEqual(Array.from({ length: all.length }, (_, i) => `PO-${String(i + 1).padStart(4, "0")}`));
    expect(new Set(made).size).toBe(12);
  });
});

describe("drafts, placing and cancelling", () => {
  it("edits a draft, places it (supplier and lines required), then fixes its lines; totals are quantity × unit cost", async () => {
    const a = await createItem(0, { price: 1250 });
    const b = await createItem(0, { price: 300 });
    const draft = await createOrder({ lines: [{ itemId: a.id, quantity: 2 }], notes: "first", expectedDate: "2026-12-01" });
    expect(draft).toMatchObject({ status: "DRAFT", supplier: null, totalCents: 2500, pdfUrl: null, notes: "first" });
    expect(draft.lines[0]).toMatchObject({ itemName: a.name, quantityOrdered: 2, quantityReceived: 0, unitCostCents: 1250 });
    expect(draft.number).toMatch(/^PO-\d{4}$/);

    // No supplier yet: placing is refused.
    expect(await run(manager, "place", { id: draft.id })).toMatchObject({ __typename: "ValidationError", field: "supplierId" });
    const supplier = await createSupplier("Draft Supplier");
    const dup = await run(manager, "update", { id: draft.id, lines: [{ itemId: a.id, quantity: 1 }, { itemId: a.id, quantity: 2 }] });
    expect(dup).toMatchObject({ __typename: "ValidationError", field: "lines.1.itemId" });
    const edited = await run(manager, "update", {
      id: draft.id,
      supplierId: supplier.id,
      lines: [
        { itemId: a.id, quantity: 3, unitCostCents: 1100 },
        { itemId: b.id, quantity: 10 },
      ],
    });
    expect(edited.purchaseOrder).toMatchObject({ supplier: { name: "Draft Supplier" }, totalCents: 3 * 1100 + 10 * 300, notes: "first" });
    expect((await item(b.id)).onOrder).toBe(10);

    // Totals stay within a GraphQL Int of cents.
    expect(await run(manager, "update", { id: draft.id, lines: [{ itemId: a.id, quantity: 1_000_000, unitCostCents: 100_000 }] })).toMatchObject({
      __typename: "ValidationError",
      field: "lines",
      message: "An order's total must be at most $20,000,000.00",
    });
    const empty = await createOrder({ supplierId: supplier.id });
    expect(await run(manager, "place", { id: empty.id })).toMatchObject({ __typename: "ValidationError", field: "lines" });

    const placed = await run(manager, "place", { id: draft.id });
    expect(placed.purchaseOrder).toMatchObject({ status: "ORDERED", totalCents: 6300 });
    expect(await run(manager, "update", { id: draft.id, notes: "later" })).toMatchObject({ __typename: "ConflictError" });
    expect(await run(manager, "place", { id: draft.id })).toMatchObject({ __typename: "ConflictError" });
    const listed = await ok(manager, `query ($s: ID!) { purchaseOrders(first: 10, supplierId: $s, status: ORDERED) { totalCount edges { node { number } } } }`, { s: supplier.id });
    expect(listed.purchaseOrders).toEqual({ totalCount: 1, edges: [{ node: { number: draft.number } }] });
  });

  it("cancels a draft or an order with nothing received, and nothing else", async () => {
    const stock = await createItem(0);
    const draft = await createOrder({ lines: [{ itemId: stock.id, quantity: 5 }] });
    expect((await item(stock.id)).onOrder).toBe(5);
    expect((await run(manager, "cancel", { id: draft.id })).purchaseOrder.status).toBe("CANCELLED");
    expect((await item(stock.id)).onOrder).toBe(0);
    expect(await run(manager, "cancel", { id: draft.id })).toMatchObject({ __typename: "ConflictError", message: `${draft.number} is already cancelled` });
    expect(await run(manager, "update", { id: draft.id, notes: "x" })).toMatchObject({ __typename: "ConflictError" });

    const ordered = await placedOrder([{ itemId: stock.id, quantity: 4 }]);
    expect((await run(manager, "cancel", { id: ordered.id })).purchaseOrder.status).toBe("CANCELLED");
    expect(await run(manager, "receive", { id: ordered.id, lines: [{ lineId: ordered.lines[0].id, quantity: 1 }] })).toMatchObject({ __typename: "ConflictError" });

    const partly = await placedOrder([{ itemId: stock.id, quantity: 4 }]);
    expect((await run(manager, "receive", { id: partly.id, lines: [{ lineId: partly.lines[0].id, quantity: 1 }] })).purchaseOrder.status).toBe("PARTIALLY_RECEIVED");
    expect(await run(manager, "cancel", { id: partly.id })).toMatchObject({ __typename: "ConflictError" });
    expect((await run(manager, "receive", { id: partly.id, lines: [{ lineId: partly.lines[0].id, quantity: 3 }] })).purchaseOrder.status).toBe("RECEIVED");
    expect(await run(manager, "cancel", { id: partly.id })).toMatchObject({ __typename: "ConflictError" });
    expect(await run(manager, "cancel", { id: globalId("PurchaseOrder", 999_999) })).toMatchObject({ __typename: "NotFoundError" });
    await expectStockConsistent();
  });
});

describe("receiving", () => {
  it("receives partial deliveries into the main warehouse or a picked location; stock rises by exactly what arrived", async () => {
    const x = await createItem(2, { price: 400 });
    const y = await createItem(0, { price: 100 });
    const order = await placedOrder([
      { itemId: x.id, quantity: 10, unitCostCents: 450 },
      { itemId: y.id, quantity: 6 },
    ]);
    const [lx, ly] = order.lines;
    expect((await item(x.id)).onOrder).toBe(10);

    const first = await run(manager, "receive", {
      id: order.id,
      lines: [
        { lineId: lx.id, quantity: 4 },
        { lineId: ly.id, quantity: 2, locationId: truck.id },
      ],
    });
    expect(first.purchaseOrder.status).toBe("PARTIALLY_RECEIVED");
    expect(first.purchaseOrder.lines.map((l: any) => [l.quantityReceived, l.quantityDue])).toEqual([
      [4, 6],
      [2, 4],
    ]);
    expect(await item(x.id)).toMatchObject({ quantity: 6, onOrder: 6, price: 400, levels: { "Main Warehouse": 6 } });
    expect(await item(y.id)).toMatchObject({ quantity: 2, levels: { "Truck 2": 2 } });

    // Over-receipt is refused, and the whole receipt with it (the other line's units are not kept).
    const over = await run(manager, "receive", {
      id: order.id,
      lines: [
        { lineId: ly.id, quantity: 1 },
        { lineId: lx.id, quantity: 7 },
      ],
    });
    expect(over).toMatchObject({ __typename: "ConflictError", field: "lines.1.quantity" });
    expect(over.message).toContain("6 boxes still due");
    expect(await item(y.id)).toMatchObject({ quantity: 2 });
    expect(await item(x.id)).toMatchObject({ quantity: 6 });

    // A line of another order, and no lines at all, are refused.
    const other = await placedOrder([{ itemId: y.id, quantity: 1 }]);
    expect(await run(manager, "receive", { id: order.id, lines: [{ lineId: other.lines[0].id, quantity: 1 }] })).toMatchObject({
      __typename: "ValidationError",
      field: "lines.0.lineId",
    });
    expect(await run(manager, "receive", { id: order.id, lines: [] })).toMatchObject({ __typename: "ValidationError", field: "lines" });

    // The rest, with the price updated to the last unit cost.
    const rest = await run(manager, "receive", {
      id: order.id,
      updateItemPrices: true,
      lines: [
        { lineId: lx.id, quantity: 6, locationId: main.id },
        { lineId: ly.id, quantity: 4 },
      ],
    });
    expect(rest.purchaseOrder.status).toBe("RECEIVED");
    expect(await item(x.id)).toMatchObject({ quantity: 12, onOrder: 0, price: 450, levels: { "Main Warehouse": 12 } });
    expect(await item(y.id)).toMatchObject({ quantity: 6, levels: { "Truck 2": 2, "Main Warehouse": 4 } });
    expect(await run(manager, "receive", { id: order.id, lines: [{ lineId: lx.id, quantity: 1 }] })).toMatchObject({ __typename: "ConflictError" });

    const movements = await server.app.deps.prisma.stockMovement.findMany({ where: { itemId: x.databaseId, reason: "received" }, orderBy: { id: "asc" } });
    expect(movements.map((m) => [m.delta, m.purchaseOrderId])).toEqual([
      [4, order.databaseId],
      [6, order.databaseId],
    ]);
    const log = await server.app.deps.prisma.activityEntry.findMany({ where: { entityType: "purchaseOrder", entityId: order.databaseId, action: "receive" }, orderBy: { id: "asc" } });
    expect(log).toHaveLength(2);
    expect(log[1]!.details).toContain("complete");
    await expectStockConsistent();
  });

  it("never lets racing receipts exceed what was ordered", async () => {
    const stock = await createItem(0);
    const order = await placedOrder([{ itemId: stock.id, quantity: 10 }]);
    const line = order.lines[0].id;
    const results = await Promise.all(Array.from({ length: 6 }, () => run(manager, "receive", { id: order.id, lines: [{ lineId: line, quantity: 3 }] })));
    const won = results.filter((r) => r.__typename === "ReceivePurchaseOrderPayload");
    const lost = results.filter((r) => r.__typename === "ConflictError");
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(3);
    const now = await ok(manager, `query ($id: ID!) { node(id: $id) { ... on PurchaseOrder { status lines { quantityReceived } } } }`, { id: order.id });
    expect(now.node).toEqual({ status: "PARTIALLY_RECEIVED", lines: [{ quantityReceived: 9 }] });
    expect(await item(stock.id)).toMatchObject({ quantity: 9, onOrder: 1 });
    // Two last units racing for the one left: exactly one arrives.
    const last = await Promise.all([1, 2].map(() => run(manager, "receive", { id: order.id, lines: [{ lineId: line, quantity: 1 }] })));
    expect(last.map((r) => r.__typename).sort()).toEqual(["ConflictError", "ReceivePurchaseOrderPayload"]);
    expect(await item(stock.id)).toMatchObject({ quantity: 10, onOrder: 0 });
    await expectStockConsistent();
  });

  it("refuses, in the database itself, a line received beyond what it ordered", async () => {
    const stock = await createItem(0);
    const order = await placedOrder([{ itemId: stock.id, quantity: 2 }]);
    await expect(
      server.app.deps.prisma.$executeRaw`UPDATE "PurchaseOrderLine" SET "quantityReceived" = 3 WHERE "orderId" = ${order.databaseId}`,
    ).rejects.toThrow();
  });
});

describe("drafts from reorder suggestions", () => {
  it("drafts one order per preferred supplier, a supplier-less one for the rest, and skips what is already on order", async () => {
    const north = await createSupplier("North Supply");
    const south = await createSupplier("South Supply");
    // Low (quantity at or below the minimum); the suggestion is max(reorderQuantity, min − qty + 1).
    const n1 = await createItem(1, { minQuantity: 5, reorderQuantity: 10 });
    const n2 = await createItem(0, { minQuantity: 2, reorderQuantity: 4 });
    const s1 = await createItem(2, { minQuantity: 30, reorderQuantity: 5 });
    const loose = await createItem(0, { minQuantity: 1, reorderQuantity: 7 });
    const fine = await createItem(50, { minQuantity: 1, reorderQuantity: 7 });
    for (const [it, sup] of [
      [n1, north],
      [n2, north],
      [s1, south],
    ] as const) {
      await run(manager, "setPreferred", { itemId: it.id, supplierId: sup.id });
    }
    // 4 of n1 are already coming on a placed order.
    await placedOrder([{ itemId: n1.id, quantity: 4 }]);
    const ids = [n1, n2, s1, loose, fine].map((i) => i.id);

    const drafted = await run(manager, "draft", { itemIds: ids });
    expect(drafted.__typename, JSON.stringify(drafted)).toBe("DraftPurchaseOrdersFromSuggestionsPayload");
    const bySupplier = Object.fromEntries(
      drafted.purchaseOrders.map((o: any) => [o.supplier?.name ?? "none", o.lines.map((l: any) => [l.itemName, l.quantityOrdered])]),
    );
    expect(bySupplier).toEqual({
      "North Supply": [
        [n1.name, 6],
        [n2.name, 4],
      ],
      "South Supply": [[s1.name, 29]],
      none: [[loose.name, 7]],
    });
    expect(drafted.purchaseOrders.every((o: any) => o.status === "DRAFT")).toBe(true);
    expect((await item(n1.id)).onOrder).toBe(10);

    // Everything low is now on order: drafting again makes nothing.
    expect((await run(manager, "draft", { itemIds: ids })).purchaseOrders).toEqual([]);

    // Cancel the supplier-less draft: only what it held is drafted again.
    const none = drafted.purchaseOrders.find((o: any) => o.supplier === null);
    await run(manager, "cancel", { id: none.id });
    const again = await run(manager, "draft", { itemIds: ids });
    expect(again.purchaseOrders.map((o: any) => [o.supplier, o.lines.map((l: any) => [l.itemName, l.quantityOrdered])])).toEqual([[null, [[loose.name, 7]]]]);

    // Two managers drafting everything at once never draft the same units twice.
    const [one, two] = await Promise.all([run(manager, "draft", {}), run(manager, "draft", {})]);
    const drafted2 = [...one.purchaseOrders, ...two.purchaseOrders].flatMap((o: any) => o.lines.map((l: any) => l.itemName));
    expect(new Set(drafted2).size, "an item drafted by both").toBe(drafted2.length);
    expect(one.purchaseOrders.length + two.purchaseOrders.length).toBeGreaterThan(0);
    expect(Math.min(one.purchaseOrders.length, two.purchaseOrders.length)).toBe(0);
    const suggestions = await ok(manager, `{ reorderSuggestions { suggestedQuantity item { onOrder } } }`);
    for (const s of suggestions.reorderSuggestions) expect(s.item.onOrder).toBeGreaterThanOrEqual(s.suggestedQuantity);
  });
});

describe("the purchase-order PDF", () => {
  it("is made when an order is placed, stored with it, downloadable by managers only, and names the company, supplier, lines and total", async () => {
    const supplier = await run(manager, "createSupplier", {
      name: "Univar Pest Supply",
      contactName: "Sam Ortiz",
      email: "orders@univar.example",
      phone: "555-0134",
      accountNumber: "TRP-4471",
    });
    const a = await createItem(0, { price: 2599, unit: "bottles" });
    const b = await createItem(0, { price: 1250, unit: "cases" });
    const draft = await createOrder({
      supplierId: supplier.supplier.id,
      expectedDate: "2026-12-15",
      notes: "Deliver to the shop dock",
      lines: [
        { itemId: a.id, quantity: 3 },
        { itemId: b.id, quantity: 12, unitCostCents: 1100 },
      ],
    });
    expect(draft.pdfUrl).toBeNull();
    const placed = (await run(manager, "place", { id: draft.id })).purchaseOrder;
    expect(placed.pdfUrl).toMatch(new RegExp(`^/objects/purchase-orders/${placed.number}-[0-9a-f]{8}\\.pdf$`));

    const res = await fetch(new URL(placed.pdfUrl, server.url), { headers: { cookie: manager.cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const { text, totalPages } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(totalPages).toBe(1);
    for (const expected of [
      "Bugs Away Pest Control",
      "PURCHASE ORDER",
      `Number: ${placed.number}`,
      "Expected: 2026-12-15",
      "Univar Pest Supply",
      "Attn: Sam Ortiz",
      "Our account: TRP-4471",
      `1 ${a.name} 3 bottles $25.99 $77.97`,
      `2 ${b.name} 12 cases $11.00 $132.00`,
      "Total: $209.97",
      "Deliver to the shop dock",
    ]) {
      expect(text.replace(/\s+/g, " "), expected).toContain(expected);
    }
    expect(placed.totalCents).toBe(20997);

    // Employees may not download it; signed-out callers neither.
    const denied = await fetch(new URL(placed.pdfUrl, server.url), { headers: { cookie: tech.cookie! } });
    expect(denied.status).toBe(403);
    expect((await fetch(new URL(placed.pdfUrl, server.url))).status).toBe(401);
  });

  it("is removed from the store again when placing fails after it was stored, and the order stays a draft", async () => {
    const item = await createItem(0);
    const supplier = await createSupplier(`Failing Supplier ${++seq}`);
    const draft = await createOrder({ supplierId: supplier.id, lines: [{ itemId: item.id, quantity: 2 }] });
    // A real failure after the file is written: the order's own UPDATE is refused by a trigger.
    const db = server.app.deps.prisma;
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION refuse_po_place() RETURNS trigger AS $$
      BEGIN IF NEW.id = ${draft.databaseId} AND NEW.status = 'ORDERED' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`CREATE TRIGGER refuse_po_place BEFORE UPDATE ON "PurchaseOrder" FOR EACH ROW EXECUTE FUNCTION refuse_po_place()`);
    const storage = server.app.deps.storage;
    const realWrite = storage.write;
    const written: string[] = [];
    storage.write = (key, ...rest) => (written.push(key), realWrite.call(storage, key, ...rest));
    try {
      const res = await gql(manager, M.place, { input: { id: draft.id } });
      expect(res.data?.placePurchaseOrder ?? null, res.text).toBeNull();
      expect(res.errors?.[0]?.extensions?.code, res.text).toBe("INTERNAL_SERVER_ERROR");
    } finally {
      storage.write = realWrite;
      await db.$executeRawUnsafe(`DROP TRIGGER refuse_po_place ON "PurchaseOrder"`);
      await db.$executeRawUnsafe(`DROP FUNCTION refuse_po_place()`);
    }
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(new RegExp(`^purchase-orders/${draft.number}-`));
    expect(await storage.exists(written[0]!)).toBe(false);
    const after = await ok(manager, `query ($id: ID!) { node(id: $id) { ... on PurchaseOrder { status pdfUrl } } }`, { id: draft.id });
    expect(after.node).toEqual({ status: "DRAFT", pdfUrl: null });
    // And it can still be placed, with a file that stays.
    const placed = await run(manager, "place", { id: draft.id });
    expect(placed.__typename).toBe("PlacePurchaseOrderPayload");
  });
});
