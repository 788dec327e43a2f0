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

test("an item deleted by another manager leaves the dashboard's Critical Alerts without breaking it", async ({ page, pageErrors, baseURL }) => {
  void pageErrors;
  // Out of stock and named to sort first among the low-stock items the card shows.
  const other = await playwrightRequest.newContext({ baseURL });
  expect((await other.post("/api/auth/login", { data: { username: "manager", password: "manager123" } })).status()).toBe(200);
  const name = `0 Live delete ${Date.now().toString(36)}`;
  const created = await other.post("/api/inventory", { data: { name, category: "Bait", quantity: 0, minQuantity: 5 } });
  expect(created.status()).toBe(201);
  const item = await created.json();

  await signIn(page, "manager");
  const card = page.locator(".tl-card").filter({ has: page.getByText("Critical Alerts", { exact: true }) });
  await expect(card.getByText(name)).toBeVisible();
  // The deletion must come after the page's live channel is up: one made before is not heard (the
  // dashboard then learns of it at its next 30 s poll, after this test's wait).
  await page.waitForFunction(() => document.documentElement.dataset.live === "connected");
  await page.waitForTimeout(500); // the subscriptions go out right after the connection's ack

  expect((await other.delete(`/api/inventory/${item.id}`)).status()).toBe(204);
  await expect(card.getByText(name)).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Reorder" }).first()).toBeVisible();
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
  await other.dispose();
});
