import QRCode from "qrcode";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, installed, keptNames, newProduct, signedInApi, signIn, test, unique } from "./fixtures.ts";

// Pesticide application records (issue 34) at phone size: recorded online and offline (once), amended.
const quantityOf = async (api: APIRequestContext, id: number) =>
  (
    (await (await api.get(`/api/inventory/${id}`)).json()) as {
      quantity: number;
    }
  ).quantity;
/** How many records name `customer` (REST: a GraphQL read of only totalCount is kept by the response cache, see the report). */
async function recordsFor(api: APIRequestContext, customer: string): Promise<number> {
  const res = await api.get(`/api/applications?customer=${encodeURIComponent(customer)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

/** Fills 'Record application' for `customer` with 8 fl oz of `product`, picked by name. */
async function fillRecord(page: Page, customer: string, product: string, unit = "fl oz") {
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
  await expect(line.getByRole("combobox", { name: "Unit" })).toHaveText(unit);
  return form;
}

test("record an application online, find it in the list and on its page, stock fell; amend it and see the history @phone", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const manager = await signedInApi("manager");
  const product = await newProduct(manager, "Record Test Concentrate");
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
  await expect(
    page.getByRole("link", { name: "Customer copy (PDF)" }),
  ).toHaveAttribute("href", /\/api\/applications\/\d+\/customer-copy\.pdf$/);
  expect(await quantityOf(manager, product.id)).toBe(4);

  // Amend: 6 fl oz instead of 8, with a reason; the history shows who, why and what changed.
  await page.getByRole("button", { name: "Amend" }).click();
  const dialog = page.getByRole("dialog", { name: "Amend record" });
  await dialog
    .getByLabel("Reason for the amendment")
    .fill("Measured the tank again");
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
  await page.getByRole("searchbox", { name: "Customer" }).fill(customer);
  await expect(
    page.getByText("1 application matching the filters"),
  ).toBeVisible();
  await expect(
    page.getByRole("listitem", { name: new RegExp(customer) }).or(page.getByRole("row", { name: new RegExp(customer) })),
  ).toBeVisible();
  await manager.dispose();
});

test("amend a record with a product added and one removed: stock follows both, the history says each @phone", async ({ page }) => {
  test.setTimeout(120_000);
  const manager = await signedInApi("manager");
  const first = await newProduct(manager, "Record Test Concentrate");
  const added = await newProduct(manager, "Record Test Concentrate");
  const customer = unique("Amended Customer");
  await signIn(page, "tech");
  const form = await fillRecord(page, customer, first.name);
  await form.getByRole("button", { name: "Record application" }).click();
  await expect(page.getByRole("heading", { name: customer })).toBeVisible();
  expect(await quantityOf(manager, first.id)).toBe(4);

  await page.getByRole("button", { name: "Amend" }).click();
  const dialog = page.getByRole("dialog", { name: "Amend record" });
  await dialog.getByLabel("Reason for the amendment").fill("Wrong product written down");
  await dialog.getByLabel("Add a product").fill(added.name);
  await page.getByRole("option", { name: added.name }).click();
  const line = dialog.getByRole("region", { name: `Product added: ${added.name}` });
  await expect(line).toBeVisible();
  await line.getByLabel("Amount applied").fill("16");
  await expect(line.getByRole("combobox", { name: "Unit" })).toHaveText("fl oz");
  await dialog.getByRole("button", { name: `Remove ${first.name}` }).click();
  await expect(dialog.getByText("Removed: goes back into stock")).toBeVisible();
  await dialog.getByRole("button", { name: "Save amendment" }).click();
  await expect(dialog).toHaveCount(0);

  const history = page.getByRole("region", { name: "Amendments" });
  await expect(history.getByText("Why: Wrong product written down")).toBeVisible();
  await expect(history.getByText(/not applied → 16 fl oz/)).toBeVisible();
  await expect(history.getByText(/8 fl oz → removed/)).toBeVisible();
  const products = page.getByRole("region", { name: "Products applied" });
  await expect(products.getByText(added.name)).toBeVisible();
  await expect(products.getByText("16 fl oz")).toBeVisible();
  // 16 fl oz is two of its 8 fl oz containers; the removed line's container is back.
  expect(await quantityOf(manager, added.id)).toBe(3);
  expect(await quantityOf(manager, first.id)).toBe(5);
  await manager.dispose();
});

test("an applied product's Record application opens the form with that product's line, in its units @phone", async ({ page }) => {
  const manager = await signedInApi("manager");
  const product = await newProduct(manager, "Record Test Concentrate");
  await signIn(page, "tech", { at: "/inventory" });
  await page.getByLabel("Search inventory").fill(product.name);
  await page.getByRole("link", { name: `Record application of ${product.name}` }).click();
  const line = page.getByRole("form", { name: "Record application" }).getByRole("region", { name: `Product: ${product.name}` });
  await expect(line.getByText("EPA Reg. No. 100-1066 · 5 containers in stock")).toBeVisible();
  await line.getByRole("combobox", { name: "Unit" }).click();
  await expect(page.getByRole("option")).toHaveText(["fl oz", "gal", "mL", "L"]);
  await manager.dispose();
});

test("the licence rule's refusal names the expiry under Applicator, and nothing typed is lost @phone", async ({ page }) => {
  test.setTimeout(120_000);
  const manager = await signedInApi("manager");
  // Alicia's certification lapsed yesterday; a restricted-use product needs a valid one on the day.
  const team = (await (await manager.get("/api/team")).json()) as { id: number; username: string }[];
  const alicia = team.find((u) => u.username === "agomez")!;
  const userId = Buffer.from(`User:${alicia.id}`).toString("base64");
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const set = await manager.post("/graphql", {
    data: {
      query: "mutation($input: SetCertificationInput!) { setCertification(input: $input) { __typename ... on Error { message } } }",
      variables: { input: { userId, number: "TX-0999001", state: "TX", issuedOn: "2023-01-01", expiresOn: yesterday } },
    },
  });
  expect(((await set.json()) as { data: { setCertification: { __typename: string } } }).data.setCertification.__typename).toBe("SetCertificationPayload");
  const name = unique("Record Test Fumigant");
  const created = await manager.post("/api/inventory", {
    data: { name, category: "Pesticide", quantity: 3, unit: "units", epaRegistrationNumber: "1015-76", signalWord: "DANGER", restrictedUse: true, containerSize: { amount: "125", unit: "LB" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const customer = unique("Refused Customer");
  await signIn(page, "agomez");

  const form = await fillRecord(page, customer, name, "oz");
  await form.getByRole("button", { name: "Record application" }).click();
  const applicator = form.getByRole("textbox", { name: "Applicator" });
  await expect(applicator).toHaveAccessibleDescription(new RegExp(`certification TX-0999001 expired ${yesterday}`));
  await expect(applicator).toHaveAttribute("aria-invalid", "true");
  // Everything typed is still there.
  await expect(form.getByLabel("Customer name")).toHaveValue(customer);
  await expect(form.getByRole("region", { name: `Product: ${name}` }).getByLabel("Amount applied")).toHaveValue("8");
  await manager.dispose();
});

test.describe("offline", () => {
  // The installed app: its service worker keeps every chunk (the queue's code included) for use without signal.
  test.use({ serviceWorkers: "allow" });
  test("record an application offline: it waits in the queue and is applied once when the network is back @phone", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const manager = await signedInApi("manager");
    const product = await newProduct(manager, "Record Test Concentrate");
    const customer = unique("Offline Customer");
    await signIn(page, "tech");
    await installed(page);
    // The phone's copy names the product in the queue.
    await expect
      .poll(async () => (await keptNames(page)).includes(product.name), {
        timeout: 20_000,
      })
      .toBe(true);

    // No signal from the start: the form, the product search and its label facts come from the phone.
    await context.setOffline(true);
    const form = await fillRecord(page, customer, product.name);
    await expect(form.getByText("Without signal: the server checks the licence when the record is sent")).toBeVisible();
    await form.getByRole("button", { name: "Record application" }).click();
    const saved = page.getByRole("alert").filter({ hasText: `${customer}: saved on this phone` });
    await expect(saved).toBeVisible();
    // Its toast sits below the app bar and its offline bar (on a phone it spans the width), so Review stays in reach.
    const toast = page.getByRole("status").filter({ hasText: "Saved on this phone" });
    await expect(toast).toBeVisible();
    const barBottom = async () => {
      const bar = await page.getByRole("banner").boundingBox();
      return bar ? bar.y + bar.height : Infinity;
    };
    await expect.poll(async () => ((await toast.boundingBox())?.y ?? 0) >= (await barBottom())).toBe(true);
    // The queue says what waits.
    await page.getByRole("button", { name: "Review" }).click();
    await expect(page.getByRole("list", { name: "Queued changes" }).getByText(`Record application for ${customer}: 8 fl oz of ${product.name}`)).toBeVisible();
    await page.keyboard.press("Escape");
    expect(await quantityOf(manager, product.id)).toBe(5);
    expect(await recordsFor(manager, customer)).toBe(0);

    await context.setOffline(false);
    await expect(page.getByText("All changes synced").first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => recordsFor(manager, customer), { timeout: 30_000 }).toBe(1);
    // Applied exactly once: one record, one container less.
    await page.waitForTimeout(1500);
    expect(await recordsFor(manager, customer)).toBe(1);
    expect(await quantityOf(manager, product.id)).toBe(4);
    await page.goto("/applications");
    await page.getByRole("searchbox", { name: "Customer" }).fill(customer);
    await expect(page.getByText("1 application matching the filters")).toBeVisible();
    await expect(page.getByRole("listitem", { name: new RegExp(customer) }).or(page.getByRole("row", { name: new RegExp(customer) }))).toHaveCount(1);
    await manager.dispose();
  });

  test("without signal, a product's label scanned from a photo starts its line from the phone's copy @phone", async ({ page, context }) => {
    test.setTimeout(120_000);
    const manager = await signedInApi("manager");
    const product = await newProduct(manager, "Record Test Concentrate");
    await signIn(page, "tech");
    await installed(page);
    await expect.poll(async () => (await keptNames(page)).includes(product.name), { timeout: 20_000 }).toBe(true);
    await context.setOffline(true);
    await page.goto("/applications/new");
    const form = page.getByRole("form", { name: "Record application" });
    await form.getByRole("button", { name: "Scan product" }).click();
    const photo = await QRCode.toBuffer(`trapline:inventory:${product.id}`, { type: "png", width: 420, margin: 4 });
    await page.getByRole("dialog", { name: "Scan product label" }).locator('input[type="file"]').setInputFiles({ name: "label.png", mimeType: "image/png", buffer: photo });
    await page.getByRole("button", { name: "Use This" }).click({ timeout: 30_000 });
    const line = form.getByRole("region", { name: `Product: ${product.name}` });
    await expect(line.getByText("EPA Reg. No. 100-1066 · 5 containers in stock")).toBeVisible();
    await expect(line.getByRole("combobox", { name: "Unit" })).toHaveText("fl oz");
    await context.setOffline(false);
    await manager.dispose();
  });
});
