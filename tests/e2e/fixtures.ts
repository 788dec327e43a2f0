import { test as base, expect, request as playwrightRequest, type APIRequestContext, type BrowserContext, type Locator, type Page, type WebSocketRoute } from "@playwright/test";
import { DEVICE_DB, DEVICE_STORE, OFFLINE_DB } from "../../client/src/platform/storageNames.ts";
import { applicationVisit } from "../helpers/visit.ts";

export const PASSWORDS: Record<string, string> = { manager: "manager123", tech: "tech123", pnair: "priya1234", tbecker: "tom12345", agomez: "alicia1234" };

/**
 * What the Content-Security-Policy blocked in the context's pages (issue 14): Chromium's console
 * reports and the page's securitypolicyviolation events. Expected to stay empty on every screen.
 */
export async function watchContentSecurityPolicy(context: BrowserContext): Promise<string[]> {
  const blocked: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content Security Policy violation: ${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  context.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) blocked.push(`${message.location().url}: ${message.text()}`);
  });
  return blocked;
}

/** Every test fails on an uncaught error in the page, and on anything the Content-Security-Policy blocked. */
export const test = base.extend<{ pageErrors: Error[]; contentSecurityPolicy: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: Error[] = [];
    page.on("pageerror", (e) => errors.push(e));
    await use(errors);
    expect(errors.map((e) => e.message), "uncaught page errors").toEqual([]);
  },
  contentSecurityPolicy: [
    async ({ context }, use) => {
      const blocked = await watchContentSecurityPolicy(context);
      await use(blocked);
      expect(blocked, "blocked by the Content-Security-Policy").toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    await use(page);
  },
});
export { expect };

/**
 * Signs the page's browser context in as a demo user through the API (the context's request client
 * shares its cookies), then opens `at` (the dashboard unless told) and waits for the signed-in shell
 * (and on the dashboard for its h1):
 * a returning user's start, one cold start of the app per test instead of two. `at: null` opens
 * nothing, for a test whose next step opens its own page. The sign-in form itself is under test in
 * app.spec.ts, a11y.spec.ts and language.spec.ts.
 */
export async function signIn(page: Page, username = "manager", { password = PASSWORDS[username]!, at = "/" }: { password?: string; at?: string | null } = {}) {
  const res = await page.request.post("/api/auth/login", { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  if (at === null) return;
  await page.goto(at);
  await expect(page.getByRole("button", { name: "Notifications" })).toBeVisible();
  await expect(page.getByText("Loading...")).toHaveCount(0);
  if (at === "/") await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

/**
 * An employee of the test's own (so that no other test signs in to an account the test changes, its language for
 * one), made by the manager, then signed in through the sign-in form; waits for the signed-in shell (its bell).
 */
export async function signInAsNewUser(page: Page, prefix: string, name: string): Promise<{ username: string; password: string }> {
  const manager = await page.request.post("/api/auth/login", { data: { username: "manager", password: PASSWORDS.manager } });
  expect(manager.status()).toBe(200);
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = `${prefix}12345`;
  const created = await page.request.post("/api/team", { data: { username, password, name, role: "employee", department: "Field" } });
  expect(created.status(), await created.text()).toBe(201);
  await page.request.post("/api/auth/logout");
  await page.goto("/");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Notifications" })).toBeVisible();
  return { username, password };
}

/**
 * Signs in through the sign-in form after choosing Español on it, as a Spanish-speaking user does on a new
 * device, and waits for the signed-in shell in Spanish (its bell).
 */
export async function signInInSpanish(page: Page, username: string, password = PASSWORDS[username]!) {
  await page.goto("/");
  await choose(page.getByRole("combobox", { name: "Language" }), "Español");
  await page.getByLabel("Usuario").fill(username);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("button", { name: "Notificaciones" })).toBeVisible();
}

/** The e2e server's address (playwright.config.ts starts it on E2E_PORT). */
export const BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210)}`;

/** An API session of its own (cookies apart from the page's), signed in as one of the demo users. */
export async function signedInApi(username: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const res = await api.post("/api/auth/login", { data: { username, password: PASSWORDS[username] } });
  expect(res.status()).toBe(200);
  return api;
}

/**
 * A measured product of its own (the basic demo's items carry no container size): 5 containers of
 * 8 fl oz, in the main warehouse, so 8 fl oz applied is exactly one container less.
 */
export async function newProduct(manager: APIRequestContext, prefix: string) {
  const name = unique(prefix);
  const res = await manager.post("/api/inventory", {
    data: {
      name,
      category: "Pesticide",
      quantity: 5,
      unit: "bottles",
      epaRegistrationNumber: "100-1066",
      signalWord: "WARNING",
      restrictedUse: false,
      containerSize: { amount: "8", unit: "FL_OZ" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { name, id: ((await res.json()) as { id: number }).id };
}

/** An application record's visit as the e2e tests write one unless they say otherwise: a bait visit an hour ago, REST and GraphQL alike (tests/helpers/visit.ts). */
export const visitDefaults = () => applicationVisit({ customerName: "E2E Customer", method: "BAIT" });

/**
 * Records an application through the REST API as `api`'s user: an hour ago, at 1 Main St, Austin,
 * 100 sq ft against ants by bait, unless `visit` says otherwise; fails the test when it is refused.
 */
export async function recordApplication(api: APIRequestContext, visit: { lines: { itemId: number; amount: string; unit: string }[] } & Record<string, unknown>) {
  const res = await api.post("/api/applications", { data: { ...visitDefaults(), ...visit } });
  expect(res.status(), await res.text()).toBe(201);
}

/** A name no other test uses, so tests sharing the demo server stay independent. */
export function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Waits until the service worker has precached the app and controls the page (after one reload). Needs `serviceWorkers: "allow"`. */
export async function installed(page: Page) {
  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.getRegistration()), undefined, { timeout: 20_000 });
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/**
 * The elements matching `selector` (none inside `except`) that emotion styles, as `tag.classes`: MUI's styled
 * components give theirs a `css-` class. The parts the app draws from its own sheets have none.
 */
export const emotionStyled = (page: Page, selector: string, except = "") =>
  page.evaluate(
    ([sel, exc]) =>
      [...document.querySelectorAll(sel)]
        .filter((el) => !(exc && el.closest(exc)))
        .filter((el) => [...el.classList].some((c) => c.startsWith("css-")))
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`),
    [selector, except] as const,
  );

