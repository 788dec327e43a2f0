import { expect, installed, test } from "./fixtures.ts";

test("the sign-in screen's language switch turns it Spanish at once, for the server too, and the device keeps the choice @phone", async ({
  page,
  pageErrors,
}) => {
  void pageErrors;
  await page.goto("/");
  await expect(
    page.getByText("Sign in to access your inventory management system"),
  ).toBeVisible();
  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "Español" }).click();
  // At once, without a reload.
  await expect(
    page.getByText(
      "Inicie sesión para acceder a su sistema de gestión de inventario",
    ),
  ).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Idioma" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await page.getByLabel("Usuario").fill("manager");
  await page.getByLabel("Contraseña").fill("wrong-password");
  const signIn = page.waitForRequest(
    (r) => r.url().endsWith("/graphql") && r.method() === "POST",
  );
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  // The request asks the server for Spanish, whatever the browser's own languages are.
  expect((await signIn).headers()["accept-language"]).toBe("es-US");
  await expect(
    page.getByText("Usuario o contraseña incorrectos. Inténtelo de nuevo."),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("button", { name: "Iniciar sesión" }),
  ).toBeVisible();
  // And back.
  await page.getByRole("combobox", { name: "Idioma" }).click();
  await page.getByRole("option", { name: "English" }).click();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(
    page.getByText("Sign in to access your inventory management system"),
  ).toBeVisible();
});

test.describe("a browser set to Spanish (Mexico)", () => {
  test.use({ locale: "es-MX" });
  test("starts in Spanish without a choice made @phone", async ({
    page,
    pageErrors,
  }) => {
    void pageErrors;
    await page.goto("/");
    await expect(
      page.getByRole("button", { name: "Iniciar sesión" }),
    ).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Idioma" })).toContainText(
      "Español",
    );
  });
});

test.describe("with the service worker", () => {
  test.use({ serviceWorkers: "allow" });
  test("signed in after choosing Español, the offline bar speaks Spanish @phone", async ({
    page,
    context,
    pageErrors,
  }) => {
    void pageErrors;
    await page.goto("/");
    await page.getByRole("combobox", { name: "Language" }).click();
    await page.getByRole("option", { name: "Español" }).click();
    await page.getByLabel("Usuario").fill("tech");
    await page.getByLabel("Contraseña").fill("tech123");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(
      page.getByRole("button", { name: "Notifications" }),
    ).toBeVisible();
    await installed(page);
    await context.setOffline(true);
    await expect(page.getByTestId("sync-status")).toContainText("Sin conexión");
    await expect(page.getByTestId("sync-status")).toContainText(
      /Última sincronización|Aún no se ha sincronizado en este teléfono/,
    );
    await context.setOffline(false);
  });
});
