import { request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { DEVICE_DB, OFFLINE_DB } from "../../client/src/platform/storageNames.ts";
import { BASE_URL, expect, installed, PASSWORDS, signedInApi, signIn, test, unique } from "./fixtures.ts";

// Field work without signal (issue 13): the built app, its service worker, Chromium's offline mode.
test.use({ serviceWorkers: "allow" });

type Kept = { equipment: { name: string; serialNumber: string | null }[] } | null;
/** The signed-in user's copy in IndexedDB, read the way the app stores it. */
const keptCopy = (page: Page) =>
  page.evaluate(
    (name) =>
      new Promise<Kept>((resolve) => {
        const open = indexedDB.open(name);
        // Never made here: a database this made first (empty, at the app's version) would stop the app's own.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("snapshots")) return resolve(null);
          const all = db.transaction("snapshots").objectStore("snapshots").getAll();
          all.onsuccess = () => resolve((all.result[0] as Kept) ?? null);
        };
        open.onerror = () => resolve(null);
      }),
    OFFLINE_DB,
  );
const storedRows = (page: Page) =>
  page.evaluate(
    (name) =>
      new Promise<{ snapshots: number; queue: number; sdsCache: boolean }>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => reject(new Error(`no ${name} database on this page`));
        open.onsuccess = async () => {
          const db = open.result;
          const count = (store: string) =>
            new Promise<number>((r) => {
              const c = db.transaction(store).objectStore(store).count();
              c.onsuccess = () => r(c.result);
            });
          resolve({ snapshots: await count("snapshots"), queue: await count("queue"), sdsCache: await caches.has("trapline-sds") });
        };
      }),
    OFFLINE_DB,
  );

/** The phone's drawer holds the Log out button; the desktop sidebar shows it. */
async function signOut(page: Page) {
  const menu = page.getByRole("button", { name: "Open navigation menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Log out" }).click();
}

async function lookUpAndCheckOut(page: Page, code: string, name: string, person: string) {
  await page.getByLabel("Enter code manually").fill(code);
  await page.getByRole("button", { name: "Look Up" }).click();
  const card = page.getByRole("region", { name: "Scanned item" });
  await expect(card.getByRole("heading", { name })).toBeVisible();
  await card.getByRole("button", { name: "Check Out" }).click();
  await page.getByLabel("Person's name").fill(person);
  await page.getByRole("dialog").getByRole("button", { name: "Check Out" }).click();
  await expect(page.getByText("Saved on this phone")).toBeVisible();
  // The expected result shows at once, marked as not yet on the server.
  await expect(card.getByText("Checked Out")).toBeVisible();
  await expect(card.getByText("Waiting to sync")).toBeVisible();
}

