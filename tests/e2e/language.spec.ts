import { expect, installed, PASSWORDS, signInAsNewUser, signInInSpanish, test, unique } from "./fixtures.ts";

test("the sign-in screen's language switch turns it Spanish at once, for the server too, and the device keeps the choice @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  await page.goto("/");
  await expect(page.getByText("Sign in to access your inventory management system")).toBeVisible();
  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "Español" }).click();
  // At once, without a reload.
  await expect(page.getByText("Inicie sesión para acceder a su sistema de gestión de inventario")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Idioma" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  // An unknown username: a wrong password for a real one would count toward that account's sign-in
  // throttle, which app.spec's own bad password for 'manager' already uses on this shared server.
  await page.getByLabel("Usuario").fill("nadie-aqui");
  await page.getByLabel("Contraseña").fill("wrong-password");
  const signIn = page.waitForRequest((r) => r.url().endsWith("/graphql") && r.method() === "POST");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  // The request asks the server for Spanish, whatever the browser's own languages are.
  expect((await signIn).headers()["accept-language"]).toBe("es-US");
  await expect(page.getByText("Usuario o contraseña incorrectos. Inténtelo de nuevo.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  // And back.
  await page.getByRole("combobox", { name: "Idioma" }).click();
  await page.getByRole("option", { name: "English" }).click();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText("Sign in to access your inventory management system")).toBeVisible();
});

test.describe("a browser set to Spanish (Mexico)", () => {
  test.use({ locale: "es-MX" });
  test("starts in Spanish without a choice made @phone", async ({ page, pageErrors }) => {
    void pageErrors;
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Idioma" })).toContainText("Español");
  });
});

