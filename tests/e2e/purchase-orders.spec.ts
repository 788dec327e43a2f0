/**
 * Issue 16, the order screens: a manager makes a new order and edits the draft (supplier, expected
 * date, notes, lines found by search), cancels orders (and sees the server refuse one that has had
 * a delivery meanwhile), and, on a phone, receives a delivery by scanning each box's barcode with
 * the camera (Chromium's fake camera plays a Code 128 of the item's barcode). Each test makes its
 * own supplier and items.
 */
import { request as apiRequest, type APIRequestContext, type Page } from "@playwright/test";
import bwipjs from "bwip-js/node";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, PASSWORDS, signIn, test, unique, watchContentSecurityPolicy } from "./fixtures.ts";

const SCREENS = resolve("test-results/screens");
const DECODE_TIMEOUT = 30_000;

type Item = { id: string; name: string };
type Order = { id: string; number: string; lines: { id: string }[] };

async function manager(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await apiRequest.newContext({ baseURL });
  expect((await api.post("/api/auth/login", { data: { username: "manager", password: PASSWORDS.manager } })).ok()).toBe(true);
  return api;
}

async function gql<T>(api: APIRequestContext, query: string, variables: object): Promise<T> {
  const res = await api.post("/graphql", { data: { query, variables } });
  const body = (await res.json()) as { data: T; errors?: unknown };
  expect(body.errors, JSON.stringify(body)).toBeUndefined();
  return body.data;
}

async function createSupplier(api: APIRequestContext, name: string): Promise<string> {
  const d = await gql<{ createSupplier: { supplier: { id: string } } }>(
    api,
    `mutation ($input: CreateSupplierInput!) { createSupplier(input: $input) { ... on CreateSupplierPayload { supplier { id } } } }`,
    { input: { name } },
  );
  return d.createSupplier.supplier.id;
}

async function createItem(api: APIRequestContext, name: string, extra: object = {}): Promise<Item> {
  const d = await gql<{ createInventoryItem: { __typename: string; item: Item } }>(
    api,
    `mutation ($input: CreateInventoryItemInput!) {
      createInventoryItem(input: $input) { __typename ... on CreateInventoryItemPayload { item { id name } } ... on Error { message } }
    }`,
    // One in stock, no minimum: never low, so another test drafting from the suggestions leaves it alone.
    { input: { name, category: "Bait", unit: "boxes", quantity: 1, minQuantity: 0, price: 1000, ...extra } },
  );
  expect(d.createInventoryItem.__typename).toBe("CreateInventoryItemPayload");
  return d.createInventoryItem.item;
}

const ORDER_FIELDS = "id number lines { id }";

/** A placed order of `quantity` of `item` from the supplier. */
async function placedOrder(api: APIRequestContext, supplierId: string, item: Item, quantity: number): Promise<Order> {
  const made = await gql<{ createPurchaseOrder: { purchaseOrder: Order } }>(
    api,
    `mutation ($input: CreatePurchaseOrderInput!) { createPurchaseOrder(input: $input) { ... on CreatePurchaseOrderPayload { purchaseOrder { ${ORDER_FIELDS} } } ... on Error { message } } }`,
    { input: { supplierId, lines: [{ itemId: item.id, quantity, unitCostCents: 1250 }] } },
  );
  const order = made.createPurchaseOrder.purchaseOrder;
  const placed = await gql<{ placePurchaseOrder: { __typename: string } }>(
    api,
    `mutation ($input: PlacePurchaseOrderInput!) { placePurchaseOrder(input: $input) { __typename ... on Error { message } } }`,
    { input: { id: order.id } },
  );
  expect(placed.placePurchaseOrder.__typename).toBe("PlacePurchaseOrderPayload");
  return order;
}

