import type { Page } from "@playwright/test";
import { ANSWERS_DB, ANSWERS_STORE } from "../../client/src/platform/storageNames.ts";
import { expect, signIn, signInAsNewUser, test, unique } from "./fixtures.ts";

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

/** Writes rows into the phone's kept answers, as an earlier visit (or another user) would have left them. */
function putKept(page: Page, rows: { key: string; at: number; body: string }[]): Promise<void> {
  return page.evaluate(
    ([name, store, rows]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const tx = open.result.transaction(store, "readwrite");
          for (const row of rows) tx.objectStore(store).put({ at: row.at, body: row.body }, row.key);
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    [ANSWERS_DB, ANSWERS_STORE, rows] as const,
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

  // Another user's answer left on this phone goes at the next start, once the first screen is up. Put from a
  // page of the same origin where the app does not run: the visit's own start may still be dropping such answers.
  await page.goto("/healthz");
  await putKept(page, [{ key: "999999\nsome-query\n[]", at: Date.now(), body: '{"data":{}}' }]);
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

/** Each kept answer's time and text, by key. */
function keptRows(page: Page): Promise<Record<string, { at: number; body: string }>> {
  return page.evaluate(
    ([name, store]) =>
      new Promise<Record<string, { at: number; body: string }>>((resolve, reject) => {
        const open = indexedDB.open(name!);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const rows: Record<string, { at: number; body: string }> = {};
          const cursor = open.result.transaction(store!).objectStore(store!).openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) return (open.result.close(), resolve(rows));
            rows[String(at.key)] = at.value;
            at.continue();
          };
          cursor.onerror = () => reject(cursor.error);
        };
      }),
    [ANSWERS_DB, ANSWERS_STORE],
  );
}

test("an answer from the server the same as the copy ends the mark and is kept again with its time; keys name the language", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager", { at: null });
  const item = await firstItem(page, 7);
  await visitInventory(page, item.name, "7");
  const before = await keptRows(page);
  const [key] = Object.keys(before);
  // user, persisted id, language, variables
  expect(key!.split("\n")[2]).toBe("en-US");

  // The server's answer, byte for byte the copy (other tests change the list meanwhile: the copy itself is served).
  let asked = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/graphql", async (route) => {
    if (route.request().postDataJSON()?.operationName !== INVENTORY_QUERY) return route.fallback();
    asked++;
    await released;
    await route.fulfill({ status: 200, contentType: "application/json", body: before[key!]!.body });
  });
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-kept", "refreshing");
  await expect.poll(() => asked).toBe(1);
  release();
  await expect(page.locator("html")).not.toHaveAttribute("data-kept");
  await expect(subtitle(page)).toHaveText("Manage your pest control supplies and track stock levels");
  await expect(entry(page, item.name)).toContainText("7");
  await expect.poll(async () => (await keptRows(page))[key!]?.at ?? 0).toBeGreaterThan(before[key!]!.at);
  expect((await keptRows(page))[key!]!.body).toBe(before[key!]!.body);
});

test("the copy is kept per language: opened in another language, the screen shows the copy kept in that one", async ({ page, pageErrors, isMobile }) => {
  void pageErrors;
  // A user of this test's own: the demo users' language stays English for the other tests.
  await signIn(page, "manager", { at: null });
  const item = await firstItem(page, 7);
  await signInAsNewUser(page, "guardado", "Rosa Medina");
  const asked = page.waitForRequest((request) => request.method() === "POST" && request.postDataJSON()?.operationName === INVENTORY_QUERY);
  await page.goto("/inventory");
  const id: string = (await asked).postDataJSON().extensions.persistedQuery.sha256Hash;
  await expect(entry(page, item.name)).toContainText("7");
  /** The Inventory screen's kept answers, by language. */
  const inventoryKept = async () =>
    Object.fromEntries(Object.entries(await keptRows(page)).filter(([key]) => key.split("\n")[1] === id).map(([key, row]) => [key.split("\n")[2]!, { key, ...row }]));
  await expect.poll(async () => Object.keys(await inventoryKept())).toEqual(["en-US"]);

  // Spanish chosen, then the app opened again: the screen's answer, asked for in Spanish, is kept beside the English one.
  if (isMobile) await page.getByRole("button", { name: "Open navigation menu" }).click();
  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitem", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await page.reload();
  await expect(entry(page, item.name)).toContainText("7");
  await expect.poll(async () => Object.keys(await inventoryKept()).sort()).toEqual(["en-US", "es-US"]);

  // The English copy says 99 of the item now: opened again in Spanish, the screen must show the Spanish copy's 7.
  const english = (await inventoryKept())["en-US"]!;
  const altered = english.body.replace(`"name":${JSON.stringify(item.name)},"description":null,"category":"Supplies","quantity":7,`, `"name":${JSON.stringify(item.name)},"description":null,"category":"Supplies","quantity":99,`);
  expect(altered).not.toBe(english.body);
  await putKept(page, [{ key: english.key, at: english.at, body: altered }]);
  const held = await holdQuery(page, INVENTORY_QUERY);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-kept", "refreshing");
  await expect(subtitle(page)).toHaveText(/^Actualizando · guardado en este teléfono /);
  await expect(entry(page, item.name)).toContainText("7");
  await expect(entry(page, item.name)).not.toContainText("99");
  held.release();
  await expect(page.locator("html")).not.toHaveAttribute("data-kept");
});

test("the phone keeps 40 answers per user at most: the oldest goes", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager", { at: null });
  const item = await firstItem(page, 7);
  await visitInventory(page, item.name, "7");
  const [mine] = await keptKeys(page);
  const [user, , locale] = mine!.split("\n");
  // 39 older answers of this user's (other screens' and variables'), and one of another user's, which does not count.
  await putKept(page, [
    ...Array.from({ length: 39 }, (_, i) => ({ key: `${user}\nolder-query\n${locale}\n[["n",${i + 1}]]`, at: i + 1, body: '{"data":{}}' })),
    { key: `999999\nsome-query\n${locale}\n[]`, at: 0, body: '{"data":{}}' },
  ]);
  const userKeys = async () => (await keptKeys(page)).filter((key) => key.startsWith(`${user}\n`));
  expect(await userKeys()).toHaveLength(40);
  // The Equipment screen's answer is the 41st: the oldest (at 1) goes; nothing else of this user's does.
  await page.getByRole("navigation").getByRole("button", { name: "Equipment" }).click();
  // Its answer is kept, and the oldest goes, in one transaction: once it is there, so is the limit.
  await expect.poll(async () => (await userKeys()).some((key) => key.split("\n")[1] !== "older-query" && key !== mine)).toBe(true);
  const keys = await userKeys();
  expect(keys).toHaveLength(40);
  expect(keys).not.toContain(`${user}\nolder-query\n${locale}\n[["n",1]]`);
  expect(keys).toContain(`${user}\nolder-query\n${locale}\n[["n",2]]`);
  expect(keys).toContain(mine);
});