test("a technician who chose Español on the sign-in screen scans, checks equipment out and in, files a request and opens My Truck in Spanish @phone", async ({ page, pageErrors, isMobile }) => {
  void pageErrors;
  // The phone's cards (the desktop's tables carry the same texts).
  test.skip(!isMobile, "walked on the phone");
  // The shell's bell (the notifications feature) speaks Spanish too.
  await signInInSpanish(page, "tech");

  // The shell: the page's title, the bottom bar, and the menu with its sign-out button.
  await expect(page.getByRole("heading", { level: 1, name: "Panel" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Más", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Acciones rápidas" })).toBeVisible();
  await page.getByRole("button", { name: "Abrir el menú de navegación" }).click();
  const menu = page.getByRole("dialog", { name: "Menú de navegación" });
  const nav = menu.getByRole("navigation", { name: "Principal" });
  for (const label of ["Panel", "Inventario", "Equipo", "Solicitudes", "Escáner QR", "Aplicaciones"]) await expect(nav.getByText(label, { exact: true })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await page.getByRole("button", { name: "Acciones rápidas" }).click();
  const actions = page.getByRole("dialog", { name: "Acciones rápidas" });
  await expect(actions.getByRole("button", { name: "Agregar artículo de inventario" })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Registrar aplicación" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(actions).toHaveCount(0);

  // Two pieces of equipment of this test's own: serviced every day and every 2 days (the plural's one and other).
  const stamp = unique("Rociador ES");
  const serial = `ES-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
  for (const [suffix, days] of [["1", 1], ["2", 2]] as const) {
    const created = await page.request.post("/api/equipment", {
      data: { name: `${stamp} ${suffix}`, category: "Sprayer", serialNumber: `${serial}-${suffix}`, status: "available", maintenanceIntervalDays: days },
    });
    expect(created.status()).toBe(201);
  }

  // The scanner: a code typed by hand, checked out to a named person.
  await page.goto("/scan");
  await expect(page.getByRole("tab", { name: "Escáner" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Historial" })).toBeVisible();
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("Escriba un código para buscar")).toBeVisible();
  await page.getByLabel("Escriba el código").fill(`${serial}-1`);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Escáner QR" })).toBeVisible();
  const card = page.getByRole("region", { name: "Artículo escaneado" });
  await expect(card.getByText(`${stamp} 1`)).toBeVisible();
  await expect(card.getByText("Número de serie")).toBeVisible();
  await expect(card.getByText("Disponible", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Entregar" }).click();
  const prompt = page.getByRole("dialog", { name: "Entregar equipo" });
  await expect(prompt.getByText(`¿Quién se lleva ${stamp} 1?`)).toBeVisible();
  await prompt.getByLabel("Nombre de la persona").fill("Riley Chen");
  await prompt.getByRole("button", { name: "Entregar" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${stamp} 1 entregado a Riley Chen` })).toBeVisible();
  await page.getByRole("tab", { name: "Historial (1)" }).click();
  await expect(page.getByRole("list", { name: "Historial de escaneos" }).getByText("Entregado", { exact: true })).toBeVisible();

  // The equipment list: checked in again, and the maintenance interval said with its plural.
  await page.goto(`/equipment?search=${encodeURIComponent(stamp)}`);
  const first = page.getByRole("article", { name: `${stamp} 1` });
  const second = page.getByRole("article", { name: `${stamp} 2` });
  await expect(first.getByText("Entregado", { exact: true })).toBeVisible();
  await expect(first.getByText("Asignado a")).toBeVisible();
  await first.getByRole("button", { name: "Devolver" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Equipo devuelto correctamente" })).toBeVisible();
  await expect(first.getByText("Disponible", { exact: true })).toBeVisible();
  await expect(second.getByRole("button", { name: "Entregar" })).toBeVisible();
  await first.getByRole("button", { name: "Registrar mantenimiento" }).click();
  let dialog = page.getByRole("dialog", { name: "Registrar mantenimiento" });
  await expect(dialog).toContainText("(cada día)");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await second.getByRole("button", { name: "Registrar mantenimiento" }).click();
  dialog = page.getByRole("dialog", { name: "Registrar mantenimiento" });
  await expect(dialog).toContainText("(cada 2 días)");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // A request: the form's checks and its lines in Spanish.
  await page.goto("/requests");
  await expect(page.getByRole("heading", { level: 1, name: "Solicitudes de inventario" })).toBeVisible();
  await page.getByRole("button", { name: "Crear solicitud" }).click();
  const form = page.getByRole("dialog", { name: "Crear solicitud nueva" });
  await expect(form.getByText("Agregue al menos un artículo a su solicitud")).toBeVisible();
  await form.getByRole("button", { name: "Agregar artículo" }).click();
  await expect(form.getByText("Seleccione un artículo y escriba una cantidad válida")).toBeVisible();
  await form.getByLabel("Artículo", { exact: true }).fill("Nitrile Gloves");
  await expect(page.getByRole("option", { name: /Nitrile Gloves.*en existencia/ }).first()).toBeVisible();
  // MUI's own texts come from the localized theme (app/App.tsx): the open list's button says 'Cerrar'.
  await expect(form.locator(".MuiAutocomplete-popupIndicator").first()).toHaveAttribute("aria-label", "Cerrar");
  await page.getByRole("option", { name: /Nitrile Gloves/ }).first().click();
  await form.getByLabel("Cantidad").fill("2");
  await form.getByRole("button", { name: "Agregar artículo" }).click();
  await expect(form.getByRole("list", { name: "Artículos solicitados" }).getByRole("listitem")).toHaveCount(1);
  const justification = unique("Guantes para la camioneta");
  await form.getByLabel("Justificación").fill(justification);
  await form.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Solicitud enviada correctamente" })).toBeVisible();
  const filed = page.getByRole("listitem", { name: "Solicitud de Marcus Reyes" }).filter({ hasText: justification });
  await expect(filed.getByText("Pendiente")).toBeVisible();
  await expect(filed).toContainText("Inventario");

  // My Truck: this technician holds no vehicle (the demo keeps it so), and is told so in Spanish.
  await page.goto("/truck");
  await expect(page.getByText("Sin vehículo")).toBeVisible();
  await expect(page.getByText("No tiene un vehículo asignado. Un gerente puede asignarle uno en la página Ubicaciones.")).toBeVisible();
});

test.describe("with the service worker", () => {
  test.use({ serviceWorkers: "allow" });
  test("signed in after choosing Español, the offline bar and index.html's first 'Loading...' speak Spanish @phone", async ({ page, context, pageErrors }) => {
    void pageErrors;
    await signInInSpanish(page, "tech");
    await installed(page);
    // The browser speaks English: the language chosen on the device reaches boot.js on index.html's root element,
    // written by the service worker (boot.js reads no storage). What boot.js wrote is read before the app runs.
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { bootText?: string }).bootText = document.querySelector("#root > .boot p")?.textContent ?? "";
      }),
    );
    await page.reload();
    await expect(page.getByRole("button", { name: "Notificaciones" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { bootText?: string }).bootText)).toBe("Cargando...");
    await expect(page.locator("html")).toHaveAttribute("data-locale", "es-US");
    await context.setOffline(true);
    await expect(page.getByTestId("sync-status")).toContainText("Sin conexión");
    await expect(page.getByTestId("sync-status")).toContainText(/Última sincronización|Aún no se ha sincronizado en este teléfono/);
    await context.setOffline(false);
  });
});