async function itemStock(api: APIRequestContext, item: Item) {
  const d = await gql<{ node: { quantity: number; onOrder: number; price: number | null } }>(
    api,
    `query ($id: ID!) { node(id: $id) { ... on InventoryItem { quantity onOrder price } } }`,
    { id: item.id },
  );
  return d.node;
}

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.waitForTimeout(300);
  const size = page.viewportSize();
  await page.screenshot({ path: join(SCREENS, `purchasing-${name}-${size?.width}x${size?.height}.png`) });
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("a manager makes a new order and edits the draft: supplier, date, notes and lines, checked before saving @phone", async ({ page, pageErrors, baseURL }) => {
  void pageErrors;
  test.slow();
  const api = await manager(baseURL);
  const supplierName = unique("Univar Supply");
  await createSupplier(api, supplierName);
  const kept = await createItem(api, unique("Contrac Blox"));
  const dropped = await createItem(api, unique("Talon Pellets"));

  await signIn(page, "manager", { at: "/purchasing" });
  await page.getByRole("button", { name: "New order" }).click();
  const editor = page.getByRole("dialog", { name: /^Edit PO-\d{4}$/ });
  await expect(editor).toBeVisible();
  const number = (await editor.getByRole("heading").first().textContent())!.replace("Edit ", "");
  await expect(editor.getByText("No lines yet")).toBeVisible();

  await editor.getByRole("combobox", { name: "Supplier" }).click();
  await page.getByRole("option", { name: supplierName }).click();
  await editor.getByLabel("Expected date").fill("2026-12-15");
  await editor.getByLabel("Notes").fill("Deliver to the back door");

  // Two items found by searching inventory; the second is removed again.
  for (const item of [kept, dropped]) {
    await editor.getByLabel("Add an item").fill(item.name);
    await page.getByRole("option", { name: item.name }).click();
  }
  const lines = editor.getByRole("list", { name: "Order lines" }).getByRole("listitem");
  const line = lines.filter({ hasText: kept.name });
  const quantity = line.getByRole("spinbutton", { name: "Quantity (boxes)" });
  const unitCost = line.getByRole("spinbutton", { name: "Unit cost" });
  await expect(lines).toHaveCount(2);
  await expect(unitCost).toHaveValue("10.00"); // the item's price
  await editor.getByRole("button", { name: `Remove ${dropped.name}` }).click();
  await expect(lines).toHaveCount(1);

  // The shared schema's rule shows on the field, and nothing is saved.
  await quantity.fill("0");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByText("Quantity must be at least 1")).toBeVisible();
  await quantity.fill("3");
  await unitCost.fill("12.50");
  await screenshot(page, "draft-editor");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Order saved")).toBeVisible();
  await expect(editor).toHaveCount(0);

  const row = page.locator("tr, li").filter({ hasText: number });
  await expect(row).toContainText(supplierName);
  await expect(row).toContainText("$37.50");
  await expect(row).toContainText("2026-12-15");

  // What the server holds; opening the draft again shows it.
  const { purchaseOrders } = await gql<{ purchaseOrders: { edges: { node: { number: string; notes: string; expectedDate: string; lines: { itemName: string; quantityOrdered: number; unitCostCents: number }[] } }[] } }>(
    api,
    `{ purchaseOrders(first: 100, status: DRAFT) { edges { node { number notes expectedDate lines { itemName quantityOrdered unitCostCents } } } } }`,
    {},
  );
  const saved = purchaseOrders.edges.map((e) => e.node).find((o) => o.number === number)!;
  expect(saved.notes).toBe("Deliver to the back door");
  expect(saved.expectedDate.slice(0, 10)).toBe("2026-12-15");
  expect(saved.lines).toEqual([{ itemName: kept.name, quantityOrdered: 3, unitCostCents: 1250 }]);

  await row.getByRole("button", { name: `Edit ${number}` }).click();
  await expect(quantity).toHaveValue("3");
  await expect(editor.getByLabel("Notes")).toHaveValue("Deliver to the back door");
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(editor).toHaveCount(0);
  await api.dispose();
});