/**
 * Opens a select through `opener` (its combobox or label) and chooses `option`. A click that lands while
 * MUI's menu is still growing in can be lost: the menu stays open and its backdrop holds off the next
 * click. So the option is clicked again until its listbox is gone. A native select (the lists' filters)
 * has its option chosen as the device's picker would.
 */
export async function choose(opener: Locator, option: string) {
  if (await opener.evaluate((el) => el instanceof HTMLSelectElement)) {
    await opener.selectOption({ label: option });
    return;
  }
  await opener.click();
  const page = opener.page();
  const item = page.getByRole("option", { name: option, exact: true });
  const listbox = page.getByRole("listbox").filter({ has: item });
  await item.click();
  await expect(async () => {
    try {
      await expect(listbox).toBeHidden({ timeout: 1500 });
    } catch (error) {
      await item.click({ timeout: 1000 });
      throw error;
    }
  }).toPass({ timeout: 15_000 });
}

/** The choice a native select (a list's filter) shows. */
export const shownChoice = (select: Locator) => select.locator("option:checked");

/**
 * A list page's secondary action (Export CSV, Import CSV, Print labels): a button or link beside
 * the filters on wider screens, an item of the "More list actions" menu on a phone.
 */
export async function listAction(page: Page, name: string): Promise<Locator> {
  const more = page.getByRole("button", { name: "More list actions" });
  if (await more.isVisible()) {
    await more.click();
    return page.getByRole("menuitem", { name });
  }
  return page.getByRole("button", { name }).or(page.getByRole("link", { name }));
}

/** The names of the items and equipment in the signed-in user's copy on the phone (IndexedDB), read the way the app stores it. */
export const keptNames = (page: Page) =>
  page.evaluate(
    (name) =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open(name);
        // Never made here: a database this made first (empty, at the app's version) would stop the app's own.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("snapshots")) return resolve([]);
          const all = db.transaction("snapshots").objectStore("snapshots").getAll();
          all.onsuccess = () => {
            const copy = all.result[0] as { inventory?: { name: string }[]; equipment?: { name: string }[] } | undefined;
            resolve(copy ? [...(copy.inventory ?? []), ...(copy.equipment ?? [])].map((r) => r.name) : []);
          };
        };
        open.onerror = () => resolve([]);
      }),
    OFFLINE_DB,
  );

/**
 * What the page's app keeps on the device under `key` (client/src/platform/deviceStore.ts, IndexedDB), or with
 * `value` given, keeps that there instead (null forgets it; the app reads it at its next start). Never creates the
 * database: a page whose app has not made it reads null.
 */
export const onDevice = (page: Page, key: string, value?: string | null) =>
  page.evaluate(
    ([key, value, name, storeName]) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const store = open.result.transaction(storeName, value === undefined ? "readonly" : "readwrite").objectStore(storeName);
          const request = value === undefined ? store.get(key) : value === null ? store.delete(key) : store.put(value, key);
          request.onsuccess = () => resolve(value === undefined ? ((request.result as string | undefined) ?? null) : value);
          request.onerror = () => reject(request.error);
        };
      }),
    [key, value, DEVICE_DB, DEVICE_STORE] as const,
  );

/**
 * Scrolls Reports & Analytics from top to bottom as a reader does, a part of a screen at a time, waiting at each
 * step until the reports in view are drawn (each report's content renders as the reader comes near it:
 * features/reports/reveal.tsx); resolves once every report is drawn.
 */
export async function scrollThroughReports(page: Page) {
  const waitingInView = () =>
    page.evaluate(
      () =>
        [...document.querySelectorAll("main [data-report-waiting]")].filter((el) => {
          const { top, bottom } = el.getBoundingClientRect();
          return bottom > 0 && top < innerHeight;
        }).length,
    );
  const height = await page.evaluate(() => innerHeight);
  for (let step = 0; step < 40 && (await page.evaluate(() => scrollY + innerHeight < document.documentElement.scrollHeight - 1)); step++) {
    await page.mouse.wheel(0, height * 0.8);
    await expect.poll(waitingInView).toBe(0);
  }
  await expect(page.locator("main [data-report-waiting]")).toHaveCount(0);
}

/**
 * The page's live channel (graphql-ws) goes through the test, which can drop it (`whileLiveDown`). Call before the
 * page opens it.
 */
export async function droppableLive(page: Page): Promise<WebSocketRoute[]> {
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/graphql$/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  return sockets;
}

/**
 * Drops the page's live channel and runs `meanwhile` while it is down (what the server sends then is never heard
 * live); resolves once the app has it up again (it tries again a second later, §8).
 */
export async function whileLiveDown(page: Page, sockets: WebSocketRoute[], meanwhile: () => Promise<unknown>) {
  const opened = sockets.length;
  await sockets.at(-1)!.close();
  await page.waitForFunction(() => document.documentElement.dataset.live !== "connected");
  await meanwhile();
  await expect.poll(() => sockets.length).toBeGreaterThan(opened);
  await page.waitForFunction(() => document.documentElement.dataset.live === "connected");
}
