import { expect, installed, keptNames, newProduct, PASSWORDS, recordApplication, signedInApi, test, unique } from "./fixtures.ts";

// Application records (issue 34) in Spanish (issue 35): a phone set to Spanish records one, finds it in
// the list and reads its page; the first 'Loading...' speaks the start language too.

const fitsThePhone = async (page: import("@playwright/test").Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "Spanish fits a 390 px phone").toBeLessThanOrEqual(390);

test.describe("a phone set to Spanish (Mexico)", () => {
  test.use({ locale: "es-MX" });

  test("index.html's first 'Loading...' is Spanish before any of the app's code runs @phone", async ({ page }) => {
    // The app's code never arrives: what shows is index.html alone (with its boot script).
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/");
    await expect(page.getByText("Cargando...")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Cargando" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  });

  test("records an application, finds it in the list (1 and 2 records) and reads its page in Spanish @phone", async ({ page, pageErrors, isMobile }) => {
    void pageErrors;
    test.skip(!isMobile, "walked on the phone");
    test.setTimeout(120_000);
    const manager = await signedInApi("manager");
    const { name, id: itemId } = await newProduct(manager, "Concentrado ES");
    const customer = unique("Cliente ES");

    await page.goto("/");
    await page.getByLabel("Usuario").fill("tech");
    await page.getByLabel("Contraseña").fill(PASSWORDS.tech!);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByRole("button", { name: "Notificaciones" })).toBeVisible();

    // Record application: sections, labels, the form's own checks by their Spanish messages.
    await page.goto("/applications/new");
    const form = page.getByRole("form", { name: "Registrar aplicación" });
    for (const section of ["Cliente", "Tratamiento", "Productos", "Aplicador", "Clima y notas"])
      await expect(form.getByRole("region", { name: section })).toBeVisible();
    await form.getByRole("button", { name: "Registrar aplicación" }).click();
    await expect(form.getByText("El campo «Nombre del cliente» es obligatorio")).toBeVisible();
    await expect(form.getByText("Agregue al menos un producto")).toBeVisible();
    await fitsThePhone(page);

    await form.getByLabel("Nombre del cliente").fill(customer);
    await form.getByLabel("Calle").fill("12 Oak Street");
    await form.getByLabel("Ciudad").fill("Austin");
    await form.getByLabel("Estado").fill("TX");
    await form.getByLabel("Código postal").fill("78701");
    await form.getByLabel("Área tratada").fill("1200");
    await expect(form.getByRole("combobox", { name: "Unidad de área" })).toHaveText("pies²");
    await form.getByRole("combobox", { name: "Método" }).click();
    await expect(page.getByRole("option")).toHaveText(["Aspersión", "Cebo", "Polvo", "Nebulización", "Granulado", "Inyección", "Otro"]);
    await page.getByRole("option", { name: "Aspersión" }).click();
    const pests = form.getByLabel("Plagas objetivo");
    await pests.fill("Hormigas");
    await pests.press("Enter");
    await form.getByLabel("Buscar producto por nombre").fill(name);
    await page.getByRole("option", { name }).click();
    const line = form.getByRole("region", { name: `Producto: ${name}` });
    await expect(line.getByText(/^N\.º de reg\. EPA 100-1066 · /)).toBeVisible();
    await expect(line.getByText("Advertencia", { exact: true })).toBeVisible();
    await expect(line.getByRole("combobox", { name: "Tomado de" })).toHaveText("El lugar habitual");
    await line.getByLabel("Cantidad aplicada").fill("8");
    await expect(line.getByRole("combobox", { name: "Unidad" })).toHaveText("oz líq.");
    await expect(form.getByLabel("Agregar otro producto")).toBeVisible();
    await fitsThePhone(page);
    await form.getByRole("button", { name: "Registrar aplicación" }).click();

    // The record's page.
    await expect(page.getByText("Aplicación registrada")).toBeVisible();
    await expect(page.getByRole("heading", { name: customer })).toBeVisible();
    await expect(page.getByText("Dirección del servicio")).toBeVisible();
    await expect(page.getByText("1200 pies²")).toBeVisible();
    await expect(page.getByText("Aspersión")).toBeVisible();
    const products = page.getByRole("region", { name: "Productos aplicados" });
    await expect(products.getByText("8 oz líq.")).toBeVisible();
    await expect(products.getByText("N.º de reg. EPA 100-1066")).toBeVisible();
    await expect(page.getByRole("region", { name: "Enmiendas" })).toContainText("Ninguna: este es el registro tal como se hizo originalmente.");
    await expect(page.getByRole("link", { name: "Copia del cliente (PDF)" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enmendar" })).toBeVisible();
    await fitsThePhone(page);

    // The list: 1 record for this customer, then 2 (the plural's one and other).
    await page.getByRole("link", { name: "Todas las aplicaciones" }).click();
    await expect(page.getByRole("link", { name: "Registrar aplicación" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Cliente" }).fill(customer);
    await expect(page.getByText("1 aplicación que coincide con los filtros")).toBeVisible();
    const card = page.getByRole("listitem", { name: new RegExp(customer) });
    await expect(card).toContainText("Aspersión");
    await expect(card).toContainText(`${name} 8 oz líq.`);
    // A live toast (another test's low-stock alert) may cover the button; a hovered toast stays, so no pointer.
    await page.getByRole("button", { name: "Filtros" }).dispatchEvent("click");
    await expect(page.getByLabel("Solo uso restringido")).toBeVisible();
    await fitsThePhone(page);

    const tech = await signedInApi("tech");
    await recordApplication(tech, {
      customerName: customer,
      serviceAddress: { street: "12 Oak Street", city: "Austin", state: "TX", zip: "78701" },
      areaTreated: { amount: "300", unit: "LINEAR_FT" },
      targetPests: ["Cucarachas"],
      lines: [{ itemId, amount: "1", unit: "FL_OZ" }],
    });
    await page.reload();
    await page.getByRole("searchbox", { name: "Cliente" }).fill(customer);
    await expect(page.getByText("2 aplicaciones que coinciden con los filtros")).toBeVisible();
    await expect(page.getByRole("listitem", { name: new RegExp(customer) })).toHaveCount(2);
    await expect(page.getByRole("listitem", { name: new RegExp(customer) }).filter({ hasText: "Cebo" })).toHaveCount(1);
    await tech.dispose();
    await manager.dispose();
  });
});

test.describe("a Spanish phone with the service worker", () => {
  test.use({ locale: "es-MX", serviceWorkers: "allow" });
  test("without signal, the page the service worker answers (index.html and its boot script) and Record application are Spanish @phone", async ({
    page,
    context,
    pageErrors,
  }) => {
    void pageErrors;
    await page.goto("/");
    await page.getByLabel("Usuario").fill("tech");
    await page.getByLabel("Contraseña").fill(PASSWORDS.tech!);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByRole("button", { name: "Notificaciones" })).toBeVisible();
    await installed(page);
    // The boot script is precached beside index.html, so the offline page starts in Spanish too.
    expect(await page.evaluate(async () => Boolean(await caches.match("/boot.js", { ignoreSearch: true })))).toBe(true);
    // Without signal the form's own query is answered from the phone's copy, kept once the first screen is up:
    // going offline before it is written shows "Not synced on this phone yet" and the offline error instead.
    await expect.poll(async () => (await keptNames(page)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await context.setOffline(true);
    await page.goto("/applications/new");
    await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
    const form = page.getByRole("form", { name: "Registrar aplicación" });
    await expect(form.getByRole("region", { name: "Cliente" })).toBeVisible();
    await expect(form.getByText("Sin señal: el servidor verifica la certificación cuando se envía el registro")).toBeVisible();
    await context.setOffline(false);
  });
});

test("index.html's first 'Loading...' stays English for an English browser @phone", async ({ page }) => {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto("/");
  await expect(page.getByText("Loading...")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Loading" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
