import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERR, ok, until } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/** Issue 17 × issue 15: webhooks hear stock-location changes (made, edited, archived, stock moved, count completed). */

type Received = { headers: IncomingHttpHeaders; raw: string; body: any };

async function receiver() {
  const received: Received[] = [];
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/hook`, received, close: () => new Promise((r) => http.close(r)) };
}

let server: TestServer;
let manager: ApiClient;
const receivers: Awaited<ReturnType<typeof receiver>>[] = [];
let main: { id: string; databaseId: number };

beforeAll(async () => {
  server = await startServer({ ALLOW_PRIVATE_WEBHOOKS: "1", WEBHOOK_RETRY_BASE_MS: "100" });
  manager = await server.as("manager");
  const data = await ok(manager, `{ stockLocations(first: 50) { edges { node { id databaseId name } } } }`);
  main = data.stockLocations.edges.map((e: any) => e.node).find((n: any) => n.name === "Main Warehouse");
});
afterAll(async () => {
  await server.close();
  for (const r of receivers) await r.close();
});

const LOCATION_EVENTS = ["location.created", "location.updated", "location.archived", "stock.transferred", "stock_count.completed"];

async function register(events: string[]) {
  const r = await receiver();
  receivers.push(r);
  const data = await ok(
    manager,
    `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { ${ERR} ... on CreateWebhookPayload { secret webhook { events } } } }`,
    { input: { url: r.url, events } },
  );
  expect(data.createWebhook.__typename, JSON.stringify(data)).toBe("CreateWebhookPayload");
  expect(data.createWebhook.webhook.events).toEqual(events);
  return { ...r, secret: data.createWebhook.secret as string };
}

const signed = (secret: string, m: Received) => m.headers["x-trapline-signature"] === "sha256=" + createHmac("sha256", secret).update(m.raw).digest("hex");
/** Runs the mutation named `name` (e.g. TransferStock) with `input`; it must answer its payload. */
const mutate = async (input: Record<string, unknown>, name: string) => {
  const data = await ok(manager, `mutation ($input: ${name}Input!) { ${name[0]!.toLowerCase() + name.slice(1)}(input: $input) { ${ERR} } }`, { input });
  const result = Object.values(data)[0] as { __typename: string };
  expect(result.__typename, JSON.stringify(result)).toBe(`${name}Payload`);
};

describe("stock-location webhook events", () => {
  it("are offered by webhookEvents", async () => {
    const data = await ok(manager, "{ webhookEvents }");
    expect(data.webhookEvents).toEqual(expect.arrayContaining(LOCATION_EVENTS));
  });

  it("are delivered, signed, for a location made, renamed, stocked, counted, emptied and archived", async () => {
    const hook = await register(LOCATION_EVENTS);
    const onlyCreated = await register(["location.created"]);
    const item = await ok(
      manager,
      `mutation ($input: CreateInventoryItemInput!) { createInventoryItem(input: $input) { ${ERR} ... on CreateInventoryItemPayload { item { id databaseId } } } }`,
      { input: { name: `Hooked ${randomBytes(3).toString("hex")}`, category: "Supplies", unit: "boxes", quantity: 10, minQuantity: 0 } },
    ).then((d) => d.createInventoryItem.item as { id: string; databaseId: number });

    const made = await ok(
      manager,
      `mutation ($input: CreateStockLocationInput!) { createStockLocation(input: $input) { ${ERR} ... on CreateStockLocationPayload { location { id databaseId } } } }`,
      { input: { name: "Hook Van", kind: "VEHICLE" } },
    );
    const van = made.createStockLocation.location as { id: string; databaseId: number };
    await mutate({ id: van.id, name: "Hook Van 2" }, "UpdateStockLocation");
    await mutate({ itemId: item.id, fromLocationId: main.id, toLocationId: van.id, quantity: 3 }, "TransferStock");
    const started = await ok(manager, `mutation ($id: ID!) { startStockCount(input: { locationId: $id }) { ${ERR} ... on StartStockCountPayload { count { id databaseId } } } }`, {
      id: van.id,
    });
    const count = started.startStockCount.count as { id: string; databaseId: number };
    await mutate({ countId: count.id, itemId: item.id, countedQuantity: 2 }, "RecordStockCount");
    await mutate({ countId: count.id }, "CompleteStockCount");
    await mutate({ itemId: item.id, fromLocationId: van.id, toLocationId: main.id, quantity: 2 }, "TransferStock");
    await mutate({ id: van.id }, "ArchiveStockLocation");

    const of = (event: string) => hook.received.filter((m) => m.headers["x-trapline-event"] === event);
    await until(() => LOCATION_EVENTS.every((e) => of(e).length > 0) && of("stock.transferred").length >= 2, "every location event to arrive", 15_000);
    for (const m of hook.received) {
      expect(signed(hook.secret, m), m.raw).toBe(true);
      expect(m.body.event).toBe(m.headers["x-trapline-event"]);
      expect(m.body.id).toBe(m.headers["x-trapline-delivery"]);
    }
    expect(of("location.created")[0]!.body.data.location).toMatchObject({ id: van.databaseId, kind: "VEHICLE", archived: false });
    expect(of("location.updated")[0]!.body.data.location).toMatchObject({ id: van.databaseId, name: "Hook Van 2" });
    expect(of("location.archived")[0]!.body.data.location).toMatchObject({ id: van.databaseId, archived: true });
    const [there, back] = of("stock.transferred").map((m) => m.body.data);
    expect(there).toMatchObject({ item: { id: item.databaseId, quantity: 10 }, quantity: 3, from: { id: main.databaseId, quantityAfter: 7 }, to: { id: van.databaseId, quantityAfter: 3 } });
    expect(back).toMatchObject({ quantity: 2, from: { id: van.databaseId, quantityAfter: 0 }, to: { id: main.databaseId, quantityAfter: 9 } });
    const completed = of("stock_count.completed")[0]!.body.data.count;
    expect(completed).toMatchObject({ id: count.databaseId, status: "COMPLETED", location: { id: van.databaseId } });
    expect(completed.lines).toEqual([expect.objectContaining({ itemId: item.databaseId, countedQuantity: 2, variance: -1 })]);
    // Each change is delivered once; stock changes do not count as location edits.
    expect(of("location.updated")).toHaveLength(1);
    expect(of("stock.transferred")).toHaveLength(2);

    // A webhook that asked only for new locations hears only that.
    await until(() => onlyCreated.received.length > 0, "the location.created delivery");
    const rows = await server.app.deps.prisma.webhookDelivery.findMany({ where: { webhook: { url: onlyCreated.url } } });
    expect(rows.map((r) => r.event)).toEqual(["location.created"]);
  });
});

/** Issue 17 × issue 16: webhooks hear purchase orders placed, received (each delivery) and cancelled. */
describe("purchase-order webhook events", () => {
  const PO_EVENTS = ["purchase_order.placed", "purchase_order.received", "purchase_order.cancelled"];

  it("are delivered, signed, with the order as it stands after each change; drafts and edits send none", async () => {
    const hook = await register(PO_EVENTS);
    const tag = randomBytes(3).toString("hex");
    const item = await ok(
      manager,
      `mutation ($input: CreateInventoryItemInput!) { createInventoryItem(input: $input) { ${ERR} ... on CreateInventoryItemPayload { item { id databaseId } } } }`,
      { input: { name: `Bought ${tag}`, category: "Supplies", unit: "boxes", quantity: 1, minQuantity: 0 } },
    ).then((d) => d.createInventoryItem.item as { id: string; databaseId: number });
    const supplier = await ok(manager, `mutation ($input: CreateSupplierInput!) { createSupplier(input: $input) { ${ERR} ... on CreateSupplierPayload { supplier { id databaseId } } } }`, {
      input: { name: `Hook Supplies ${tag}` },
    }).then((d) => d.createSupplier.supplier as { id: string; databaseId: number });
    const ORDER = "purchaseOrder { id databaseId number lines { id } }";
    const create = (quantity: number) =>
      ok(manager, `mutation ($input: CreatePurchaseOrderInput!) { createPurchaseOrder(input: $input) { ${ERR} ... on CreatePurchaseOrderPayload { ${ORDER} } } }`, {
        input: { supplierId: supplier.id, lines: [{ itemId: item.id, quantity, unitCostCents: 125 }] },
      }).then((d) => d.createPurchaseOrder.purchaseOrder as { id: string; databaseId: number; number: string; lines: { id: string }[] });
    const order = await create(5);
    await mutate({ id: order.id, lines: [{ itemId: item.id, quantity: 6, unitCostCents: 125 }] }, "UpdatePurchaseOrder");
    const placed = await ok(manager, `mutation ($input: PlacePurchaseOrderInput!) { placePurchaseOrder(input: $input) { ${ERR} ... on PlacePurchaseOrderPayload { ${ORDER} } } }`, {
      input: { id: order.id },
    });
    const lineId = placed.placePurchaseOrder.purchaseOrder.lines[0].id as string;
    await mutate({ id: order.id, lines: [{ lineId, quantity: 2 }] }, "ReceivePurchaseOrder");
    await mutate({ id: order.id, lines: [{ lineId, quantity: 4 }] }, "ReceivePurchaseOrder");
    const other = await create(3);
    await mutate({ id: other.id }, "CancelPurchaseOrder");

    const of = (event: string) => hook.received.filter((m) => m.headers["x-trapline-event"] === event);
    await until(() => of("purchase_order.placed").length >= 1 && of("purchase_order.received").length >= 2 && of("purchase_order.cancelled").length >= 1, "every purchase-order event", 15_000);
    for (const m of hook.received) expect(signed(hook.secret, m), m.raw).toBe(true);
    expect(of("purchase_order.placed")).toHaveLength(1);
    expect(of("purchase_order.placed")[0]!.body.data.purchaseOrder).toMatchObject({
      id: order.databaseId,
      number: order.number,
      status: "ORDERED",
      supplier: { id: supplier.databaseId },
      lines: [{ itemId: item.databaseId, quantityOrdered: 6, quantityReceived: 0, unitCostCents: 125 }],
    });
    const [first, second] = of("purchase_order.received").map((m) => m.body.data.purchaseOrder);
    expect(first).toMatchObject({ id: order.databaseId, status: "PARTIALLY_RECEIVED", lines: [{ quantityReceived: 2 }] });
    expect(second).toMatchObject({ id: order.databaseId, status: "RECEIVED", lines: [{ quantityReceived: 6 }] });
    expect(of("purchase_order.cancelled").map((m) => m.body.data.purchaseOrder)).toEqual([expect.objectContaining({ id: other.databaseId, status: "CANCELLED" })]);
    expect(of("purchase_order.received")).toHaveLength(2);
  });
});
