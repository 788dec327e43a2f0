import type { Page } from "@playwright/test";
import { INVENTORY_CATEGORIES } from "../../schemas/constants.ts";
import { messages as english } from "../../client/src/platform/locales/en-US/messages.ts";
import { accent, leftover, pseudo, pseudoCatalog } from "../helpers/pseudo.ts";
import { expect, onDevice, recordApplication, test, unique } from "./fixtures.ts";

/*
 * One pass over every screen and the dialogs their main buttons open, at phone size, in a pseudo-locale
 * ("Inventory" reads "[Íñvéñţóŕý]": tests/helpers/pseudo.ts) served in place of the Spanish catalog. Any
 * word left outside brackets that is not data the server sent, a date or the product's name was written
 * past the catalog, and an English-only text the Spanish walk (language.spec.ts) would never see.
 */

const CATALOG = `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(pseudoCatalog(english)))});`;

/** The locale's month and day names and day periods: dates come from Intl, not the catalog. */
const DATE_WORDS = (() => {
  const words = new Set<string>();
  const add = (s: string) => s.split(/[\s.,]+/).forEach((w) => w && words.add(w.toLowerCase()));
  for (let m = 0; m < 12; m++)
    for (const month of ["long", "short"] as const) add(new Intl.DateTimeFormat("es-US", { month, timeZone: "UTC" }).format(Date.UTC(2026, m, 15)));
  for (let d = 0; d < 7; d++)
    for (const weekday of ["long", "short"] as const) add(new Intl.DateTimeFormat("es-US", { weekday, timeZone: "UTC" }).format(Date.UTC(2026, 10, 1 + d)));
  ["a. m.", "p. m.", "am", "pm"].forEach(add);
  return [...words];
})();

/**
 * Texts the same in every language: the product's name, each language's own name (the language
 * switch), the spec's default unit, which is data as entered ("units"), and the spec's inventory
 * categories, data as stored and shown as such on the cards, in the form and in the list's filter
 * (a native select: its choices are in the page, those no item has yet among them).
 */
const NAMES = ["Trapline", "English", "Español", "units", ...INVENTORY_CATEGORIES];

/** Every string the server sent this page (JSON of GraphQL and REST, and the live channel's messages): names, codes, notes are data. */
function watchData(page: Page): Set<string> {
  const data = new Set<string>(NAMES);
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (v.trim().length >= 2) data.add(v.trim());
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  page.on("response", async (r) => {
    if (!/json/.test(r.headers()["content-type"] ?? "")) return;
    walk(await r.json().catch(() => null));
  });
  // And what the live channel pushed (graphql-ws over a WebSocket): another test's new item can reach a list that way.
  page.on("websocket", (ws) =>
    ws.on("framereceived", ({ payload }) => {
      if (typeof payload !== "string") return;
      try {
        walk(JSON.parse(payload));
      } catch {
        // Not JSON: nothing of the data.
      }
    }),
  );
  return data;
}

async function untranslated(page: Page, data: Set<string>): Promise<string> {
  const shown = await page.evaluate(() => {
    const placeholders = [...document.querySelectorAll<HTMLInputElement>("input[placeholder], textarea[placeholder]")]
      .filter((i) => i.checkVisibility())
      .map((i) => i.placeholder);
    return [document.body.innerText, ...placeholders].join("\n");
  });
  // Longest first: a name that contains another goes out whole.
  const known = [...data].sort((a, b) => b.length - a.length);
  return leftover(shown, known, DATE_WORDS);
}

async function settled(page: Page) {
  // Not "networkidle": the live channel and the phone's copy keep the network busy.
  await page.waitForLoadState("load");
  await page.waitForTimeout(700);
  // Spinners gone (a meter such as the dashboard's utilization bar is a progressbar too, and stays), index.html's
  // own 'Loading...' among them: boot.js writes it in the start language before any catalog has loaded, and on
  // a busy host the app may take longer than the wait above to replace it.
  await expect(page.locator(".MuiCircularProgress-root, #root > .boot")).toHaveCount(0, { timeout: 15_000 });
}

