import { request as playwrightRequest, type Locator, type Page, type WebSocketRoute } from "@playwright/test";
import { droppableLive, expect, PASSWORDS, signIn, test, unique, whileLiveDown } from "./fixtures.ts";

/**
 * Records created by another user or client join the lists on screen through the graphql-ws
 * subscriptions, without a reload; and the request form's pickers search the server.
 */

/** Resolves once the page has sent the graphql-ws subscribe message of this LiveUpdates subscription. */
function subscribed(page: Page, operation: string): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (ws) => {
      ws.on("framesent", (frame) => {
        const text = typeof frame.payload === "string" ? frame.payload : frame.payload.toString();
        if (text.includes('"subscribe"') && text.includes(operation)) resolve();
      });
    });
  });
}

/** Signs in, opens `path` and waits until the live subscription is running there. */
async function openLive(page: Page, username: string, path: string, operation: string) {
  await signIn(page, username, { at: null });
  const live = subscribed(page, operation);
  await page.goto(path);
  await live;
  // The server registers its listener right after the subscribe message; give a busy machine a moment.
  await page.waitForTimeout(300);
}

/** Makes `count` inventory items named `<tag> Filler 000`, `<tag> Filler 001`… through the REST API, ten at a time. */
async function makeFillers(page: Page, tag: string, count: number) {
  for (let batch = 0; batch < count; batch += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - batch) }, async (_, i) => {
        const name = `${tag} Filler ${String(batch + i).padStart(3, "0")}`;
        const res = await page.request.post("/api/inventory", { data: { name, category: "Bait", quantity: 5, minQuantity: 1 } });
        expect(res.status(), await res.text()).toBe(201);
      }),
    );
  }
}

/** An answer from the server to one of the app's requests: the Inventory list searched for `text`, once its answer is in. */
async function searchAnswered(page: Page, text: string) {
  const answered = page.waitForResponse((r) => r.url().endsWith("/graphql") && r.ok() && (r.request().postData() ?? "").includes(text));
  await page.getByRole("searchbox", { name: "Search inventory" }).fill(text);
  await answered;
}

/** The Requests entry's badge (an empty anchor span, so not "visible" itself; every copy shows one count). */
const pendingBadge = (page: Page) => page.getByLabel(/^\d+ pending requests$/).first();
async function pendingCount(page: Page) {
  const label = await pendingBadge(page).getAttribute("aria-label");
  return Number(label!.split(" ")[0]);
}
/** The pending requests as the server counts them now (other tests on this server may file some meanwhile). */
async function serverPending(page: Page): Promise<number> {
  return (await (await page.request.post("/graphql", { data: { query: "{ dashboardStats { pendingRequests } }" } })).json()).data.dashboardStats.pendingRequests;
}
/** The badge follows the server's count live (compared at one moment: another test may file a request any time). */
async function badgeFollows(page: Page, atLeast: number) {
  await expect(async () => {
    const shown = await pendingCount(page);
    expect(shown).toBeGreaterThanOrEqual(atLeast);
    expect(shown).toBe(await serverPending(page));
  }).toPass({ timeout: 10_000 });
}

async function pick(dialog: Locator, label: "Item" | "Equipment", text: string) {
  await dialog.getByLabel(label, { exact: true }).fill(text);
  await dialog.page().getByRole("option", { name: new RegExp(text) }).first().click();
}

test("a request filed by the tech joins the manager's open list and badge live; the decision reaches the tech live", async ({ page, pageErrors, browser }) => {
  void pageErrors;
  await openLive(page, "manager", "/requests", "LiveUpdatesRequestSubscription");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Requests" })).toBeVisible();
  await expect(pendingBadge(page)).toBeAttached();
  const before = await pendingCount(page);

  // The tech, in another browser, with the Requests page open too.
  const techContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tech = await techContext.newPage();
  const techErrors: string[] = [];
  tech.on("pageerror", (e) => techErrors.push(e.message));
  await openLive(tech, "tech", "/requests", "LiveUpdatesRequestSubscription");

  await tech.getByRole("button", { name: "Create Request" }).click();
  const dialog = tech.getByRole("dialog", { name: "Create New Request" });
  await pick(dialog, "Item", "Nitrile Gloves");
  await dialog.getByLabel("Quantity").fill("3");
  await dialog.getByRole("button", { name: "Add Item" }).click();
  const justification = unique("Live list request");
  await dialog.getByLabel("Justification").fill(justification);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog).toHaveCount(0);

  // The manager's list and badge follow without a reload.
  const row = page.getByRole("row").filter({ hasText: justification });
  await expect(row).toBeVisible();
  await expect(row.getByText("Marcus Reyes")).toBeVisible();
  await expect(row.getByText("3 x Nitrile Gloves 8 mil")).toBeVisible();
  await expect(row.getByText("Pending")).toBeVisible();
  await badgeFollows(page, before + 1);

  // The tech's own list has it once: its mutation and the live event do not both add it.
  const techRow = tech.getByRole("row").filter({ hasText: justification });
  await expect(techRow).toHaveCount(1);
  await tech.waitForTimeout(500);
  await expect(techRow).toHaveCount(1);

  // The manager approves; the tech's list shows it without a reload, and both badges drop.
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(row.getByText("Approved", { exact: true }).first()).toBeVisible();
  await expect(techRow.getByText("Approved")).toBeVisible();
  await badgeFollows(page, 0);
  await badgeFollows(tech, 0);

  expect(techErrors).toEqual([]);
  await techContext.close();
});

