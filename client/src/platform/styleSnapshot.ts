import { inBatches } from "./modulePreloads.ts";
import { nextTask } from "./nextTask.ts";
import { cachedStyles, STYLES_MESSAGE, type StyleStore, type StylesMessage } from "./styleStore.ts";

/**
 * The CSS rules the style engine (emotion, under MUI) wrote on this device, kept for the next start.
 *
 * Emotion compiles every style it meets with stylis and writes the rule into its sheet: on a returning
 * phone's /inventory, 240 rules and about 45 ms of the main thread at full speed (stylis, insertRule),
 * the same rules each time. A class name is a hash of its style, so a rule once written is the same
 * rule on every start of the same engine. The app's style cache (app/styleCache.ts) keeps what it wrote
 * here (`saveStyles`); the entry writes it back (`restoreStyles`) into a `<style>` of its own, a slice per
 * task while the code downloads, and the cache, made once it is all in, starts with those names marked as
 * written: a known style costs its hash, not its compilation. When the browser refuses one of its rules,
 * or the snapshot is another engine's, none of it is used. Not user data: CSS, the same for every user
 * of the device.
 *
 * The snapshot is kept in Cache Storage (`styleStore`; ./styleStore.ts), read without blocking the page.
 * It was kept in localStorage first, whose first read on a page loads everything the origin keeps there,
 * synchronously: the entry's first task read the signed-in role there, and at 4× CPU that read took 11 ms
 * without a snapshot, 18 ms with three screens' rules (80,000 characters) and 55 ms with three times as
 * many (a phone that has seen every screen keeps about that much; medians of 6 loads of /scan here).
 *
 * This module is the entry's (src/main.tsx): it must not import the style engine.
 */

/**
 * The page's store: it reads Cache Storage, and writes through the service worker that controls the page
 * when there is one. The app saves as the page is left (app/styleCache.ts), and a page being left runs no
 * more of its code once its handlers return: a write it started itself, which waits for the cache to
 * open, was lost there. A message to the worker is sent at once, and the worker finishes the write.
 */
export function styleStore(): StyleStore {
  const direct = cachedStyles();
  const send = (json: string | null) => {
    const worker = typeof navigator === "undefined" ? null : navigator.serviceWorker?.controller;
    if (!worker) return false;
    worker.postMessage({ type: STYLES_MESSAGE, json } satisfies StylesMessage);
    return true;
  };
  return {
    read: direct.read,
    write: (json) => (send(json) ? Promise.resolve() : direct.write(json)),
    remove: () => (send(null) ? Promise.resolve() : direct.remove()),
  };
}

/**
 * More rules than a device's screens write (240–260 a screen, 1,900 after every screen at both widths):
 * past it, the snapshot starts over.
 */
export const MAX_RULES = 4_000;

export type StyleSnapshot = { engine: string; names: string[]; rules: string[] };

/** What the entry restored, for the app's style cache to start from (see app/styleCache.ts). */
export type RestoredStyles = { element: HTMLStyleElement; names: string[] };

/**
 * Rules written back per task. A phone that has seen every screen keeps 1,700 rules (a manager's tour),
 * which took one task of 25–57 ms at Lighthouse's 4× CPU slowdown here, and would take twice that at
 * MAX_RULES; 200 a task took 1–11 ms.
 */
export const RULES_PER_TASK = 200;

let restoring: Promise<RestoredStyles | null> = Promise.resolve(null);

/** The snapshot in `json` when it is one of `engine`'s, well formed and within MAX_RULES; else null. */
export function readSnapshot(json: string | null, engine: string): StyleSnapshot | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const s = value as Partial<StyleSnapshot> | null;
  const strings = (xs: unknown): xs is string[] => Array.isArray(xs) && xs.every((x) => typeof x === "string");
  if (!s || s.engine !== engine || !strings(s.names) || !strings(s.rules) || s.rules.length > MAX_RULES) return null;
  return { engine, names: s.names, rules: s.rules };
}

/**
 * Reads the device's snapshot (without blocking: the read is the browser's) and writes it back as a
 * `<style data-trapline="styles">` at the end of `<head>` (through CSSOM: the Content-Security-Policy
 * allows no style text), RULES_PER_TASK rules per task; `takeRestoredStyles` tells when it is done. All
 * of it or none: when the browser refuses one rule, the element goes and no name counts as written.
 */
export function restoreStyles(engine: string, store: StyleStore = styleStore()): void {
  restoring = store.read().then(async (json): Promise<RestoredStyles | null> => {
    const snapshot = readSnapshot(json, engine);
    if (!snapshot || snapshot.rules.length === 0) return null;
    const { names } = snapshot;
    const slices = inBatches(snapshot.rules, RULES_PER_TASK);
    const element = document.createElement("style");
    element.setAttribute("data-trapline", "styles");
    document.head.appendChild(element);
    const sheet = element.sheet!;
    // Each slice in a task of its own (nextTask: not held back in a hidden tab).
    for (const slice of slices) {
      await nextTask();
      try {
        for (const rule of slice) sheet.insertRule(rule, sheet.cssRules.length);
      } catch {
        element.remove();
        return null;
      }
    }
    return { element, names };
  });
}

/** What `restoreStyles` wrote back, once it is all in; once (the app's style cache takes it over). */
export function takeRestoredStyles(): Promise<RestoredStyles | null> {
  const r = restoring;
  restoring = Promise.resolve(null);
  return r;
}

/**
 * Keeps `names` and `rules` (in the order they apply) for the next start; past MAX_RULES, forgets them
 * instead. A store that fails loses nothing but the snapshot: the next start compiles its styles.
 */
export async function saveStyles(engine: string, names: string[], rules: string[], store: StyleStore = styleStore()): Promise<void> {
  if (rules.length > MAX_RULES) await store.remove();
  else await store.write(JSON.stringify({ engine, names, rules } satisfies StyleSnapshot));
}
