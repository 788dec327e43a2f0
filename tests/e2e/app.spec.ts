import type { Page, Route } from "@playwright/test";
import { ROLE_COOKIE } from "../../schemas/roleCookie.ts";
import { MOVED_MARK } from "../../client/src/platform/storageNames.ts";
import { STYLES_CACHE } from "../../client/src/platform/styleStore.ts";
import { VIEWER_KEY } from "../../client/src/platform/viewerKey.ts";
import { emotionStyled, expect, installed, onDevice, shownChoice, signIn, test, unique } from "./fixtures.ts";

test("sign-in: bad password shows the red alert, good password opens the dashboard @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  await page.goto("/");
  await expect(page.getByText("Sign in to access your inventory management system")).toBeVisible();
  await page.getByLabel("Username").fill("manager");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid username or password. Please try again.")).toBeVisible();
  await page.getByLabel("Password").fill("manager123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Total Inventory Items")).toBeVisible();
  await expect(page.getByText("+12 from last month")).toBeVisible();
});

test("unknown paths show the 404 card @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "tech", { at: "/no-such-page" });
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("employees see Access Denied on /team and /reports and no manager navigation", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "tech");
  await expect(page.getByRole("navigation", { name: "Main" }).getByText("Team")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" }).getByText("Reports")).toHaveCount(0);
  await page.goto("/team");
  await expect(page.getByText("Access Denied")).toBeVisible();
  await expect(page.getByText("You need manager privileges to access team management.")).toBeVisible();
  await page.goto("/reports");
  await expect(page.getByText("Access Denied")).toBeVisible();
});

test("logout returns to the sign-in screen", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("a route's query is sent when navigation starts, not after the screen's code has loaded", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager");
  // Hold the Inventory screen's code back: its data request must go out meanwhile (a waterfall would wait for the code).
  let codeRequested = false;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/InventoryPage-[^/]+\.js$/, async (route) => {
    codeRequested = true;
    await held;
    await route.continue();
  });
  const querySent = page.waitForRequest((r) => r.url().endsWith("/graphql") && (r.postData() ?? "").includes('"operationName":"InventoryPageQuery"'), { timeout: 10_000 });
  await page.getByRole("navigation", { name: "Main" }).getByText("Inventory", { exact: true }).click();
  // The app names its operations by persisted id: no query text goes over the wire.
  const sent = JSON.parse((await querySent).postData() ?? "{}");
  expect(sent.query).toBeUndefined();
  expect(sent.extensions.persistedQuery.sha256Hash).toMatch(/^[0-9a-f]{64}$/);
  await expect.poll(() => codeRequested).toBe(true);
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Item" })).toBeVisible();
});

test("a returning user's first screen asks for its data once, before the app's code has arrived", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager");
  // Hold the signed-in app's code (router and shell) back: the screen's data must be on its way meanwhile.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/AppRouter-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/graphql")) sent.push(JSON.parse(r.postData() ?? "{}").operationName);
  });
  const runs = await recordFetchRuns(page);
  await page.goto("/equipment?status=available");
  await expect.poll(() => sent.includes("EquipmentPageQuery")).toBe(true);
  // The entry sent it (src/main.tsx); the viewer's confirmation waits for the first screen, as the device
  // remembers the viewer (platform/earlyQueries.ts): sent now, it would go ahead of the screen's query.
  expect((await runs()).get("EquipmentPageQuery")).toBeDefined();
  expect(sent).not.toContain("AppViewerQuery");
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Equipment Management" })).toBeVisible();
  await expect(page.getByText("Loading...")).toHaveCount(0);
  await expect.poll(() => sent.filter((n) => n === "AppViewerQuery")).toHaveLength(1);
  // Relay took the entry's answer (same persisted id, same variables): the query did not go out twice.
  expect(sent.filter((n) => n === "EquipmentPageQuery")).toHaveLength(1);
});

test("a tab opened in the background: the entry sends the early query at once, since its timers would wait", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager");
  await page.addInitScript(() => Object.defineProperty(document, "visibilityState", { get: () => "hidden" }));
  const runs = await recordFetchRuns(page);
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/graphql")) sent.push(JSON.parse(r.postData() ?? "{}").operationName);
  });
  await page.goto("/equipment?status=available");
  await expect(page.getByRole("heading", { level: 1, name: "Equipment Management" })).toBeVisible();
  expect((await runs()).get("EquipmentPageQuery")).toBeDefined();
  expect(sent.filter((n) => n === "EquipmentPageQuery")).toHaveLength(1);
  // The viewer's confirmation, once the screen was up (at once too: the work waiting for it runs together).
  await expect.poll(() => sent.filter((n) => n === "AppViewerQuery")).toHaveLength(1);
});

test("signed in, but the device remembers no viewer: the screen's code and data start from the entry, as a returning user's", async ({ page, pageErrors }) => {
  void pageErrors;
  // Signed in through the API: the browser holds the cookies (the session's, and the role cookie the entry
  // reads, schemas/roleCookie.ts) and the page's storage nothing, as after site data was cleared.
  await signIn(page, "manager", { at: null });
  const code: string[] = [];
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/graphql")) sent.push(JSON.parse(r.postData() ?? "{}").operationName);
    else if (r.url().includes("/assets/")) code.push(new URL(r.url()).pathname);
  });
  await page.goto("/equipment?status=available");
  await expect(page.getByRole("heading", { level: 1, name: "Equipment Management" })).toBeVisible();
  await expect(page.getByText("Loading...")).toHaveCount(0);
  // Not the sign-in screen's code first and the app's after the server answered: the entry started the
  // frame and the screen, and sent both queries, which Relay then took (neither went out twice).
  expect(code.filter((path) => path.includes("/SignIn-"))).toEqual([]);
  expect(sent.filter((n) => n === "EquipmentPageQuery")).toHaveLength(1);
  expect(sent.filter((n) => n === "AppViewerQuery")).toHaveLength(1);
  // The device remembers the viewer from now on.
  await expect.poll(async () => JSON.parse((await onDevice(page, VIEWER_KEY)) ?? "null")?.name).toBe("Dana Whitfield");
});

test("a role cookie left without a session: the sign-in screen, and the cookie is dropped", async ({ page, context, baseURL, pageErrors }) => {
  void pageErrors;
  await context.addCookies([{ name: ROLE_COOKIE, value: "manager", url: baseURL! }]);
  await page.goto("/inventory");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect.poll(async () => (await context.cookies()).map((c) => c.name)).not.toContain(ROLE_COOKIE);
  expect(await onDevice(page, VIEWER_KEY)).toBeNull();
});

