/**
 * Camera scanning on real frames: Chromium's fake camera plays a y4m feed that each describe block
 * makes for itself (a QR code of an equipment's label payload, an EAN-13 of a low-stock demo item,
 * or a blank frame), so the decoders see actual pixels, not a typed string. One feed per block; a
 * block's tests share one browser. Needs ffmpeg (Debian's package; .ci/run installs it).
 */
import { request as apiRequest, type Page, type TestInfo } from "@playwright/test";
import bwipjs from "bwip-js/node";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import QRCode from "qrcode";
import { expect, PASSWORDS, signIn, test as base, unique, watchContentSecurityPolicy } from "./fixtures.ts";

/** "none": no fake camera at all, as on a device whose browser gives no camera. */
type FeedKind = "qr-equipment" | "ean-item" | "blank" | "none";
type Equipment = { id: number; name: string; serialNumber: string; labelCode: string };
type Item = { id: number; name: string; barcode: string; quantity: number; minQuantity: number; unit: string };
type Feed = { kind: FeedKind; y4m: string; png: string; equipment?: Equipment; item?: Item };

const FEED_DIR = resolve("test-results/feeds");
const SCREENS = resolve("test-results/screens");
/** Decoding on a slow machine: the libraries load, the camera warms up, frames are tried every 300 ms. */
const DECODE_TIMEOUT = 30_000;

/** A still image as a looping 1280x720 camera feed, centred on white. */
function toY4m(png: string, y4m: string) {
  execFileSync(
    "ffmpeg",
    [
      "-y", "-loglevel", "error", "-loop", "1", "-i", png, "-t", "2", "-r", "10",
      "-vf", "scale='min(1200,iw)':'min(680,ih)':force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2:color=white,format=yuv420p",
      y4m,
    ],
    { stdio: "pipe" },
  );
}

/**
 * Each test gets a Chromium of its own, launched with the fake camera playing its block's feed
 * (`test.use({ feedKind })`): a worker-scoped launchOptions cannot change per describe block, and a
 * feed is read by the browser it was given to. The fixtures' pageErrors check applies to this page.
 */
