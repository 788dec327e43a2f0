import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STYLES_CACHE, STYLES_URL } from "../../client/src/platform/styleStore.ts";
import { expect, installed, signIn, test } from "./fixtures.ts";

// These tests are about the service worker, which the rest of the suite blocks.
test.use({ serviceWorkers: "allow" });

test("after one visit the app shell opens with no network @phone", async ({ page, context }) => {
  await signIn(page);
  await installed(page);
  await expect(page.getByText("Welcome back! Here's what's happening at your company today.")).toBeVisible();

  // Cache Storage holds the app's own files only (and the style rules it compiled, platform/styleSnapshot.ts):
  // never an API or GraphQL answer.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached).toContain("/index.html");
  expect(cached.some((u) => /^\/assets\/ScanPage-.*\.js$/.test(u))).toBe(true);
  // boot.js: index.html's first 'Loading...' in the start language (a script of its own: the CSP allows no inline one).
  expect(cached.filter((u) => !/^\/(assets\/|icons\/|index\.html$|boot\.js$|manifest\.webmanifest$|trapline-styles\.json$)/.test(u))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  // The shell: header, navigation, and the screen saying what is missing instead of failing.
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("You are offline")).toBeVisible();
  // A client route typed while offline is served from the phone too, and screens that need no data work.
  await page.goto("/scan");
  await expect(page.getByRole("heading", { name: "QR Scanner", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Scan a Photo" })).toBeVisible();

  // Back online, the screen that could not load loads by itself.
  await page.goto("/inventory");
  await expect(page.getByText("You are offline")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("You are offline")).toHaveCount(0);
  await expect(page.getByRole("searchbox").or(page.getByPlaceholder("Name, description or category"))).toBeVisible();
});

test("a screen left at once keeps its style rules: the page sends them and the service worker writes them @phone", async ({ page }) => {
  await signIn(page);
  await installed(page);
  await expect(page.getByText("Welcome back! Here's what's happening at your company today.")).toBeVisible();
  // platform/styleSnapshot.ts: what the app compiled is kept in Cache Storage for its next start.
  const kept = () =>
    page.evaluate(
      ([name, url]) =>
        caches
          .open(name)
          .then((c) => c.match(url))
          .then(async (r) => (r ? (JSON.parse(await r.text()) as { rules: string[] }).rules.length : 0)),
      [STYLES_CACHE, STYLES_URL] as const,
    );
  const held = () => page.evaluate(() => [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"], style[data-trapline="styles"]')].reduce((n, s) => n + (s.sheet?.cssRules.length ?? 0), 0));
  // What the screen so far compiled is kept (the dashboard's own parts draw from the app's sheets: it can be nothing).
  const before = await held();
  await expect.poll(kept).toBeGreaterThanOrEqual(before);
  // A screen not seen yet, left as soon as it shows: its rules are sent as the page goes. (The team's cards and
  // chips are MUI's; the lists' first screens on a phone compile none.)
  await page.goto("/team");
  await expect(page.getByRole("heading", { level: 1, name: "Team Management" })).toBeVisible();
  await expect(page.locator("main .tl-cards > li, main tbody tr").first()).toBeVisible();
  const rules = await held();
  expect(rules).toBeGreaterThan(before);
  await page.goto("/healthz");
  await expect.poll(kept).toBeGreaterThanOrEqual(rules);
});

test("opened again, the build's files come from the precache by a static route, offline too, and data requests go past the worker @phone", async ({ page, context, browserName }) => {
  test.skip(browserName !== "chromium", "the static routing API is Chromium's (123+)");
  await signIn(page);
  await installed(page);
  await expect(page.getByText("Welcome back! Here's what's happening at your company today.")).toBeVisible();
  // Chromium reports for each answer the service worker's part in it: the route it matched and where the answer came from.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const sources = new Map<string, string>();
  const dataSources = new Set<string>();
  cdp.on("Network.responseReceived", ({ response }) => {
    const path = new URL(response.url).pathname;
    const info = (response as { serviceWorkerRouterInfo?: { actualSourceType?: string } }).serviceWorkerRouterInfo;
    const source = info?.actualSourceType ?? (response.fromServiceWorker ? "fetch-event" : "no route");
    if (path.startsWith("/assets/")) sources.set(path, source);
    if (path === "/graphql" || path.startsWith("/api/")) dataSources.add(source);
  });
  for (const offline of [false, true]) {
    sources.clear();
    await context.setOffline(offline);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    expect(sources.size, offline ? "offline" : "online").toBeGreaterThan(8);
    expect([...new Set(sources.values())], offline ? "offline" : "online").toEqual(["cache"]);
    // The dashboard's queries (online): to the network by the route, not through the worker's fetch handler.
    // Polled: this CDP session's response events may arrive after the page has rendered the answer.
    if (!offline) await expect.poll(() => [...dataSources]).toEqual(["network"]);
  }
  await context.setOffline(false);
});

test.describe("a new version", () => {
  let server: ChildProcess | undefined;
  let clientDir = "";
  let dataDir = "";
  const port = Number(process.env.E2E_PORT ?? 3210) + 21;
  const base = `http://127.0.0.1:${port}`;

  test.beforeAll(async () => {
    // A new database's first start (PGlite's initdb in WebAssembly, migrations, the demo set) took more
    // than the default 45 s on the loaded 2-core machine: the wait below allows 120 s, and so does the hook.
    test.setTimeout(150_000);
    // A server of its own, serving a copy of the build that this test then replaces with a "new build".
    clientDir = mkdtempSync(join(tmpdir(), "trapline-client-"));
    dataDir = mkdtempSync(join(tmpdir(), "trapline-pwa-"));
    cpSync("client/dist", clientDir, { recursive: true });
    server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      stdio: "ignore",
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, CLIENT_DIR: clientDir, DATABASE_URL: "", SEED_DEMO: "basic" },
    });
    for (let i = 0; i < 240; i++) {
      if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error("the second server did not start");
  });
  test.afterAll(async () => {
    server?.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(clientDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("is announced with 'A new version is available', and Reload switches to it", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${base}/`);
    await page.getByLabel("Username").fill("manager");
    await page.getByLabel("Password").fill("manager123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Notifications" })).toBeVisible();
    await installed(page);
    await expect(page.locator('meta[name="trapline-build"]')).toHaveCount(0);

    // Deploy a new build: index.html changes, so its revision in the service worker's precache list does too.
    const html = readFileSync(join(clientDir, "index.html"), "utf8").replace("<head>", '<head><meta name="trapline-build" content="next">');
    writeFileSync(join(clientDir, "index.html"), html);
    const sw = readFileSync(join(clientDir, "sw.js"), "utf8").replace(/"revision":"[0-9a-f]+","url":"index\.html"/, '"revision":"next","url":"index.html"');
    expect(sw).toContain('"revision":"next","url":"index.html"');
    writeFileSync(join(clientDir, "sw.js"), sw);
    for (const f of ["index.html", "sw.js"]) for (const ext of [".br", ".gz"]) rmSync(join(clientDir, f + ext), { force: true });

    // The app looks for a new version when it comes back to the foreground (and hourly).
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(page.getByText("A new version is available")).toBeVisible({ timeout: 30_000 });
    // Until Reload is chosen, the running app stays as it is.
    await expect(page.locator('meta[name="trapline-build"]')).toHaveCount(0);
    await page.getByRole("button", { name: "Reload" }).click();
    await expect(page.locator('meta[name="trapline-build"]')).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Notifications" })).toBeVisible();
  });
});
