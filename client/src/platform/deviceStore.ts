/**
 * The few things this device remembers between starts, each a string: who was signed in (viewerCache.ts), the
 * language chosen here and one chosen offline that the server has not stored yet (locales/load.ts), and whose
 * field data the phone keeps (offline/session.ts). They were kept in localStorage, whose first use on a page
 * waits for the browser to load all the origin keeps there: 1-25 ms of the page's main thread here, in the
 * entry's first task (times Lighthouse's CPU multiplier in its simulation, as if it were work). Now they are in
 * IndexedDB, whose calls return at once (its open's took 0.5-2 ms here) and answer later: read once by the entry
 * (src/main.tsx, via `loadKept`) and held in memory, `kept` answers at once from then on, and `keep` changes the
 * memory at once and the database after, in order. Where IndexedDB cannot be opened, localStorage serves as before.
 */
import { DEVICE_DB, DEVICE_STORE as STORE, MOVED_MARK as MOVED, OFFLINE_DB } from "./storageNames.ts";

/** The keys, written once: each owner's constant (viewerKey.ts, locales/load.ts, offline/session.ts) is typed `KeptKey`. */
const KEYS = ["trapline:viewer", "trapline.locale", "trapline.locale.unsaved", "trapline:offline-owner"] as const;
export type KeptKey = (typeof KEYS)[number];

/** Where a release before the style snapshot's own store kept it (platform/styleSnapshot.ts); removed with the move. */
export const OLD_STYLES_KEY = "trapline:styles";
/** Longer than this and the app starts without what the device kept (Safari's first open has been seen to hang): a slower start, not a stuck one. */
const WAIT_MS = 1500;

/** The page's localStorage; none in the service worker, which imports this through locales/load.ts and keeps nothing. */
type KeyValue = { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void };
const local = (): KeyValue | undefined => (globalThis as { localStorage?: KeyValue }).localStorage;

const memory = new Map<string, string>();
/** Keys kept or forgotten in this page: their value in memory is newer than the database's. */
const touched = new Set<string>();
let loaded: Promise<void> | null = null;
let reading: Promise<void> | null = null;
/** The read finished after `loadKept` had stopped waiting for it. */
let late = false;
let database: Promise<IDBDatabase | null> = Promise.resolve(null);
let writes: Promise<unknown> = Promise.resolve();
/** IndexedDB could not be opened: localStorage holds the values, as before. */
let inLocalStorage = false;

/**
 * Reads what the device keeps into memory (the entry calls it first; later calls share the read). Never rejects.
 * A device where a release that kept these in localStorage ran has them moved, once (moveFromLocalStorage).
 */
export function loadKept(): Promise<void> {
  if (!loaded) {
    let waited = false;
    reading = readAll().then(() => void (late = waited), () => void (late = waited));
    loaded = Promise.race([reading, new Promise<void>((resolve) => setTimeout(() => resolve(void (waited = true)), WAIT_MS))]);
  }
  return loaded;
}

/**
 * True once the read is done when it finished after `loadKept` stopped waiting (the app had started as on a new
 * device, and what the device keeps is in memory now); false when it finished in time.
 */
export async function keptLate(): Promise<boolean> {
  await loadKept();
  await reading;
  return late;
}

async function readAll(): Promise<void> {
  database = open().catch(() => {
    inLocalStorage = true;
    return null;
  });
  const earlier = ranHereBefore();
  const db = await database;
  if (!db) return readLocalStorage();
  try {
    const store = db.transaction(STORE, "readonly").objectStore(STORE);
    const [keys, values] = await Promise.all([done(store.getAllKeys()), done(store.getAll())]);
    keys.forEach((key, i) => {
      if (typeof values[i] === "string" && !touched.has(String(key))) memory.set(String(key), values[i] as string);
    });
  } catch {
    // unreadable: the app starts as on a new device
  }
  if (!memory.has(MOVED)) moveFromLocalStorage(await earlier);
}

/** The database, made on first use. (Plain IndexedDB: the entry imports this, and the `idb` wrapper's chunk is the offline code's.) */
function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DEVICE_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      // A later release's upgrade (another tab, the service worker) is not held up by this connection.
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    request.onerror = () => reject(request.error ?? new Error("IndexedDB refused"));
    request.onblocked = () => reject(new Error("IndexedDB blocked"));
  });
}

/** One IndexedDB request's result as a promise (its error, or a plain one, as the rejection); keptAnswers.ts uses it too. */
export function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB refused"));
  });
}

/**
 * Whether the app ran on this device before, as far as storage that is read without blocking tells: Cache Storage
 * (the style snapshot, the service worker's precache) or the offline database. A new device's start (and
 * Lighthouse's, whose storage is cleared) then never touches localStorage.
 */
async function ranHereBefore(): Promise<boolean> {
  // A page over plain HTTP (a phone opening the app by a server's LAN address) has no Cache Storage and no service
  // worker, and had no offline database unless it did field work: nothing tells, so localStorage is looked at, once.
  if (!globalThis.caches) return true;
  const [cacheNames, databases] = await Promise.all([
    globalThis.caches.keys().catch(() => []),
    globalThis.indexedDB?.databases?.().catch(() => []) ?? [],
  ]);
  return cacheNames.length > 0 || databases.some((d) => d.name === OFFLINE_DB);
}

/** The values an earlier release kept in localStorage, taken where this store has none, then removed there (with its style snapshot). */
function moveFromLocalStorage(earlier: boolean) {
  try {
    if (earlier) {
      for (const key of KEYS) {
        const value = local()?.getItem(key) ?? null;
        if (value !== null && !memory.has(key) && !touched.has(key)) keep(key, value);
        local()?.removeItem(key);
      }
      local()?.removeItem(OLD_STYLES_KEY);
    }
  } catch {
    // no localStorage: nothing to move
  }
  keep(MOVED, earlier ? "moved" : "nothing to move");
}

function readLocalStorage() {
  try {
    for (const key of KEYS) {
      const value = local()?.getItem(key) ?? null;
      if (value !== null && !touched.has(key)) memory.set(key, value);
    }
  } catch {
    // no storage at all (private mode): values last this visit
  }
}

let connection: Promise<IDBDatabase> | null = null;
/**
 * `key` as the database holds it now, read afresh: the service worker's read (it shares no memory with the
 * pages, and outlives a page's change); null when it cannot tell.
 */
export async function keptNow(key: KeptKey): Promise<string | null> {
  try {
    connection ??= open();
    const value = await done((await connection).transaction(STORE, "readonly").objectStore(STORE).get(key));
    return typeof value === "string" ? value : null;
  } catch {
    connection = null;
    return null;
  }
}

/** What the device keeps under `key`; null before `loadKept` is done, as for a new device. */
export function kept(key: KeptKey): string | null {
  return memory.get(key) ?? null;
}

/** Keeps `value` under `key` (null forgets it): in memory at once, in the database after the writes before it. */
export function keep(key: KeptKey | typeof MOVED, value: string | null): void {
  touched.add(key);
  if (value === null) memory.delete(key);
  else memory.set(key, value);
  writes = writes.then(async () => {
    const db = await database;
    if (!db) {
      if (!inLocalStorage) return;
      if (value === null) local()?.removeItem(key);
      else local()?.setItem(key, value);
    } else {
      const store = db.transaction(STORE, "readwrite").objectStore(STORE);
      await (value === null ? done(store.delete(key)) : done(store.put(value, key)));
    }
  }).catch(() => {
    // storage unavailable (quota, private mode): the app still works, only without what it would have kept
  });
}

