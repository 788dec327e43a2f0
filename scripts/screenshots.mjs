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
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}/`);
