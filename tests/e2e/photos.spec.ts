/**
 * Real photographs of codes (issue 18; ZXing's black-box photos in tests/fixtures/photos, Apache-2.0).
 *
 * 1. Through the app's own photo decoding module (client/src/components/scanner/decoders.ts, in the
 *    Vite-built harness page of tests/helpers/scanHarness.ts): every photo listed in
 *    tests/fixtures/photos/expected-decoded.txt still decodes to its true text, and no photo at all
 *    decodes to a wrong one. The time budget is generous here, so what is decoded does not depend on
 *    this machine's speed (`npm run bench:scan` measures the real budget and the times).
 * 2. On the app itself, on a 390×844 phone: a real photo goes from 'Scan a Photo' to the result card,
 *    every request stays on the app's own origin (the ZXing-C++ .wasm included, fetched only once the
 *    scanner is used), and the service worker precaches the .wasm for offline use.
 */
import type { Page, Request } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EXPECTED_FILE, listPhotos, matchesTruth, PHOTO_DIR } from "../helpers/photos.ts";
import { openScanHarness, startScanHarness } from "../helpers/scanHarness.ts";
import { expect, signIn, test, unique } from "./fixtures.ts";

/** Far above any photo's real time: the answer must not depend on how busy the machine is. */
const TEST_BUDGET_MS = 60_000;

const photos = listPhotos();
const expected = new Set(readFileSync(EXPECTED_FILE, "utf8").split("\n").filter(Boolean));

test.describe("real photos through the app's photo decoding", () => {
  let harness: Awaited<ReturnType<typeof startScanHarness>> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    harness = await startScanHarness(".tmp/scan-harness-e2e");
  });
  test.afterAll(async () => {
    await harness?.close();
  });

  test("the list of expected photos names real fixtures, most of them", () => {
    const files = new Set(photos.map((p) => p.file));
    expect([...expected].filter((f) => !files.has(f))).toEqual([]);
    expect(expected.size).toBeGreaterThan(300);
  });

  for (const folder of [...new Set(photos.map((p) => p.folder))]) {
    test(`${folder}: each expected photo decodes to its true text, none to a wrong one`, async ({ browser }) => {
      test.setTimeout(15 * 60_000);
      const page = await browser.newPage();
      const run = await openScanHarness(page, harness!.base);
      const wrong: string[] = [];
      const lost: string[] = [];
      for (const photo of photos.filter((p) => p.folder === folder)) {
        const out = await run("trapline", photo.file, TEST_BUDGET_MS);
        const right = out.text !== null && matchesTruth(out.text, photo);
        if (out.text !== null && !right) wrong.push(`${photo.file}: ${JSON.stringify(out.text)} (${out.format}, ${out.engine})`);
        if (expected.has(photo.file) && !right) lost.push(photo.file);
      }
      await page.close();
      expect(wrong, "photos decoded to a code that is not theirs").toEqual([]);
      expect(lost, "photos the app decoded before and no longer does").toEqual([]);
    });
  }
});

/** The item whose barcode is the code in a real product photo (an EAN-13 on a book, photographed by a phone), made if missing. */
async function bookItem(page: Page): Promise<{ photo: (typeof photos)[number]; name: string }> {
  const photo = photos.find((p) => p.file === "ean13-3/01.png")!;
  const barcode = photo.truth.trim();
  const items = (await (await page.request.get("/api/inventory")).json()) as { name: string; barcode: string | null }[];
  let name = items.find((i) => i.barcode === barcode)?.name;
  if (!name) {
    name = unique("Photo Test Bait");
    const created = await page.request.post("/api/inventory", { data: { name, category: "Bait", quantity: 12, minQuantity: 2, barcode } });
    expect(created.status()).toBe(201);
  }
  return { photo, name };
}

test("a real photo at 390×844: 'Scan a Photo' → the result card; the ZXing-C++ .wasm from the app's own origin, precached @phone", async ({ page, pageErrors, baseURL }) => {
  void pageErrors;
  test.setTimeout(90_000);
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  const wasm: { url: string; status: number; type: string }[] = [];
  // The context sees the page's requests and its workers' (the decoder's Worker fetches the .wasm).
  const onRequest = (r: Request) => {
    if (!r.url().startsWith(`${origin}/`) && !/^(blob|data):/.test(r.url())) foreign.push(r.url());
  };
  page.context().on("request", onRequest);
  page.context().on("response", (r) => {
    if (new URL(r.url()).pathname.endsWith(".wasm")) wasm.push({ url: r.url(), status: r.status(), type: r.headers()["content-type"] ?? "" });
  });

  await signIn(page, "manager");
  const { photo, name } = await bookItem(page);

  await page.goto("/scan");
  await expect(page.getByRole("button", { name: "Scan a Photo" })).toBeVisible();
  expect(wasm, "the .wasm loads only once a scanner is used").toEqual([]);

  await page.locator('input[type="file"]').setInputFiles(join(PHOTO_DIR, photo.file));
  const card = page.getByRole("region", { name: "Scanned item" });
  await expect(card.getByText(name)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Read from photo: EAN-13/)).toBeVisible();

  expect(wasm.length, "the decoder fetched ZXing-C++'s .wasm").toBeGreaterThan(0);
  for (const w of wasm) {
    expect(w.url.startsWith(`${origin}/`), w.url).toBe(true);
    expect(w.status).toBe(200);
    expect(w.type).toContain("application/wasm");
  }
  expect(foreign, "requests that left the app's origin").toEqual([]);

  // Offline: the service worker's precache list names the same .wasm file.
  const sw = await (await page.request.get("/sw.js")).text();
  expect(sw).toContain(new URL(wasm[0]!.url).pathname.slice(1));
});

test("a first photo while ZXing-C++ is still loading (a slow connection) is read all the same: its budget starts once the engine has @phone", async ({ page, pageErrors }) => {
  void pageErrors;
  test.setTimeout(90_000);
  await signIn(page, "manager");
  const { photo, name } = await bookItem(page);
  // The .wasm arrives 5 s late, more than a photo's whole budget (PHOTO_BUDGET_MS, 3 s): the photo's reads must
  // neither spend that budget waiting for the engine nor stop its compile (client/src/components/scanner/decoders.ts).
  let delayed = 0;
  await page.context().route("**/*.wasm", async (route) => {
    delayed++;
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await route.continue();
  });
  await page.goto("/scan");
  await page.locator('input[type="file"]').setInputFiles(join(PHOTO_DIR, photo.file));
  await expect(page.getByRole("region", { name: "Scanned item" }).getByText(name)).toBeVisible({ timeout: 40_000 });
  await expect(page.getByText(/^Read from photo: EAN-13/)).toBeVisible();
  expect(delayed).toBe(1);
});