test("offline: look up, two check-outs queued, one overtaken; each reaches the server once and sign-out clears the phone @phone", async ({ page, context }) => {
  test.setTimeout(120_000);
  const manager = await signedInApi("manager");
  const a = { name: unique("Offline Sprayer"), serialNumber: unique("OFF-A").replace(/\s/g, "") };
  const b = { name: unique("Offline Fogger"), serialNumber: unique("OFF-B").replace(/\s/g, "") };
  const ids: Record<string, number> = {};
  for (const e of [a, b]) {
    const res = await manager.post("/api/equipment", { data: { ...e, category: "Sprayer" } });
    expect(res.status()).toBe(201);
    ids[e.name] = ((await res.json()) as { id: number }).id;
  }

  // An item with a Safety Data Sheet.
  const sdsText = `SDS ${unique("sheet")}: wear nitrile gloves.`;
  const item = (await (await manager.post("/api/inventory", { data: { name: unique("Offline Termiticide"), category: "Pesticide", quantity: 12, unit: "bottles" } })).json()) as { id: number };
  const slot = (await (await manager.post("/api/objects/upload", { data: { fileName: "offline-sds.txt", contentType: "text/plain" } })).json()) as { signedUrl: string; objectPath: string };
  expect((await manager.put(slot.signedUrl, { data: sdsText, headers: { "content-type": "text/plain" } })).status()).toBe(200);
  expect((await manager.put("/api/sds-files", { data: { sdsFileUrl: slot.objectPath, itemId: item.id, itemType: "inventory" } })).status()).toBe(200);
  const readSds = () => page.evaluate((url) => fetch(url, { credentials: "same-origin" }).then(async (r) => `${r.status} ${await r.text()}`, () => "failed"), slot.objectPath);

  await signIn(page, "tech");
  await installed(page);
  // The technician opens the sheet once with signal (the item dialog's download reads it the same way).
  expect(await readSds()).toBe(`200 ${sdsText}`);
  // One visit with signal keeps the copy on the phone (both new pieces included).
  await expect.poll(async () => (await keptCopy(page))?.equipment.filter((e) => e.name === a.name || e.name === b.name).length ?? 0, { timeout: 20_000 }).toBe(2);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("sync-status")).toContainText("Offline");
  await expect(page.getByTestId("sync-status")).toContainText("Last synced");
  // The sheet opened once is still readable.
  expect(await readSds()).toBe(`200 ${sdsText}`);

  // A typed serial number is found on the phone; two check-outs wait in the queue.
  await page.goto("/scan");
  await lookUpAndCheckOut(page, a.serialNumber, a.name, "Marcus Reyes");
  await page.getByRole("button", { name: "Scan Another Item" }).click();
  await lookUpAndCheckOut(page, b.serialNumber, b.name, "Marcus Reyes");
  await expect(page.getByTestId("sync-status")).toContainText("2 changes waiting to sync");

  // The queue survives a reload while offline, and the lists show the expected state.
  await page.goto("/equipment");
  await expect(page.getByTestId("sync-status")).toContainText("2 changes waiting to sync");
  await page.getByLabel("Search").fill(a.name);
  await expect(page.getByRole("article", { name: a.name })).toContainText("Assigned to Marcus Reyes");
  await expect(page.getByRole("article", { name: a.name })).toContainText("Waiting to sync");

  // Meanwhile a manager, online, checks out the second piece to someone else.
  expect((await manager.post(`/api/equipment/${ids[b.name]}/checkout`, { data: { assignedTo: "Dana Whitfield" } })).status()).toBe(200);

  await context.setOffline(false);
  // The first reaches the server; the overtaken one is reported with its name and stays to review.
  await expect(page.getByTestId("sync-status")).toContainText("1 change could not be applied", { timeout: 20_000 });
  await expect(page.getByTestId("sync-status")).not.toContainText("waiting to sync");
  await page.getByRole("button", { name: "Review" }).click();
  const review = page.getByRole("dialog", { name: "Changes on this phone" });
  await expect(review.getByText(`Check out ${b.name} to Marcus Reyes could not be applied`)).toBeVisible();
  await expect(review.getByText(/not available|checked out/i)).toBeVisible();

  const equipment = async (id: number) => (await (await manager.get(`/api/equipment/${id}`)).json()) as { status: string; assignedTo: string | null };
  const checkOutsOf = async (name: string) =>
    ((await (await manager.get("/api/dashboard/activity?limit=200")).json()) as unknown[]).filter((e) => JSON.stringify(e).includes(`Checked out ${name} to`)).length;
  expect(await equipment(ids[a.name]!)).toMatchObject({ status: "checked_out", assignedTo: "Marcus Reyes" });
  // The manager's assignee stands.
  expect(await equipment(ids[b.name]!)).toMatchObject({ status: "checked_out", assignedTo: "Dana Whitfield" });
  expect(await checkOutsOf(a.name)).toBe(1);
  expect(await checkOutsOf(b.name)).toBe(1);

  // A reload sends nothing twice: the refused change stays refused until retried, the sent one is gone.
  await page.reload();
  await expect(page.getByTestId("sync-status")).toContainText("1 change could not be applied");
  await page.waitForTimeout(3000);
  expect(await checkOutsOf(a.name)).toBe(1);
  expect(await checkOutsOf(b.name)).toBe(1);

  // Discarding it empties the queue; signing out drops everything the phone kept.
  await page.getByRole("button", { name: "Review" }).click();
  await page.getByRole("button", { name: `Discard: Check out ${b.name} to Marcus Reyes` }).click();
  await expect(page.getByRole("dialog", { name: "Changes on this phone" }).getByText("All changes synced")).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();
  expect(await storedRows(page)).toEqual({ snapshots: 1, queue: 0, sdsCache: true });
  await signOut(page);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect.poll(() => storedRows(page)).toEqual({ snapshots: 0, queue: 0, sdsCache: false });
  await manager.dispose();
});