/** Counts the page's synchronous storage reads and writes (localStorage, document.cookie), from its first script on. */
async function countSyncStorage(page: Page) {
  await page.addInitScript(() => {
    const counts = { localStorage: 0, cookie: 0 };
    (window as unknown as { syncStorage: typeof counts }).syncStorage = counts;
    for (const name of ["getItem", "setItem", "removeItem", "clear", "key"] as const) {
      const original = Storage.prototype[name] as (...args: unknown[]) => unknown;
      Storage.prototype[name] = function (this: Storage, ...args: unknown[]) {
        if (this === window.localStorage) counts.localStorage++;
        return original.apply(this, args);
      } as never;
    }
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!;
    Object.defineProperty(Document.prototype, "cookie", {
      ...cookie,
      get() {
        counts.cookie++;
        return cookie.get!.call(this);
      },
    });
  });
  return () => page.evaluate(() => (window as unknown as { syncStorage: { localStorage: number; cookie: number } }).syncStorage);
}

test("a start reads nothing synchronously: the device's memory is in IndexedDB, the role cookie through the Cookie Store API", async ({ page, pageErrors }) => {
  void pageErrors;
  // localStorage's first use on a page and document.cookie's first read each wait for the browser (1-25 ms of the
  // main thread here): a new device's start, a start from the role cookie alone, and a returning user's use neither.
  const counts = await countSyncStorage(page);
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await counts()).toEqual({ localStorage: 0, cookie: 0 });
  await signIn(page, "manager", { at: null });
  await page.goto("/inventory");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  await expect.poll(async () => JSON.parse((await onDevice(page, VIEWER_KEY)) ?? "null")?.role).toBe("manager");
  expect(await counts()).toEqual({ localStorage: 0, cookie: 0 });
  // Returning: the viewer is remembered; the shell opens without asking the server first, reading nothing synchronously.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await counts()).toEqual({ localStorage: 0, cookie: 0 });
});

test("a device an earlier release ran on: what it kept in localStorage moves to IndexedDB once; a new device's is left alone", async ({ page, pageErrors }) => {
  void pageErrors;
  const earlier = { "trapline.locale": "es-US", "trapline.locale.unsaved": "7:es-US", "trapline:offline-owner": "7", "trapline:styles": "{}" };
  const putEarlier = () => page.evaluate((items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)), earlier);
  const inLocalStorage = () => page.evaluate((keys) => keys.filter((k) => localStorage.getItem(k) !== null), Object.keys(earlier));
  // A new device (nothing in Cache Storage, no offline database): localStorage is not looked at.
  await page.goto("/healthz");
  await putEarlier();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect.poll(() => onDevice(page, MOVED_MARK)).toBe("nothing to move");
  expect(await inLocalStorage()).toEqual(Object.keys(earlier));
  // Where an earlier release ran (its style snapshot's cache is there), the values move, and the language chosen then applies.
  await onDevice(page, MOVED_MARK, null);
  await page.evaluate((name) => caches.open(name), STYLES_CACHE);
  await page.reload();
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  expect(await inLocalStorage()).toEqual([]);
  for (const key of ["trapline.locale", "trapline.locale.unsaved", "trapline:offline-owner"] as const) expect(await onDevice(page, key)).toBe(earlier[key]);
  expect(await onDevice(page, MOVED_MARK)).toBe("moved");
  // Once: what localStorage holds later is not read again.
  await page.evaluate(() => localStorage.setItem("trapline.locale", "en-US"));
  await page.reload();
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  expect(await onDevice(page, "trapline.locale")).toBe("es-US");
});

test("over plain HTTP (no Cache Storage to tell an earlier release ran), what it kept in localStorage moves too", async ({ playwright, launchOptions, baseURL }) => {
  // The server by a name the browser does not hold secure (it resolves to this machine), as a phone on a shop's
  // Wi-Fi meets it by the server's LAN address: neither Cache Storage nor a service worker.
  const host = "trapline-lan.test";
  const browser = await playwright.chromium.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${host} 127.0.0.1`] });
  try {
    const page = await browser.newPage();
    const origin = `http://${host}:${new URL(baseURL!).port}`;
    await page.goto(`${origin}/healthz`);
    expect(await page.evaluate(() => [isSecureContext, "caches" in globalThis])).toEqual([false, false]);
    await page.evaluate(() => localStorage.setItem("trapline.locale", "es-US"));
    await page.goto(`${origin}/`);
    await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("trapline.locale"))).toBeNull();
    expect(await onDevice(page, MOVED_MARK)).toBe("moved");
    expect(await onDevice(page, "trapline.locale")).toBe("es-US");
  } finally {
    await browser.close();
  }
});

test("a returning user's screen whose code is in paints with the frame: no 'Loading...' in between @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager", { at: "/scan" });
  await expect(page.getByText("Point the camera at a label, or type its code")).toBeVisible();
  // Opened again, its code comes from the browser's cache. Every state the page's main area shows is
  // recorded: a 'Loading...' committed there for a moment would hold the screen back by React's 300 ms reveal
  // throttle (client/src/platform/lazyComponent.ts).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { mainStates: string[] }).mainStates = seen;
    new MutationObserver(() => {
      const main = document.querySelector("main");
      if (!main) return;
      const state = main.querySelector("[role=progressbar]") ? "loading" : main.querySelector(".tl-sec-sub") ? "screen" : "other";
      if (seen.at(-1) !== state) seen.push(state);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.getByText("Point the camera at a label, or type its code")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { mainStates: string[] }).mainStates)).toEqual(["screen"]);
});

/**
 * In the page, before its scripts: records the modulepreload links each task adds after the parser is done
 * (window.preloadBatches), and every one a script appends (window.appendedPreloads; the parser's go through no script).
 */
