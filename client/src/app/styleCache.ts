import createCache, { type EmotionCache } from "@emotion/cache";
import { saveStyles, takeRestoredStyles } from "../platform/styleSnapshot.ts";

/** How long after the start the rules written so far are kept, for a phone closed without a pagehide. */
const FIRST_SAVE_MS = 5_000;

/**
 * The style cache the app renders with (emotion's, key "css", as MUI's default one), once the entry has
 * restored the device's rules (platform/styleSnapshot.ts): it starts from them, their names count as
 * written, so emotion compiles only the styles this device has not met yet. The restored `<style>` is the
 * sheet's first tag: emotion's next rule goes into a tag right after it, and `<Global>`'s sheets (the CSS
 * baseline) before it, where they go before emotion's first rule without a snapshot: the rules apply in the order
 * they did when they were first written.
 */
export async function createStyleCache(): Promise<EmotionCache> {
  const restored = await takeRestoredStyles();
  const cache = createCache({ key: "css" });
  if (restored) {
    for (const name of restored.names) cache.inserted[name] = true;
    cache.sheet.tags.push(restored.element);
  }
  return cache;
}

/** Every name the cache has written and every rule of its sheet, in order. */
function snapshotOf(cache: EmotionCache): { names: string[]; rules: string[] } {
  const names = Object.keys(cache.inserted).filter((name) => cache.inserted[name] === true);
  const rules = cache.sheet.tags.flatMap((tag) => Array.from(tag.sheet?.cssRules ?? [], (rule) => rule.cssText));
  return { names, rules };
}

/**
 * Keeps the cache's rules on the device when the page is hidden or left, and once a few seconds after
 * the start; only when it wrote a rule since the last time.
 */
export function keepStyles(cache: EmotionCache, engine: string): void {
  let kept = Object.keys(cache.inserted).length;
  const save = () => {
    const count = Object.keys(cache.inserted).length;
    if (count === kept) return;
    kept = count;
    const { names, rules } = snapshotOf(cache);
    saveStyles(engine, names, rules);
  };
  addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && save());
  setTimeout(() => (typeof requestIdleCallback === "function" ? requestIdleCallback(save, { timeout: FIRST_SAVE_MS }) : save()), FIRST_SAVE_MS);
}
