import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { expect, signIn, test, unique } from "./fixtures.ts";

/** Issue 15, the Locations screens: managing locations and their minimums, location labels, stock per location. */

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

async function lookUp(page: Page, code: string) {
  await page.getByLabel("Enter code manually").fill(code);
  await page.getByRole("button", { name: "Look Up" }).click();
}

test("a manager creates a vehicle for a technician, sets a minimum there and sees the below-minimum count", async ({ page, pageErrors }) => {
  void pageErrors;
  // A long walk through several dialogs on a shared 2-core machine.
  test.setTimeout(120_000);
  await signIn(page, "manager");
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Locations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Stock Locations" })).toBeVisible();
  const table = page.getByRole("table", { name: "Stock locations" });
  await expect(table.getByRole("row").filter({ hasText: "Main Warehouse" })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Truck 2" })).toContainText("Priya Nair");

  // A vehicle for Tom Becker; the name is required (the shared schema's message).
  const van = unique("Van");
  await page.getByRole("button", { name: "Add Location" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Location" });
  await dialog.getByRole("button", { name: "Add Location" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await dialog.getByLabel("Name").fill(van);
  await expect(dialog.getByRole("combobox", { name: "Kind" })).toContainText("Vehicle");
  await dialog.getByRole("combobox", { name: "Holder" }).click();
  await page.getByRole("option", { name: "Tom Becker (Rodent Control)" }).click();
  await dialog.getByRole("button", { name: "Add Location" }).click();
  await expect(toast(page, "Location added")).toBeVisible();

  // The new location's own page.
  await expect(page).toHaveURL(/\/locations\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 2, name: van })).toBeVisible();
  await expect(page.getByText("Held by Tom Becker")).toBeVisible();
  await expect(page.getByLabel("Below minimum: 0")).toBeVisible();
  await expect(page.getByText("Nothing here yet")).toBeVisible();

  // A minimum for an item the van does not carry yet: a negative number is refused by the shared rule.
  await page.getByRole("button", { name: "Set minimum" }).click();
  const minimum = page.getByRole("dialog", { name: "Set minimum" });
  await minimum.getByLabel("Item").fill("Nitrile");
  await page.getByRole("option", { name: "Nitrile Gloves 8 mil" }).click();
  await minimum.getByLabel(/^Minimum/).fill("-1");
  await minimum.getByRole("button", { name: "Save" }).click();
  await expect(minimum.getByText("Minimum quantity must be at least 0")).toBeVisible();
  await minimum.getByLabel(/^Minimum/).fill("5");
  await minimum.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Minimum set")).toBeVisible();
  await expect(minimum).toHaveCount(0);

  const stock = page.getByRole("table", { name: "Stock here" });
  const gloves = stock.getByRole("row").filter({ hasText: "Nitrile Gloves 8 mil" });
  await expect(gloves).toContainText("0 boxes");
  await expect(gloves.getByRole("cell").nth(2)).toHaveText("5");
  await expect(gloves.getByText("Below minimum")).toBeVisible();
  await expect(page.getByLabel("Below minimum: 1")).toBeVisible();

  // Changing it on the row: 0 is not below.
  await gloves.getByRole("button", { name: "Set minimum of Nitrile Gloves 8 mil" }).click();
  await expect(minimum.getByLabel(/^Minimum/)).toHaveValue("5");
  await minimum.getByLabel(/^Minimum/).fill("0");
  await minimum.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("Below minimum: 0")).toBeVisible();
  await gloves.getByRole("button", { name: "Set minimum of Nitrile Gloves 8 mil" }).click();
  await minimum.getByLabel(/^Minimum/).fill("5");
  await minimum.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("Below minimum: 1")).toBeVisible();

  // The list counts it too.
  await page.getByRole("link", { name: "All locations" }).click();
  const row = page.getByRole("table", { name: "Stock locations" }).getByRole("row").filter({ hasText: van });
  await expect(row).toContainText("Tom Becker");
  await expect(row).toContainText("Vehicle");
  await expect(row.getByText("1 below minimum")).toBeVisible();

  // One vehicle per technician: a second one for Tom is refused on the holder field.
  await page.getByRole("button", { name: "Add Location" }).click();
  await dialog.getByLabel("Name").fill(unique("Second van"));
  await dialog.getByRole("combobox", { name: "Holder" }).click();
  await page.getByRole("option", { name: "Tom Becker (Rodent Control)" }).click();
  await dialog.getByRole("button", { name: "Add Location" }).click();
  await expect(dialog.getByText(`That technician already holds ${van}`)).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Count opens the location's count screen.
  await row.getByRole("link", { name: van }).click();
  await page.getByRole("button", { name: "Count" }).click();
  await expect(page).toHaveURL(/\/count\/[^/]+$/);
});

test("a location's printed label, scanned, opens that location; Locations is in the More sheet @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  test.setTimeout(90_000);
  await signIn(page, "manager");
  const phone = (page.viewportSize()?.width ?? 1280) < 900;
  if (phone) {
    await page.getByRole("button", { name: "More" }).click();
    await page.getByRole("dialog", { name: "More Options" }).getByRole("button", { name: "Locations" }).click();
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Locations" }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Stock Locations" })).toBeVisible();
  if (phone) await page.getByRole("listitem", { name: "Truck 2" }).click();
  else await page.getByRole("link", { name: "Truck 2" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Truck 2" })).toBeVisible();
  const detailUrl = page.url();
  // Priya's truck carries stock below its own minimums (the demo data).
  await expect(page.getByLabel(/^Below minimum: [1-9]/)).toBeVisible();

  const labelHref = await page.getByRole("link", { name: "Print label" }).getAttribute("href");
  expect(labelHref).toMatch(/^\/labels\?ids=/);
  await page.goto(labelHref!);
  const label = page.getByRole("article", { name: "Label: Truck 2" });
  await expect(label).toContainText("Location · Vehicle");
  await expect(label).toContainText("Held by Priya Nair");
  const code = await label.getAttribute("data-label-code");
  expect(code).toMatch(/^trapline:location:\d+$/);
  await expect(label.getByRole("img", { name: `QR code ${code}` })).toBeVisible();
  // A photo of the printed label, as a phone without camera access would scan it.
  const photo = await label.screenshot();

  await page.goto("/scan");
  await lookUp(page, code!);
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByRole("heading", { level: 2, name: "Truck 2" })).toBeVisible();

  await page.goto("/scan");
  await page.locator('input[type="file"]').setInputFiles({ name: "label.png", mimeType: "image/png", buffer: photo });
  await expect(page).toHaveURL(detailUrl, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 2, name: "Truck 2" })).toBeVisible();
});

