import { request as playwrightRequest } from "@playwright/test";
import { expect, signIn, test } from "./fixtures.ts";

test("another user's change that leaves an item low raises the live Low Stock Alert toast @phone", async ({ page, pageErrors, baseURL }) => {
  void pageErrors;
  await signIn(page, "manager");
  await expect(page.getByText("Total Inventory Items")).toBeVisible();

  // A second client (the technician's phone) over the REST API.
  const other = await playwrightRequest.newContext({ baseURL });
  expect((await other.post("/api/auth/login", { data: { username: "tech", password: "tech123" } })).status()).toBe(200);
  const created = await other.post("/api/inventory", {
    data: { name: `Live Gel ${Date.now()}`, category: "Bait", quantity: 50, minQuantity: 10, reorderPoint: 4 },
  });
  expect(created.status()).toBe(201);
  const item = await created.json();

  // The subscription is opened when the shell mounts; retry the change until the toast shows.
  const toast = page.getByRole("status").filter({ hasText: "Low Stock Alert" });
  await expect(async () => {
    // Back above the minimum, then down to 3 (at or below the reorder point of 4 → critical).
    expect((await other.put(`/api/inventory/${item.id}`, { data: { quantity: 50 } })).status()).toBe(200);
    expect((await other.put(`/api/inventory/${item.id}`, { data: { quantity: 3 } })).status()).toBe(200);
    await expect(toast).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(toast).toContainText("1 critical, 0 high priority items need reordering");
  await other.dispose();
});
