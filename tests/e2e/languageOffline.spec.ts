import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { expect, installed, keptNames, PASSWORDS, signInInSpanish, test, unique } from "./fixtures.ts";

// Issue 35, the client's leftovers: what the phone's own copy says without signal (the stock in words,
// a queued change's title) is in the app's language, and follows a switch of language; the server's
// words (stockText) follow a switch without a reload.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const base = `http://127.0.0.1:${PORT}`;

async function signedInApi(username: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: base });
  const res = await api.post("/api/auth/login", { data: { username, password: PASSWORDS[username] } });
  expect(res.status()).toBe(200);
  return api;
}

/** A user of the test's own: switching language in the shell stores it on the user, and no other test should sign in to it. */
async function ownUser(manager: APIRequestContext, role: "employee" | "manager") {
  const username = `idioma${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const created = await manager.post("/api/team", { data: { username, password: "idioma12345", name: unique("Lucía Herrera"), role, department: "Field" } });
  expect(created.status(), await created.text()).toBe(201);
  return { username, password: "idioma12345" };
}

/** A measured product: its quantity counts whole 1 gal containers. */
async function measuredProduct(manager: APIRequestContext, name: string, quantity: number, barcode: string) {
  const created = await manager.post("/api/inventory", {
    data: { name, category: "Pesticide", quantity, unit: "gallons", barcode, epaRegistrationNumber: "100-1066", signalWord: "CAUTION", restrictedUse: false, containerSize: { amount: "1", unit: "GAL" } },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** The shell's language switch (in the drawer on a phone). */
async function switchLanguage(page: Page, from: "Language" | "Idioma", to: "English" | "Español") {
  const menu = page.getByRole("button", { name: from === "Language" ? "Open navigation menu" : "Abrir el menú de navegación" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: from }).click();
  await page.getByRole("menuitem", { name: to }).click();
  await expect(page.getByRole("button", { name: from === "Language" ? "Idioma" : "Language" })).toBeVisible();
  if (await page.getByRole("dialog").isVisible()) await page.keyboard.press("Escape");
}

test.describe("with the service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("offline in Spanish: the scan card's stock in words has its plural, and a queued change's title follows a switch to English @phone", async ({ page, context, pageErrors, isMobile }) => {
    void pageErrors;
    test.skip(!isMobile, "walked on the phone");
    test.setTimeout(120_000);
    const manager = await signedInApi("manager");
    const stamp = Date.now().toString(36) + Math.floor(Math.random() * 1e4);
    const three = { name: unique("Medido tres"), barcode: `ES3${stamp}` };
    const one = { name: unique("Medido uno"), barcode: `ES1${stamp}` };
    await measuredProduct(manager, three.name, 3, three.barcode);
    await measuredProduct(manager, one.name, 1, one.barcode);
    const sprayer = { name: unique("Rociador cola"), serialNumber: `ESQ-${stamp}` };
    expect((await manager.post("/api/equipment", { data: { ...sprayer, category: "Sprayer" } })).status()).toBe(201);
    const user = await ownUser(manager, "employee");

    await signInInSpanish(page, user.username, user.password);
    await installed(page);
    await expect.poll(async () => (await keptNames(page)).filter((n) => n === three.name || n === one.name || n === sprayer.name).length, { timeout: 20_000 }).toBe(3);

    await context.setOffline(true);
    await page.goto("/scan");
    await expect(page.getByTestId("sync-status")).toContainText("Sin conexión");
    const card = page.getByRole("region", { name: "Artículo escaneado" });
    const lookUp = async (code: string, name: string) => {
      await page.getByLabel("Escriba el código").fill(code);
      await page.getByRole("button", { name: "Buscar" }).click();
      await expect(card.getByRole("heading", { name })).toBeVisible();
    };
    // The phone's copy answers, in Spanish, plural-correct (the server's words for a measured product).
    await lookUp(three.barcode, three.name);
    await expect(card.getByText("3 envases", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Escanear otro artículo" }).click();
    await lookUp(one.barcode, one.name);
    await expect(card.getByText("1 envase", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Escanear otro artículo" }).click();
    await page.getByLabel("Escriba el código").fill(`NADA-${stamp}`);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByText(`No se encontró ningún artículo con el código NADA-${stamp}`)).toBeVisible();

    // A check-out kept on the phone: the toast and the queue say it in Spanish.
    await lookUp(sprayer.serialNumber, sprayer.name);
    await card.getByRole("button", { name: "Entregar" }).click();
    const prompt = page.getByRole("dialog", { name: "Entregar equipo" });
    await prompt.getByLabel("Nombre de la persona").fill("Riley Chen");
    await prompt.getByRole("button", { name: "Entregar" }).click();
    await expect(page.getByText("Guardado en este teléfono")).toBeVisible();
    await expect(page.getByText(`Entregar ${sprayer.name} a Riley Chen. Se sincronizará cuando vuelva a tener conexión.`)).toBeVisible();
    await page.getByRole("button", { name: "Revisar" }).click();
    let queue = page.getByRole("dialog", { name: "Cambios en este teléfono" });
    await expect(queue.getByText(`Entregar ${sprayer.name} a Riley Chen`, { exact: true })).toBeVisible();
    await queue.getByRole("button", { name: "Cerrar" }).click();
    await expect(queue).toHaveCount(0);

    // Switched to English (still offline): the same queued change now says it in English.
    await switchLanguage(page, "Idioma", "English");
    await page.getByRole("button", { name: "Review" }).click();
    queue = page.getByRole("dialog", { name: "Changes on this phone" });
    await expect(queue.getByText(`Check out ${sprayer.name} to Riley Chen`, { exact: true })).toBeVisible();
    await expect(queue.getByRole("button", { name: `Discard: Check out ${sprayer.name} to Riley Chen` })).toBeVisible();
    await queue.getByRole("button", { name: "Close" }).click();

    // Back online the change reaches the server once.
    await context.setOffline(false);
    await expect(page.getByTestId("sync-status")).not.toContainText("waiting to sync", { timeout: 20_000 });
  });
});

test("switching language on a screen with the server's words (a measured product's stock) shows the new language without a reload @phone", async ({ page, pageErrors, isMobile }) => {
  void pageErrors;
  test.skip(!isMobile, "walked on the phone");
  const manager = await signedInApi("manager");
  // First in the list (by name): the inventory screen's own query holds it.
  const name = unique("000 Medido cambio");
  await measuredProduct(manager, name, 3, `ESC${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`);
  const user = await ownUser(manager, "employee");

  await page.goto("/");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Notifications" })).toBeVisible();
  await page.goto("/inventory");
  const item = page.getByRole("article", { name });
  await expect(item.getByLabel("Measured stock: 3 containers")).toBeVisible();
  // A mark on this document: a reload would lose it.
  await page.evaluate(() => void ((window as { __sameDocument?: boolean }).__sameDocument = true));

  await switchLanguage(page, "Language", "Español");
  await expect(item.getByLabel("Existencias medidas: 3 envases")).toBeVisible();
  await switchLanguage(page, "Idioma", "English");
  await expect(item.getByLabel("Measured stock: 3 containers")).toBeVisible();
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), "no reload").toBe(true);
});