test("equipment added by another client joins the open Equipment list when it passes the filters", async ({ page, pageErrors }) => {
  void pageErrors;
  await openLive(page, "manager", "/equipment", "LiveUpdatesEquipmentSubscription");
  await expect(page.getByRole("heading", { level: 1, name: "Equipment Management" })).toBeVisible();
  const prefix = unique("Live Rig");
  await page.getByLabel("Search equipment").fill(prefix);
  await expect(page.getByText("No equipment matches your filters")).toBeVisible();

  // Another client: a plain GraphQL call (no Relay store, no mutation updater).
  async function create(name: string) {
    const res = await page.request.post("/graphql", {
      data: {
        query: `mutation ($input: CreateEquipmentInput!) { createEquipment(input: $input) { __typename ... on Error { message } } }`,
        variables: { input: { name, category: "Sprayer", serialNumber: unique("SN").replace(" ", "-") } },
      },
    });
    const body = await res.json();
    expect(body.data?.createEquipment?.__typename, JSON.stringify(body)).toBe("CreateEquipmentPayload");
  }
  await create(`${prefix} Sprayer`);
  await create(unique("Unrelated Duster"));

  const entries = page.getByRole("row").or(page.getByRole("article"));
  await expect(entries.filter({ hasText: `${prefix} Sprayer` })).toBeVisible();
  await expect(entries.filter({ hasText: `${prefix} Sprayer` })).toContainText("Available");
  await expect(page.getByText("No equipment matches your filters")).toHaveCount(0);
  await expect(page.getByText("Unrelated Duster")).toHaveCount(0);
});

test("an inventory item added by another user joins the open Inventory list when it passes the search", async ({ page, pageErrors }) => {
  void pageErrors;
  await openLive(page, "manager", "/inventory", "LiveUpdatesInventorySubscription");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  const prefix = unique("Live Gel");
  await page.getByLabel("Search inventory").fill(prefix);
  await expect(page.locator("tbody tr, article")).toHaveCount(0);

  // The tech, over the REST API.
  const other = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  expect((await other.post("/api/auth/login", { data: { username: "tech", password: PASSWORDS.tech } })).status()).toBe(200);
  for (const name of [`${prefix} Bait`, unique("Unrelated Dust")]) {
    expect((await other.post("/api/inventory", { data: { name, category: "Bait", quantity: 30, minQuantity: 5 } })).status()).toBe(201);
  }
  await expect(page.locator("tbody tr, article").filter({ hasText: `${prefix} Bait` })).toBeVisible();
  await expect(page.getByText("Unrelated Dust")).toHaveCount(0);
  await other.dispose();
});

test("a request filed while the live channel was down joins the manager's open list once it is back", async ({ page, pageErrors }) => {
  void pageErrors;
  const sockets = await droppableLive(page);
  await openLive(page, "manager", "/requests", "LiveUpdatesRequestSubscription");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Requests" })).toBeVisible();
  await page.waitForFunction(() => document.documentElement.dataset.live === "connected");

  const other = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  expect((await other.post("/api/auth/login", { data: { username: "tech", password: PASSWORDS.tech } })).status()).toBe(200);
  const made = await other.post("/api/inventory", { data: { name: unique("Gap Bait"), category: "Bait", quantity: 40, minQuantity: 1 } });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };

  // Dropped (the app tries again a second later, §8): the request filed meanwhile is never heard live.
  const justification = unique("Filed during the gap");
  await whileLiveDown(page, sockets, async () =>
    expect((await other.post("/api/requests", { data: { type: "inventory", justification, items: [{ id, quantity: 2 }] } })).status()).toBe(201),
  );
  // Back: the screen's query is asked again, and the list shows it without a reload.
  await expect(page.getByRole("row").filter({ hasText: justification })).toBeVisible({ timeout: 5000 });
  await other.dispose();
});

