/** How many times code fetched after load is asked for before its caller is told it never came. */
export const IMPORT_TRIES = 3;
/** While the phone says it is online, how long before code that was not reached is asked for again. */
export const IMPORT_RETRY_MS = 30_000;

/** Resolves when it is worth asking again: when the network is back, or after a while when it seems to be there. */
function reachableAgain(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window === "undefined" || navigator.onLine) setTimeout(resolve, IMPORT_RETRY_MS);
    else window.addEventListener("online", () => resolve(), { once: true });
  });
}

/**
 * Code fetched after the first screen (a tooltip's, a toast's, the offline store's) on a phone that has just lost the
 * network, or from a server restarting: `load` (a dynamic import) is asked for again when the network is back, or
 * after 30 s while online, three times in all; `missed` hears of each try that failed (a screen can say what it
 * cannot show meanwhile). Resolves with the module; after the last try, rejects with that try's error, which the
 * caller answers (its feature waits, or there is nothing to do). Chromium and Firefox fetch a module again after a
 * failed dynamic import (the tooltip test in tests/e2e/app.spec.ts sees the second request); a browser that keeps the
 * failure fails every try alike.
 */
export async function importAgain<Module>(load: () => Promise<Module>, { missed }: { missed?: (error: unknown) => void } = {}): Promise<Module> {
  for (let tried = 1; ; tried++) {
    try {
      return await load();
    } catch (error) {
      missed?.(error);
      if (tried >= IMPORT_TRIES) throw error;
      await reachableAgain();
    }
  }
}