test("a manager cancels a placed order after confirming, and the server's refusal shows when a delivery came first @phone", async ({ page, pageErrors, baseURL }) => {
  void pageErrors;
  test.slow();
  const api = await manager(baseURL);
  const supplierName = unique("Target Specialty");
  const supplierId = await createSupplier(api, supplierName);
  const item = await createItem(api, unique("Demand CS"));
  const first = await placedOrder(api, supplierId, item, 4);
  const second = await placedOrder(api, supplierId, item, 5);
  expect((await itemStock(api, item)).onOrder).toBe(9);

  await signIn(page, "manager", { at: "/purchasing" });
  const row = (o: Order) => page.locator("tr, li").filter({ hasText: o.number }).filter({ hasText: supplierName });

  await row(first).getByRole("button", { name: `Cancel ${first.number}` }).click();
  const confirm = page.getByRole("dialog", { name: `Cancel ${first.number}?` });
  await expect(confirm).toContainText(supplierName);
  await screenshot(page, "cancel-confirm");
  // Keeping it changes nothing.
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row(first)).toContainText("Ordered");
  await row(first).getByRole("button", { name: `Cancel ${first.number}` }).click();
  await confirm.getByRole("button", { name: "Cancel order" }).click();
  await expect(toast(page, "Order cancelled")).toBeVisible();
  await expect(row(first)).toContainText("Cancelled");
  await expect(row(first).getByRole("button", { name: `Cancel ${first.number}` })).toHaveCount(0);
  expect((await itemStock(api, item)).onOrder).toBe(5);

  // Part of the second order arrives while the manager is deciding: the server refuses, and says why.
  await row(second).getByRole("button", { name: `Cancel ${second.number}` }).click();
  const refuse = page.getByRole("dialog", { name: `Cancel ${second.number}?` });
  await expect(refuse).toBeVisible();
  const received = await gql<{ receivePurchaseOrder: { __typename: string } }>(
    api,
    `mutation ($input: ReceivePurchaseOrderInput!) { receivePurchaseOrder(input: $input) { __typename ... on Error { message } } }`,
    { input: { id: second.id, lines: [{ lineId: second.lines[0]!.id, quantity: 1 }] } },
  );
  expect(received.receivePurchaseOrder.__typename).toBe("ReceivePurchaseOrderPayload");
  await refuse.getByRole("button", { name: "Cancel order" }).click();
  await expect(refuse.getByRole("alert")).toHaveText(`${second.number} is partly received: an order with deliveries cannot be cancelled`);
  await refuse.getByRole("button", { name: "Keep it" }).click();
  expect(await itemStock(api, item)).toMatchObject({ quantity: 2, onOrder: 4 });
  await api.dispose();
});