test("an employee cannot open Locations, and a location label tells them so", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "tech");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Locations" })).toHaveCount(0);
  await page.goto("/locations");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You need manager privileges to manage stock locations.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Stock locations" })).toHaveCount(0);

  const locations = (await (await page.request.get("/api/locations")).json()) as { id: number; name: string }[];
  const truck = locations.find((l) => l.name === "Truck 2")!;
  await page.goto(`/locations/${Buffer.from(`StockLocation:${truck.id}`).toString("base64")}`);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("Truck 2")).toHaveCount(0);

  await page.goto("/scan");
  await lookUp(page, `trapline:location:${truck.id}`);
  await expect(page.getByRole("alert").filter({ hasText: "Truck 2 is a stock location; only managers can open locations" })).toBeVisible();
  await expect(page).toHaveURL(/\/scan$/);
});

test("a technician scanning the label of the truck they hold gets My Truck", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "pnair");
  const locations = (await (await page.request.get("/api/locations")).json()) as { id: number; name: string }[];
  const truck = locations.find((l) => l.name === "Truck 2")!;
  await page.goto("/scan");
  await lookUp(page, `trapline:location:${truck.id}`);
  await expect(page).toHaveURL(/\/truck$/);
  await expect(page.getByRole("heading", { level: 2, name: "Truck 2" })).toBeVisible();
});

