import { expect, installed, PASSWORDS, test, unique } from "./fixtures.ts";

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
  await page.getByLabel("Usuario").fill("manager");
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
  await page.goto("/");
  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "Español" }).click();
  await page.getByLabel("Usuario").fill("tech");
  await page.getByLabel("Contraseña").fill(PASSWORDS.tech!);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  // The shell's bell (the notifications feature) speaks Spanish too.
  await expect(page.getByRole("button", { name: "Notificaciones" })).toBeVisible();

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
  test("signed in after choosing Español, the offline bar speaks Spanish @phone", async ({ page, context, pageErrors }) => {
    void pageErrors;
    await page.goto("/");
    await page.getByRole("combobox", { name: "Language" }).click();
    await page.getByRole("option", { name: "Español" }).click();
    await page.getByLabel("Usuario").fill("tech");
    await page.getByLabel("Contraseña").fill(PASSWORDS.tech!);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByRole("button", { name: "Notificaciones" })).toBeVisible();
    await installed(page);
    await context.setOffline(true);
    await expect(page.getByTestId("sync-status")).toContainText("Sin conexión");
    await expect(page.getByTestId("sync-status")).toContainText(/Última sincronización|Aún no se ha sincronizado en este teléfono/);
    await context.setOffline(false);
  });
});
