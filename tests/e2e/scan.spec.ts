import { expect, signIn, test, unique } from "./fixtures.ts";
import type { Page } from "@playwright/test";

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

async function lookUp(page: Page, code: string) {
  await page.getByLabel("Enter code manually").fill(code);
  await page.getByRole("button", { name: "Look Up" }).click();
}

test("scanner page: manual look-up of an inventory barcode shows the item and its stock @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "tech");
  const items = (await (await page.request.get("/api/inventory")).json()) as any[];
  const low = items.find((i) => i.barcode && i.quantity <= i.minQuantity);
  const fine = items.find((i) => i.barcode && i.quantity > i.minQuantity);
  expect(low && fine).toBeTruthy();

  await page.goto("/scan");
  await expect(page.getByRole("tab", { name: "Scanner" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "History" })).toBeVisible();
  await page.getByRole("button", { name: "Start Scanning" }).click();
  await expect(page.getByLabel("Enter code manually")).toBeFocused();

  await lookUp(page, fine.barcode);
  const card = page.getByRole("region", { name: "Scanned item" });
  await expect(card.getByText(fine.name)).toBeVisible();
  await expect(card.getByText(`${fine.quantity} ${fine.unit}`, { exact: true })).toBeVisible();
  await expect(card.getByText(/Low stock/)).toHaveCount(0);

  await page.getByRole("button", { name: "Scan Another Item" }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByLabel("Enter code manually")).toHaveValue("");
  await lookUp(page, low.barcode);
  await expect(card.getByText(low.name)).toBeVisible();
  await expect(card.getByText(/Low stock/)).toBeVisible();

  await lookUp(page, "NO-SUCH-CODE-123");
  await expect(page.getByRole("alert").filter({ hasText: "No item found for code NO-SUCH-CODE-123" })).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByText("No scan history yet")).toBeVisible();
});

test("scanner page: its section tabs work from the keyboard as tabs do, and say which is selected", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "tech", { at: "/scan" });
  const tabs = page.getByRole("tablist", { name: "Scanner sections" });
  const scanner = tabs.getByRole("tab", { name: "Scanner" });
  const history = tabs.getByRole("tab", { name: "History" });
  await expect(scanner).toHaveAttribute("aria-selected", "true");
  await expect(history).toHaveAttribute("aria-selected", "false");
  await expect(page.getByRole("tabpanel", { name: "Scanner" })).toBeVisible();
  // One stop in the Tab order (the selected tab); the arrows move along the row, round at either end.
  await expect(scanner).toHaveAttribute("tabindex", "0");
  await expect(history).toHaveAttribute("tabindex", "-1");
  await scanner.focus();
  await page.keyboard.press("ArrowRight");
  await expect(history).toBeFocused();
  await expect(scanner).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowRight");
  await expect(scanner).toBeFocused();
  await page.keyboard.press("End");
  await expect(history).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(history).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "History" })).toBeVisible();
  await expect(page.getByRole("tabpanel", { name: "Scanner" })).toBeHidden();
  await expect(page.getByText("No scan history yet")).toBeVisible();
  await page.keyboard.press("Home");
  await expect(scanner).toBeFocused();
  await page.keyboard.press(" ");
  await expect(scanner).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Start Scanning" })).toBeVisible();
});

test("scanner page: an equipment serial checks out to a named person and back in; history lists both", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "tech");
  const serial = `E2E-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
  const name = unique("Scan Test Sprayer");
  const created = await page.request.post("/api/equipment", { data: { name, category: "Sprayer", serialNumber: serial, status: "available" } });
  expect(created.status()).toBe(201);

  await page.goto("/scan");
  await lookUp(page, serial);
  const card = page.getByRole("region", { name: "Scanned item" });
  await expect(card.getByText(name)).toBeVisible();
  await expect(card.getByText(serial)).toBeVisible();
  await expect(card.getByText("Available")).toBeVisible();

  await card.getByRole("button", { name: "Check Out" }).click();
  const prompt = page.getByRole("dialog", { name: "Check Out Equipment" });
  await expect(prompt.getByRole("button", { name: "Check Out" })).toBeDisabled(); // a blank name is ignored
  await prompt.getByLabel("Person's name").fill("Riley Chen");
  await prompt.getByRole("button", { name: "Check Out" }).click();
  await expect(toast(page, "Equipment checked out")).toBeVisible();
  await expect(card.getByText("Checked Out")).toBeVisible();
  await expect(card.getByText("Riley Chen")).toBeVisible();

  await page.getByRole("tab", { name: /History/ }).click();
  const history = page.getByRole("list", { name: "Scan history" });
  await expect(history.getByText(name)).toBeVisible();
  await expect(history.getByText("Checked out")).toBeVisible();
  await expect(history.getByText(/Riley Chen/)).toBeVisible();

  await page.getByRole("tab", { name: "Scanner" }).click();
  await card.getByRole("button", { name: "Check In" }).click();
  await expect(toast(page, "Equipment checked in")).toBeVisible();
  await expect(card.getByText("Available")).toBeVisible();
  await page.getByRole("tab", { name: /History/ }).click();
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByText("Checked in")).toBeVisible();
});
