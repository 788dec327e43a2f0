// `npm run screenshots`: every screen at desktop (1280x800) and phone (390x844) sizes, for a
// manager and a technician, from the built app on a fresh demo database. PNGs go to .tmp/screens/.
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { startDemoServer } from "./demo-server.mjs";

const port = Number(process.env.SCREENS_PORT ?? 3290);
// SCREENS_ONLY=<regex>: only the shots whose names match (e.g. "location"), to look at one area quickly.
const only = process.env.SCREENS_ONLY ? new RegExp(process.env.SCREENS_ONLY) : null;
const wanted = (name) => !only || only.test(name);
const out = ".tmp/screens";
mkdirSync(out, { recursive: true });

const { base, stop } = await startDemoServer(port);

const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const users = { manager: "manager123", tech: "tech123" };
const routes = [
  ["dashboard", "/"],
  ["inventory", "/inventory"],
  ["equipment", "/equipment"],
  ["requests", "/requests"],
  ["scan", "/scan"],
  ["team", "/team"],
  ["reports", "/reports"],
  ["purchasing", "/purchasing"],
  ["suppliers", "/suppliers"],
  ["settings", "/settings"],
  ["labels", "/labels"],
  ["locations", "/locations"],
  ["applications", "/applications"],
  ["application-new", "/applications/new"],
  ["404", "/no-such-page"],
];

