import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expectNoViolations } from "./axe.ts";
import { choose, expect, signIn, test, unique, visitDefaults } from "./fixtures.ts";

/*
 * Issue 34's client pieces: a product's label facts on the item form (and where the item is shown),
 * applicator certifications on Team and the dashboard, and the inspector's exports on Reports.
 * Whatever a test needs beyond the basic demo set it makes itself, through GraphQL.
 */

async function graphql<T = Record<string, unknown>>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await page.request.post("/graphql", { data: { query, variables } });
  const body = await res.json();
  expect(body.errors, JSON.stringify(body)).toBeUndefined();
  return body.data as T;
}

/**
 * An application record through GraphQL (the ids here are GraphQL ids, so not the REST
 * `recordApplication` of fixtures.ts): its visit, made a spray, unless `input` says otherwise.
 */
async function recordApplication(page: Page, input: { lines: { itemId: string; amount: string; unit: string }[] } & Record<string, unknown>) {
  const data = await graphql<{ recordApplication: { __typename: string; message?: string } }>(
    page,
    `mutation ($input: RecordApplicationInput!) { recordApplication(input: $input) { __typename ... on Error { message } } }`,
    { input: { ...visitDefaults(), method: "SPRAY", ...input } },
  );
  expect(data.recordApplication.__typename, JSON.stringify(data)).toBe("RecordApplicationPayload");
}

async function createItem(page: Page, input: Record<string, unknown>): Promise<string> {
  const data = await graphql<{ createInventoryItem: { __typename: string; item?: { id: string }; message?: string } }>(
    page,
    `mutation ($input: CreateInventoryItemInput!) {
      createInventoryItem(input: $input) { __typename ... on CreateInventoryItemPayload { item { id } } ... on Error { message } }
    }`,
    { input: { category: "Pesticide", unit: "bottles", quantity: 0, ...input } },
  );
  expect(data.createInventoryItem.__typename, JSON.stringify(data)).toBe("CreateInventoryItemPayload");
  return data.createInventoryItem.item!.id;
}

/** An item as shown on the page: a table row on desktop, a card on a phone. */
const entry = (page: Page, name: string) => page.locator("tbody tr, article").filter({ hasText: name });

async function openInventory(page: Page, search: string) {
  await page.goto("/inventory");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  await page.getByLabel("Search inventory").fill(search);
  await expect(page.locator("tbody tr, article")).toHaveCount(1);
}

const pick = (scope: Locator, label: string, option: string) => choose(scope.getByLabel(label, { exact: true }), option);

const toast = (page: Page, text: string) => page.locator('[role="status"]').filter({ hasText: text });

test("a manager fills a product's label facts on the item form; they persist and show in the list @phone", async ({ page, pageErrors }, info) => {
  void pageErrors;
  await signIn(page, "manager");
  const name = unique("E2E Label");
  await createItem(page, { name, quantity: 3 });
  await openInventory(page, name);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Inventory Item" });
  const facts = dialog.getByRole("region", { name: "Label facts" });
  await expect(facts).toBeVisible();

  // The shared schema's EPA rule, before anything is sent.
  await facts.getByLabel("EPA Registration Number").fill("7969");
  await dialog.getByRole("button", { name: "Update Item" }).click();
  await expect(facts.getByText(/EPA registration number must look like 432-1012/)).toBeVisible();
  await facts.getByLabel("EPA Registration Number").fill("7969-210");

  await facts.getByRole("button", { name: "Add ingredient" }).click();
  await facts.getByRole("textbox", { name: "Ingredient" }).fill("Fipronil");
  await facts.getByLabel("Percent").fill("9.1");
  await pick(facts, "Signal word", "Caution");
  await facts.getByLabel("Restricted use pesticide (RUP)").check();
  await facts.getByLabel("Formulation").fill("Suspension concentrate");
  await facts.getByLabel("Container size").fill("78");
  await pick(facts, "Measure", "fl oz");
  if (info.project.name === "phone") expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth + 1)).toBe(true);
  await dialog.getByRole("button", { name: "Update Item" }).click();
  await expect(toast(page, "Item updated successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The list entry: RUP and the signal word, and the measured stock.
  const row = entry(page, name);
  await expect(row).toContainText("RUP");
  await expect(row).toContainText("Caution");
  await expect(row).toContainText("3 containers");
  if (info.project.name === "phone") expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Saved: the form opens with them again.
  await page.reload();
  await openInventory(page, name);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const again = page.getByRole("dialog", { name: "Edit Inventory Item" }).getByRole("region", { name: "Label facts" });
  await expect(again.getByLabel("EPA Registration Number")).toHaveValue("7969-210");
  await expect(again.getByRole("textbox", { name: "Ingredient" })).toHaveValue("Fipronil");
  await expect(again.getByLabel("Percent")).toHaveValue("9.1");
  await expect(again.getByLabel("Restricted use pesticide (RUP)")).toBeChecked();
  await expect(again.getByLabel("Formulation")).toHaveValue("Suspension concentrate");
  await expect(again.getByLabel("Container size")).toHaveValue("78");
  await expect(again.getByLabel("Measure", { exact: true })).toContainText("fl oz");
});