function recordPreloadBatches() {
  // A MutationObserver's callback runs once per task that changed the document: each records how many links that
  // task added (after parsing: the document's own links are the parser's).
  const batches: string[][] = [];
  const appended: string[] = [];
  Object.assign(window, { preloadBatches: batches, appendedPreloads: appended });
  new MutationObserver((records) => {
    const added = records.flatMap((r) => [...r.addedNodes]).filter((n): n is HTMLLinkElement => n instanceof HTMLLinkElement && n.rel === "modulepreload");
    if (added.length && document.readyState !== "loading") batches.push(added.map((l) => new URL(l.href).pathname));
  }).observe(document, { childList: true, subtree: true });
  const note = (nodes: unknown[]) => {
    for (const n of nodes) if (n instanceof HTMLLinkElement && n.rel === "modulepreload") appended.push(new URL(n.href).pathname);
  };
  const { appendChild } = Node.prototype;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    note([node]);
    return appendChild.call(this, node) as T;
  };
  const { append } = Element.prototype;
  Element.prototype.append = function (this: Element, ...nodes: (Node | string)[]) {
    note(nodes);
    append.apply(this, nodes);
  };
}
const INVENTORY_CHUNK = /\/assets\/InventoryPage-[\w-]+\.js$/;
/** The inventory screen, its list shown; then the modulepreload links the document holds, and those the page's tasks added. */
async function inventoryPreloads(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  await expect(page.locator("main article, main tbody tr").first()).toBeVisible();
  return page.evaluate(() => ({
    all: [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")].map((l) => new URL(l.href).pathname),
    batches: (window as unknown as { preloadBatches: string[][] }).preloadBatches,
    appended: (window as unknown as { appendedPreloads: string[] }).appendedPreloads,
  }));
}

test("a returning user's screen: its code is asked for once, by the server's document or, from the worker, a few links per task @phone", async ({ page, pageErrors, browser, baseURL }) => {
  void pageErrors;
  await signIn(page, "manager", { at: "/inventory" });
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();

  // Without a service worker (a first visit; these tests block it), the server's document names the screen's code
  // (server/http/client.ts): the browser asks for it while reading the document, and the entry appends no link for it.
  await page.addInitScript(recordPreloadBatches);
  await page.reload();
  const cold = await inventoryPreloads(page);
  expect(new Set(cold.all).size).toBe(cold.all.length);
  expect(cold.all.some((href) => INVENTORY_CHUNK.test(href))).toBe(true);
  expect(cold.appended.filter((href) => INVENTORY_CHUNK.test(href))).toEqual([]);

  // Opened again, the worker answers with index.html as built: Vite's preload helper appends a link per chunk an
  // import needs, all in the import's task (16 for this screen); the entry appends them four per task
  // (client/src/platform/modulePreloads.ts).
  const phone = await browser.newContext({ baseURL, viewport: page.viewportSize(), serviceWorkers: "allow" });
  try {
    await phone.addCookies(await page.context().cookies());
    const again = await phone.newPage();
    await again.goto("/inventory");
    await installed(again);
    await again.addInitScript(recordPreloadBatches);
    await again.reload();
    const { all, batches, appended } = await inventoryPreloads(again);
    expect(new Set(all).size).toBe(all.length);
    expect(appended.filter((href) => INVENTORY_CHUNK.test(href))).toHaveLength(1);
    // The entry's: up to its last import's (the app's libraries); the app's own imports after it are not the entry's.
    const entry = batches.slice(0, batches.findIndex((b) => b.some((href) => href.includes("/librariesFirst-"))) + 1);
    expect(entry.flat().some((href) => INVENTORY_CHUNK.test(href))).toBe(true);
    expect(entry.flat().length).toBeGreaterThan(12);
    expect(Math.max(...entry.map((b) => b.length))).toBeLessThanOrEqual(4);
  } finally {
    await phone.close();
  }
});

test("keyboard only: sign in, move through the navigation, open and close a dialog", async ({ page, pageErrors }) => {
  void pageErrors;
  await page.goto("/");
  // The username field has focus on arrival; Tab moves to the password; Enter submits.
  await expect(page.getByLabel("Username")).toBeFocused();
  await page.keyboard.type("manager");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type("manager123");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  /** Presses Tab until the focused element's accessible text is `name` (a bounded number of times). */
  async function tabTo(name: string) {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const text = await page.evaluate(() => (document.activeElement?.textContent ?? "").trim());
      if (text === name) return;
    }
    throw new Error(`Tab never reached "${name}"`);
  }
  await tabTo("Inventory");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Item" })).toBeVisible();

  await tabTo("Add Item");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add New Inventory Item" });
  await expect(dialog).toBeVisible();
  // Focus moves into the dialog and stays there; Escape closes it and gives focus back to the button.
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Tab");
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add Item" })).toBeFocused();
});

