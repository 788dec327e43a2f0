import { expect, signIn, test, unique } from "./fixtures.ts";

test("manager adds a team member: password mismatch first, taken username on its field, then the new row @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager", { at: "/team" });
  await expect(page.getByRole("heading", { level: 1, name: "Team Management" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Dana Whitfield")).toBeVisible();
  await expect(page.getByRole("main").getByText("DW", { exact: true }).first()).toBeVisible();

  await page.getByRole("button", { name: "Add Team Member" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Team Member" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Role" })).toContainText("Employee");
  const name = unique("Jordan Pike");
  const username = `jpike${Date.now().toString(36)}`;
  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Username").fill("tech");
  await dialog.getByLabel(/^Password/).fill("s3cret-pass");
  await dialog.getByRole("button", { name: "Add Team Member" }).click();
  await expect(dialog.getByText("Please confirm your password")).toBeVisible();
  await dialog.getByLabel("Confirm Password").fill("different-pass");
  await dialog.getByRole("button", { name: "Add Team Member" }).click();
  await expect(dialog.getByText("Passwords don't match")).toBeVisible();

  await dialog.getByLabel("Confirm Password").fill("s3cret-pass");
  await dialog.getByRole("button", { name: "Add Team Member" }).click();
  // The server's ConflictError lands on the username field.
  await expect(dialog.getByText("This username is already taken")).toBeVisible();

  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Department").fill("Wildlife");
  await dialog.getByRole("button", { name: "Add Team Member" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Team member added successfully" })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(name)).toBeVisible();

  // Search by department finds the new member and hides the others.
  await page.getByLabel("Search team members").fill("wildlife");
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByRole("main").getByText("Dana Whitfield")).toHaveCount(0);
  await page.getByLabel("Search team members").fill("");
  await expect(page.getByRole("main").getByText("Dana Whitfield")).toBeVisible();
});

test("team table columns; a member without a department shows 'Not specified'", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager", { at: "/team" });
  for (const column of ["Name", "Username", "Role", "Department", "Created"]) {
    await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  await page.getByRole("button", { name: "Add Team Member" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Team Member" });
  const name = unique("Sam Ortiz");
  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Username").fill(`sortiz${Date.now().toString(36)}`);
  await dialog.getByLabel(/^Password/).fill("another-pass");
  await dialog.getByLabel("Confirm Password").fill("another-pass");
  await dialog.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Manager" }).click();
  await dialog.getByRole("button", { name: "Add Team Member" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Not specified")).toBeVisible();
  await expect(row.getByText("Manager")).toBeVisible();
});

test("employees get Access Denied on /team and the team query is never sent", async ({ page, pageErrors }) => {
  void pageErrors;
  const teamQueries: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/graphql") && /"operationName":"TeamPage/.test(r.postData() ?? "")) teamQueries.push(r.postData() ?? "");
  });
  await signIn(page, "tech", { at: "/team" });
  await expect(page.getByText("Access Denied")).toBeVisible();
  await expect(page.getByText("You need manager privileges to access team management.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Team Member" })).toHaveCount(0);
  expect(teamQueries).toEqual([]);
});