test("the server's refusal to change a container size with an open container shows on the field", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager");
  const name = unique("E2E Open");
  const id = await createItem(page, { name, quantity: 2, containerSize: { amount: "1", unit: "GAL" } });
  // Use 10 fl oz of it: the main warehouse now holds an open container.
  await recordApplication(page, { lines: [{ itemId: id, amount: "10", unit: "FL_OZ" }] });
  await openInventory(page, name);
  await expect(entry(page, name)).toContainText("1 container + 118 fl oz");
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Inventory Item" });
  await dialog.getByLabel("Container size").fill("2");
  await dialog.getByRole("button", { name: "Update Item" }).click();
  await expect(dialog.getByText(/has an open container at .*: use it up or count it before changing the container size/)).toBeVisible();
  await expect(dialog.getByLabel("Container size")).toHaveAttribute("aria-invalid", "true");
});

/** A day `days` from today (UTC), YYYY-MM-DD. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function createMember(page: Page, name: string): Promise<{ username: string; password: string }> {
  const username = `e2e.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = "applicator-123";
  const data = await graphql<{ createTeamMember: { __typename: string } }>(
    page,
    `mutation ($input: CreateTeamMemberInput!) { createTeamMember(input: $input) { __typename ... on Error { message } } }`,
    { input: { username, password, name, role: "employee", department: "Field" } },
  );
  expect(data.createTeamMember.__typename, JSON.stringify(data)).toBe("CreateTeamMemberPayload");
  return { username, password };
}

test("a manager sets a member's certification on Team and sees its status; the member sees it on their dashboard @phone", async ({ page, pageErrors, browser }, info) => {
  void pageErrors;
  await signIn(page, "manager");
  const name = unique("E2E Applicator");
  const member = await createMember(page, name);
  await page.goto("/team");
  await page.getByLabel("Search team members").fill(name);
  const entry = page.locator("tbody tr, li").filter({ hasText: name });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("No certification");
  await entry.getByRole("button", { name: `Add certification of ${name}` }).click();

  const dialog = page.getByRole("dialog", { name: `Add certification for ${name}` });
  await dialog.getByLabel("Certification number").fill("TX-0042");
  await dialog.getByLabel("State").fill("tx");
  await dialog.getByLabel("Categories").fill("7A General Pest, 7B Termite");
  await dialog.getByLabel("Issued on").fill(dayFromNow(-300));
  // The shared schema's rule before anything is sent: the expiry after the issue date.
  await dialog.getByLabel("Expires on").fill(dayFromNow(-400));
  await dialog.getByRole("button", { name: "Save Certification" }).click();
  await expect(dialog.getByText("Expires on must be after the issue date")).toBeVisible();
  await dialog.getByLabel("Expires on").fill(dayFromNow(20));
  if (info.project.name === "phone") expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth + 1)).toBe(true);
  await dialog.getByRole("button", { name: "Save Certification" }).click();
  await expect(toast(page, "Certification saved")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await expect(entry).toContainText("TX TX-0042");
  await expect(entry).toContainText("7A General Pest, 7B Termite");
  await expect(entry).toContainText("Expires in 20 days");
  if (info.project.name === "phone") expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Expired: the chip says so.
  await entry.getByRole("button", { name: `Edit certification of ${name}` }).click();
  const edit = page.getByRole("dialog", { name: `Certification of ${name}` });
  await expect(edit.getByLabel("Certification number")).toHaveValue("TX-0042");
  await edit.getByLabel("Expires on").fill(dayFromNow(-3));
  await edit.getByRole("button", { name: "Save Certification" }).click();
  await expect(edit).toHaveCount(0);
  await expect(entry).toContainText("Expired 3 days ago");

  // The dashboard's alert card lists it for managers.
  await page.goto("/");
  const card = page.getByRole("region", { name: "Certifications expiring" });
  await expect(card.getByRole("listitem").first()).toBeVisible();
  // The card shows the five most urgent (other tests on this server add expired ones); ours is there unless more are listed on Team.
  if ((await card.getByText(/more on Team$/).count()) === 0) await expect(card.getByRole("listitem").filter({ hasText: name })).toContainText("Expired 3 days ago");

  // The member reads their own on the dashboard (on their own phone: another browser context).
  const theirs = await browser.newContext({ viewport: page.viewportSize() ?? undefined, serviceWorkers: "block" });
  try {
    const phone = await theirs.newPage();
    await signIn(phone, member.username, { password: member.password });
    const mine = phone.getByRole("region", { name: "My certification" });
    await expect(mine).toContainText("TX TX-0042");
    await expect(mine).toContainText("Expired 3 days ago");
    // The notice sent when it was set to expire in 20 days (the 30-day window) is in their bell.
    await phone.getByRole("button", { name: "Notifications" }).click();
    await expect(phone.getByRole("listitem", { name: /^Your applicator certification TX-0042 \(TX\) expires \d{4}-\d{2}-\d{2} \(in 20 days\)$/ })).toBeVisible();
  } finally {
    await theirs.close();
  }
});

test("Reports: the Applications section downloads the restricted-use record report, whose header row is the federal fields @phone", async ({ page, pageErrors }, info) => {
  void pageErrors;
  await signIn(page, "manager");
  // A certified applicator applies a restricted-use product today.
  const product = unique("E2E RUP");
  const itemId = await createItem(page, { name: product, quantity: 4, restrictedUse: true, epaRegistrationNumber: "100-1066", signalWord: "WARNING", containerSize: { amount: "1", unit: "GAL" } });
  const applicator = unique("E2E Certified");
  await createMember(page, applicator);
  const found = await graphql<{ teamMembers: { edges: { node: { id: string } }[] } }>(page, `query ($s: String) { teamMembers(first: 1, search: $s) { edges { node { id } } } }`, { s: applicator });
  const userId = found.teamMembers.edges[0]!.node.id;
  const certified = await graphql<{ setCertification: { __typename: string } }>(
    page,
    `mutation ($input: SetCertificationInput!) { setCertification(input: $input) { __typename ... on Error { message } } }`,
    { input: { userId, number: "TX-RUP-7", state: "TX", categories: ["7A"], expiresOn: dayFromNow(400) } },
  );
  expect(certified.setCertification.__typename, JSON.stringify(certified)).toBe("SetCertificationPayload");
  await recordApplication(page, {
    applicatorId: userId,
    customerName: "E2E Bakery",
    serviceAddress: { street: "5 Oven Rd", city: "Austin", state: "TX", zip: "78702" },
    areaTreated: { amount: "1200", unit: "SQ_FT" },
    targetPests: ["German cockroach"],
    lines: [{ itemId, amount: "2.5", unit: "FL_OZ" }],
  });

  await page.goto("/reports");
  const section = page.getByRole("region", { name: "Applications", exact: true });
  await expect(section).toBeVisible();
  await expect(section.getByRole("region", { name: "Monthly summary by product" })).toContainText(product);
  await expect(section).toContainText(/\d+ rows? from \d+ applications?/);
  if (info.project.name === "phone") expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("link", { name: "Download the restricted-use record report (CSV)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^rup-records-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)], "a UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  const [header, ...rows] = text.split(/\r?\n/).filter(Boolean);
  expect(header).toBe(
    "Customer name,Customer address,Location of application,Size of area treated,Date,Time,Product name,EPA registration number,Total amount applied,Certified applicator,Certification number,Non-certified applicators,Record",
  );
  const ours = rows.find((r) => r.includes(product));
  expect(ours, text).toBeDefined();
  expect(ours).toContain("E2E Bakery");
  expect(ours).toContain("100-1066");
  expect(ours).toContain("2.5 fl oz");
  expect(ours).toContain("TX-RUP-7");

  // The PDF and the other CSVs are links to the server's own routes.
  await expect(section.getByRole("link", { name: "Download the restricted-use record report (PDF)" })).toHaveAttribute("href", /^\/api\/applications\/rup-report\.pdf\?from=/);
  await expect(section.getByRole("link", { name: "Download the monthly summary (CSV)" })).toHaveAttribute("href", /^\/api\/applications\/monthly-summary\.csv\?from=/);
  await expect(section.getByRole("link", { name: "Download the application log (CSV)" })).toHaveAttribute("href", /^\/api\/applications\/log\.csv\?from=/);
});

test("the label facts chips, certification chips and the Applications section pass axe's WCAG checks @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  // Five axe runs, as a11y.spec.ts's longer tests: slow on a shared 2-core machine.
  test.setTimeout(150_000);
  await signIn(page, "manager");
  const tag = unique("E2E Axe");
  for (const [i, signalWord] of (["CAUTION", "WARNING", "DANGER"] as const).entries()) {
    await createItem(page, { name: `${tag} ${signalWord}`, quantity: 2, restrictedUse: i === 2, epaRegistrationNumber: "432-1012", signalWord, containerSize: { amount: "1", unit: "GAL" } });
  }
  await openInventory(page, `${tag} DANGER`);
  await page.getByLabel("Search inventory").fill(tag);
  await expect(page.locator("tbody tr, article")).toHaveCount(3);
  await expectNoViolations(page, "inventory with label facts");
  await page.getByRole("button", { name: `Edit ${tag} DANGER` }).click();
  await expect(page.getByRole("region", { name: "Label facts" })).toBeVisible();
  await expectNoViolations(page, "the item form's label facts");
  await page.keyboard.press("Escape");

  const names = [`${tag} Soon`, `${tag} Expired`, `${tag} Valid`];
  for (const [i, name] of names.entries()) {
    await createMember(page, name);
    const found = await graphql<{ teamMembers: { edges: { node: { id: string } }[] } }>(page, `query ($s: String) { teamMembers(first: 1, search: $s) { edges { node { id } } } }`, { s: name });
    await graphql(page, `mutation ($input: SetCertificationInput!) { setCertification(input: $input) { __typename } }`, {
      input: { userId: found.teamMembers.edges[0]!.node.id, number: `AX-${i}`, state: "TX", categories: ["7A"], expiresOn: dayFromNow([10, -5, 300][i]!) },
    });
  }
  await page.goto("/team");
  await page.getByLabel("Search team members").fill(tag);
  await expect(page.locator("tbody tr, li").filter({ hasText: tag })).toHaveCount(3);
  await expectNoViolations(page, "team with certifications");
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Certifications expiring" }).getByRole("listitem").first()).toBeVisible();
  await expectNoViolations(page, "dashboard with expiring certifications");
  await page.goto("/reports");
  await expect(page.getByRole("region", { name: "Applications", exact: true })).toBeVisible();
  await expectNoViolations(page, "reports");
});