test("a screen's first render loads no ICU number or date data: counts and dates are written without Intl", async ({ page, pageErrors }) => {
  void pageErrors;
  // A page's first Intl.NumberFormat loads ICU's number data in one long task (platform/i18n.ts countWords), and
  // its first Intl.DateTimeFormat (or Date's toLocaleString) ICU's date data (platform/dates.ts).
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { formats: string[] }).formats = made;
    for (const name of ["NumberFormat", "DateTimeFormat"] as const) {
      const Original = Intl[name];
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Original, {
        construct(target, args: unknown[]) {
          made.push(`new Intl.${name}: ${new Error().stack}`);
          return new (target as new (...a: unknown[]) => object)(...args);
        },
        apply(target, self, args: unknown[]) {
          made.push(`Intl.${name}: ${new Error().stack}`);
          return (target as (...a: unknown[]) => object)(...args);
        },
      });
    }
    const watch = (proto: object, method: string) => {
      const original = Reflect.get(proto, method) as (this: unknown, ...a: unknown[]) => unknown;
      (proto as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
        made.push(`${method}: ${new Error().stack}`);
        return original.apply(this, args);
      };
    };
    watch(Number.prototype, "toLocaleString");
    for (const method of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) watch(Date.prototype, method);
  });
  await signIn(page, "manager", { at: null });
  // A certification expired and one expiring soon: the dashboard's card shows their chips, whose days are counts too.
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const body = await (await page.request.post("/graphql", { data: { query, variables } })).json();
    expect(body.errors, JSON.stringify(body)).toBeUndefined();
    return body.data;
  };
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  for (const inDays of [-3, 10]) {
    const name = unique("E2E Intl");
    const username = `e2e.intl${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    await gql(`mutation ($input: CreateTeamMemberInput!) { createTeamMember(input: $input) { __typename } }`, { input: { username, password: "applicator-123", name, role: "employee", department: "Field" } });
    const found = await gql(`query ($s: String) { teamMembers(first: 1, search: $s) { edges { node { id } } } }`, { s: name });
    await gql(`mutation ($input: SetCertificationInput!) { setCertification(input: $input) { __typename } }`, {
      input: { userId: found.teamMembers.edges[0].node.id, number: `IN-${inDays}`, state: "TX", categories: ["7A"], expiresOn: day(inDays) },
    });
  }
  for (const [path, shown] of [
    ["/", page.getByRole("heading", { level: 1, name: "Dashboard" })],
    ["/inventory", page.getByRole("heading", { level: 1, name: "Inventory Management" })],
    ["/scan", page.getByRole("tab", { name: "Scanner" })],
    ["/equipment", page.getByRole("heading", { level: 1, name: "Equipment Management" })],
  ] as const) {
    await page.goto(path);
    await expect(shown).toBeVisible();
    // Both counts have been written: the bell's (in its name) and the pending requests'.
    await expect(page.getByRole("button", { name: /^Notifications(, \d+ unread)?$/ }).and(page.locator("[aria-haspopup=dialog]"))).toBeAttached();
    await expect(page.getByLabel(/^\d+ pending requests?$/).first()).toBeAttached();
    if (path === "/") {
      // The dashboard's dates are written: the activity list's moments and the recent requests' days.
      await expect(page.getByRole("list", { name: "Recent activity" }).getByText(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/).first()).toBeVisible();
      // The certifications card's rows and their chips' days in words.
      const certifications = page.getByRole("region", { name: "Certifications expiring" });
      await expect(certifications).toContainText(/expires \d{1,2}\/\d{1,2}\/\d{4}/);
      await expect(certifications.getByText(/^(Expired \d+ days? ago|Expires in \d+ days?)$/).first()).toBeVisible();
    }
    if (path === "/equipment") {
      // The maintenance dates, with their months' names, are written: each due button's note ("Due Dec 4, 2026") and,
      // on the phone's cards, the next maintenance.
      await expect(page.getByRole("button", { name: "Maintenance Due" }).first()).toBeVisible();
    }
    expect(await page.evaluate(() => (window as unknown as { formats: string[] }).formats), path).toEqual([]);
  }
});

// client/src/app/frameParts.tsx: the frame every screen renders (top bar, the phone's bottom bar and Quick Actions
// button) is plain elements with classes from a sheet written once, with MUI's look, not emotion's styled components.
test("the phone's frame: the bottom bar marks where you are and leads there, its buttons open their sheets, no emotion styles @phone", async ({ page, pageErrors }, info) => {
  void pageErrors;
  test.skip(info.project.name !== "phone", "the bottom bar is the phone's");
  await signIn(page, "manager", { at: "/inventory" });
  const bar = page.locator(".tl-bottombar");
  const action = (name: string) => bar.getByRole("button", { name });
  await expect(action("Inventory")).toHaveAttribute("aria-current", "page");
  for (const other of ["Dashboard", "Requests", "More"]) await expect(action(other)).not.toHaveAttribute("aria-current");

  // MUI's look: a 56 px bar fixed along the bottom, the current action in the theme's primary colour and a
  // larger label, the others in the secondary text colour; the round Quick Actions button above it on the right.
  const look = await page.evaluate(() => {
    const box = (el: Element) => el.getBoundingClientRect().toJSON() as DOMRect;
    const barEl = document.querySelector(".tl-bottombar")!;
    const [current, other] = [barEl.querySelector("[aria-current]")!, barEl.querySelector("button:not([aria-current])")!];
    const fab = document.querySelector("button[aria-label='Quick Actions']")!;
    const style = (el: Element, p: string) => getComputedStyle(el).getPropertyValue(p);
    return {
      bar: { ...box(barEl), position: style(barEl, "position") },
      currentColor: style(current, "color"),
      otherColor: style(other, "color"),
      labelSizes: [style(current.lastElementChild!, "font-size"), style(other.lastElementChild!, "font-size")],
      fab: { ...box(fab), radius: style(fab, "border-radius"), background: style(fab, "background-color") },
      title: style(document.querySelector("header h1")!, "font-size"),
    };
  });
  expect(look.bar).toMatchObject({ position: "fixed", x: 0, width: 390, height: 56, bottom: 844 });
  expect(look.currentColor).toBe("rgb(27, 94, 32)");
  expect(look.otherColor).toBe("rgba(0, 0, 0, 0.6)");
  expect(look.labelSizes).toEqual(["14px", "12px"]);
  expect(look.fab).toMatchObject({ width: 56, height: 56, right: 390 - 16, bottom: 844 - 76, radius: "50%", background: "rgb(27, 94, 32)" });
  expect(look.title).toBe("20px");
  // The bell and the pending count (loaded after the screen): MUI's IconButton and standard Badge, a red 20 px disc
  // with the figure at the icon's top right (components/IconButtonParts.tsx).
  const pending = bar.getByLabel(/^\d+ pending requests?$/);
  await expect(pending).toBeAttached();
  const bell = page.getByRole("button", { name: /^Notifications(, \d+ unread)?$/ });
  await expect(bell).toBeVisible();
  const badges = await page.evaluate(() => {
    const style = (el: Element, ...ps: string[]) => ps.map((p) => getComputedStyle(el).getPropertyValue(p)).join(" ");
    const count = [...document.querySelectorAll(".tl-bottombar [aria-label$='pending requests'], .tl-bottombar [aria-label$='pending request']")][0]!;
    const disc = count.lastElementChild!;
    const icon = count.firstElementChild!.getBoundingClientRect();
    const box = disc.getBoundingClientRect();
    const bellButton = document.querySelector("header button[aria-haspopup=dialog]")!;
    return {
      disc: style(disc, "height", "min-width", "border-top-left-radius", "font-size", "font-weight", "color", "background-color"),
      hidden: disc.getAttribute("aria-hidden"),
      // Its centre on the icon's top right corner (translate 50%, -50%), or shrunk away at 0.
      centre: disc.textContent ? [Math.round(box.left + box.width / 2 - icon.right), Math.round(box.top + box.height / 2 - icon.top)] : [0, 0],
      bell: style(bellButton, "padding", "border-radius", "color"),
    };
  });
  expect(badges).toEqual({ disc: "20px 20px 10px 12px 500 rgb(255, 255, 255) rgb(211, 47, 47)", hidden: "true", centre: [0, 0], bell: "8px 50% rgba(0, 0, 0, 0.54)" });
  // Nothing of the frame is styled by emotion, the bell and the badges included.
  expect(await emotionStyled(page, "#root > div, header, header *, .tl-bottombar, .tl-bottombar *, button[aria-label='Quick Actions']")).toEqual([]);

  await action("Requests").click();
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Requests" })).toBeVisible();
  await expect(action("Requests")).toHaveAttribute("aria-current", "page");
  await page.goto("/scan");
  await expect(page.getByRole("heading", { level: 1, name: "QR Scanner" })).toBeVisible();
  // A page the bar does not name is under More.
  await expect(action("More")).toHaveAttribute("aria-current", "true");
  await action("More").click();
  const more = page.getByRole("dialog", { name: "More Options" });
  await more.getByRole("button", { name: "Equipment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Equipment Management" })).toBeVisible();
  await page.getByRole("button", { name: "Quick Actions" }).click();
  await expect(page.getByRole("dialog", { name: "Quick Actions" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Open navigation menu" }).click();
  await expect(page.getByRole("dialog", { name: "Navigation Menu" })).toBeVisible();
  await page.keyboard.press("Escape");
  await action("Dashboard").click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

// client/src/features/dashboard/dashboardParts.ts: the dashboard's repeated lines (activity entries, equipment
// lines, the stat cards' text) are plain elements with classes from a sheet written once, with MUI's look.
test("the dashboard's activity, equipment lines and stat cards: MUI's look, no emotion styles @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager");
  const activity = page.getByRole("list", { name: "Recent activity" }).getByRole("listitem");
  await expect(activity).toHaveCount(4);
  await expect(page.getByText("Total Inventory Items")).toBeVisible();
  const look = await page.evaluate(() => {
    const style = (el: Element, ...ps: string[]) => ps.map((p) => getComputedStyle(el).getPropertyValue(p)).join(" ");
    const entry = document.querySelector("ol[aria-label='Recent activity'] > li")!;
    const [dot, text, chip] = [...entry.children];
    const stat = [...document.querySelectorAll("p")].find((p) => p.textContent === "Total Inventory Items")!;
    const value = stat.parentElement!.nextElementSibling!;
    const equipment = [...document.querySelectorAll("h2")].find((h) => h.textContent === "Equipment Status")!.closest(".tl-card")!;
    const line = equipment.querySelector(".tl-sec-body > div > div")!;
    return {
      entry: style(entry, "display", "align-items", "gap"),
      dot: style(dot!, "width", "height", "border-radius", "background-color"),
      text: style(text!.querySelector("p")!, "font-size", "line-height", "margin"),
      time: style(text!.querySelector("span")!, "font-size", "color"),
      chip: style(chip!, "height", "border", "border-radius", "font-size"),
      stat: style(stat, "font-size", "font-weight", "color"),
      value: style(value, "font-size", "font-weight", "margin"),
      line: style(line, "display", "align-items", "gap"),
      lineDot: style(line.firstElementChild!, "width", "height", "border-radius"),
    };
  });
  expect(look).toEqual({
    entry: "flex flex-start 12px",
    dot: expect.stringMatching(/^10px 10px 50% rgb\(\d+, \d+, \d+\)$/),
    text: "14px 20.02px 0px",
    time: "12px rgba(0, 0, 0, 0.6)",
    chip: expect.stringMatching(/^24px 1px solid rgb\(.*\) 16px 13px$/),
    stat: "14px 600 rgba(0, 0, 0, 0.6)",
    value: "34px 700 4px 0px",
    line: "flex center 12px",
    lineDot: "10px 10px 50%",
  });
  expect(await emotionStyled(page, "ol[aria-label='Recent activity'] > li, ol[aria-label='Recent activity'] > li *, .tl-stat-head, .tl-stat-head *, .tl-stat-value, .tl-line, .tl-line *")).toEqual([]);
});

// components/cardParts.tsx: the dashboard's sections (SectionCard), its grid (tl-cols) and its buttons (CardButton,
// medium) are plain elements with classes from a sheet written once, with MUI's look of Card, CardHeader, Grid and Button.
test("the dashboard's sections, grid and buttons: MUI's look, no emotion styles @phone", async ({ page, pageErrors }, info) => {
  void pageErrors;
  await signIn(page, "manager");
  const titles = ["Recent Activity", "Critical Alerts", "Certifications expiring", "Quick Actions", "Pending Requests", "Equipment Status"];
  await expect(page.locator("main .tl-card h2")).toHaveText(titles);
  const phone = info.project.name === "phone";
  const look = await page.evaluate(() => {
    const style = (el: Element, ...ps: string[]) => ps.map((p) => getComputedStyle(el).getPropertyValue(p)).join(" ");
    const box = (el: Element) => el.getBoundingClientRect();
    const card = [...document.querySelectorAll("main h2")].find((h) => h.textContent === "Recent Activity")!.closest(".tl-card")!;
    const [head, body] = [...card.children];
    const viewAll = head!.querySelector("button")!;
    const quick = [...document.querySelectorAll("main button")].filter((b) => b.closest(".tl-card")?.querySelector("h2")?.textContent === "Quick Actions");
    const stats = [...document.querySelectorAll(".tl-stat-head")].map((h) => h.closest(".tl-card")!);
    return {
      card: style(card, "border-top-width", "border-top-style", "border-top-left-radius", "overflow"),
      head: style(head!, "display", "align-items", "padding"),
      title: style(head!.querySelector("h2")!, "font-size", "font-weight", "line-height", "margin"),
      body: style(body!, "padding"),
      viewAll: style(viewAll, "font-size", "font-weight", "padding", "color", "text-transform"),
      quick: quick.map((b) => style(b, "font-size", "padding", "border-top-width", "border-top-style")),
      // Two quick actions side by side, 8 px apart; four stat cards, 16 px apart.
      quickGap: box(quick[1]!).left - box(quick[0]!).right,
      quickWidths: Math.abs(box(quick[0]!).width - box(quick[1]!).width),
      statGap: box(stats[1]!).left - box(stats[0]!).right,
      statsPerRow: stats.filter((s) => Math.round(box(s).top) === Math.round(box(stats[0]!).top)).length,
      sectionsPerRow: [...document.querySelectorAll("main .tl-card h2")].map((h) => h.closest(".tl-card")!).filter((c) => Math.round(box(c).top) === Math.round(box(card).top)).length,
    };
  });
  expect(look).toEqual({
    card: "1px solid 10px hidden",
    head: "flex center 16px",
    title: "16px 700 28px 0px",
    body: "0px 16px 24px",
    viewAll: "14px 600 6px 8px rgb(27, 94, 32) none",
    quick: Array(4).fill("14px 5px 15px 1px solid"),
    quickGap: 8,
    quickWidths: 0,
    statGap: 16,
    statsPerRow: phone ? 2 : 4,
    sectionsPerRow: phone ? 1 : 2,
  });
  expect(await emotionStyled(page, "main .tl-cols, main .tl-cols > *, main .tl-card, .tl-sec-head, .tl-sec-head *, .tl-sec-body, .tl-stat-body, .tl-btn, .tl-btn *")).toEqual([]);
});

// features/dashboard: the Critical Alerts, Pending Requests and certification rows, the empty texts, the Reorder
// button and the utilization bar are plain elements with classes from the dashboard's sheet, with MUI's look of Stack, Box, Typography, Button and
// LinearProgress; Reorder's menu mounts when it first opens.
test("the dashboard's alerts, requests and utilization bar: MUI's look, no emotion styles @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "manager");
  const main = page.getByRole("main");
  const reorder = main.getByRole("button", { name: "Reorder" });
  await expect(reorder).toHaveCount(3);
  await expect(main.getByRole("button", { name: "Approve" }).first()).toBeVisible();
  const meter = main.getByRole("progressbar", { name: "Equipment utilization" });
  const utilization = Number((await main.getByText(/% utilization$/).textContent())!.replace(/\D/g, ""));
  await expect(meter).toHaveAttribute("aria-valuenow", String(utilization));
  await expect(meter).toHaveAttribute("aria-valuemax", "100");
  const look = await page.evaluate(() => {
    const style = (el: Element, ...ps: string[]) => ps.map((p) => getComputedStyle(el).getPropertyValue(p)).join(" ");
    const section = (title: string) => [...document.querySelectorAll("main h2")].find((h) => h.textContent === title)!.closest(".tl-card")!;
    const alerts = section("Critical Alerts").querySelector(".tl-sec-body > div")!;
    const alert = alerts.firstElementChild!;
    const button = alert.querySelector("button")!;
    const requests = section("Pending Requests").querySelector(".tl-sec-body > div")!;
    const request = requests.firstElementChild!;
    const meter = document.querySelector("[role=progressbar]")!;
    const box = (el: Element) => el.getBoundingClientRect();
    return {
      alerts: style(alerts, "display", "flex-direction", "row-gap"),
      alert: style(alert, "display", "align-items", "padding", "border-top-left-radius", "background-color"),
      name: style(alert.querySelector("p")!, "font-size", "font-weight", "margin"),
      left: style(alert.querySelector("p + div > span")!, "font-size", "color"),
      button: style(button, "font-size", "font-weight", "padding", "color", "border-top-color"),
      arrow: style(button.lastElementChild!, "margin-left", "margin-right") + " " + style(button.lastElementChild!.firstElementChild!, "font-size"),
      requests: style(requests, "row-gap"),
      request: style(request, "padding", "border-top-width", "border-top-style", "border-top-left-radius"),
      requester: style(request.querySelector("p")!, "font-size", "font-weight") + " / " + style(request.querySelector("p > span")!, "font-size", "font-weight", "color"),
      foot: style(request.lastElementChild!, "display", "align-items", "column-gap", "margin-top"),
      meter: style(meter, "display", "height", "overflow", "margin-top", "background-color"),
      // The bar's filled part: its share of the meter's width.
      filled: Math.round(((box(meter.firstElementChild!).right - box(meter).left) / box(meter).width) * 100),
      bar: style(meter.firstElementChild!, "background-color"),
    };
  });
  expect(look).toEqual({
    alerts: "flex column 8px",
    alert: "flex center 12px 20px rgb(253, 236, 234)",
    name: "14px 600 0px",
    left: "12px rgb(198, 40, 40)",
    button: "13px 600 3px 9px rgb(198, 40, 40) rgba(211, 47, 47, 0.5)",
    arrow: "8px -2px 18px",
    requests: "12px",
    request: "12px 1px solid 20px",
    requester: "14px 600 / 12px 400 rgba(0, 0, 0, 0.6)",
    foot: "flex center 8px 8px",
    meter: expect.stringMatching(/^block 4px hidden 8px rgb\(\d+, \d+, \d+\)$/),
    filled: utilization,
    bar: "rgb(27, 94, 32)",
  });
  // A certification's status chip (features/team, also on Team) stays MUI's Chip.
  expect(await emotionStyled(page, "main .tl-sec-body, main .tl-sec-body *, [role=progressbar], [role=progressbar] *", ".MuiChip-root")).toEqual([]);
  // The menu mounts on the first press and offers both ways to reorder.
  await expect(page.getByRole("menu")).toHaveCount(0);
  await reorder.first().click();
  await expect(page.getByRole("menuitem")).toHaveText(["Request stock", "Add to a draft order"]);
  // While the menu is open, the page behind it is hidden from assistive technology (MUI's Modal): found by its element.
  const first = page.locator("main button[aria-haspopup=menu]").first();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-controls", /^reorder-menu-/);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(reorder.first()).toHaveAttribute("aria-expanded", "false");
  await expect(reorder.first()).toBeFocused();
});

// components/list (listSheet.ts): a list screen's column, toolbar card, phone cards' list and empty card are plain
// elements with MUI's look of Stack and Card, the search field too; the filter selects stay MUI's. Its dialogs and menus render from their first opening.
test("a list screen's toolbar, cards and empty card: MUI's look, no emotion styles; its menu and dialogs mount when opened @phone", async ({ page, pageErrors }, info) => {
  void pageErrors;
  const phone = info.project.name === "phone";
  await signIn(page, "manager", { at: "/inventory" });
  const main = page.getByRole("main");
  await expect(main.getByRole(phone ? "listitem" : "row").first()).toBeVisible();
  const look = await page.evaluate(() => {
    const style = (el: Element, ...ps: string[]) => ps.map((p) => getComputedStyle(el).getPropertyValue(p)).join(" ");
    const bar = document.querySelector("main .tl-listbar")!;
    const row = bar.firstElementChild!;
    const actions = row.lastElementChild!;
    const add = [...actions.querySelectorAll("button")].find((b) => b.textContent === "Add Item")!;
    return {
      column: style(bar.parentElement!, "display", "flex-direction", "row-gap"),
      bar: style(bar, "border-top-width", "border-top-style", "border-top-left-radius", "padding"),
      row: style(row, "display", "flex-direction", "align-items", "row-gap"),
      actions: style(actions, "display", "flex-wrap", "column-gap"),
      add: style(add, "font-size", "padding", "white-space", "flex-shrink", "color", "background-color"),
      cards: document.querySelector("main ul.tl-cards") && style(document.querySelector("main ul.tl-cards")!, "display", "row-gap", "list-style-type", "padding"),
      overlays: document.querySelectorAll(".MuiDialog-root, .MuiPopover-root").length,
    };
  });
  expect(look).toEqual({
    column: "flex column 16px",
    bar: phone ? "1px solid 10px 12px" : "1px solid 10px 16px",
    row: phone ? "flex column normal 12px" : "flex row center 12px",
    actions: "flex wrap 12px",
    add: "14px 6px 16px nowrap 0 rgb(255, 255, 255) rgb(27, 94, 32)",
    cards: phone ? "flex 12px none 0px" : null,
    // Closed, the add/edit dialog, the delete confirmation and the phone's list menu are not rendered.
    overlays: 0,
  });
  // Left MUI's: a wider screen's export, import and print buttons (ListActions). The search field and the filter are
  // plain (components/OutlinedField.tsx): their labels are raised (the search has the magnifier; the filter always). So is the phone's list-menu
  // button (IconButtonParts): MUI's IconButton with an outline in the divider colour and the theme's corners.
  if (phone) {
    const more = main.getByRole("button", { name: "More list actions" });
    expect(await more.evaluate((b) => ["padding", "border", "border-radius", "color", "flex-shrink"].map((p) => getComputedStyle(b).getPropertyValue(p)).join(" "))).toBe(
      "8px 1px solid rgba(0, 0, 0, 0.12) 10px rgba(0, 0, 0, 0.54) 0",
    );
  }
  const search = main.getByRole("searchbox", { name: "Search inventory" });
  expect(await search.evaluate((input) => getComputedStyle(input.parentElement!.previousElementSibling!).transform)).toBe("matrix(0.75, 0, 0, 0.75, 14, -9)");
  expect(await search.evaluate((input) => Math.round(input.parentElement!.getBoundingClientRect().height))).toBe(40);
  const filter = main.getByRole("combobox", { name: "Category" });
  expect(await filter.evaluate((select) => getComputedStyle(select.parentElement!.previousElementSibling!).transform)).toBe("matrix(0.75, 0, 0, 0.75, 14, -9)");
  expect(await filter.evaluate((select) => Math.round(select.parentElement!.getBoundingClientRect().height))).toBe(40);
  await expect(shownChoice(filter)).toHaveText("All Categories");
  expect(await emotionStyled(page, "main .tl-page, main .tl-listbar, main .tl-listbar *, main .tl-cards, main .tl-cards > li", ".MuiButton-root")).toEqual([]);
  // Opened, they work as before.
  if (phone) {
    await main.getByRole("button", { name: "More list actions" }).click();
    await expect(page.getByRole("menuitem", { name: "Print labels" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
  }
  await main.getByRole("button", { name: "Add Item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Inventory Item" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  // An empty list: its text in an outlined card, body1 and centred.
  await main.getByRole("searchbox", { name: "Search inventory" }).fill("zz-no-such-item-zz");
  await expect(main.getByText("No items match your filters")).toBeVisible();
  await page.goto("/suppliers");
  await main.getByRole("searchbox").fill("zz-no-such-supplier-zz");
  const empty = main.locator(".tl-list-empty");
  await expect(empty).toBeVisible();
  expect(await empty.evaluate((p) => [getComputedStyle(p).fontSize, getComputedStyle(p).textAlign, getComputedStyle(p).paddingTop, getComputedStyle(p.closest(".tl-card")!).borderTopWidth].join(" "))).toBe("16px center 24px 1px");
  expect(await emotionStyled(page, "main .tl-card:has(.tl-list-empty), main .tl-card:has(.tl-list-empty) *")).toEqual([]);
});

// features/requests/RequestsPage.tsx: a request's card and its parts (name, line, items, status chip, justification,
// Approve/Deny) are plain elements with classes from its sheet, with MUI's look of Card, Typography and small Chip.
test("the requests list's cards: MUI's look, no emotion styles, Approve's arrow joined to it @phone", async ({ page, pageErrors }, info) => {
  void pageErrors;
  test.skip(info.project.name !== "phone", "the cards are the phone's");
  await signIn(page, "manager", { at: "/requests?status=pending" });
  const card = page.getByRole("main").getByRole("listitem").filter({ has: page.getByText("Pending", { exact: true }) }).first();
  await expect(card).toBeVisible();
  const look = await card.evaluate((li) => {
    const style = (el: Element, ...ps: string[]) => ps.map((p) => getComputedStyle(el).getPropertyValue(p)).join(" ");
    const chip = [...li.querySelectorAll("span")].find((s) => s.textContent === "Pending" && !s.firstElementChild)!.parentElement!;
    const approve = [...li.querySelectorAll("button")].find((b) => b.textContent === "Approve")!;
    const next = approve.nextElementSibling!;
    return {
      card: style(li, "border-top-width", "border-top-left-radius", "list-style-type"),
      body: style(li.firstElementChild!, "padding"),
      name: style(li.querySelector("p")!, "font-size", "font-weight", "margin"),
      chip: style(chip, "height", "font-size", "font-weight", "background-color", "color"),
      // Deny 8 px after Approve; on an inventory request the arrow (issue from another location) overlaps Approve by 6 px.
      after: Math.round(next.getBoundingClientRect().left - approve.getBoundingClientRect().right),
      arrow: next.getAttribute("aria-label"),
    };
  });
  expect(look).toMatchObject({
    card: "1px 10px none",
    body: "16px",
    name: "14px 600 0px",
    chip: "24px 13px 600 rgb(255, 244, 229) rgb(122, 65, 0)",
  });
  expect(look.after).toBe(look.arrow === "Issue from another location" ? -6 : 8);
  // Left MUI's: the split button's arrow (ApproveFromMenu).
  expect(await emotionStyled(page, "main ul > li, main ul > li *", "[aria-label='Issue from another location']")).toEqual([]);
});

// features/scan/ScanPage.tsx and components/scanner: the scanner's card, camera picture and buttons are plain
// elements with classes from sheets written once, the code field too (components/OutlinedField.tsx); the tabs stay MUI's.
test("the scanner page: the card, camera picture and buttons have MUI's look, no emotion styles @phone", async ({ page, pageErrors }, info) => {
  void pageErrors;
  await signIn(page, "manager", { at: "/scan" });
  await expect(page.getByRole("heading", { level: 2, name: "Scan QR Code or Barcode" })).toBeVisible();
  const phone = info.project.name === "phone";
  const look = await page.evaluate(() => {
    const style = (el: Element, ...ps: string[]) => ps.map((p) => getComputedStyle(el).getPropertyValue(p)).join(" ");
    const title = [...document.querySelectorAll("main h2")].find((h) => h.textContent === "Scan QR Code or Barcode")!;
    const camera = document.querySelector("[data-camera-status]")!;
    const button = (name: string) => [...document.querySelectorAll("main button")].find((b) => b.textContent === name)!;
    const lookUp = button("Look Up");
    const { width, height } = camera.getBoundingClientRect();
    return {
      title: style(title, "font-size", "font-weight"),
      subheader: style(title.nextElementSibling!, "font-size", "color"),
      camera: style(camera, "border-top-style", "border-top-width", "border-top-left-radius"),
      ratio: Math.round((width / height) * 100) / 100,
      start: style(button("Start Scanning"), "font-size", "padding", "color", "background-color"),
      photo: style(button("Scan a Photo"), "font-size", "padding", "border-top-style"),
      lookUp: style(lookUp, "height", "padding", "border-top-style"),
      print: style(document.querySelector("a[aria-label='Print labels']")!, "min-width", "margin-top"),
    };
  });
  expect(look).toEqual({
    title: "16px 700",
    subheader: "14px rgba(0, 0, 0, 0.6)",
    camera: "dashed 2px 20px",
    ratio: phone ? 1.33 : 1.78,
    start: "14px 6px 16px rgb(255, 255, 255) rgb(27, 94, 32)",
    photo: "14px 5px 15px solid",
    lookUp: "56px 5px 15px solid",
    print: "0px 4px",
  });
  expect(await emotionStyled(page, "main, main *", ".MuiTabs-root")).toEqual([]);
  // The code field draws as MUI's outlined TextField: the label over the empty field and no placeholder until it has
  // focus; focused, the label rises into the outline's notch in the primary colour and the outline thickens.
  const code = page.getByRole("textbox", { name: "Enter code manually" });
  const field = () =>
    code.evaluate((input) => {
      const style = (el: Element, ...ps: string[]) => ps.map((p) => getComputedStyle(el).getPropertyValue(p)).join(" ");
      const box = input.parentElement!;
      const label = box.previousElementSibling!;
      const outline = box.querySelector("fieldset")!;
      return {
        box: `${Math.round(box.getBoundingClientRect().height)} ${style(box, "border-top-left-radius")}`,
        input: style(input, "padding", "font-size"),
        label: style(label, "transform", "color"),
        placeholder: getComputedStyle(input, "::placeholder").opacity,
        outline: style(outline, "border-top-width", "border-top-color"),
        notch: Math.round(outline.querySelector("legend")!.getBoundingClientRect().width),
      };
    });
  // Transitions run 200 ms: each state is read once it has settled.
  await expect.poll(field).toEqual({
    box: "56 10px",
    input: "16.5px 14px 16px",
    label: "matrix(1, 0, 0, 1, 14, 16) rgba(0, 0, 0, 0.6)",
    placeholder: "0",
    outline: "1px rgba(0, 0, 0, 0.23)",
    notch: 0,
  });
  await code.focus();
  await expect.poll(field).toMatchObject({
    label: "matrix(0.75, 0, 0, 0.75, 14, -9) rgb(27, 94, 32)",
    placeholder: "0.66",
    outline: "2px rgb(27, 94, 32)",
  });
  expect((await field()).notch).toBeGreaterThan(100);
  // Its actions still work: the camera does not start here (no camera), a typed code is looked up.
  await code.fill("NO-SUCH-CODE-1");
  // With text and without focus the label stays up, in the secondary colour.
  await page.getByRole("heading", { level: 2, name: "Scan QR Code or Barcode" }).click();
  await expect.poll(field).toMatchObject({ label: "matrix(0.75, 0, 0, 0.75, 14, -9) rgba(0, 0, 0, 0.6)", outline: "1px rgba(0, 0, 0, 0.23)" });
  await page.getByRole("button", { name: "Look Up" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("button", { name: "Scan Another Item" })).toBeVisible();
});

// components/PageLoadError.tsx: back online, a screen loads by itself; when the load that starts then fails too (the
// network a moment behind the 'online' event), it tries once more a moment later instead of staying on its error.
test("back online, a screen whose first load then fails tries once more by itself", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page);
  // The inventory's request fails twice: on opening the screen, and once the network is back.
  let failed = 0;
  await page.route(
    (url) => url.pathname === "/graphql",
    async (route) => {
      if (failed < 2 && /Inventory/.test(route.request().postData() ?? "")) {
        failed++;
        return route.abort("internetdisconnected");
      }
      return route.fallback();
    },
  );
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Inventory" }).click();
  await expect(page.getByRole("heading", { name: "This page could not be loaded" })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect.poll(() => failed).toBe(2);
  await expect(page.getByRole("searchbox", { name: "Search inventory" })).toBeVisible({ timeout: 15_000 });
});

/**
 * Records which run of script asked for each GraphQL operation: a token kept until the next microtask
 * checkpoint, which comes between two tasks (or two callbacks), never inside one. Returns a reader of
 * operation name → token (the first request of each).
 */
async function recordFetchRuns(page: Page): Promise<() => Promise<Map<string, number>>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __fetchRuns: [string, number][] };
    w.__fetchRuns = [];
    let run = 0;
    let current: number | null = null;
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (current === null) {
        current = ++run;
        queueMicrotask(() => (current = null));
      }
      if (typeof init?.body === "string" && String(input).endsWith("/graphql")) w.__fetchRuns.push([JSON.parse(init.body).operationName, current]);
      return fetch(input, init);
    };
  });
  return async () => {
    const runs = await page.evaluate(() => (window as unknown as { __fetchRuns: [string, number][] }).__fetchRuns);
    return new Map([...runs].reverse());
  };
}

test("the tooltips' code, not reached after load (the network gone just then), comes when it is back, with no page error", async ({ page, context, pageErrors }) => {
  void pageErrors; // checked at the end: an unhandled 'Failed to fetch dynamically imported module' fails the test
  test.setTimeout(90_000);
  await signIn(page, "manager", { at: null });
  const name = unique("Tooltip Bait");
  expect((await page.request.post("/api/inventory", { data: { name, category: "Supplies", quantity: 3, minQuantity: 1, unit: "boxes" } })).status()).toBe(201);
  // The first request for the Tooltip's code (2 s after load) finds no network; the phone is offline for a moment.
  let asked = 0;
  await page.route(/\/assets\/tooltip-[\w-]+\.js$/, async (route) => {
    if (asked++ > 0) return route.fallback();
    await context.setOffline(true);
    return route.abort("internetdisconnected");
  });
  await page.goto("/inventory");
  await page.getByLabel("Search inventory").fill(name);
  const edit = page.getByRole("button", { name: `Edit ${name}` });
  await expect(edit).toBeVisible();
  await expect.poll(() => asked, { timeout: 15_000 }).toBe(1);
  await page.waitForTimeout(200);
  await context.setOffline(false);
  // Asked again at 'online' (or, had the refusal been handled only after it, 30 s later: a slow machine).
  await expect.poll(() => asked, { timeout: 45_000 }).toBe(2);
  await expect(async () => {
    await page.mouse.move(0, 0);
    await edit.hover();
    await expect(page.getByRole("tooltip", { name: "Edit" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test("the toast's code, not reached after load, takes nothing down: a toast raised meanwhile shows when the code comes", async ({
  page,
  context,
  pageErrors,
}) => {
  void pageErrors; // checked at the end: a toast view that throws would unmount the app and report a page error
  test.setTimeout(60_000);
  await signIn(page, "manager", { at: null });
  const name = unique("Toast Bait");
  expect((await page.request.post("/api/inventory", { data: { name, category: "Supplies", quantity: 3, minQuantity: 1, unit: "boxes" } })).status()).toBe(201);
  // The first request for the toast's code (fetched once the first screen is up) hangs until the phone goes offline.
  let asked = 0;
  let held: Route | undefined;
  await page.route(/\/assets\/ToastView-[\w-]+\.js$/, async (route) => {
    if (asked++ > 0) return route.fallback();
    held = route;
  });
  await page.goto("/inventory");
  await page.getByLabel("Search inventory").fill(name);
  const row = page.locator("tbody tr").filter({ hasText: name });
  await expect.poll(() => asked, { timeout: 15_000 }).toBe(1);
  // A toast is raised while its code is on the way...
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("dialog", { name: "Delete Inventory Item" }).getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
  // ...and the code never arrives: the network goes.
  await context.setOffline(true);
  await held!.abort("internetdisconnected");
  await page.waitForTimeout(500);
  const toast = page.getByRole("status").filter({ hasText: "Item deleted successfully" });
  await expect(toast).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Notifications" })).toBeVisible();
  await expect(page.getByLabel("Search inventory")).toHaveValue(name);
  // Back online, the code is asked for again and the toast shows.
  await context.setOffline(false);
  await expect.poll(() => asked, { timeout: 15_000 }).toBe(2);
  await expect(toast).toBeVisible();
});
