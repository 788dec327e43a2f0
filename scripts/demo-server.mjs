// The built app on a fresh demo database (scripts/e2e-server.mjs) for the scripts that look at it
// (screenshots, lighthouse, bench:pages): started on `port`, resolved once /healthz answers, stopped on exit.
// `env` is added to the server's environment (bench:pages --again serves another build with CLIENT_DIR).
import { spawn } from "node:child_process";

export async function startDemoServer(port, env = {}) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["scripts/e2e-server.mjs", String(port)], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...env } });
  const stop = () => server.kill("SIGTERM");
  process.on("exit", stop);
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error("server did not start");
}

/**
 * Signs the demo manager in through the app's own sign-in screen, as a person would, in a new tab of a
 * puppeteer `browser`; resolves with the session's cookies once the app's navigation shows, the tab closed.
 */
export async function signInAsManager(browser, base) {
  const page = await browser.newPage();
  await page.goto(`${base}/`, { waitUntil: "networkidle0" });
  await page.type("input[name=username]", "manager");
  await page.type("input[name=password]", "manager123");
  await Promise.all([
    page.waitForSelector("nav[aria-label=Main], button[aria-label='Open navigation menu']", { timeout: 30_000 }),
    page.keyboard.press("Enter"),
  ]);
  const cookies = await page.cookies();
  await page.close();
  return cookies;
}
