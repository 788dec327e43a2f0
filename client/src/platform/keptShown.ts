/**
 * A screen that shows what the phone kept of its data (platform/keptAnswers.ts) instead of the server's answer: the
 * mark the page's line shows (app/AppShell.tsx) until the server's answer replaces it, and the flag a route's loader
 * puts on its query so that its answer is kept.
 */

/** In a query's network cache config (metadata): its answer is kept on the phone, and a start opens from it. */
export const KEPT_ON_DEVICE = "keptOnDevice";

/** A kept answer on screen: when it was kept, on which page, and whether it could not be updated (no network, or the server refused). */
export type KeptShown = { at: number; path: string; failed: boolean };
const shown = new Map<symbol, KeptShown>();
const listeners = new Set<() => void>();
let current: KeptShown | null = null;

function changed() {
  const all = [...shown.values()];
  current = all.length ? { at: Math.min(...all.map((s) => s.at)), path: all[0]!.path, failed: all.some((s) => s.failed) } : null;
  // Visible to tests: the page shows the phone's copy ("refreshing" or "failed"); absent once the server's answer is in.
  if (current) document.documentElement.dataset.kept = current.failed ? "failed" : "refreshing";
  else delete document.documentElement.dataset.kept;
  for (const listener of listeners) listener();
}

/** A kept answer is on screen from now on: `failed()` when it could not be updated, `done()` once it is replaced (or dropped). */
export function showKept(at: number, path: string): { failed(): void; done(): void } {
  const key = Symbol();
  shown.set(key, { at, path, failed: false });
  changed();
  return {
    failed() {
      const mark = shown.get(key);
      if (mark && !mark.failed) {
        shown.set(key, { ...mark, failed: true });
        changed();
      }
    },
    done() {
      if (shown.delete(key)) changed();
    },
  };
}

/** The user is on `path` now: the marks of the screens they left go (a copy the server refused is marked until then). */
export function leftPage(path: string) {
  let left = false;
  for (const [key, mark] of shown)
    if (mark.path !== path) {
      shown.delete(key);
      left = true;
    }
  if (left) changed();
}

/** For useSyncExternalStore: the kept answer on screen, or null. */
export function keptShown(): KeptShown | null {
  return current;
}
export function onKeptShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