/** The tech, signed in over the API beside the page, with an item of their own to file requests for (each pending). */
async function techFiling(page: Page) {
  const tech = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  expect((await tech.post("/api/auth/login", { data: { username: "tech", password: PASSWORDS.tech } })).status()).toBe(200);
  const made = await tech.post("/api/inventory", { data: { name: unique("Filed Bait"), category: "Bait", quantity: 90, minQuantity: 1 } });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const file = async (justification: string) =>
    expect((await tech.post("/api/requests", { data: { type: "inventory", justification, items: [{ id, quantity: 1 }] } })).status()).toBe(201);
  return { tech, file };
}

test("back after a drop, a filtered list with a second page loaded catches up as it stood: its filter and its rows", async ({ page, pageErrors }) => {
  void pageErrors;
  test.setTimeout(90_000);
  const sockets = await droppableLive(page);
  await openLive(page, "manager", "/requests", "LiveUpdatesRequestSubscription");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Requests" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.live)).toBe("connected");

  const { tech, file } = await techFiling(page);
  // More pending requests than a page holds.
  for (let i = 0; i < 21; i++) await file(unique(`Paged ${i}`));

  // The pending ones, a second page loaded.
  const rows = page.locator("tbody tr");
  await page.getByLabel("Status").selectOption("pending");
  await expect(rows.filter({ hasNotText: "Pending" })).toHaveCount(0);
  await expect(rows).toHaveCount(20);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect.poll(() => rows.count()).toBeGreaterThan(20);
  await expect(page.getByRole("button", { name: "Loading..." })).toHaveCount(0);
  const shown = await rows.count();

  // A request filed while the channel was down: back, the pending list has it, with as many rows as it had (not
  // its first page again; others' filings heard live may add more), all pending.
  const justification = unique("Filed during the gap, pending");
  await whileLiveDown(page, sockets, () => file(justification));
  await expect(rows.filter({ hasText: justification })).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(shown);
  await expect(rows.filter({ hasNotText: "Pending" })).toHaveCount(0);
  await tech.dispose();
});

test("back after a drop, a list with more rows loaded than the server gives at once comes back with all of them", async ({ page, pageErrors }) => {
  void pageErrors;
  test.setTimeout(120_000);
  const sockets = await droppableLive(page);
  await signIn(page, "manager", { at: null });
  // 110 items under one name (more than the 100 rows a connection gives at once), made before the list opens.
  const tag = unique("Long List").replace(/\s+/g, "");
  await makeFillers(page, tag, 110);
  const live = subscribed(page, "LiveUpdatesInventorySubscription");
  await page.goto("/inventory");
  await live;
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.live)).toBe("connected");

  const rows = page.locator("tbody tr");
  await page.getByLabel("Search inventory").fill(tag);
  await expect(rows.filter({ hasNotText: tag })).toHaveCount(0);
  await expect(rows).toHaveCount(20);
  const more = page.getByRole("button", { name: "Load more" });
  for (let shown = 20; shown < 110; shown += 20) {
    await more.click();
    await expect(rows).toHaveCount(Math.min(110, shown + 20));
  }
  await expect(more).toHaveCount(0);

  // An item added while the channel was down: back, the list has it and every row it showed, not only the first 100.
  const added = `${tag} Aa Added During The Gap`;
  await whileLiveDown(page, sockets, async () =>
    expect((await page.request.post("/api/inventory", { data: { name: added, category: "Bait", quantity: 5, minQuantity: 1 } })).status()).toBe(201),
  );
  await expect(rows.filter({ hasText: added })).toBeVisible();
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(110);
  await expect(rows.filter({ hasNotText: tag })).toHaveCount(0);
});