test("offline, a start whose storage answers after the app stopped waiting for it opens for the remembered user, not at sign-in", async ({ page, context }) => {
  await signIn(page, "tech");
  await installed(page);
  await expect(page.getByRole("button", { name: "Notifications" })).toBeVisible();
  // This device's store of what it remembers (the viewer among it) answers 3 s late, past the start's 1.5 s wait.
  await page.addInitScript((name) => {
    const open = IDBFactory.prototype.open;
    const onsuccess = Object.getOwnPropertyDescriptor(IDBRequest.prototype, "onsuccess")!;
    IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory["open"]>) {
      const request = open.apply(this, args);
      if (args[0] === name)
        Object.defineProperty(request, "onsuccess", {
          set(handler: (event: Event) => void) {
            onsuccess.set!.call(request, (event: Event) => setTimeout(() => handler.call(request, event), 3000));
          },
        });
      return request;
    };
  }, DEVICE_DB);
  await context.setOffline(true);
  await page.goto("/scan");
  // The start gave up waiting: without a viewer and without the network it showed the sign-in screen, which
  // turns into the app once the late answer names the user.
  await expect(page.getByRole("heading", { level: 1, name: "QR Scanner" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Sign In" })).toHaveCount(0);
  await context.setOffline(false);
});

test("a session that ended while offline keeps the queue: another user never sends it, the same user's next sign-in does @phone", async ({ page, context }) => {
  test.setTimeout(120_000);
  const manager = await signedInApi("manager");
  const piece = { name: unique("Offline Bait Gun"), serialNumber: unique("OFF-C").replace(/\s/g, "") };
  const created = await manager.post("/api/equipment", { data: { ...piece, category: "Bait Gun" } });
  expect(created.status()).toBe(201);
  const pieceId = ((await created.json()) as { id: number }).id;

  await signIn(page, "tech");
  await installed(page);
  await expect.poll(async () => (await keptCopy(page))?.equipment.some((e) => e.name === piece.name) ?? false, { timeout: 20_000 }).toBe(true);

  await context.setOffline(true);
  await page.goto("/scan");
  await lookUpAndCheckOut(page, piece.serialNumber, piece.name, "Marcus Reyes");
  await expect(page.getByTestId("sync-status")).toContainText("1 change waiting to sync");

  // The session ends on the server while the phone is away (signed out elsewhere, or expired).
  const cookies = await context.cookies();
  const sameSession = await playwrightRequest.newContext({ baseURL: BASE_URL, storageState: { cookies, origins: [] } });
  expect((await sameSession.post("/api/auth/logout")).status()).toBe(200);
  await sameSession.dispose();

  // Back online, the app asks to sign in again; nothing was sent without a session.
  await context.setOffline(false);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible({ timeout: 20_000 });
  const piece$ = async () => (await (await manager.get(`/api/equipment/${pieceId}`)).json()) as { status: string; assignedTo: string | null };
  expect(await piece$()).toMatchObject({ status: "available" });

  // Another user on this phone neither sees nor sends it.
  await page.getByLabel("Username").fill("pnair");
  await page.getByLabel("Password").fill(PASSWORDS.pnair!);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Notifications" })).toBeVisible();
  await page.waitForTimeout(3000);
  await expect(page.getByTestId("sync-status")).toHaveCount(0);
  expect(await piece$()).toMatchObject({ status: "available" });
  await signOut(page);

  // The same user signs in again: the change is sent, once.
  await page.getByLabel("Username").fill("tech");
  await page.getByLabel("Password").fill(PASSWORDS.tech!);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("All changes synced").first()).toBeVisible({ timeout: 20_000 });
  expect(await piece$()).toMatchObject({ status: "checked_out", assignedTo: "Marcus Reyes" });
  await manager.dispose();
});

/**
 * A pesticide the manager adds (20 bottles), kept on the tech's phone, which then goes offline (the whole browser,
 * unless `goOffline` says otherwise) and records `used` bottles of it on the Inventory screen, from the phone's copy.
 * Returns the item's id and its card.
 */
async function chemicalUseOffline(
  page: Page,
  context: BrowserContext,
  manager: APIRequestContext,
  name: string,
  used: number,
  site: string,
  pest: string,
  goOffline = () => context.setOffline(true),
) {
  const created = await manager.post("/api/inventory", { data: { name, category: "Pesticide", quantity: 20, minQuantity: 2, unit: "bottles" } });
  expect(created.status()).toBe(201);
  const itemId = ((await created.json()) as { id: number }).id;
  await signIn(page, "tech");
  await installed(page);
  await expect.poll(async () => JSON.stringify(await keptCopy(page)).includes(name), { timeout: 20_000 }).toBe(true);
  await goOffline();
  await page.goto("/inventory");
  await page.getByLabel("Search").fill(name);
  const row = page.getByRole("article", { name });
  await row.getByRole("button", { name: "Record Use" }).click();
  const use = page.getByRole("dialog", { name: "Record Use" });
  await use.getByLabel("Quantity used").fill(String(used));
  await use.getByLabel("Site / customer address").fill(site);
  await use.getByLabel("Target pest").fill(pest);
  await use.getByRole("button", { name: "Record Use" }).click();
  return { itemId, row };
}

test("back online, a send that cannot reach the server yet is tried again without another 'online' @phone", async ({ page, context }) => {
  test.setTimeout(120_000);
  const manager = await signedInApi("manager");
  const { itemId } = await chemicalUseOffline(page, context, manager, unique("Retry Bifen"), 2, "9 Oak Ave", "Roaches");
  await expect(page.getByTestId("sync-status")).toContainText("1 change waiting to sync");

  // For the first two seconds back, the server cannot be reached (a network still coming up): the send that the
  // 'online' event starts finds no server, and no other 'online' follows.
  let backAt = Infinity;
  let refused = 0;
  await context.route("**/api/auth/me", (route) => (Date.now() < backAt + 2_000 ? (refused++, route.abort("internetdisconnected")) : route.fallback()));
  backAt = Date.now();
  await context.setOffline(false);
  await expect(page.getByText("All changes synced").first()).toBeVisible({ timeout: 20_000 });
  expect(refused).toBeGreaterThan(0);
  expect(((await (await manager.get(`/api/inventory/${itemId}`)).json()) as { quantity: number }).quantity).toBe(18);
  await context.unroute("**/api/auth/me");
  await manager.dispose();
});

test("offline: chemical use and a new request wait in the queue, show as pending, and each is applied once when the network returns @phone", async ({ page, context, isMobile }) => {
  test.setTimeout(120_000);
  const manager = await signedInApi("manager");
  const name = unique("Offline Bifen");
  const justification = unique("Truck 4 ran out on the route");

  // Chemical use, from the phone's copy of the inventory.
  const { itemId, row } = await chemicalUseOffline(page, context, manager, name, 3, "12 Elm St", "Ants");
  await expect(page.getByText("Saved on this phone")).toBeVisible();
  await expect(row).toContainText("17 bottles in stock");
  await expect(row).toContainText("Waiting to sync");

  // A request, its item picked from the phone's copy.
  // The phone's Quick Actions button, the desktop's menu: chosen by the project, not by what is drawn at this instant.
  if (isMobile) {
    await page.getByRole("button", { name: "Quick Actions" }).click();
    await page.getByRole("button", { name: "Create Request" }).click();
  } else {
    await page.getByRole("button", { name: "Quick Action" }).click();
    await page.getByRole("menuitem", { name: "Create Request" }).click();
  }
  const form = page.getByRole("dialog", { name: "Create New Request" });
  await form.getByLabel("Item", { exact: true }).fill(name.slice(0, 12));
  await page.getByRole("option", { name: new RegExp(name) }).first().click();
  await form.getByLabel("Quantity").fill("4");
  await form.getByRole("button", { name: "Add Item" }).click();
  await form.getByLabel("Justification").fill(justification);
  await form.getByRole("button", { name: "Submit Request" }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId("sync-status")).toContainText("2 changes waiting to sync");
  await page.goto("/requests");
  await expect(page.getByRole("article", { name: `${name} × 4` })).toContainText("Waiting to sync");

  await context.setOffline(false);
  await expect(page.getByText("All changes synced").first()).toBeVisible({ timeout: 20_000 });
  const item = (await (await manager.get(`/api/inventory/${itemId}`)).json()) as { quantity: number };
  expect(item.quantity).toBe(17);
  const requests = (await (await manager.get("/api/requests")).json()) as { justification: string }[];
  expect(requests.filter((r) => r.justification === justification)).toHaveLength(1);
  // A reload sends nothing again.
  await page.reload();
  await page.waitForTimeout(3000);
  expect(((await (await manager.get(`/api/inventory/${itemId}`)).json()) as { quantity: number }).quantity).toBe(17);
  expect(((await (await manager.get("/api/requests")).json()) as { justification: string }[]).filter((r) => r.justification === justification)).toHaveLength(1);
  await manager.dispose();
});

test("changes sent by another tab while this one counts itself offline: it says 'All changes synced' once back @phone", async ({ page, context }) => {
  test.setTimeout(120_000);
  const manager = await signedInApi("manager");
  // This tab alone goes offline (its own network emulation, not the browser's): the service worker and other tabs
  // still reach the server, as they may when a phone's page has not yet seen the network come back.
  const cdp = await context.newCDPSession(page);
  const pageOnline = async (online: boolean) =>
    void (await cdp.send("Network.emulateNetworkConditions", { offline: !online, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }));
  const name = unique("Elsewhere Bifen");
  const { itemId, row } = await chemicalUseOffline(page, context, manager, name, 3, "5 Pine Rd", "Ants", () => pageOnline(false));
  await expect(page.getByText("Saved on this phone")).toBeVisible();

  // Another tab of the app, online, sends the queue (if the service worker's Background Sync has not already).
  const other = await context.newPage();
  await other.goto("/");
  await expect.poll(async () => ((await (await manager.get(`/api/inventory/${itemId}`)).json()) as { quantity: number }).quantity, { timeout: 20_000 }).toBe(17);
  // This tab sees its queue empty while it still counts itself offline, and stays so for longer than 'All changes
  // synced' would show (6 s): the message waits for the network rather than passing unseen behind 'Offline'.
  await expect(page.getByTestId("sync-status")).toHaveText(/^Offline ·/);
  await expect(row).not.toContainText("Waiting to sync");
  await other.close();
  await page.waitForTimeout(7_000);

  await pageOnline(true);
  await expect(page.getByText("All changes synced").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Waiting to sync")).toHaveCount(0);
  await manager.dispose();
});
