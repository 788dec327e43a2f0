import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { expect, PASSWORDS, signIn, test, unique } from "./fixtures.ts";

// Pesticide application records (issue 34) at phone size: recorded online and offline (once), amended.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const base = `http://127.0.0.1:${PORT}`;

async function signedInApi(username: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: base });
  const res = await api.post("/api/auth/login", { data: { username, password: PASSWORDS[username] } });
  expect(res.status()).toBe(200);
  return api;
}

/**
 * A measured product of its own (the basic demo's items carry no container size): 5 containers of
 * 8 fl oz, in the main warehouse, so 8 fl oz applied is exactly one container less.
 */
async function newProduct(manager: APIRequestContext) {
  const name = unique("Record Test Concentrate");
  const res = await manager.post("/api/inventory", {
    data: { name, category: "Pesticide", quantity: 5, unit: "bottles", epaRegistrationNumber: "100-1066", signalWord: "WARNING", restrictedUse: false, containerSize: { amount: "8", unit: "FL_OZ" } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { name, id: ((await res.json()) as { id: number }).id };
}

const quantityOf = async (api: APIRequestContext, id: number) => ((await (await api.get(`/api/inventory/${id}`)).json()) as { quantity: number }).quantity;
async function recordsFor(api: APIRequestContext, customer: string): Promise<number> {
  const res = await api.post("/graphql", { data: { query: "query($c: String) { applications(first: 10, filter: { customer: $c }) { totalCount } }", variables: { c: customer } } });
  return ((await res.json()) as { data: { applications: { totalCount: number } } }).data.applications.totalCount;
}

/** Fills 'Record application' for `customer` with 8 fl oz of `product`, picked by name. */
async function fillRecord(page: Page, customer: string, product: string) {
  await page.goto("/applications/new");
  const form = page.getByRole("form", { name: "Record application" });
  await form.getByLabel("Customer name").fill(customer);
  await form.getByLabel("Street").fill("12 Oak Street");
  await form.getByLabel("City").fill("Austin");
  await form.getByLabel("State").fill("TX");
  await form.getByLabel("ZIP").fill("78701");
  await form.getByLabel("Area treated").fill("1200");
  await form.getByRole("combobox", { name: "Method" }).click();
  await page.getByRole("option", { name: "Spray" }).click();
  const pests = form.getByLabel("Target pests");
  await pests.fill("Ants");
  await pests.press("Enter");
  await form.getByLabel("Find product by name").fill(product);
  await page.getByRole("option", { name: product }).click();
  const line = form.getByRole("region", { name: `Product: ${product}` });
  await expect(line).toBeVisible();
  await line.getByLabel("Amount applied").fill("8");
  await expect(line.getByRole("combobox", { name: "Unit" })).toHaveText("fl oz");
  return form;
}

test("record an application online, find it in the list and on its page, stock fell; amend it and see the history @phone", async ({ page }) => {
  test.setTimeout(120_000);
  const manager = await signedInApi("manager");
  const product = await newProduct(manager);
  const customer = unique("Online Customer");
  await signIn(page, "tech");

  const form = await fillRecord(page, customer, product.name);
  await form.getByRole("button", { name: "Record application" }).click();
  // The record's page.
  await expect(page.getByRole("heading", { name: customer })).toBeVisible();
  await expect(page.getByText("12 Oak Street, Austin, TX 78701")).toBeVisible();
  const products = page.getByRole("region", { name: "Products applied" });
  await expect(products.getByText(product.name)).toBeVisible();
  await expect(products.getByText("8 fl oz")).toBeVisible();
  await expect(products.getByText("EPA Reg. No. 100-1066")).toBeVisible();
  await expect(page.getByRole("link", { name: "Customer copy (PDF)" })).toHaveAttribute("href", /\/api\/applications\/\d+\/customer-copy\.pdf$/);
  expect(await quantityOf(manager, product.id)).toBe(4);

  // Amend: 6 fl oz instead of 8, with a reason; the history shows who, why and what changed.
  await page.getByRole("button", { name: "Amend" }).click();
  const dialog = page.getByRole("dialog", { name: "Amend record" });
  await dialog.getByLabel("Reason for the amendment").fill("Measured the tank again");
  await dialog.getByLabel(`${product.name}: amount`).fill("6");
  await dialog.getByRole("button", { name: "Save amendment" }).click();
  await expect(dialog).toHaveCount(0);
  const history = page.getByRole("region", { name: "Amendments" });
  await expect(history.getByText("Why: Measured the tank again")).toBeVisible();
  await expect(history.getByText(/8 fl oz → 6 fl oz/)).toBeVisible();
  await expect(products.getByText("6 fl oz")).toBeVisible();
  await history.getByText("The original record").click();
  await expect(history.getByText(customer).first()).toBeVisible();

  // The list: the technician's own records, this one among them.
  await page.getByRole("link", { name: "All applications" }).click();
  await page.getByLabel("Customer").fill(customer);
  await expect(page.getByText("1 application matching the filters")).toBeVisible();
  await expect(page.getByRole("listitem", { name: new RegExp(customer) })).toBeVisible();
  await manager.dispose();
});

test("record an application offline: it waits in the queue and is applied once when the network is back @phone", async ({ page, context }) => {
  test.setTimeout(120_000);
  const manager = await signedInApi("manager");
  const product = await newProduct(manager);
  const customer = unique("Offline Customer");
  await signIn(page, "tech");

  const form = await fillRecord(page, customer, product.name);
  await context.setOffline(true);
  await form.getByRole("button", { name: "Record application" }).click();
  await expect(page.getByText(`${customer}: saved on this phone`)).toBeVisible();
  // The queue says what waits.
  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByText(`Record application for ${customer}: 8 fl oz of ${product.name}`)).toBeVisible();
  await page.keyboard.press("Escape");
  expect(await quantityOf(manager, product.id)).toBe(5);
  expect(await recordsFor(manager, customer)).toBe(0);

  await context.setOffline(false);
  await expect.poll(() => recordsFor(manager, customer), { timeout: 30_000 }).toBe(1);
  await expect(page.getByText("All changes synced")).toBeVisible({ timeout: 30_000 });
  // Applied exactly once: one record, one container less.
  await page.waitForTimeout(1500);
  expect(await recordsFor(manager, customer)).toBe(1);
  expect(await quantityOf(manager, product.id)).toBe(4);
  await page.goto("/applications");
  await page.getByLabel("Customer").fill(customer);
  await expect(page.getByText("1 application matching the filters")).toBeVisible();
  await manager.dispose();
});