test("every screen and its main dialogs read through the catalog (pseudo-locale, phone) @phone", async ({ page, pageErrors, isMobile }) => {
  void pageErrors;
  test.skip(!isMobile, "one pass, at phone size");
  test.setTimeout(600_000);
  // The pseudo-locale stands in for Spanish: the app asks for the Spanish chunk, and gets the pseudo one.
  await page.route(/\/assets\/messages-[\w-]+\.js$/, (route) => route.fulfill({ contentType: "text/javascript", body: CATALOG }));
  const data = watchData(page);
  const problems: string[] = [];
  const check = async (where: string) => {
    await settled(page);
    const left = await untranslated(page, data);
    if (left) {
      problems.push(`${where}: ${left}`);
      console.log(`outside the catalog on ${where}: ${left}`);
    }
  };

  // Signed out: the sign-in screen, on a device where Spanish was chosen.
  await page.goto("/");
  await onDevice(page, "trapline.locale", "es-US");
  await page.reload();
  await expect(page.getByRole("button", { name: pseudo("Sign In") })).toBeVisible();
  await check("sign-in");

  // A manager of this test's own (Spanish stored on the account), so no other test's account changes.
  expect((await page.request.post("/api/auth/login", { data: { username: "manager", password: "manager123" } })).status()).toBe(200);
  const username = unique("pseudo").replace(/\W/g, "").toLowerCase();
  const created = await page.request.post("/api/team", {
    data: { username, password: "pseudo12345", name: "Paz Quiroga", role: "manager", department: "Office" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.request.post("/api/auth/logout");
  expect((await page.request.post("/api/auth/login", { data: { username, password: "pseudo12345" } })).status()).toBe(200);
  expect((await page.request.put("/api/auth/me/preferences", { data: { locale: "es-US" } })).status()).toBe(200);

  // Each screen, then what its main buttons open (a dialog, a menu), one at a time. A name ending in "…"
  // is the start of a message that goes on with data ("Record use of …" a product).
  const control = (name: string) => (name.endsWith("…") ? new RegExp(`^\\[${accent(name.slice(0, -1)).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) : pseudo(name));
  const screens: [path: string, buttons: string[]][] = [
    ["/", ["Notifications…", "Quick Actions"]],
    ["/inventory", ["Add Item", "More list actions", "Record use of …", "Edit …"]],
    ["/equipment", ["Add Equipment", "More list actions"]],
    ["/requests", ["Create Request"]],
    ["/scan", []],
    ["/truck", []],
    ["/team", ["Add Team Member"]],
    ["/reports", []],
    ["/locations", ["Add Location"]],
    ["/purchasing", []],
    ["/suppliers", ["Add supplier"]],
    ["/settings", ["Create API token"]],
    ["/applications", []],
    ["/applications/new", []],
    ["/labels", []],
  ];
  for (const [path, buttons] of screens) {
    await page.goto(path);
    await check(path);
    for (const name of buttons) {
      // Each from the screen as it opens (a popover or a dialog left open would hide the next button).
      await page.goto(path);
      await settled(page);
      const button = page.getByRole("button", { name: control(name) }).first();
      // The screen's buttons come with its lazily loaded page: wait for one, but name a missing one rather than hang.
      if (
        !(await button.waitFor({ state: "visible", timeout: 15_000 }).then(
          () => true,
          () => false,
        ))
      ) {
        problems.push(`${path}: no button "${name}"`);
        continue;
      }
      await button.click();
      await check(`${path} → ${name}`);
    }
  }

  // A record's own page: one of this test's own (the e2e server's data has none to begin with).
  const item = await page.request.post("/api/inventory", { data: { name: `Pseudo Gel ${Date.now()}`, category: "Bait", quantity: 4, unit: "boxes" } });
  expect(item.status(), await item.text()).toBe(201);
  await recordApplication(page.request, {
    customerName: "Pseudo Customer",
    lines: [{ itemId: ((await item.json()) as { id: number }).id, amount: "1", unit: "boxes" }],
  });
  const first = await page.request.post("/graphql", {
    data: { query: '{ applications(first: 1, filter: { customer: "Pseudo Customer" }) { edges { node { id } } } }' },
  });
  const id = ((await first.json()) as { data?: { applications: { edges: { node: { id: string } }[] } } }).data?.applications.edges[0]?.node.id;
  expect(id, await first.text()).toBeTruthy();
  await page.goto(`/applications/${encodeURIComponent(id!)}`);
  await check("an application record");

  // The phone's navigation: the menu drawer and the bottom bar's More.
  await page.goto("/");
  await page.getByRole("button", { name: pseudo("Open navigation menu") }).click();
  await check("navigation menu");

  expect(problems, "text shown outside the catalog").toEqual([]);
});
