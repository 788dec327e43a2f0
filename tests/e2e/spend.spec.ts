import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, signIn, test, unique } from "./fixtures.ts";

/** Issue 16: the spend reports (table and CSV) and "on order" where people decide to order. */

const SCREENS = "test-results/screens";

async function gql(page: Page, query: string, variables: Record<string, unknown>) {
  const res = await page.request.post("/graphql", { data: { query, variables } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.errors, JSON.stringify(body)).toBeUndefined();
  const payload = Object.values(body.data)[0] as { __typename?: string };
  expect(payload.__typename, JSON.stringify(body)).not.toMatch(/Error$/);
  return payload as any;
}

/** A supplier, an item, an order of 10 at $12.50 placed and 4 of it received (by default): $50.00 spent, 6 on order. */
async function orderAndReceivePart(page: Page, { itemName = unique("Spend Trap"), quantity = 1, received = 4 } = {}) {
  const supplierName = unique("Spend Supply");
  const supplier = await gql(page, `mutation ($input: CreateSupplierInput!) { createSupplier(input: $input) { __typename ... on CreateSupplierPayload { supplier { id } } } }`, {
    input: { name: supplierName },
  });
  const item = await gql(
    page,
    `mutation ($input: CreateInventoryItemInput!) { createInventoryItem(input: $input) { __typename ... on CreateInventoryItemPayload { item { id } } } }`,
    { input: { name: itemName, category: "Traps", unit: "boxes", quantity, minQuantity: 4, price: 1250 } },
  );
  const order = await gql(
    page,
    `mutation ($input: CreatePurchaseOrderInput!) { createPurchaseOrder(input: $input) { __typename ... on CreatePurchaseOrderPayload { purchaseOrder { id lines { id } } } } }`,
    { input: { supplierId: supplier.supplier.id, lines: [{ itemId: item.item.id, quantity: 10, unitCostCents: 1250 }] } },
  );
  const { id, lines } = order.purchaseOrder;
  await gql(page, `mutation ($input: PlacePurchaseOrderInput!) { placePurchaseOrder(input: $input) { __typename } }`, { input: { id } });
  if (received) {
    await gql(page, `mutation ($input: ReceivePurchaseOrderInput!) { receivePurchaseOrder(input: $input) { __typename } }`, {
      input: { id, lines: [{ lineId: lines[0].id, quantity: received }] },
    });
  }
  return { supplierName, itemName, itemId: item.item.id as string };
}

const report = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

async function download(page: Page, title: string) {
  const file = page.waitForEvent("download");
  await report(page, title).getByRole("button", { name: "Export CSV" }).click();
  const got = await file;
  const bytes = readFileSync((await got.path())!);
  return { name: got.suggestedFilename(), lines: bytes.subarray(3).toString("utf8").split("\r\n") };
}

test("the reports page shows spend by supplier and by category, each with its CSV @phone", async ({ page, pageErrors }, info) => {
  void pageErrors;
  await signIn(page, "manager");
  const { supplierName } = await orderAndReceivePart(page);

  await page.goto("/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports & Analytics" })).toBeVisible();
  const bySupplier = report(page, "Spend by supplier");
  const row = bySupplier.getByRole("row").filter({ hasText: supplierName });
  // Each report's table is drawn as the reader comes near it (features/reports/reveal.tsx).
  await bySupplier.scrollIntoViewIfNeeded();
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell")).toHaveText([supplierName, "1", "4", "$50.00"]);
  await report(page, "Spend by category").scrollIntoViewIfNeeded();
  await expect(report(page, "Spend by category").getByRole("row").filter({ hasText: "Traps" })).toBeVisible();

  const suppliers = await download(page, "Spend by supplier");
  expect(suppliers.name).toMatch(/^trapline-spend-by-supplier-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(suppliers.lines[0]).toBe("Supplier,Purchase orders,Units received,Spend (USD)");
  expect(suppliers.lines).toContain(`${supplierName},1,4,50.00`);
  const categories = await download(page, "Spend by category");
  expect(categories.name).toMatch(/^trapline-spend-by-category-/);
  expect(categories.lines[0]).toBe("Category,Units received,Spend (USD)");
  expect(categories.lines.some((l) => l.startsWith("Traps,"))).toBe(true);

  // The two sections with figures in them pass axe (WCAG 2.1 AA), as the other reports do in a11y.spec.ts.
  const { violations } = await new AxeBuilder({ page })
    .include('section:has(table[aria-label="Spend by supplier"])')
    .include('section:has(table[aria-label="Spend by category"])')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await bySupplier.scrollIntoViewIfNeeded();
  if (info.project.name === "phone") expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}/spend-reports-${info.project.name}.png` });
});

test("an item on order says so in the inventory list and in its dialog @phone", async ({ page, pageErrors }, info) => {
  void pageErrors;
  await signIn(page, "manager");
  const { itemName } = await orderAndReceivePart(page);

  await page.goto("/inventory");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  await page.getByLabel("Search inventory").fill(itemName);
  const entry = page.locator("tbody tr, article").filter({ hasText: itemName });
  await expect(page.locator("tbody tr, article")).toHaveCount(1);
  await expect(entry).toContainText("6 on order");
  await page.screenshot({ path: `${SCREENS}/spend-inventory-${info.project.name}.png` });

  await entry.getByRole("button", { name: `Edit ${itemName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Inventory Item" });
  await expect(dialog.getByText("6 on order")).toBeVisible();
  await page.keyboard.press("Escape");

  // An item without open orders shows nothing of the kind; nor does a technician ever see it.
  await page.getByLabel("Search inventory").fill("Tyvek");
  await expect(page.locator("tbody tr, article").filter({ hasText: "Tyvek" }).first()).toBeVisible();
  await expect(page.getByText(/on order/)).toHaveCount(0);
});

test("the dashboard's low-stock alert of an item on order says so @phone", async ({ page, pageErrors }, info) => {
  void pageErrors;
  await signIn(page, "manager");
  // Out of stock and named to sort first among the low-stock items the card shows.
  const itemName = `0 Spend alert ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const { itemId } = await orderAndReceivePart(page, { itemName, quantity: 0, received: 0 });
  try {
    await page.goto("/");
    const card = page.locator(".tl-card").filter({ has: page.getByText("Critical Alerts", { exact: true }) });
    const alert = card.locator("div").filter({ hasText: itemName }).filter({ has: page.getByRole("button", { name: "Reorder" }) }).last();
    await expect(alert).toContainText("0 boxes left");
    await expect(alert).toContainText("10 on order");
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/spend-dashboard-${info.project.name}.png` });
  } finally {
    // The card shows the three lowest items: ours leaves it, so tests running alongside find theirs.
    await gql(page, `mutation ($input: DeleteInventoryItemInput!) { deleteInventoryItem(input: $input) { __typename } }`, { input: { id: itemId } });
  }
});

test("a technician sees no 'on order'", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager");
  const { itemName } = await orderAndReceivePart(page);
  await page.context().clearCookies();
  await signIn(page, "tech", { at: "/inventory" });
  await page.getByLabel("Search inventory").fill(itemName);
  await expect(page.locator("tbody tr, article").filter({ hasText: itemName })).toHaveCount(1);
  await expect(page.getByText(/on order/)).toHaveCount(0);
});
