/**
 * Where the device keeps the style rules the app wrote (see ./styleSnapshot.ts): one entry of the
 * origin's Cache Storage, and the message that asks the service worker to write it. Both the page and
 * the service worker (src/sw.ts) use this module, so it uses nothing but what a worker has.
 */

/** Where the snapshot is kept: a cache of the origin's Cache Storage, one entry. */
export const STYLES_CACHE = "trapline-styles";
export const STYLES_URL = "/trapline-styles.json";

/** The device's snapshot as text: read, replaced, removed. Every call settles; a failure reads as none. */
export type StyleStore = {
  read(): Promise<string | null>;
  write(json: string): Promise<void>;
  remove(): Promise<void>;
};

/** The message that asks the service worker (src/sw.ts) to keep a snapshot (`json`) or remove it (null). */
export const STYLES_MESSAGE = "trapline:styles";
export type StylesMessage = { type: typeof STYLES_MESSAGE; json: string | null };

/**
 * The snapshot in the origin's Cache Storage, read and written here. Where there is none (a page served
 * over plain HTTP to another host than localhost is no secure context), nothing is kept and every start
 * compiles its styles.
 */
export function cachedStyles(): StyleStore {
  const cache = () => (typeof caches === "undefined" ? Promise.reject(new Error("no Cache Storage")) : caches.open(STYLES_CACHE));
  return {
    read: () =>
      cache()
        .then((c) => c.match(STYLES_URL))
        .then((r) => r?.text() ?? null)
        .catch(() => null),
    write: (json) =>
      cache()
        .then((c) => c.put(STYLES_URL, new Response(json, { headers: { "content-type": "application/json" } })))
        .catch(() => {}),
    remove: () =>
      cache()
        .then((c) => c.delete(STYLES_URL))
        .then(
          () => {},
          () => {},
        ),
  };
}
