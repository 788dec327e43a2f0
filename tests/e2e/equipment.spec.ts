import type { Locator, Page } from "@playwright/test";
import { choose, expect, signIn, test, unique } from "./fixtures.ts";

const RULE = "Invalid status transition: checked_out requires assignedTo, other statuses should not have assignedTo/assignedAt";

/** Signs in and opens /equipment. */
async function openEquipment(page: Page, username = "manager") {
  await signIn(page, username, { at: null });
  await gotoEquipment(page);
}

async function gotoEquipment(page: Page) {
  await page.goto("/equipment");
  await expect(page.getByRole("heading", { level: 1, name: "Equipment Management" })).toBeVisible();
  await expect(page.getByText("B&G 2000 Stainless Sprayer").or(page.getByText("No equipment found")).first()).toBeVisible();
}

/** The table row (desktop) or card (phone) that shows this equipment. */
function entry(page: Page, name: string): Locator {
  return page.getByRole("row").or(page.getByRole("article")).filter({ hasText: name });
}

/** Adds equipment through the GraphQL API with the page's session, for tests that need their own record. */
async function createEquipment(page: Page, name: string, extra: Record<string, unknown> = {}) {
  const res = await page.request.post("/graphql", {
    data: {
      query: `mutation ($input: CreateEquipmentInput!) {
        createEquipment(input: $input) { __typename ... on Error { message } }
      }`,
      variables: { input: { name, category: "Sprayer", location: "Shop - E2E", ...extra } },
    },
  });
  const body = await res.json();
  expect(body.data?.createEquipment?.__typename, JSON.stringify(body)).toBe("CreateEquipmentPayload");
}

async function search(page: Page, text: string) {
  await page.getByLabel("Search equipment").fill(text);
}

const pickOption = (page: Page, label: string, option: string, scope: Page | Locator = page) => choose(scope.getByRole("combobox", { name: label }), option);

test("the list shows demo equipment with statuses, assignees and 'Since' for checked-out ones", async ({ page, pageErrors }) => {
  void pageErrors;
  await openEquipment(page);
  for (const header of ["Name", "Category", "Serial Number", "Status", "Assigned To", "Location", "Actions"]) {
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const sprayer = entry(page, "B&G 2000 Stainless Sprayer");
  await expect(sprayer).toContainText("Available");
  await expect(sprayer).toContainText("BG2000-44871");
  await expect(sprayer.getByRole("button", { name: "Check Out" })).toBeVisible();
  await expect(sprayer.getByRole("button", { name: "Check In" })).toHaveCount(0);
  await expect(sprayer.getByRole("button", { name: "Edit" })).toBeVisible();

  const backpack = entry(page, "Birchmeier Iris 15 Backpack Sprayer");
  await expect(backpack).toContainText("Checked Out");
  await expect(backpack).toContainText("Marcus Reyes");
  await expect(backpack).toContainText(/Since \S+/);
  await expect(backpack.getByRole("button", { name: "Check In" })).toBeVisible();
  await expect(backpack.getByRole("button", { name: "Check Out" })).toHaveCount(0);
  // Next maintenance in 5 days: highlighted.
  await expect(backpack.getByRole("button", { name: "Maintenance Due" })).toHaveAttribute("data-urgency", "soon");

  const papr = entry(page, "3M Versaflo PAPR Kit");
  await expect(papr).toContainText("Priya Nair");
  await expect(papr).toContainText(/Since \S+/);

  const vacuum = entry(page, "Atrix Omega HEPA Vacuum");
  await expect(vacuum).toContainText("Maintenance");
  await expect(vacuum.getByRole("button", { name: /Check (Out|In)/ })).toHaveCount(0);
  await expect(vacuum.getByRole("button", { name: "Maintenance Due" })).toHaveAttribute("data-urgency", "overdue");
  await expect(entry(page, "Curtis Dyna-Fog Twister XL")).toContainText("Repair");
  // No next-maintenance date, no button.
  await expect(entry(page, "Bait Station Key Set").getByRole("button", { name: "Maintenance Due" })).toHaveCount(0);
});

test("status filter and search narrow the list, with the no-match state @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  await openEquipment(page, "tech");
  await expect(page.getByText("Curtis Dyna-Fog Twister XL")).toBeVisible();
  await expect(page.getByText("Birchmeier Iris 15 Backpack Sprayer")).toBeVisible();

  await pickOption(page, "Status", "Repair");
  await expect(page.getByText("B&G 2000 Stainless Sprayer")).toHaveCount(0);
  await expect(page.getByText("Curtis Dyna-Fog Twister XL")).toBeVisible();

  await pickOption(page, "Status", "Checked Out");
  await expect(page.getByText("Curtis Dyna-Fog Twister XL")).toHaveCount(0);
  await expect(entry(page, "Birchmeier Iris 15 Backpack Sprayer")).toContainText(/Since \S+/);

  await pickOption(page, "Status", "All Statuses");
  await expect(page.getByText("Curtis Dyna-Fog Twister XL")).toBeVisible();

  // Description, category and name all match.
  await search(page, "thermal camera");
  await expect(page.getByText("FLIR C5 Thermal Camera")).toBeVisible();
  await expect(page.getByText("B&G 2000 Stainless Sprayer")).toHaveCount(0);
  await search(page, "bait gun");
  await expect(page.getByText("Syngenta Advion Bait Gun")).toBeVisible();
  await expect(page.getByText("FLIR C5 Thermal Camera")).toHaveCount(0);

  await search(page, "no-such-equipment-anywhere");
  await expect(page.getByText("No equipment matches your filters")).toBeVisible();
  await search(page, "");
  await expect(page.getByText("B&G 2000 Stainless Sprayer")).toBeVisible();
  await expect(page.getByText("No equipment matches your filters")).toHaveCount(0);
});

