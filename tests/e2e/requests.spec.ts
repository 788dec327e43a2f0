import { choose, expect, signIn, test, unique } from "./fixtures.ts";
import type { Locator, Page } from "@playwright/test";

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** Picks an option of the request form's item picker by typing part of its name. */
async function pick(dialog: Locator, label: "Item" | "Equipment", text: string) {
  await dialog.getByLabel(label, { exact: true }).fill(text);
  await dialog.page().getByRole("option", { name: new RegExp(text) }).first().click();
}

async function logOut(page: Page) {
  const logout = page.getByRole("button", { name: "Log out" });
  // While a dialog is still closing, the modal keeps the page aria-hidden and Log out is not found by role.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  if (!(await logout.isVisible())) await page.getByRole("button", { name: "Open navigation menu" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
}

test("tech creates an inventory request: validation, lines that sum, no manager actions @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "tech", { at: "/requests" });
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Requests" })).toBeVisible();
  // Employees get no Actions column and no decision buttons.
  await expect(page.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);

  await page.getByRole("button", { name: "Create Request" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Request" });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole("button", { name: "Submit Request" });
  await expect(submit).toBeDisabled();
  await expect(dialog.getByText("Please add at least one item to your request")).toBeVisible();

  await dialog.getByRole("button", { name: "Add Item" }).click();
  await expect(dialog.getByText("Please select an item and enter a valid quantity")).toBeVisible();

  await pick(dialog, "Item", "Nitrile Gloves");
  await dialog.getByLabel("Quantity").fill("2");
  await dialog.getByRole("button", { name: "Add Item" }).click();
  await pick(dialog, "Item", "Nitrile Gloves");
  await dialog.getByLabel("Quantity").fill("3");
  await dialog.getByRole("button", { name: "Add Item" }).click();
  await pick(dialog, "Item", "Tyvek");
  await dialog.getByLabel("Quantity").fill("1");
  await dialog.getByRole("button", { name: "Add Item" }).click();

  const lines = dialog.getByRole("list", { name: "Requested Items" }).getByRole("listitem");
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: "5 x Nitrile Gloves 8 mil" })).toHaveCount(1);
  await expect(lines.filter({ hasText: "1 x Tyvek Disposable Coveralls" })).toHaveCount(1);
  await expect(submit).toBeEnabled();

  await submit.click();
  await expect(dialog.getByText("Please provide justification for this request")).toBeVisible();
  const justification = unique("Restock truck 4 for termite jobs");
  await dialog.getByLabel("Justification").fill(justification);
  await submit.click();
  await expect(toast(page, "Request submitted successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The new request is inserted into the list from the mutation's payload.
  await expect(page.getByText(justification)).toBeVisible();
  await expect(page.getByText("5 x Nitrile Gloves 8 mil").first()).toBeVisible();
});

test("the request dialog removes lines and for equipment offers only available equipment without quantity", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "tech", { at: "/requests" });
  await page.getByRole("button", { name: "Create Request" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Request" });
  await pick(dialog, "Item", "Talstar");
  await dialog.getByRole("button", { name: "Add Item" }).click();
  await expect(dialog.getByText("1 x Talstar P Professional")).toBeVisible();
  await dialog.getByRole("button", { name: "Remove Talstar P Professional" }).click();
  await expect(dialog.getByRole("button", { name: "Submit Request" })).toBeDisabled();

  await dialog.getByRole("combobox", { name: "Request Type" }).click();
  await page.getByRole("option", { name: "Equipment" }).click();
  await expect(dialog.getByLabel("Quantity")).toHaveCount(0);
  await dialog.getByLabel("Equipment", { exact: true }).fill("Atrix");
  await expect(page.getByText("No available equipment")).toBeVisible(); // in maintenance: not selectable
  await dialog.getByLabel("Equipment", { exact: true }).fill("");
  await pick(dialog, "Equipment", "FLIR C5");
  await dialog.getByRole("button", { name: "Add Item" }).click();
  await expect(dialog.getByText("1 x FLIR C5 Thermal Camera")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
});

test("manager approves one request and denies another; decided requests show the decision and no actions", async ({ page, pageErrors }) => {
  void pageErrors;
  // Two requests from the tech.
  await signIn(page, "tech", { at: "/requests" });
  const approveMe = unique("Approve me");
  const denyMe = unique("Deny me");
  for (const [text, item] of [
    [approveMe, "Gentrol"],
    [denyMe, "Catchmaster"],
  ] as const) {
    await page.getByRole("button", { name: "Create Request" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Request" });
    await pick(dialog, "Item", item);
    await dialog.getByLabel("Quantity").fill("2");
    await dialog.getByRole("button", { name: "Add Item" }).click();
    await dialog.getByLabel("Justification").fill(text);
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(toast(page, "Request submitted successfully")).toBeVisible();
    // The toast shows while the dialog still fades out (with the same text in its Justification box).
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(text)).toBeVisible();
  }
  await logOut(page);

  await signIn(page, "manager", { at: "/requests" });
  await expect(page.getByRole("columnheader", { name: "Actions" })).toBeVisible();
  const first = page.getByRole("row").filter({ hasText: approveMe });
  await expect(first.getByText("Marcus Reyes")).toBeVisible();
  await expect(first.getByText("Pending")).toBeVisible();
  await expect(first.getByText("2 x Gentrol IGR Concentrate")).toBeVisible();
  await expect(first.getByRole("button", { name: "Deny" })).toBeVisible();
  await first.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, "Request approved successfully")).toBeVisible();
  await expect(first.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(first.getByRole("cell").last()).toContainText("Approved");
  const today = await page.evaluate(() => new Date().toLocaleDateString());
  await expect(first.getByRole("cell").last()).toContainText(today);

  const second = page.getByRole("row").filter({ hasText: denyMe });
  await second.getByRole("button", { name: "Deny" }).click();
  await expect(toast(page, "Request denied")).toBeVisible();
  await expect(second.getByRole("button", { name: "Deny" })).toHaveCount(0);
  await expect(second.getByRole("cell").last()).toContainText("Denied");

  // The status filter: approved shows the approved one, not the denied one.
  await choose(page.getByRole("combobox", { name: "Status" }), "Approved");
  await expect(page.getByRole("row").filter({ hasText: approveMe })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: denyMe })).toHaveCount(0);
  await choose(page.getByRole("combobox", { name: "Status" }), "Denied");
  await expect(page.getByRole("row").filter({ hasText: denyMe })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: approveMe })).toHaveCount(0);
});

test("the dashboard's Reorder button opens the request dialog with that item already listed", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "tech");
  await expect(page.getByRole("heading", { name: "Critical Alerts" })).toBeVisible();
  const firstAlert = page.getByRole("main").getByRole("button", { name: "Reorder" }).first();
  await expect(firstAlert).toBeVisible();
  // The alert's first line is the item's name: the line carries it (from the card, no lookup).
  const name = (await firstAlert.evaluate((button) => button.parentElement?.querySelector("p")?.textContent ?? "")).trim();
  expect(name).not.toBe("");
  await firstAlert.click();
  const dialog = page.getByRole("dialog", { name: "Create New Request" });
  const lines = dialog.getByRole("list", { name: "Requested Items" }).getByRole("listitem");
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toHaveText(new RegExp(`^\\d+ x ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(dialog.getByRole("button", { name: "Submit Request" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
});