test("a manager who chose Español reads the dashboard, inventory, Team and Reports in Spanish, with plurals for 1 and 2 @phone", async ({ page, pageErrors, isMobile }) => {
  void pageErrors;
  test.skip(!isMobile, "walked on the phone");
  await page.goto("/");
  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "Español" }).click();
  await page.getByLabel("Usuario").fill("manager");
  await page.getByLabel("Contraseña").fill(PASSWORDS.manager!);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();

  // The dashboard's cards.
  await expect(page.getByText("Total de artículos de inventario")).toBeVisible();
  await expect(page.getByText("Alertas de existencias bajas")).toBeVisible();
  await expect(page.getByText("Equipo en uso")).toBeVisible();
  await expect(page.getByText("En espera de aprobación")).toBeVisible();
  for (const heading of ["Actividad reciente", "Alertas críticas", "Certificaciones por vencer", "Acciones rápidas", "Solicitudes pendientes", "Estado del equipo"])
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  await expect(page.getByRole("button", { name: "Agregar artículo de inventario" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "Spanish fits a 390 px phone").toBeLessThanOrEqual(390);

  const graphql = async <T,>(query: string, variables: Record<string, unknown>): Promise<T> => {
    const res = await page.request.post("/graphql", { data: { query, variables } });
    const body = await res.json();
    expect(body.errors, JSON.stringify(body)).toBeUndefined();
    return body.data as T;
  };

  // Inventory: two products of this test's own, one out of stock, with their label facts.
  const stamp = unique("Cebo ES");
  for (const [suffix, quantity, signalWord] of [["1", 0, "CAUTION"], ["2", 12, "DANGER"]] as const) {
    const data = await graphql<{ createInventoryItem: { __typename: string } }>(
      `mutation ($input: CreateInventoryItemInput!) { createInventoryItem(input: $input) { __typename ... on Error { message } } }`,
      { input: { name: `${stamp} ${suffix}`, category: "Pesticide", unit: "bottles", quantity, minQuantity: 2, signalWord, restrictedUse: suffix === "2", epaRegistrationNumber: "432-1012" } },
    );
    expect(data.createInventoryItem.__typename, JSON.stringify(data)).toBe("CreateInventoryItemPayload");
  }
  await page.goto("/inventory");
  await page.getByLabel("Buscar en el inventario").fill(stamp);
  const first = page.getByRole("article", { name: `${stamp} 1` });
  const second = page.getByRole("article", { name: `${stamp} 2` });
  await expect(first.getByText("Existencias bajas", { exact: true })).toBeVisible();
  await expect(first.getByText("Precaución", { exact: true })).toBeVisible();
  await expect(first.getByText("Mín.: 2")).toBeVisible();
  await expect(second.getByText("En existencia", { exact: true })).toBeVisible();
  await expect(second.getByText("Peligro", { exact: true })).toBeVisible();
  await expect(second.getByRole("button", { name: `Registrar el uso de ${stamp} 2` })).toBeVisible();
  await expect(second.getByRole("button", { name: `Editar ${stamp} 2` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "Spanish fits a 390 px phone").toBeLessThanOrEqual(390);

  // Team: two members of this test's own whose certifications expire in 1 and in 2 days (the plural's one and other).
  const member = unique("Aplicador ES");
  for (const days of [1, 2]) {
    const username = `e2e.es${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const created = await graphql<{ createTeamMember: { __typename: string; user?: { id: string } } }>(
      `mutation ($input: CreateTeamMemberInput!) { createTeamMember(input: $input) { __typename ... on CreateTeamMemberPayload { user { id } } ... on Error { message } } }`,
      { input: { username, password: "applicator-123", name: `${member} ${days}`, role: "employee", department: "Campo" } },
    );
    expect(created.createTeamMember.__typename, JSON.stringify(created)).toBe("CreateTeamMemberPayload");
    const expiresOn = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const set = await graphql<{ setCertification: { __typename: string } }>(
      `mutation ($input: SetCertificationInput!) { setCertification(input: $input) { __typename ... on Error { message } } }`,
      { input: { userId: created.createTeamMember.user!.id, number: `TX-${days}`, state: "TX", expiresOn } },
    );
    expect(set.setCertification.__typename, JSON.stringify(set)).toBe("SetCertificationPayload");
  }
  await page.goto("/team");
  await expect(page.getByRole("button", { name: "Agregar miembro del equipo" })).toBeVisible();
  await page.getByLabel("Buscar miembros del equipo").fill(member);
  const one = page.getByRole("listitem", { name: `${member} 1` });
  const two = page.getByRole("listitem", { name: `${member} 2` });
  await expect(one).toContainText("Vence en 1 día");
  await expect(one).not.toContainText("Vence en 1 días");
  await expect(two).toContainText("Vence en 2 días");
  await expect(one.getByRole("button", { name: `Editar la certificación de ${member} 1` })).toBeVisible();
  await expect(one).toContainText("Empleado");
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "Spanish fits a 390 px phone").toBeLessThanOrEqual(390);

  // Reports: the range control and the reports' headings.
  await page.goto("/reports");
  await expect(page.getByRole("region", { name: "Rango de fechas" })).toContainText("30 días, se aplica a todos los informes");
  await expect(page.getByRole("button", { name: "Diario" })).toBeVisible();
  for (const heading of ["Valor del inventario por categoría", "Artículos con existencias bajas en el tiempo", "Valor del inventario por ubicación", "Movimientos de inventario en el tiempo", "Gasto por proveedor", "Equipo por estado", "Solicitudes por estado", "Artículos más solicitados", "Uso de productos químicos por producto", "Registros de aplicación de productos químicos", "Aplicaciones"])
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Exportar CSV" }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "Spanish fits a 390 px phone").toBeLessThanOrEqual(390);
});

test("a signed-in user's language is stored on the user: chosen in the shell, it follows them to another device @phone", async ({ page, browser, pageErrors, isMobile }) => {
  void pageErrors;
  // A user of this test's own, so that no other test signs in to a Spanish account.
  const { username, password } = await signInAsNewUser(page, "idioma", "Lucía Herrera");
  if (isMobile) await page.getByRole("button", { name: "Open navigation menu" }).click();
  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitem", { name: "Español" }).click();
  // At once, without a reload.
  await expect(page.getByRole("button", { name: "Idioma" })).toBeVisible();
  if (isMobile) await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Notificaciones" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  const viewer = async () => (await (await page.request.post("/graphql", { data: { query: "{ viewer { locale } }" } })).json()).data.viewer;
  await expect.poll(viewer).toEqual({ locale: "es-US" });
  // Another device (a fresh browser context, English by default) signs in and speaks Spanish.
  const other = await browser.newContext({ locale: "en-US" });
  const phone = await other.newPage();
  await phone.goto("/");
  await phone.getByLabel("Username").fill(username);
  await phone.getByLabel("Password").fill(password);
  await phone.getByRole("button", { name: "Sign In" }).click();
  await expect(phone.getByRole("button", { name: "Notificaciones" })).toBeVisible();
  await other.close();
});