test("add equipment, then edit it; the add dialog's SDS uploader waits for a save", async ({ page, pageErrors }) => {
  void pageErrors;
  const name = unique("E2E Sprayer");
  const serial = unique("SN").replace(" ", "-");
  await openEquipment(page);

  await page.getByRole("button", { name: "Add Equipment" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Equipment" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Save item first to upload SDS files")).toBeVisible();
  await expect(dialog.getByLabel("Status")).toHaveText("Available");
  await expect(dialog.getByLabel("Assigned To")).toHaveCount(0);

  // Required fields are checked before anything is sent.
  await dialog.getByRole("button", { name: "Add Equipment" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Category is required")).toBeVisible();

  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Serial Number").fill(serial);
  await dialog.getByLabel("Description").fill("Added by the equipment e2e test");
  await pickOption(page, "Category", "Sprayer", dialog);
  await dialog.getByLabel("Location").fill("Truck 7");
  await dialog.getByLabel("Purchase Date").fill("2024-03-01");
  await dialog.getByLabel("Next Maintenance").fill("2031-06-30");
  await dialog.getByRole("button", { name: "Add Equipment" }).click();

  await expect(page.getByText("Equipment added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  // Inserted into the list from the mutation payload, without a reload.
  const row = entry(page, name);
  await expect(row).toContainText("Available");
  await expect(row).toContainText(serial);
  await expect(row).toContainText("Truck 7");
  // Next maintenance years away: not due, so no 'Maintenance Due' (the server decides), but it can be recorded.
  await expect(row.getByRole("button", { name: "Maintenance Due" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Record maintenance" })).toBeVisible();

  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Equipment" });
  await expect(edit.getByLabel("Name")).toHaveValue(name);
  await expect(edit.getByLabel("Purchase Date")).toHaveValue("2024-03-01");
  await expect(edit.getByLabel("Next Maintenance")).toHaveValue("2031-06-30");
  await expect(edit.getByText("Save item first to upload SDS files")).toHaveCount(0);
  await expect(edit.getByRole("button", { name: "Choose file" })).toBeVisible();
  await edit.getByLabel("Location").fill("Shop - Rack 9");
  await pickOption(page, "Status", "Maintenance", edit);
  await edit.getByLabel("Next Maintenance").fill("");
  await edit.getByRole("button", { name: "Save Changes" }).click();

  await expect(page.getByText("Equipment updated successfully")).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("Shop - Rack 9");
  await expect(row).toContainText("Maintenance");
  await expect(row.getByRole("button", { name: "Maintenance Due" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Check Out" })).toHaveCount(0);

  // Still there after a reload: it was saved.
  await page.reload();
  await search(page, name);
  await expect(entry(page, name)).toContainText("Shop - Rack 9");
});

test("checked_out without an assignee shows the status rule message", async ({ page, pageErrors }) => {
  void pageErrors;
  await openEquipment(page);
  await page.getByRole("button", { name: "Add Equipment" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Equipment" });
  await dialog.getByLabel("Name").fill(unique("E2E Rule"));
  await pickOption(page, "Category", "Drill", dialog);
  await pickOption(page, "Status", "Checked Out", dialog);
  await expect(dialog.getByLabel("Assigned To")).toBeVisible();
  await dialog.getByRole("button", { name: "Add Equipment" }).click();
  await expect(dialog.getByText(RULE)).toBeVisible();
  // The toast sits outside the dialog (aria-hidden while it is open), so find it by text.
  await expect(page.getByText("Error", { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  // On desktop the toast covers the dialog's buttons (and hovering it pauses its timer): dismiss it.
  await page.getByTitle("Close").click();
  await expect(page.getByText("Error", { exact: true })).toHaveCount(0);

  // With an assignee it saves, and the list shows who has it since when.
  const name = unique("E2E Rule ok");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Assigned To").fill("Tom Becker");
  await expect(dialog.getByText(RULE)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Add Equipment" }).click();
  await expect(page.getByText("Equipment added successfully")).toBeVisible();
  const row = entry(page, name);
  await expect(row).toContainText("Tom Becker");
  await expect(row).toContainText(/Since \S+/);
  await expect(row.getByRole("button", { name: "Check In" })).toBeVisible();
});

test("the Quick Action 'Add Equipment' dialog adds to the list on screen", async ({ page, pageErrors }) => {
  void pageErrors;
  const name = unique("E2E Quick");
  await openEquipment(page);
  await page.getByRole("button", { name: "Quick Action" }).click();
  await page.getByRole("menuitem", { name: "Add Equipment" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Equipment" });
  await expect(dialog.getByText("Save item first to upload SDS files")).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await pickOption(page, "Category", "Hand Tool", dialog);
  await dialog.getByRole("button", { name: "Add Equipment" }).click();
  await expect(page.getByText("Equipment added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(entry(page, name)).toContainText("Hand Tool");
});

test("a manager checks out to a team member picked from the list", async ({ page, pageErrors }) => {
  void pageErrors;
  const name = unique("E2E Manager Checkout");
  await openEquipment(page);
  await createEquipment(page, name);
  await gotoEquipment(page);
  await search(page, name);
  const row = entry(page, name);
  await expect(row).toContainText("Available");

  await row.getByRole("button", { name: "Check Out" }).click();
  const dialog = page.getByRole("dialog", { name: "Check Out Equipment" });
  await expect(dialog).toContainText(name);
  await expect(dialog.getByRole("button", { name: "Check Out" })).toBeDisabled();
  await dialog.getByLabel("Team member").click();
  // Team members show name and department.
  const option = page.getByRole("option", { name: /Tom Becker/ });
  await expect(option).toContainText("Rodent Control");
  await expect(page.getByRole("option", { name: /Priya Nair/ })).toContainText("General Pest");
  await option.click();
  await dialog.getByRole("button", { name: "Check Out" }).click();

  await expect(page.getByText("Equipment checked out successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Checked Out");
  await expect(row).toContainText("Tom Becker");
  await expect(row).toContainText(/Since \S+/);
  await expect(row.getByRole("button", { name: "Check In" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Check Out" })).toHaveCount(0);
});

test("a technician checks out by typing a name, then checks in @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  const name = unique("E2E Tech Checkout");
  await openEquipment(page, "tech");
  await createEquipment(page, name);
  await gotoEquipment(page);
  await search(page, name);
  const row = entry(page, name);

  await row.getByRole("button", { name: "Check Out" }).click();
  const dialog = page.getByRole("dialog", { name: "Check Out Equipment" });
  await expect(dialog.getByLabel("Team member")).toHaveCount(0);
  const field = dialog.getByLabel("Technician name");
  await field.fill("   ");
  await expect(dialog.getByRole("button", { name: "Check Out" })).toBeDisabled();
  await field.blur();
  await expect(dialog.getByText("Assignee is required")).toBeVisible();
  await field.fill("Jamie Ortiz");
  await expect(dialog.getByText("Assignee is required")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Check Out" }).click();

  await expect(page.getByText("Equipment checked out successfully")).toBeVisible();
  await expect(row).toContainText("Jamie Ortiz");
  await expect(row).toContainText("Checked Out");

  await row.getByRole("button", { name: "Check In" }).click();
  await expect(page.getByText("Equipment checked in successfully")).toBeVisible();
  await expect(row).toContainText("Available");
  await expect(row).not.toContainText("Jamie Ortiz");
  await expect(row.getByRole("button", { name: "Check Out" })).toBeVisible();
});

test("a long filtered list loads 20 at a time with 'Load more'", async ({ page, pageErrors }) => {
  void pageErrors;
  const prefix = unique("E2E Page");
  await openEquipment(page);
  for (let i = 0; i < 22; i++) await createEquipment(page, `${prefix} ${String(i).padStart(2, "0")}`);
  await gotoEquipment(page);
  await search(page, prefix);
  const rows = page.getByRole("row").filter({ hasText: prefix });
  await expect(rows).toHaveCount(20);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(22);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
});

test("overdue maintenance shows red 'Maintenance Due'; recording it moves the next date by the interval @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  const name = unique("E2E Overdue Fogger");
  await openEquipment(page);
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  await createEquipment(page, name, { nextMaintenance: twoDaysAgo, maintenanceIntervalDays: 30 });
  await gotoEquipment(page);
  await search(page, name);
  const row = entry(page, name);
  const due = row.getByRole("button", { name: "Maintenance Due" });
  await expect(due).toHaveAttribute("data-urgency", "overdue");
  // Red: the theme's error colour (#d32f2f) behind white text.
  await expect(due).toHaveCSS("background-color", "rgb(211, 47, 47)");
  await expect(due).toHaveCSS("color", "rgb(255, 255, 255)");

  await due.click();
  const dialog = page.getByRole("dialog", { name: "Record Maintenance" });
  await expect(dialog).toContainText("every 30 days");
  await expect(dialog.getByLabel("Date done")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await dialog.getByRole("button", { name: "Record Maintenance" }).click();
  await expect(page.getByText("Maintenance recorded")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("button", { name: "Maintenance Due" })).toHaveCount(0);

  // The edit form shows the interval and the moved dates.
  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Equipment" });
  await expect(edit.getByLabel("Maintenance Interval (days)")).toHaveValue("30");
  const next = await edit.getByLabel("Next Maintenance").inputValue();
  const last = await edit.getByLabel("Last Maintenance").inputValue();
  expect(Math.round((Date.parse(next) - Date.parse(last)) / 86_400_000)).toBe(30);
});