const test = base.extend<{ feedKind: FeedKind; feed: Feed }>({
  feedKind: ["blank", { option: true }],
  // Made before the browser starts: the data it shows, its picture, and the y4m Chromium plays.
  feed: async ({ feedKind, baseURL }, use, testInfo) => {
    mkdirSync(FEED_DIR, { recursive: true });
    const base = join(FEED_DIR, `${feedKind}-${testInfo.project.name}-${testInfo.workerIndex}-${testInfo.retry}`);
    const feed: Feed = { kind: feedKind, png: `${base}.png`, y4m: `${base}.y4m` };
    const api = await apiRequest.newContext({ baseURL });
    expect((await api.post("/api/auth/login", { data: { username: "manager", password: PASSWORDS.manager } })).ok()).toBe(true);
    if (feedKind === "qr-equipment") {
      const serialNumber = `CAM-${Date.now().toString(36)}-${testInfo.workerIndex}`;
      const name = unique("Camera Test Sprayer");
      const res = await api.post("/api/equipment", { data: { name, category: "Sprayer", serialNumber, status: "available" } });
      expect(res.status()).toBe(201);
      const { id } = (await res.json()) as { id: number };
      feed.equipment = { id, name, serialNumber, labelCode: `trapline:equipment:${id}` };
      writeFileSync(feed.png, await QRCode.toBuffer(feed.equipment.labelCode, { type: "png", width: 420, margin: 4, errorCorrectionLevel: "M" }));
    } else if (feedKind === "ean-item") {
      const items = (await (await api.get("/api/inventory")).json()) as Item[];
      const low = items.find((i) => /^\d{13}$/.test(i.barcode ?? "") && i.quantity <= i.minQuantity);
      expect(low, "a low-stock demo item with an EAN-13 barcode").toBeTruthy();
      feed.item = low!;
      writeFileSync(feed.png, await bwipjs.toBuffer({ bcid: "ean13", text: low!.barcode, scale: 4, height: 16, includetext: true, backgroundcolor: "FFFFFF", paddingwidth: 14, paddingheight: 10 }));
    } else {
      writeFileSync(feed.png, await QRCode.toBuffer(" ", { type: "png", width: 16, margin: 0, color: { dark: "#ffffffff", light: "#ffffffff" } }));
    }
    await api.dispose();
    if (feedKind !== "none") toY4m(feed.png, feed.y4m);
    await use(feed);
  },
  page: async ({ feed, playwright, launchOptions, baseURL, viewport, isMobile, hasTouch }, use) => {
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        ...(feed.kind === "none" ? [] : ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${feed.y4m}`]),
      ],
    });
    const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
    // Every stream the page opens is kept on window, so a test can tell whether the camera was released.
    await context.addInitScript(() => {
      const w = window as unknown as { __streams: MediaStream[] };
      w.__streams = [];
      const md = navigator.mediaDevices;
      if (!md?.getUserMedia) return;
      const original = md.getUserMedia.bind(md);
      md.getUserMedia = async (c) => {
        const s = await original(c);
        w.__streams.push(s);
        return s;
      };
    });
    const blocked = await watchContentSecurityPolicy(context);
    const page = await context.newPage();
    await use(page);
    await context.close();
    await browser.close();
    // The scanners (zxing, quagga2: workers, blob: URLs, the camera stream) run under the same policy.
    expect(blocked, "blocked by the Content-Security-Policy").toEqual([]);
  },
});

// A CSS locator: while a dialog is open MUI hides the rest of the page from the accessibility tree, toasts included.
const toast = (page: Page, text: string) => page.locator('[role="status"]').filter({ hasText: text });
const card = (page: Page) => page.getByRole("region", { name: "Scanned item" });
const liveTracks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === "live").length);

/** Start Scanning → the result card: returns the milliseconds between, printed and attached to the report. */
async function scanUntilCard(page: Page, testInfo: TestInfo, expectText: string, what: string) {
  await page.goto("/scan");
  const start = page.getByRole("button", { name: "Start Scanning" });
  await expect(start).toBeEnabled();
  const t0 = Date.now();
  await start.click();
  await expect(card(page).getByText(expectText)).toBeVisible({ timeout: DECODE_TIMEOUT });
  const ms = Date.now() - t0;
  const line = `[scan time] ${what} (${testInfo.project.name}): ${ms} ms from Start Scanning to the result card`;
  console.log(line);
  testInfo.annotations.push({ type: "scan time", description: line });
  return ms;
}

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  const size = page.viewportSize();
  // The phone layout scrolls the result card into view smoothly: wait until it has stopped.
  await expect
    .poll(async () => {
      const a = await page.evaluate(() => window.scrollY);
      await page.waitForTimeout(150);
      return a === (await page.evaluate(() => window.scrollY));
    })
    .toBe(true);
  await page.screenshot({ path: join(SCREENS, `scan-camera-${name}-${size?.width}x${size?.height}.png`) });
}

test.describe("QR label of a piece of equipment", () => {
  test.use({ feedKind: "qr-equipment" });

  test("the camera reads the label, the card checks it out and back in, and the camera is off afterwards @phone", async ({ page, pageErrors, feed }, testInfo) => {
    void pageErrors;
    const eq = feed.equipment!;
    await signIn(page, "tech");
    await scanUntilCard(page, testInfo, eq.name, "QR label payload");
    const result = card(page);
    await expect(result.getByText(eq.serialNumber)).toBeVisible();
    await expect(result.getByText("Available")).toBeVisible();
    // The code read is shown and is in the field; a hit stops the camera.
    await expect(page.getByText(`Scanned: QR Code ${eq.labelCode}`)).toBeVisible();
    await expect(page.getByLabel("Enter code manually")).toHaveValue(eq.labelCode);
    await expect(page.getByRole("button", { name: "Start Scanning" })).toBeVisible();
    await expect.poll(() => liveTracks(page)).toBe(0);
    await screenshot(page, "qr-found");

    await result.getByRole("button", { name: "Check Out" }).click();
    const prompt = page.getByRole("dialog", { name: "Check Out Equipment" });
    await prompt.getByLabel("Person's name").fill("Jordan Ortiz");
    await prompt.getByRole("button", { name: "Check Out" }).click();
    await expect(toast(page, "Equipment checked out")).toBeVisible();
    await expect(result.getByText("Checked Out")).toBeVisible();
    await expect(result.getByText("Jordan Ortiz")).toBeVisible();
    await result.getByRole("button", { name: "Check In" }).click();
    await expect(toast(page, "Equipment checked in")).toBeVisible();
    await expect(result.getByText("Available")).toBeVisible();
    await page.getByRole("tab", { name: /History/ }).click();
    await expect(page.getByRole("list", { name: "Scan history" }).getByRole("listitem")).toHaveCount(2);
    await page.getByRole("tab", { name: "Scanner" }).click();

    // Scan Another Item after a camera scan goes straight back to the camera, which finds it again.
    await page.getByRole("button", { name: "Scan Another Item" }).click();
    await expect(result).toHaveCount(0);
    await expect(card(page).getByText(eq.name)).toBeVisible({ timeout: DECODE_TIMEOUT });
    const row = await (await page.request.get("/api/equipment")).json();
    expect((row as { id: number; status: string }[]).find((e) => e.id === eq.id)?.status).toBe("available");
  });
});

test.describe("EAN-13 of a low-stock demo item", () => {
  test.use({ feedKind: "ean-item" });

  test("the camera reads the EAN-13 and the card shows the low-stock warning @phone", async ({ page, pageErrors, feed }, testInfo) => {
    void pageErrors;
    const item = feed.item!;
    await signIn(page, "tech");
    await scanUntilCard(page, testInfo, item.name, "EAN-13 barcode");
    const result = card(page);
    await expect(result.getByText(`${item.quantity} ${item.unit}`, { exact: true })).toBeVisible();
    await expect(result.getByText(/Low stock/)).toBeVisible();
    await expect(page.getByText(`Scanned: EAN-13 ${item.barcode}`)).toBeVisible();
    await screenshot(page, "ean-low-stock");
  });

  test("the inventory form's scanner dialog fills the barcode field @phone", async ({ page, pageErrors, feed }) => {
    void pageErrors;
    const item = feed.item!;
    await signIn(page, "tech", { at: "/inventory" });
    await page.getByRole("button", { name: "Add Item" }).click();
    const form = page.getByRole("dialog", { name: "Add New Inventory Item" });
    await form.getByRole("button", { name: "Scan with camera" }).click();
    const scanner = page.getByRole("dialog", { name: "Scan Barcode" });
    await expect(scanner.getByText("Camera stopped")).toBeVisible();
    await expect(scanner.getByRole("button", { name: "Cancel" })).toBeVisible();
    await scanner.getByRole("button", { name: "Start Scanner" }).click();
    await expect(scanner.getByText("Scanned barcode:")).toBeVisible({ timeout: DECODE_TIMEOUT });
    await expect(scanner.getByTestId("scanned-code")).toHaveText(item.barcode);
    await expect(toast(page, "Barcode Scanned")).toContainText(`Found: ${item.barcode}`);
    await expect(scanner.getByRole("button", { name: "Scan Again" })).toBeVisible();
    await expect.poll(() => liveTracks(page)).toBe(0);
    await screenshot(page, "dialog-scanned");

    // Scan Again goes back to the camera and reads it again.
    await scanner.getByRole("button", { name: "Scan Again" }).click();
    await expect(scanner.getByText("Scanned barcode:")).toBeVisible({ timeout: DECODE_TIMEOUT });
    await scanner.getByRole("button", { name: "Use This" }).click();
    await expect(scanner).toHaveCount(0);
    await expect(toast(page, "Barcode Set")).toBeVisible();
    await expect(form.getByLabel("Barcode")).toHaveValue(item.barcode);
    await expect.poll(() => liveTracks(page)).toBe(0);
  });
});

test.describe("a camera that sees no code", () => {
  test.use({ feedKind: "blank" });

  test("Start and Stop Scanning, no torch without support, and leaving the page turns the camera off @phone", async ({ page, pageErrors }) => {
    void pageErrors;
    // The decoding libraries are not in any script the app loads until a scanner opens.
    const scripts: { url: string; decoder: boolean }[] = [];
    page.on("response", async (res) => {
      if (!res.url().endsWith(".js")) return;
      const body = await res.text().catch(() => "");
      // Strings only the libraries' own code has: ZXing's Reed-Solomon decoder, Quagga2's locator patch sizes.
      scripts.push({ url: res.url(), decoder: /ReedSolomon|"x-small"/.test(body) });
    });
    await signIn(page, "tech", { at: "/scan" });
    await expect(page.getByRole("button", { name: "Start Scanning" })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.decoder).map((s) => s.url)).toEqual([]);
    await page.getByRole("button", { name: "Start Scanning" }).click();
    await expect(page.getByRole("img", { name: "Camera preview (on)" })).toBeVisible();
    await expect.poll(() => scripts.filter((s) => s.decoder).length).toBeGreaterThanOrEqual(2); // ZXing and Quagga2, on demand
    await expect(page.getByText("Position the code in the frame")).toBeVisible({ timeout: DECODE_TIMEOUT });
    await expect(page.getByRole("button", { name: "Torch" })).toHaveCount(0); // the fake camera has no torch
    expect(await liveTracks(page)).toBe(1);
    await screenshot(page, "scanning");
    await page.getByRole("button", { name: "Stop Scanning" }).click();
    await expect(page.getByRole("img", { name: "Camera preview (off)" })).toBeVisible();
    expect(await liveTracks(page)).toBe(0);

    await page.getByRole("button", { name: "Start Scanning" }).click();
    await expect(page.getByRole("button", { name: "Stop Scanning" })).toBeVisible();
    await expect.poll(() => liveTracks(page)).toBe(1);
    // Client-side navigation away from /scan unmounts the page: the camera must stop.
    await page.getByRole("button", { name: "Inventory", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Inventory Management" })).toBeVisible();
    await expect.poll(() => liveTracks(page)).toBe(0);
  });

  test("the scanner dialog: Start Scanner, Stop Scanner, Cancel; closing it turns the camera off", async ({ page, pageErrors }) => {
    void pageErrors;
    await signIn(page, "tech", { at: "/inventory" });
    await page.getByRole("button", { name: "Add Item" }).click();
    const form = page.getByRole("dialog", { name: "Add New Inventory Item" });
    await form.getByRole("button", { name: "Scan with camera" }).click();
    const scanner = page.getByRole("dialog", { name: "Scan Barcode" });
    await scanner.getByRole("button", { name: "Start Scanner" }).click();
    await expect(scanner.getByText("Position barcode in the frame")).toBeVisible({ timeout: DECODE_TIMEOUT });
    await scanner.getByRole("button", { name: "Stop Scanner" }).click();
    await expect(scanner.getByText("Camera stopped")).toBeVisible();
    expect(await liveTracks(page)).toBe(0);
    await scanner.getByRole("button", { name: "Start Scanner" }).click();
    await expect(scanner.getByRole("button", { name: "Stop Scanner" })).toBeVisible();
    await expect.poll(() => liveTracks(page)).toBe(1);
    await scanner.getByRole("button", { name: "Cancel" }).click();
    await expect(scanner).toHaveCount(0);
    await expect.poll(() => liveTracks(page)).toBe(0);
    await expect(form.getByLabel("Barcode")).toHaveValue("");
  });

  test("printed labels: an equipment's label sheet, scanned from a photo, finds it; the inventory page prints its list @phone", async ({ page, pageErrors }, testInfo) => {
    // Two pages, a popup, a photo's decode and three screenshots: past the 45 s default on a slow 2-core host.
    test.slow();
    void pageErrors;
    await signIn(page, "manager");
    const name = unique("Label Test Fogger");
    const serial = `LBL-${Date.now().toString(36)}`;
    expect((await page.request.post("/api/equipment", { data: { name, category: "Treatment Equipment", serialNumber: serial, status: "available" } })).status()).toBe(201);

    await page.goto("/equipment");
    await page.getByLabel(/Search/).first().fill(name);
    await expect(page.getByRole("link", { name: `Print label for ${name}` })).toBeVisible();
    await screenshot(page, "equipment-list");
    const [sheet] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: `Print label for ${name}` }).click()]);
    const label = sheet.getByRole("article", { name: `Label: ${name}` });
    await expect(label.getByText(`S/N ${serial}`)).toBeVisible();
    await expect(label.getByRole("img", { name: /^QR code trapline:equipment:\d+$/ })).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Print" })).toBeVisible();
    await sheet.emulateMedia({ media: "print" });
    await expect(sheet.getByRole("button", { name: "Print" })).toBeHidden(); // the toolbar does not print
    await sheet.emulateMedia({ media: "screen" });
    mkdirSync(SCREENS, { recursive: true });
    const size = sheet.viewportSize();
    await sheet.screenshot({ path: join(SCREENS, `scan-camera-label-sheet-${size?.width}x${size?.height}.png`) });
    // A photo of the printed label, through the no-camera fallback.
    const photo = await label.screenshot();
    await sheet.close();

    await page.goto("/scan");
    await page.locator('input[type="file"]').setInputFiles({ name: "label.jpg", mimeType: "image/png", buffer: photo });
    await expect(card(page).getByText(name)).toBeVisible({ timeout: DECODE_TIMEOUT });
    await expect(card(page).getByText(serial)).toBeVisible();
    await expect(page.getByText(/^Read from photo: QR Code/)).toBeVisible();

    if (testInfo.project.name === "desktop") {
      await page.goto("/inventory");
      const rows = page.getByRole("table", { name: "Inventory items" }).getByRole("row");
      await expect(rows.nth(1)).toBeVisible();
      const count = (await rows.count()) - 1;
      await screenshot(page, "inventory-list");
      const [all] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: "Print labels" }).click()]);
      await expect(all.getByRole("article")).toHaveCount(count);
      await expect(all.getByRole("heading", { level: 1 })).toHaveText(`Print ${count} labels`);
      await expect(all.getByRole("img", { name: /^QR code trapline:inventory:\d+$/ })).toHaveCount(count);
      // What the printer gets: the labels alone, on A4.
      await all.pdf({ path: join(SCREENS, "scan-camera-labels-print.pdf"), format: "A4" });
      await all.close();

      // A selection of equipment and items from /labels (linked from the QR Scanner page).
      await page.goto("/scan");
      await page.getByRole("link", { name: "Print labels" }).click();
      await page.getByRole("list", { name: "Equipment" }).getByRole("checkbox", { name }).check();
      await page.getByRole("list", { name: "Inventory" }).getByRole("checkbox").first().check();
      await page.getByRole("button", { name: "Print 2 labels" }).click();
      await expect(page.getByRole("article")).toHaveCount(2);
      await expect(page.getByRole("article", { name: `Label: ${name}` })).toBeVisible();
    }
  });
});

test.describe("a device without camera access", () => {
  test.use({ feedKind: "none" });

  test("Start Scanning shows the camera's error inline and offers the typed code and a photo @phone", async ({ page, pageErrors }) => {
    void pageErrors;
    await signIn(page, "tech", { at: "/scan" });
    await page.getByRole("button", { name: "Start Scanning" }).click();
    const problem = page.getByRole("alert").filter({ hasText: "Type the code below, or scan a photo of it instead." });
    await expect(problem).toBeVisible();
    expect((await problem.innerText()).split("\n")[0]!.trim().length).toBeGreaterThan(0);
    await expect(page.getByLabel("Enter code manually")).toBeFocused();
    await expect(page.getByRole("button", { name: "Scan a Photo" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Camera preview (off)" })).toBeVisible();
    await screenshot(page, "no-camera");
  });
});