test.describe("receiving by scanning", () => {
  // Phone only: receiving at the back of the truck with the phone's camera.
  test.skip(({ isMobile }) => !isMobile, "a phone's camera");
  type Feed = { item: Item; other: Item; order: Order; supplierName: string; y4m: string };
  const cameraTest = test.extend<{ feed: Feed }>({
    // The data first (an order of 3 of an item with a barcode, and 2 of another), then that barcode as the camera's picture.
    feed: async ({ baseURL }, use, testInfo) => {
      const api = await manager(baseURL);
      const supplierName = unique("Rentokil Supply");
      const supplierId = await createSupplier(api, supplierName);
      const barcode = `RCV${Date.now().toString(36).toUpperCase()}${testInfo.workerIndex}`;
      const item = await createItem(api, unique("Scanned Glue Boards"), { barcode });
      const other = await createItem(api, unique("Unscanned Bait"));
      const made = await gql<{ createPurchaseOrder: { purchaseOrder: Order } }>(
        api,
        `mutation ($input: CreatePurchaseOrderInput!) { createPurchaseOrder(input: $input) { ... on CreatePurchaseOrderPayload { purchaseOrder { ${ORDER_FIELDS} } } } }`,
        {
          input: {
            supplierId,
            lines: [
              { itemId: item.id, quantity: 3, unitCostCents: 1500 },
              { itemId: other.id, quantity: 2, unitCostCents: 700 },
            ],
          },
        },
      );
      const order = made.createPurchaseOrder.purchaseOrder;
      await gql(api, `mutation ($input: PlacePurchaseOrderInput!) { placePurchaseOrder(input: $input) { __typename } }`, { input: { id: order.id } });
      await api.dispose();
      const dir = resolve("test-results/feeds");
      mkdirSync(dir, { recursive: true });
      const png = join(dir, `receive-${testInfo.workerIndex}-${testInfo.retry}.png`);
      const y4m = png.replace(/\.png$/, ".y4m");
      writeFileSync(png, await bwipjs.toBuffer({ bcid: "code128", text: barcode, scale: 4, height: 16, includetext: true, backgroundcolor: "FFFFFF", paddingwidth: 14, paddingheight: 10 }));
      execFileSync(
        "ffmpeg",
        // The barcode for 1.5 s, then 3.5 s of white: looped, it is one box after another, each in view then gone.
        [
          "-y", "-loglevel", "error", "-loop", "1", "-i", png, "-t", "5", "-r", "10",
          "-vf", "scale='min(1200,iw)':'min(680,ih)':force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2:color=white,drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='gte(t,1.5)',format=yuv420p",
          y4m,
        ],
        { stdio: "pipe" },
      );
      await use({ item, other, order, supplierName, y4m });
    },
    page: async ({ feed, playwright, launchOptions, baseURL, viewport, isMobile, hasTouch }, use) => {
      const browser = await playwright.chromium.launch({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${feed.y4m}`],
      });
      const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
      const blocked = await watchContentSecurityPolicy(context);
      const page = await context.newPage();
      await use(page);
      await browser.close();
      expect(blocked, "blocked by the Content-Security-Policy").toEqual([]);
    },
  });

  cameraTest("a manager scans the boxes off the truck into a vehicle: one per scan, never past what is due, prices updated @phone", async ({ page, pageErrors, feed, baseURL }) => {
    void pageErrors;
    test.slow();
    const { item, other, order, supplierName } = feed;
    const api = await manager(baseURL);
    const { stockLocations } = await gql<{ stockLocations: { edges: { node: { id: string; databaseId: number; name: string; kind: string } }[] } }>(
      api,
      `{ stockLocations(first: 100) { edges { node { id databaseId name kind } } } }`,
      {},
    );
    const truck = stockLocations.edges.map((e) => e.node).find((l) => l.kind === "VEHICLE")!;

    await signIn(page, "manager", { at: "/purchasing" });
    const row = page.locator("li").filter({ hasText: order.number }).filter({ hasText: supplierName });
    await row.getByRole("button", { name: "Receive" }).click();
    const dialog = page.getByRole("dialog", { name: `Receive ${order.number}` });
    await expect(dialog.getByText("3 boxes still due of 3")).toBeVisible();
    await expect(dialog.getByText("2 boxes still due of 2")).toBeVisible();
    // The main warehouse unless another place is picked.
    await expect(dialog.getByRole("combobox", { name: "Delivered to" })).toHaveText("Main Warehouse (default)");
    await dialog.getByRole("combobox", { name: "Delivered to" }).click();
    await page.getByRole("option", { name: truck.name, exact: true }).click();

    await dialog.getByRole("button", { name: "Scan" }).click();
    // Scanning counts from nothing, one per read of the barcode.
    await expect(dialog.getByLabel(`Arrived of ${other.name}`)).toHaveValue("0");
    await expect(dialog.getByText(`Added 1 × ${item.name}: 1 of 3 boxes`)).toBeVisible({ timeout: DECODE_TIMEOUT });
    await expect(dialog.getByLabel(`Arrived of ${item.name}`)).toHaveValue("1");
    // A box in view counts once; the next one (the feed loops) counts again, up to what is due.
    await expect(dialog.getByText(`${item.name} is complete: all 3 due have arrived`)).toBeVisible({ timeout: DECODE_TIMEOUT });
    await expect(dialog.getByLabel(`Arrived of ${item.name}`)).toHaveValue("3");
    await screenshot(page, "receive-scanned");
    await dialog.getByRole("button", { name: "Stop scanning" }).click();
    await expect(dialog.getByLabel(`Arrived of ${item.name}`)).toHaveValue("3");

    await dialog.getByLabel("Update item prices to these unit costs").check();
    await dialog.getByRole("button", { name: "Receive", exact: true }).click();
    await expect(toast(page, "Delivery received")).toContainText(`stock added to ${truck.name}`);
    await expect(row).toContainText("Partly received");

    // All three went to the truck, the price became the order's unit cost, the other line is still due.
    expect(await itemStock(api, item)).toEqual({ quantity: 4, onOrder: 0, price: 1500 });
    expect(await itemStock(api, other)).toMatchObject({ quantity: 1, onOrder: 2 });
    const levels = (await (await api.get(`/api/locations/${truck.databaseId}/stock`)).json()) as { itemId: number; quantity: number }[];
    const itemDatabaseId = (await gql<{ node: { databaseId: number } }>(api, `query ($id: ID!) { node(id: $id) { ... on InventoryItem { databaseId } } }`, { id: item.id })).node.databaseId;
    expect(levels.find((l) => l.itemId === itemDatabaseId)?.quantity).toBe(3);

    // Scanning an item that is complete now: said so, nothing added.
    await row.getByRole("button", { name: "Receive" }).click();
    await expect(dialog.getByText("2 boxes still due of 2")).toBeVisible();
    await dialog.getByRole("button", { name: "Scan" }).click();
    await expect(dialog.getByText(`${item.name} is complete: nothing more is due`)).toBeVisible({ timeout: DECODE_TIMEOUT });
    await expect(dialog.getByLabel(`Arrived of ${other.name}`)).toHaveValue("0");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await api.dispose();
  });
});
