import createCache, { type EmotionCache } from "@emotion/cache";
import { saveStyles, takeRestoredStyles } from "../platform/styleSnapshot.ts";

/**
 * How long after the last new rule the rules are kept (then at the phone's next idle moment, within
 * KEEP_IDLE_MS): a screen's rules are written in a burst while it renders, and kept once it has settled.
 */
const KEEP_AFTER_MS = 1_000;
const KEEP_IDLE_MS = 5_000;

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
 * Keeps the cache's rules on the device a moment after the app wrote new ones, and when the page is
 * hidden or left; only when it wrote a rule since the last time.
 */
export function keepStyles(cache: EmotionCache, engine: string): void {
  let kept = Object.keys(cache.inserted).length;
  let pending = false;
  const save = () => {
    pending = false;
    const count = Object.keys(cache.inserted).length;
    if (count === kept) return;
    kept = count;
    const { names, rules } = snapshotOf(cache);
    void saveStyles(engine, names, rules);
  };
  const later = () => {
    if (pending) return;
    pending = true;
    setTimeout(() => (typeof requestIdleCallback === "function" ? requestIdleCallback(save, { timeout: KEEP_IDLE_MS }) : save()), KEEP_AFTER_MS);
  };
  const insert = cache.insert.bind(cache);
  cache.insert = (...args) => {
    later();
    return insert(...args);
  };
  later();
  addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && save());
}
