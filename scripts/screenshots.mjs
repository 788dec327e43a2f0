// `npm run screenshots`: every screen at desktop (1280x800) and phone (390x844) sizes, for a
// manager and a technician, from the built app on a fresh demo database. PNGs go to .tmp/screens/.
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { startDemoServer } from "./demo-server.mjs";

const port = Number(process.env.SCREENS_PORT ?? 3290);
const out = ".tmp/screens";
mkdirSync(out, { recursive: true });

const { base, stop } = await startDemoServer(port);

const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const users = { manager: "manager123", tech: "tech123" };
const routes = [
  ["dashboard", "/"],
  ["inventory", "/inventory"],
  ["equipment", "/equipment"],
  ["requests", "/requests"],
  ["scan", "/scan"],
  ["team", "/team"],
  ["reports", "/reports"],
  ["labels", "/labels"],
  ["404", "/no-such-page"],
];

async function settle(page) {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.getByText("Loading...").first().waitFor({ state: "hidden", timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(400);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  for (const [sizeName, viewport] of Object.entries(sizes)) {
    const shot = async (page, name) => {
      await settle(page);
      await page.screenshot({ path: `${out}/${name}-${sizeName}.png`, fullPage: false });
    };
    {
      const context = await browser.newContext({ viewport, isMobile: sizeName === "phone", hasTouch: sizeName === "phone" });
      const page = await context.newPage();
      await page.goto(base);
      await shot(page, "signin");
      await context.close();
    }
    for (const [user, password] of Object.entries(users)) {
      const context = await browser.newContext({ viewport, isMobile: sizeName === "phone", hasTouch: sizeName === "phone" });
      const page = await context.newPage();
      await page.goto(base);
      await page.getByLabel("Username").fill(user);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("button", { name: "Notifications" }).waitFor();
      for (const [name, path] of routes) {
        await page.goto(`${base}${path}`);
        await shot(page, `${user}-${name}`);
      }
      await page.goto(`${base}/requests`);
      await settle(page);
      await page.getByRole("button", { name: "Create Request" }).click();
      await shot(page, `${user}-request-dialog`);
      await context.close();
    }
    // Field work without signal (issue 13): the phone's copy, a queued check-out, the review list.
    {
      const context = await browser.newContext({ viewport, isMobile: sizeName === "phone", hasTouch: sizeName === "phone" });
      const page = await context.newPage();
      await page.goto(base);
      await page.getByLabel("Username").fill("tech");
      await page.getByLabel("Password").fill(users.tech);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("button", { name: "Notifications" }).waitFor();
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      await page.reload();
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
      // The copy is stored a moment after the app starts.
      await page.waitForTimeout(4000);
      await context.setOffline(true);
      await page.goto(`${base}/equipment`);
      await shot(page, "tech-offline-equipment");
      await page.goto(`${base}/scan`);
      // One piece per size: the desktop pass checks its piece out on the shared demo server.
      await page.getByLabel("Enter code manually").fill(sizeName === "phone" ? "KEY-SET-0007" : "BG2000-44871");
      await page.getByRole("button", { name: "Look Up" }).click();
      await page.getByRole("region", { name: "Scanned item" }).getByRole("button", { name: "Check Out" }).click();
      await page.getByLabel("Person's name").fill("Marcus Reyes");
      await page.getByRole("dialog").getByRole("button", { name: "Check Out" }).click();
      await shot(page, "tech-offline-scan");
      await page.goto(`${base}/inventory`);
      await shot(page, "tech-offline-inventory");
      await page.getByRole("button", { name: "Review" }).click();
      await page.getByRole("dialog", { name: "Changes on this phone" }).waitFor();
      await page.waitForTimeout(400);
      await shot(page, "tech-offline-queue");
      await page.getByRole("button", { name: "Close" }).click();
      await context.setOffline(false);
      await page.getByText("All changes synced").first().waitFor({ timeout: 20_000 });
      await shot(page, "tech-synced");
      await context.close();
    }
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}/`);
