import type { Page } from "@playwright/test";
import { ANSWERS_DB, ANSWERS_STORE } from "../../client/src/platform/storageNames.ts";
import { expect, signIn, test, unique } from "./fixtures.ts";

// Issue 36: opened again, the first screen renders from the answer the phone kept for it (client/src/platform/keptAnswers.ts),
// marked as the phone's copy, and the server's answer, asked for once the screen is up, replaces it.

const INVENTORY_QUERY = "InventoryPageQuery";
/** An item as shown on the page: a table row on desktop, a card on a phone. */
const entry = (page: Page, name: string) => page.locator("tbody tr, article").filter({ hasText: name });
const subtitle = (page: Page) => page.locator("header .tl-subtitle");

async function gql(page: Page, query: string, variables: Record<string, unknown>) {
  const res = await page.request.post("/graphql", { data: { query, variables } });
  const body = await res.json();
  expect(body.errors, JSON.stringify(body)).toBeUndefined();
  return body.data;
}

/**
 * An item named to sort first on the Inventory list's first page (by name), so that the route's query answers it.
 * Its name has no digit after the first (unique's are spelled as letters): the tests read its quantity in its row.
 */
async function firstItem(page: Page, quantity: number): Promise<{ id: string; name: string }> {
  const name = unique("0 Kept").replace(/(?<=^0.*)\d/g, (d) => "abcdefghij"[Number(d)]!);
  const data = await gql(
    page,
    `mutation ($input: CreateInventoryItemInput!) { createInventoryItem(input: $input) { __typename ... on CreateInventoryItemPayload { item { id } } ... on Error { message } } }`,
    { input: { name, category: "Supplies", quantity, minQuantity: 1, unit: "pieces" } },
  );
  expect(data.createInventoryItem.__typename, JSON.stringify(data)).toBe("CreateInventoryItemPayload");
  return { id: data.createInventoryItem.item.id, name };
}

async function setQuantity(page: Page, id: string, quantity: number) {
  const data = await gql(
    page,
    `mutation ($input: UpdateInventoryItemInput!) { updateInventoryItem(input: $input) { __typename ... on Error { message } } }`,
    { input: { id, quantity } },
  );
  expect(data.updateInventoryItem.__typename, JSON.stringify(data)).toBe("UpdateInventoryItemPayload");
}

/** The keys of the answers the phone keeps (user, persisted id and variables, one per line each). */
function keptKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    ([name, store]) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name!);
        open.onupgradeneeded = () => open.result.createObjectStore(store!).createIndex("at", "at");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result.transaction(store!).objectStore(store!).getAllKeys();
          keys.onsuccess = () => {
            open.result.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
    [ANSWERS_DB, ANSWERS_STORE],
  );
}

/** Opens /inventory with the item on it and waits until the phone has kept the route's answer with it. */
async function visitInventory(page: Page, name: string, quantity: string) {
  await page.goto("/inventory");
  await expect(entry(page, name)).toContainText(quantity);
  await expect.poll(async () => (await keptKeys(page)).length).toBeGreaterThan(0);
}

/** Holds each request of `operationName` at the network until `release()`; counts them. */
async function holdQuery(page: Page, operationName: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route("**/graphql", async (route) => {
    if (route.request().method() === "POST" && route.request().postDataJSON()?.operationName === operationName) {
      asked++;
      await released;
    }
    await route.fallback();
  });
  return { release, asked: () => asked };
}

test("opened again, the screen shows what the phone kept, marked, while the server is asked, then the server's answer @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager", { at: null });
  const item = await firstItem(page, 7);
  await visitInventory(page, item.name, "7");
  await setQuantity(page, item.id, 42);

  const held = await holdQuery(page, INVENTORY_QUERY);
  await page.reload();
  // The copy: the quantity the phone saw, marked in the page's line (where the description was; nothing moves).
  await expect(entry(page, item.name)).toContainText("7");
  await expect(entry(page, item.name)).not.toContainText("42");
  await expect(page.locator("html")).toHaveAttribute("data-kept", "refreshing");
  await expect(subtitle(page)).toHaveText(/^Updating · saved on this phone /);
  // The query goes to the server once the screen is up, and its answer replaces the copy.
  await expect.poll(held.asked).toBe(1);
  held.release();
  await expect(entry(page, item.name)).toContainText("42");
  await expect(page.locator("html")).not.toHaveAttribute("data-kept");
  await expect(subtitle(page)).toHaveText("Manage your pest control supplies and track stock levels");
});

test("with no answer from the network the copy stays, marked, and the query goes again when the network is back", async ({ page, context, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager", { at: null });
  const item = await firstItem(page, 7);
  await visitInventory(page, item.name, "7");
  await setQuantity(page, item.id, 42);

  // The server cannot be reached, though the browser believes it is online (a weak signal).
  let refused = 0;
  await page.route("**/graphql", (route) =>
    route.request().postDataJSON()?.operationName === INVENTORY_QUERY ? (refused++, route.abort("internetdisconnected")) : route.fallback(),
  );
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-kept", "failed");
  await expect(subtitle(page)).toHaveText(/^Not updated · saved on this phone /);
  await expect(entry(page, item.name)).toContainText("7");
  expect(refused).toBe(1);

  // The network comes back: the query goes again and the server's answer replaces the copy.
  await page.unroute("**/graphql");
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(entry(page, item.name)).toContainText("42");
  await expect(page.locator("html")).not.toHaveAttribute("data-kept");
});

test("an error from the server leaves the copy marked and forgets it; sign-out drops every kept answer, and a start drops another user's", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager", { at: null });
  const item = await firstItem(page, 7);
  await visitInventory(page, item.name, "7");
  const [mine] = await keptKeys(page);
  const user = mine!.split("\n")[0]!;

  // Another user's answer left on this phone goes at the next start, once the first screen is up.
  await page.evaluate(
    ([name, store]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name!);
        open.onsuccess = () => {
          const tx = open.result.transaction(store!, "readwrite");
          tx.objectStore(store!).put({ at: Date.now(), body: '{"data":{}}' }, "999999\nsome-query\n[]");
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    [ANSWERS_DB, ANSWERS_STORE],
  );
  expect(await keptKeys(page)).toContain("999999\nsome-query\n[]");
  await page.goto("/inventory");
  await expect(entry(page, item.name)).toContainText("7");
  await expect.poll(async () => (await keptKeys(page)).filter((key) => !key.startsWith(`${user}\n`))).toEqual([]);

  // The server refuses the query now (here: an error answer): the copy stays on screen, marked, and is forgotten.
  await page.route("**/graphql", (route) =>
    route.request().postDataJSON()?.operationName === INVENTORY_QUERY
      ? route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ errors: [{ message: "Refused for the test" }] }) })
      : route.fallback(),
  );
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-kept", "failed");
  await expect(subtitle(page)).toHaveText(/^Not updated · saved on this phone /);
  await expect(entry(page, item.name)).toContainText("7");
  await expect.poll(() => keptKeys(page)).toEqual([]);
  await page.unroute("**/graphql");

  // Kept again by a visit, then gone with sign-out.
  await visitInventory(page, item.name, "7");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect.poll(() => keptKeys(page)).toEqual([]);
});