test("after §8's five attempts the live channel waits, and tries again when the network is back or the server answers", async ({ page, context, pageErrors }) => {
  void pageErrors;
  // The attempts' waits (1 + 2 + 4 + 8 + 16 s) run on the page's clock, which the test moves on.
  await page.clock.install();
  const sockets: WebSocketRoute[] = [];
  let refusing = false;
  let attempts = 0;
  await page.routeWebSocket(/\/graphql$/, (ws) => {
    attempts++;
    if (refusing) return void ws.close({ code: 1013, reason: "Try again later" });
    ws.connectToServer();
    sockets.push(ws);
  });
  // Out of reach, the page's requests fail too (a phone without signal); a network that lets them through but
  // no WebSocket is the next test's.
  await page.route(/\/(graphql|api\/)/, (route) => (refusing ? route.abort("internetdisconnected") : route.fallback()));
  const live = () => page.evaluate(() => document.documentElement.dataset.live);
  /** Drops the channel and refuses every attempt until graphql-ws has made its five and given up. */
  async function outOfReach() {
    refusing = true;
    const before = attempts;
    await sockets.at(-1)!.close();
    await expect.poll(async () => (await page.clock.fastForward(16_000), attempts - before), { intervals: [300] }).toBe(5);
    await expect.poll(live).toBe("disconnected");
  }
  await openLive(page, "manager", "/requests", "LiveUpdatesRequestSubscription");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Requests" })).toBeVisible();
  await expect.poll(live).toBe("connected");

  const { tech: other, file } = await techFiling(page);

  // Out of reach past the five attempts; a request filed meanwhile.
  await outOfReach();
  const meanwhile = unique("Filed while out of reach");
  await file(meanwhile);
  // The network is back: a new round connects, the list catches up, and what is filed next arrives live.
  refusing = false;
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(live).toBe("connected");
  await expect(page.getByRole("row").filter({ hasText: meanwhile })).toBeVisible();
  const after = unique("Filed once back");
  await file(after);
  await expect(page.getByRole("row").filter({ hasText: after })).toBeVisible();

  // Out of reach again, and back without the network ever going away: the next answer from the server (the
  // Inventory screen's query) starts the round, and an item added elsewhere then joins the list live.
  await outOfReach();
  refusing = false;
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Inventory" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  await expect.poll(live).toBe("connected");
  const added = unique("Heard Live Gel");
  await page.getByLabel("Search inventory").fill(added);
  await expect(page.locator("tbody tr, article")).toHaveCount(0);
  expect((await other.post("/api/inventory", { data: { name: added, category: "Bait", quantity: 7, minQuantity: 1 } })).status()).toBe(201);
  await expect(page.locator("tbody tr, article").filter({ hasText: added })).toBeVisible();
  await other.dispose();
});

test("where no WebSocket gets through but requests do, a round given up while the server answered makes the next answer wait", async ({ page, pageErrors }) => {
  void pageErrors;
  test.setTimeout(120_000);
  // The attempts' waits and the wait between rounds run on the page's clock, which the test moves on.
  await page.clock.install();
  // Every attempt refused, as by a proxy that lets no WebSocket through: a round is the first attempt and §8's five more.
  let attempts = 0;
  await page.routeWebSocket(/\/graphql$/, (ws) => {
    attempts++;
    void ws.close({ code: 1013, reason: "Try again later" });
  });
  const live = () => page.evaluate(() => document.documentElement.dataset.live);
  /** Moves the clock on until the round under way (if any) has made its six attempts and given up. */
  async function givenUp() {
    await expect
      .poll(async () => (await page.clock.fastForward(8_000), attempts > 0 && attempts % 6 === 0 && (await live()) === "disconnected"), { intervals: [300] })
      .toBe(true);
  }
  /** No round starts: the clock moved on by `ms` (less than the wait left), and no attempt followed. */
  async function noRound(ms: number) {
    const before = attempts;
    await page.clock.fastForward(ms);
    await page.waitForTimeout(1_000);
    expect(attempts).toBe(before);
  }

  await signIn(page, "manager", { at: null });
  await page.goto("/inventory");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  // The first round (the screen's subscription) gives up; an answer then starts another unless the server had
  // already answered during the first. Either way one round has now been given up while the server answered.
  await givenUp();
  await searchAnswered(page, unique("zz-first"));
  await givenUp();
  const afterBlocked = attempts;

  // Within the minute that follows, answers start nothing.
  await searchAnswered(page, unique("zz-within-the-minute"));
  await noRound(10_000);
  expect(attempts).toBe(afterBlocked);

  // Past it, the next answer starts a round (which gives up too, the server answering: the wait doubles).
  await page.clock.fastForward(60_000);
  await searchAnswered(page, unique("zz-past-the-minute"));
  await expect.poll(() => attempts, { intervals: [300] }).toBeGreaterThan(afterBlocked);
  await givenUp();
  const afterSecond = attempts;
  expect(afterSecond).toBe(afterBlocked + 6);

  // One minute and a little later, still nothing: two minutes now.
  await page.clock.fastForward(70_000);
  await searchAnswered(page, unique("zz-within-two"));
  await noRound(10_000);
  // Past two minutes an answer starts a round again.
  await page.clock.fastForward(50_000);
  await searchAnswered(page, unique("zz-past-two"));
  await expect.poll(() => attempts, { intervals: [300] }).toBeGreaterThan(afterSecond);
});

