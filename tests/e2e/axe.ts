import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** axe-core's WCAG 2.1 A/AA checks of what a page shows now, shared by a11y.spec.ts and the feature specs that check their own screens. */

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** Lighthouse's accessibility audit also runs these: the name says the visible text (WCAG 2.5.3, still "experimental" in axe) and a role the element may take. */
const ALSO = { "label-content-name-mismatch": { enabled: true }, "aria-allowed-role": { enabled: true } };
/**
 * Legacy mode: axe.run in the page itself. The default (runPartial, for cross-origin frames) opens a blank page for
 * every pass to merge the frames' results in, injecting axe there too; the app has no frames, and legacy mode took
 * the a11y spec's passes about 15 % less time here (phone, 3 tests twice: 98 s against 116 s), with the same rules.
 */
const axe = (page: Page) => new AxeBuilder({ page }).options({ rules: ALSO }).withTags(TAGS).setLegacyMode();

/** No loading text or spinner left, and MUI's enter transitions finished (axe measures colours mid-fade otherwise). */
async function settle(page: Page) {
  await expect(page.getByText("Loading...")).toHaveCount(0);
  // Indeterminate spinners only: a determinate bar (aria-valuenow) is content, e.g. the dashboard's utilization.
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  // Transitions done in JS (react-transition-group) leave no CSS animation: give them their 225 ms.
  await page.waitForTimeout(400);
}

/**
 * Runs axe over the page and fails (softly: one run lists every screen's violations) with a readable list.
 * Outlined text fields draw their border with an absolutely placed <fieldset> over the <input>; axe then reports the
 * input's and label's contrast as "incomplete" (background overlapped) instead of measuring it. That border is
 * decoration (pointer-events: none, no text but a visually hidden legend), so it is hidden for the scan only.
 * A11Y_DEBUG=1 prints what axe could not decide, for a person to check.
 */
export async function expectNoViolations(page: Page, what = page.url()) {
  await settle(page);
  // A constructed stylesheet (CSSOM): the app's Content-Security-Policy refuses an inline <style> (page.addStyleTag).
  const unmask = await page.evaluateHandle(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync("fieldset.MuiOutlinedInput-notchedOutline, fieldset.tl-field-outline { display: none !important }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return sheet;
  });
  let { violations, incomplete } = await axe(page).analyze();
  // Other tests on the shared server raise live toasts (Low Stock Alert) that can fade in while axe
  // measures colours: what it found is measured again once the page has settled; a real violation stays.
  if (violations.length) {
    await settle(page);
    ({ violations, incomplete } = await axe(page).analyze());
  }
  await unmask.evaluate((sheet) => (document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet)));
  if (process.env.A11Y_DEBUG) {
    const undecided = incomplete.filter((x) => x.id !== "color-contrast" || x.nodes.some((n) => !/overlapped|image node|too short/.test(n.any[0]?.message ?? "")));
    for (const i of undecided) console.log(`[incomplete] ${i.id}: ${i.nodes.map((n) => `${n.target.join(" ")} — ${n.any[0]?.message ?? ""}`).join("\n    ")}`);
  }
  const report = violations
    .map(
      (v) =>
        `${v.id} (${v.impact}) ${v.help} — ${v.nodes.length} node(s)\n` +
        v.nodes
          .slice(0, 8)
          .map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ")}`)
          .join("\n"),
    )
    .join("\n");
  expect.soft(violations.length, `axe found violations on ${what}:\n${report}`).toBe(0);
}