/** A GraphQL request with the page's session. */
const gql = (page, query, variables = {}) =>
  page.evaluate(async ([q, v]) => (await fetch("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: q, variables: v }) })).json(), [query, variables]);

/**
 * Issue 34's data on the basic demo set, made once through GraphQL as a manager: label facts on two
 * products (one restricted-use), certifications (Marcus's expiring in 21 days) and a restricted-use
 * application, so the item form, inventory, Team, the dashboard, the bell and Reports show them.
 */
let labelFactsReady = false;
async function addLabelFacts(page) {
  if (labelFactsReady) return;
  labelFactsReady = true;
  const day = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const itemId = async (search) => (await gql(page, "query ($s: String) { inventoryItems(first: 1, search: $s) { edges { node { id } } } }", { s: search })).data.inventoryItems.edges[0].node.id;
  const userId = async (search) => (await gql(page, "query ($s: String) { teamMembers(first: 1, search: $s) { edges { node { id } } } }", { s: search })).data.teamMembers.edges[0].node.id;
  const update = "mutation ($input: UpdateInventoryItemInput!) { updateInventoryItem(input: $input) { __typename ... on Error { message } } }";
  const termidor = await itemId("Termidor");
  const demand = await itemId("Demand CS");
  await gql(page, update, { input: { id: termidor, epaRegistrationNumber: "7969-210", activeIngredients: [{ name: "Fipronil", percent: "9.1" }], signalWord: "CAUTION", formulation: "Suspension concentrate (SC)", containerSize: { amount: "78", unit: "FL_OZ" } } });
  await gql(page, update, { input: { id: demand, epaRegistrationNumber: "100-1066", activeIngredients: [{ name: "Lambda-cyhalothrin", percent: "9.7" }], signalWord: "WARNING", restrictedUse: true, formulation: "Capsule suspension (CS)", containerSize: { amount: "8", unit: "FL_OZ" } } });
  const certify = "mutation ($input: SetCertificationInput!) { setCertification(input: $input) { __typename ... on Error { message } } }";
  const marcus = await userId("Marcus");
  await gql(page, certify, { input: { userId: marcus, number: "TX-0658213", state: "TX", categories: ["7A General Pest", "7B Termite"], issuedOn: day(-700), expiresOn: day(21) } });
  await gql(page, certify, { input: { userId: await userId("Priya"), number: "TX-0712944", state: "TX", categories: ["7A General Pest"], issuedOn: day(-200), expiresOn: day(530) } });
  const record = "mutation ($input: RecordApplicationInput!) { recordApplication(input: $input) { __typename ... on Error { message } } }";
  const visit = { serviceAddress: { street: "1420 Lamar Blvd", city: "Austin", state: "TX", zip: "78703" }, areaTreated: { amount: "2400", unit: "SQ_FT" }, method: "SPRAY" };
  await gql(page, record, { input: { ...visit, applicatorId: marcus, customerName: "Riverside Bakery", startedAt: new Date(Date.now() - 26 * 3_600_000).toISOString(), targetPests: ["German cockroach"], lines: [{ itemId: demand, amount: "1.5", unit: "FL_OZ" }] } });
  await gql(page, record, { input: { ...visit, applicatorId: marcus, customerName: "Hill Country Dental", startedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(), targetPests: ["Subterranean termites"], lines: [{ itemId: termidor, amount: "10", unit: "FL_OZ" }] } });
}

async function settle(page) {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.getByText("Loading...").first().waitFor({ state: "hidden", timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(400);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
/**
 * `SCREENS_LOCALE=es-US npm run screenshots`: the sign-in screen and every screen in Spanish (the
 * browser's language decides, as for a new user), with the dialogs a crew opens most, for both users
 * at both sizes; PNGs named `es-US-…`. Issue 35: Spanish runs 20–30% longer, so look for clipped labels.
 */
async function spanishPass() {
  const locale = process.env.SCREENS_LOCALE;
  for (const [sizeName, viewport] of Object.entries(sizes)) {
    const shot = async (page, name) => {
      if (!wanted(name)) return;
      await settle(page);
      await page.getByText("Cargando...").first().waitFor({ state: "hidden", timeout: 10_000 }).catch(() => {});
      await page.screenshot({ path: `${out}/${locale}-${name}-${sizeName}.png`, fullPage: false });
    };
    const newPage = async () => (await browser.newContext({ viewport, locale, isMobile: sizeName === "phone", hasTouch: sizeName === "phone" })).newPage();
    {
      const page = await newPage();
      await page.goto(base);
      await shot(page, "signin");
      await page.context().close();
    }
    for (const [user, password] of Object.entries(users)) {
      const page = await newPage();
      await page.goto(base);
      await page.getByLabel("Usuario").fill(user);
      await page.getByLabel("Contraseña").fill(password);
      await page.getByRole("button", { name: "Iniciar sesión" }).click();
      await page.getByRole("button", { name: "Notificaciones" }).waitFor();
      if (user === "manager") await addLabelFacts(page);
      for (const [name, path] of routes) {
        await page.goto(`${base}${path}`);
        await shot(page, `${user}-${name}`);
      }
      await page.goto(`${base}/requests`);
      await settle(page);
      await page.getByRole("button", { name: "Crear solicitud" }).click();
      await shot(page, `${user}-request-dialog`);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Notificaciones" }).click();
      await page.getByText(/^(hace|justo ahora)/).first().waitFor({ timeout: 10_000 }).catch(() => {});
      await shot(page, `${user}-notifications`);
      await page.keyboard.press("Escape");
      if (user === "manager") {
        await page.goto(`${base}/inventory`);
        await settle(page);
        await page.getByRole("button", { name: "Agregar artículo" }).click();
        await page.getByRole("dialog").getByLabel(/^Nombre/).waitFor();
        await shot(page, "manager-item-dialog");
        await page.keyboard.press("Escape");
        await page.goto(`${base}/equipment`);
        await settle(page);
        await page.getByRole("button", { name: "Agregar equipo" }).click();
        await page.getByRole("dialog").getByLabel(/^Nombre/).waitFor();
        await shot(page, "manager-equipment-dialog");
        await page.keyboard.press("Escape");
      }
      if (sizeName === "phone") {
        await page.goto(base);
        await settle(page);
        await page.getByRole("button", { name: "Abrir el menú de navegación" }).click();
        await shot(page, `${user}-drawer`);
      }
      await page.context().close();
    }
  }
}

try {
  if (process.env.SCREENS_LOCALE) {
    await spanishPass();
  } else for (const [sizeName, viewport] of Object.entries(sizes)) {
    const shot = async (page, name) => {
      if (!wanted(name)) return;
      await settle(page);
      await page.screenshot({ path: `${out}/${name}-${sizeName}.png`, fullPage: false });
    };
    {
      const context = await browser.newContext({ viewport, isMobile: sizeName === "phone", hasTouch: sizeName === "phone" });
      const page = await context.newPage();
      await page.goto(base);
      await shot(page, "signin");
      await context.close();
    }
    for (const [user, password] of Object.entries(users)) {
      const context = await browser.newContext({ viewport, isMobile: sizeName === "phone", hasTouch: sizeName === "phone" });
      const page = await context.newPage();
      await page.goto(base);
      await page.getByLabel("Username").fill(user);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("button", { name: "Notifications" }).waitFor();
      if (user === "manager") await addLabelFacts(page);
      for (const [name, path] of routes) {
        if (!wanted(`${user}-${name}`)) continue;
        await page.goto(`${base}${path}`);
        await shot(page, `${user}-${name}`);
      }
      if (wanted(`${user}-request-dialog`)) {
        await page.goto(`${base}/requests`);
        await settle(page);
        await page.getByRole("button", { name: "Create Request" }).click();
        await shot(page, `${user}-request-dialog`);
      }
      // Issue 15: a location's page, its dialogs, its label and the inventory dialog's stock per location.
      if (user === "manager" && wanted("manager-location")) {
        await page.goto(`${base}/locations`);
        await settle(page);
        await page.getByRole("button", { name: "Add Location" }).click();
        await page.getByRole("dialog", { name: "Add Location" }).getByLabel("Name").waitFor();
        await shot(page, "manager-location-add");
        await page.getByRole("button", { name: "Cancel" }).click();
        if (sizeName === "phone") await page.getByRole("listitem", { name: "Truck 2" }).click();
        else await page.getByRole("link", { name: "Truck 2" }).click();
        await page.getByRole("heading", { name: "Truck 2" }).waitFor();
        await shot(page, "manager-location-detail");
        await page.getByRole("button", { name: "Set minimum", exact: true }).click();
        await shot(page, "manager-location-minimum");
        await page.getByRole("button", { name: "Cancel" }).click();
        const label = await page.getByRole("link", { name: "Print label" }).getAttribute("href");
        await page.goto(`${base}${label}`);
        await shot(page, "manager-location-label");
        await page.goto(`${base}/inventory`);
        await settle(page);
        await page.getByRole("button", { name: /^Edit Tyvek/ }).click();
        await page.getByRole("table", { name: "Stock by location" }).waitFor();
        await shot(page, "manager-location-item-dialog");
        await page.goto(`${base}/reports`);
        await page.getByRole("region", { name: "Stock value by location" }).scrollIntoViewIfNeeded();
        await shot(page, "manager-location-report");
      }
      // Application records (issue 34): a record's page (the full demo, SEED_DEMO=full, has two weeks of them), Amend, the form with a product line.
      if (wanted(`${user}-application`)) {
        await page.goto(`${base}/applications`);
        await settle(page);
        const first = sizeName === "phone" ? page.getByRole("list", { name: "Applications" }).getByRole("link").first() : page.getByRole("table", { name: "Applications" }).getByRole("link").first();
        if (await first.count()) {
          await first.click();
          await page.getByRole("region", { name: "Amendments" }).waitFor();
          await shot(page, `${user}-application-record`);
          await page.getByRole("region", { name: "Products applied" }).scrollIntoViewIfNeeded();
          await shot(page, `${user}-application-record-products`);
          await page.getByRole("button", { name: "Amend" }).click();
          await page.getByRole("dialog", { name: "Amend record" }).getByLabel("Reason for the amendment").waitFor();
          await shot(page, `${user}-application-amend`);
          const amend = page.getByRole("dialog", { name: "Amend record" });
          if (user === "manager") {
            // The history of an amended record: who, when, why, what changed, the original.
            await amend.getByLabel("Reason for the amendment").fill("Site description was incomplete");
            await amend.getByLabel("Site").fill(`Kitchen, dry storage, dumpster pad and loading dock (${sizeName})`);
            await amend.getByRole("button", { name: "Save amendment" }).click();
            await amend.waitFor({ state: "hidden" });
            const history = page.getByRole("region", { name: "Amendments" });
            await history.getByText("The original record").click();
            await history.scrollIntoViewIfNeeded();
            await shot(page, `${user}-application-record-amended`);
          } else await amend.getByRole("button", { name: "Cancel" }).click();
        }
        await page.goto(`${base}/applications/new`);
        await settle(page);
        const form = page.getByRole("form", { name: "Record application" });
        await form.getByLabel("Find product by name").fill("Talstar");
        await page.getByRole("option", { name: /Talstar/ }).click();
        await form.getByRole("region", { name: /^Product: Talstar/ }).waitFor();
        await form.getByRole("button", { name: "Record application" }).click();
        await form.getByRole("region", { name: /^Product: Talstar/ }).scrollIntoViewIfNeeded();
        await shot(page, `${user}-application-new-product`);
      }
      // Issue 34: a product's label facts on the item form, certifications on Team, the inspector's exports on Reports.
      if (user === "manager" && wanted("manager-labelfacts")) {
        await page.goto(`${base}/inventory`);
        await settle(page);
        await page.getByRole("button", { name: /^Edit Demand CS/ }).click();
        await page.getByRole("region", { name: "Label facts" }).scrollIntoViewIfNeeded();
        await shot(page, "manager-labelfacts-item-dialog");
        await page.getByRole("button", { name: "Cancel" }).click();
        await page.getByLabel("Search inventory").fill("Termidor");
        await page.waitForTimeout(800);
        await shot(page, "manager-labelfacts-inventory");
        await page.goto(`${base}/team`);
        await settle(page);
        await page.getByRole("button", { name: "Edit certification of Marcus Reyes" }).click();
        await page.getByRole("dialog", { name: "Certification of Marcus Reyes" }).getByLabel("Certification number").waitFor();
        await shot(page, "manager-labelfacts-certification-dialog");
        await page.getByRole("button", { name: "Cancel" }).click();
        await page.goto(`${base}/`);
        await settle(page);
        await page.getByRole("region", { name: "Certifications expiring" }).scrollIntoViewIfNeeded();
        await shot(page, "manager-labelfacts-dashboard");
        await page.goto(`${base}/reports`);
        await settle(page);
        await page.getByRole("region", { name: "Applications", exact: true }).scrollIntoViewIfNeeded();
        await shot(page, "manager-labelfacts-reports");
      }
      if (user === "tech" && wanted("tech-labelfacts")) {
        await page.goto(`${base}/`);
        await settle(page);
        await page.getByRole("region", { name: "My certification" }).scrollIntoViewIfNeeded();
        await shot(page, "tech-labelfacts-dashboard");
        await page.getByRole("button", { name: "Notifications" }).click();
        await page.getByRole("listitem", { name: /applicator certification/ }).first().waitFor();
        await shot(page, "tech-labelfacts-notifications");
        await page.keyboard.press("Escape");
        await page.goto(`${base}/scan`);
        await settle(page);
        await page.getByLabel("Enter code manually").fill("0700481200882");
        await page.getByRole("button", { name: "Look Up" }).click();
        await page.getByRole("region", { name: "Scanned item" }).waitFor();
        await shot(page, "tech-labelfacts-scan");
      }
      // Purchasing (issue 16): drafts from the suggestions, the draft editor, cancelling, and receiving a placed order.
      if (user === "manager" && wanted("manager-purchasing")) {
        await page.goto(`${base}/purchasing`);
        await page.getByRole("button", { name: "Draft orders from suggestions" }).click();
        await page.getByRole("button", { name: /^Edit PO-/ }).first().waitFor();
        await shot(page, "manager-purchasing-drafts");
        await page.getByRole("button", { name: /^Edit PO-/ }).first().click();
        await page.getByRole("list", { name: "Order lines" }).waitFor();
        await shot(page, "manager-purchasing-editor");
        await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
        await page.getByRole("button", { name: /^Cancel PO-/ }).first().click();
        await shot(page, "manager-purchasing-cancel");
        await page.getByRole("button", { name: "Keep it" }).click();
        // A draft with a supplier is placed, then received.
        const place = page.getByRole("button", { name: "Place", exact: true }).and(page.locator(":enabled")).first();
        if (await place.count()) {
          await place.click();
          await page.getByRole("button", { name: "Receive", exact: true }).first().waitFor();
          await page.getByRole("button", { name: "Receive", exact: true }).first().click();
          await page.getByText(/still due of/).first().waitFor();
          await shot(page, "manager-purchasing-receive");
        }
      }
      await context.close();
    }
    // Settings (issue 17): a token and a webhook made through the dialogs, the secrets shown once, a delivery.
    {
      const context = await browser.newContext({ viewport, isMobile: sizeName === "phone", hasTouch: sizeName === "phone" });
      const page = await context.newPage();
      await page.goto(base);
      await page.getByLabel("Username").fill("manager");
      await page.getByLabel("Password").fill(users.manager);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("button", { name: "Notifications" }).waitFor();
      await page.goto(`${base}/settings`);
      await settle(page);
      await page.getByRole("button", { name: "Create API token" }).click();
      let dialog = page.getByRole("dialog", { name: "Create API token" });
      await dialog.getByLabel(/^Name/).fill(`Accounting sync (${sizeName})`);
      await dialog.getByRole("combobox", { name: "Access" }).click();
      await page.getByRole("option", { name: /^WRITE/ }).click();
      await shot(page, "manager-settings-token-dialog");
      await dialog.getByRole("button", { name: "Create token" }).click();
      await page.getByText("Copy the API token now").waitFor();
      const token = await page.getByRole("textbox", { name: "API token" }).inputValue();
      await shot(page, "manager-settings-token-created");
      await page.getByRole("button", { name: "Done" }).click();
      await shot(page, "manager-settings-tokens");
      await page.getByRole("tab", { name: "Webhooks" }).click();
      await page.getByRole("button", { name: "Add webhook" }).click();
      dialog = page.getByRole("dialog", { name: "Add webhook" });
      // TEST-NET-1: a public-looking address nothing answers, so the delivery shows its retries.
      await dialog.getByLabel("Endpoint URL").fill(`https://192.0.2.10/trapline/${sizeName}`);
      await dialog.getByRole("checkbox", { name: /inventory\.changed/ }).check();
      await dialog.getByRole("checkbox", { name: /stock\.transferred/ }).check();
      await shot(page, "manager-settings-webhook-dialog");
      await dialog.getByRole("button", { name: "Add webhook" }).click();
      await page.getByText("Copy the signing secret now").waitFor();
      await shot(page, "manager-settings-webhook-created");
      await page.getByRole("button", { name: "Done" }).click();
      // The token at work: an item made with it is an inventory.changed delivery.
      await page.evaluate(
        (t) => fetch("/api/inventory", { method: "POST", credentials: "omit", headers: { authorization: `Bearer ${t}`, "content-type": "application/json" }, body: JSON.stringify({ name: "Webhook test bait", category: "Bait", unit: "boxes", quantity: 5, minQuantity: 1 }) }),
        token,
      );
      await page.waitForTimeout(11_000);
      await page.reload();
      await settle(page);
      await page.getByRole("button", { name: /Recent deliveries \([1-9]/ }).first().click();
      await shot(page, "manager-settings-webhooks");
      await context.close();
    }
    // Field work without signal (issue 13): the phone's copy, a queued check-out, the review list.
    if (wanted("tech-offline")) {
      const context = await browser.newContext({ viewport, isMobile: sizeName === "phone", hasTouch: sizeName === "phone" });
      const page = await context.newPage();
      await page.goto(base);
      await page.getByLabel("Username").fill("tech");
      await page.getByLabel("Password").fill(users.tech);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("button", { name: "Notifications" }).waitFor();
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      await page.reload();
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
      // The copy is stored a moment after the app starts.
      await page.waitForTimeout(4000);
      await context.setOffline(true);
      await page.goto(`${base}/equipment`);
      await shot(page, "tech-offline-equipment");
      await page.goto(`${base}/scan`);
      // One piece per size: the desktop pass checks its piece out on the shared demo server.
      await page.getByLabel("Enter code manually").fill(sizeName === "phone" ? "KEY-SET-0007" : "BG2000-44871");
      await page.getByRole("button", { name: "Look Up" }).click();
      await page.getByRole("region", { name: "Scanned item" }).getByRole("button", { name: "Check Out" }).click();
      await page.getByLabel("Person's name").fill("Marcus Reyes");
      await page.getByRole("dialog").getByRole("button", { name: "Check Out" }).click();
      await shot(page, "tech-offline-scan");
      await page.goto(`${base}/inventory`);
      await shot(page, "tech-offline-inventory");
      await page.getByRole("button", { name: "Review" }).click();
      await page.getByRole("dialog", { name: "Changes on this phone" }).waitFor();
      await page.waitForTimeout(400);
      await shot(page, "tech-offline-queue");
      await page.getByRole("button", { name: "Close" }).click();
      await context.setOffline(false);
      await page.getByText("All changes synced").first().waitFor({ timeout: 20_000 });
      await shot(page, "tech-synced");
      await context.close();
    }
    // Stock where it really is (issue 15): Priya holds Truck 2, so her navigation has My Truck.
    {
      const context = await browser.newContext({ viewport, isMobile: sizeName === "phone", hasTouch: sizeName === "phone" });
      const page = await context.newPage();
      await page.goto(base);
      await page.getByLabel("Username").fill("pnair");
      await page.getByLabel("Password").fill("priya1234");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("button", { name: "Notifications" }).waitFor();
      await page.goto(`${base}/truck`);
      await shot(page, "pnair-truck");
      await page.getByRole("button", { name: "Transfer stock" }).click();
      await page.getByRole("dialog", { name: "Transfer Stock" }).getByLabel("Item").waitFor();
      await shot(page, "pnair-transfer-dialog");
      await page.getByRole("button", { name: "Cancel" }).click();
      // The desktop pass starts the count; the phone pass resumes it.
      await page.getByRole("link", { name: /count/i }).click();
      await page.getByRole("heading", { name: /^Count: / }).waitFor();
      const start = page.getByRole("button", { name: "Start count" });
      if (await start.isVisible()) {
        await shot(page, "pnair-count-start");
        await start.click();
      }
      await page.getByRole("list", { name: "Count lines" }).waitFor();
      const counted = sizeName === "phone" ? "2" : "1";
      await page.getByLabel(/^Counted /).first().fill(counted);
      await page.getByLabel(/^Counted /).first().press("Enter");
      await page.getByText(new RegExp(`^Set .*: counted ${counted} `)).waitFor();
      await shot(page, "pnair-count");
      await page.getByRole("button", { name: "Finish" }).click();
      await page.getByRole("dialog", { name: "Finish the count" }).waitFor();
      await shot(page, "pnair-count-finish");
      await page.getByRole("button", { name: "Keep counting" }).click();
      await context.close();
    }
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}/`);