test("answers heard before the live channel connected do not count against a later round: back from a drop, the next answer starts one", async ({ page, pageErrors }) => {
  void pageErrors;
  test.setTimeout(90_000);
  await page.clock.install();
  let attempts = 0;
  let refusing = true;
  let away = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/graphql$/, (ws) => {
    attempts++;
    if (refusing || away) return void ws.close({ code: 1013, reason: "Try again later" });
    ws.connectToServer();
    sockets.push(ws);
  });
  // Away, the page's requests fail too (a phone without signal).
  await page.route(/\/(graphql|api\/)/, (route) => (away ? route.abort("internetdisconnected") : route.fallback()));
  const live = () => page.evaluate(() => document.documentElement.dataset.live);

  await signIn(page, "manager", { at: null });
  await page.goto("/inventory");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
  // The first attempts are refused while the server answers the screen; then the channel connects.
  await expect.poll(() => attempts, { intervals: [300] }).toBeGreaterThan(0);
  await searchAnswered(page, unique("zz-before-connected"));
  refusing = false;
  await expect.poll(async () => (await page.clock.fastForward(1_000), await live()), { intervals: [300] }).toBe("connected");

  // The signal goes: the socket drops, the page's requests fail, and graphql-ws's five attempts give up.
  away = true;
  const before = attempts;
  await sockets.at(-1)!.close();
  await expect.poll(async () => (await page.clock.fastForward(16_000), attempts - before), { intervals: [300] }).toBe(5);
  await expect.poll(live).toBe("disconnected");
  // The signal is back: the next answer from the server starts a round at once, and it connects.
  away = false;
  const back = attempts;
  await searchAnswered(page, unique("zz-back"));
  await expect.poll(() => attempts, { intervals: [300], timeout: 5_000 }).toBeGreaterThan(back);
  await expect.poll(live).toBe("connected");
});

test("the request form's item picker searches the server: an item past the first hundred can be picked", async ({ page, pageErrors }) => {
  void pageErrors;
  await signIn(page, "tech");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // 120 items more, so a name late in the alphabet is well past the first 100.
  const tag = unique("Zz Picker").replace(/\s+/g, "");
  await makeFillers(page, tag, 120);
  const target = `${tag} Target Gel`;
  const one = await page.request.post("/graphql", {
    data: { query: `mutation { createInventoryItem(input: { name: "${target}", category: "Bait", quantity: 40, minQuantity: 1, unit: "boxes" }) { __typename } }` },
  });
  expect((await one.json()).data.createInventoryItem.__typename).toBe("CreateInventoryItemPayload");

  await page.goto("/requests");
  await page.getByRole("button", { name: "Create Request" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Request" });
  const input = dialog.getByLabel("Item", { exact: true });

  // Empty: the first matches only (not the whole catalogue).
  await input.click();
  const options = page.getByRole("option");
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(20);

  // Typing searches the server (Loading... until it answers), and finds the item past the first 100.
  await input.fill(`${tag} Target`);
  await expect(page.getByText("Loading...")).toBeVisible();
  await expect(page.getByRole("option", { name: `${target} (40 boxes in stock)` })).toBeVisible();
  await expect(options).toHaveCount(1);
  await page.getByRole("option", { name: `${target} (40 boxes in stock)` }).click();
  await dialog.getByLabel("Quantity").fill("2");
  await dialog.getByRole("button", { name: "Add Item" }).click();
  // The same item again sums.
  await pick(dialog, "Item", `${tag} Target`);
  await dialog.getByLabel("Quantity").fill("3");
  await dialog.getByRole("button", { name: "Add Item" }).click();
  await expect(dialog.getByRole("list", { name: "Requested Items" }).getByRole("listitem")).toHaveText([`5 x ${target}`]);

  const justification = unique("Picker search request");
  await dialog.getByLabel("Justification").fill(justification);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: justification });
  await expect(row).toBeVisible();
  await expect(row.getByText(`5 x ${target}`)).toBeVisible();
});