test("inventory shows each item's stock per location, and the item dialog lists it @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager");
  const locations = (await (await page.request.get("/api/locations")).json()) as { id: number; name: string }[];
  const truck = locations.find((l) => l.name === "Truck 2")!;
  const onTruck = (await (await page.request.get(`/api/locations/${truck.id}/stock`)).json()) as { name: string; quantity: number }[];
  const carried = onTruck.find((s) => s.quantity > 0)!;
  expect(carried).toBeTruthy();

  await page.goto("/inventory");
  await page.getByLabel("Search inventory").fill(carried.name);
  const phone = (page.viewportSize()?.width ?? 1280) < 900;
  const entry = phone ? page.getByRole("article", { name: carried.name }) : page.getByRole("row").filter({ hasText: carried.name });
  const perLocation = entry.getByRole("list", { name: "Stock by location" });
  await expect(perLocation.getByRole("listitem").filter({ hasText: "Truck 2" })).toContainText(String(carried.quantity));
  await expect(perLocation.getByRole("listitem").filter({ hasText: "Main Warehouse" })).toBeVisible();

  await entry.getByRole("button", { name: `Edit ${carried.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Inventory Item" });
  const table = dialog.getByRole("table", { name: "Stock by location" });
  await expect(table.getByRole("row").filter({ hasText: "Truck 2" })).toContainText(String(carried.quantity));
});

test("reports: stock value by location, with its CSV", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager", { at: "/reports" });
  const card = page.getByRole("region", { name: "Stock value by location" });
  await expect(card).toBeVisible();
  await expect(card.getByText(/of it on vehicles/)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: "Export CSV" }).click()]);
  const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  expect(header).toBe("Location,Kind,Holder,Archived,Items,Units in stock,Value (USD),Items without a price");
  expect(rows.some((r) => r.startsWith("Truck 2,Vehicle,Priya Nair,no,"))).toBe(true);
  expect(rows.some((r) => r.startsWith("Main Warehouse,Warehouse,,no,"))).toBe(true);
});

test("a location's page follows changes made elsewhere (stockLocationChanged)", async ({ page, browser, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager", { at: "/locations" });
  await page.getByRole("link", { name: "Truck 2" }).click();
  const stock = page.getByRole("table", { name: "Stock here" });
  const coveralls = stock.getByRole("row").filter({ hasText: "Tyvek Disposable Coveralls" });
  await expect(coveralls.getByRole("cell").nth(2)).toHaveText("4");
  const before = Number((await page.getByLabel(/^Below minimum: \d+$/).getAttribute("aria-label"))!.replace(/\D+/g, ""));

  // Another manager, in another browser, raises the truck's minimum of coveralls above what it carries.
  const other = await browser.newContext({ baseURL: page.url().replace(/\/locations\/.*$/, "") });
  const otherPage = await other.newPage();
  await signIn(otherPage, "manager");
  const ids = await otherPage.request.post("/graphql", {
    data: { query: `{ stockLocations(first: 20) { edges { node { id name stock(first: 50) { edges { node { minQuantity item { id name } } } } } } } }` },
  });
  const truck = (await ids.json()).data.stockLocations.edges.map((e: any) => e.node).find((n: any) => n.name === "Truck 2");
  const item = truck.stock.edges.map((e: any) => e.node.item).find((i: any) => i.name === "Tyvek Disposable Coveralls");
  const set = (minQuantity: number) =>
    otherPage.request.post("/graphql", {
      data: {
        query: `mutation ($input: SetLocationMinimumInput!) { setLocationMinimum(input: $input) { __typename } }`,
        variables: { input: { locationId: truck.id, itemId: item.id, minQuantity } },
      },
    });
  expect((await (await set(50)).json()).data.setLocationMinimum.__typename).toBe("SetLocationMinimumPayload");

  // The first page shows it without a reload.
  await expect(coveralls.getByRole("cell").nth(2)).toHaveText("50");
  await expect(coveralls.getByText("Below minimum")).toBeVisible();
  await expect(page.getByLabel(`Below minimum: ${before + 1}`)).toBeVisible();

  expect((await (await set(4)).json()).data.setLocationMinimum.__typename).toBe("SetLocationMinimumPayload");
  await expect(coveralls.getByRole("cell").nth(2)).toHaveText("4");
  await expect(page.getByLabel(`Below minimum: ${before}`)).toBeVisible();
  await other.close();
});
