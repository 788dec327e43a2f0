import { done } from "./deviceStore.ts";
import { variablesKey } from "./graphqlBody.ts";
import { ANSWERS_DB, ANSWERS_STORE as STORE } from "./storageNames.ts";

/**
 * The first screen from what the phone kept: each route's query (its loader marks it, platform/routeQueries.ts)
 * keeps its last answer from the server here, per user, query, language and variables. When the app opens again, the
 * first screen renders from that answer at once, marked as the phone's copy, and the query goes to the server
 * once the screen is up; the server's answer then replaces it (relay/environment.ts). Opened again, the screen
 * no longer waits for the network (on a slow or flaky connection, a technician in a crawl space, it shows at
 * once); with no signal it keeps the copy, marked, and asks again when the network is back.
 *
 * Only the remembered user's answers are read (the key starts with the user); sign-out and a session the server
 * no longer knows drop them all, and every start drops any other user's (app/App.tsx), as with the offline copy.
 * An answer is a string as the server sent it (IndexedDB clones a string cheaply), parsed when read. Plain
 * IndexedDB, no wrapper: the entry imports this to know whether the first screen's answer is kept. Only the entry
 * and the app's start (src/app) import it: imported by a screen's or the frame's code as well, the build split the
 * entry's modules into a chunk that the start's chunk and they import each other through (client/vite.config.ts's
 * check); the mark and the loaders' flag are in keptShown.ts.
 */

/** Answers kept per user: the oldest go first (a route's query with other variables or in another language is another answer). */
const MAX_PER_USER = 40;

/**
 * Whose answer to which query, in which language: the language the request asked for (its Accept-Language), as a
 * screen's answer may hold text the server translated, and a language chosen since must not open on the old one.
 */
export type KeptFor = { user: string; id: string; locale: string };
/** A kept answer: when it was kept, as parsed, and its text as the server sent it (to tell an unchanged answer). */
export type KeptAnswer = { at: number; body: unknown; text: string };
type Row = { at: number; body: string };

let database: Promise<IDBDatabase | null> | undefined;
/** The database, made on first use; null where IndexedDB cannot be opened (nothing is kept then). */
function open(): Promise<IDBDatabase | null> {
  database ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(ANSWERS_DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE).createIndex("at", "at");
      request.onsuccess = () => {
        request.result.onversionchange = () => {
          request.result.close();
          database = undefined;
        };
        resolve(request.result);
      };
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return database;
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error("IndexedDB refused"));
  });
}

const keyOf = ({ user, id, locale }: KeptFor, variables: Record<string, unknown>) => `${user}\n${id}\n${locale}\n${variablesKey(variables)}`;

const reads = new Map<string, Promise<KeptAnswer | undefined>>();
/**
 * The answer kept for this user, query, language and variables, if any. A read is shared while nothing newer is kept:
 * the entry's (which decides whether to send the first screen's query early) and the network layer's.
 */
export function readKeptAnswer(owner: KeptFor, variables: Record<string, unknown>): Promise<KeptAnswer | undefined> {
  const key = keyOf(owner, variables);
  let read = reads.get(key);
  if (!read) {
    read = get(key);
    reads.set(key, read);
  }
  return read;
}

async function get(key: string): Promise<KeptAnswer | undefined> {
  const db = await open();
  if (!db) return undefined;
  try {
    const row = (await done(db.transaction(STORE).objectStore(STORE).get(key))) as Row | undefined;
    return row && typeof row.body === "string" ? { at: row.at, body: JSON.parse(row.body), text: row.body } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the server's answer (its text) for this user, query, language and variables, with the time (an answer equal
 * to the one kept is kept again: the copy's time is when the server last confirmed it); the user's oldest go past
 * MAX_PER_USER.
 */
export async function keepAnswer(owner: KeptFor, variables: Record<string, unknown>, body: string): Promise<void> {
  const { user } = owner;
  const key = keyOf(owner, variables);
  reads.delete(key);
  const db = await open();
  if (!db) return;
  try {
    const tx = db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    store.put({ at: Date.now(), body } satisfies Row, key);
    const mine = (await done(store.getAllKeys())).filter((k) => String(k).startsWith(`${user}\n`)).length;
    let over = mine - MAX_PER_USER;
    if (over > 0) {
      // Oldest first, by the time each was kept.
      const cursor = store.index("at").openKeyCursor();
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at || over <= 0) return;
        if (String(at.primaryKey).startsWith(`${user}\n`)) {
          store.delete(at.primaryKey);
          over--;
        }
        at.continue();
      };
    }
    await finished(tx);
  } catch {
    // not kept: the next start asks the server first, as before
  }
}

/** Forgets one answer (the server refused the query: the copy must not open the screen again). */
export async function forgetAnswer(owner: KeptFor, variables: Record<string, unknown>): Promise<void> {
  const key = keyOf(owner, variables);
  reads.delete(key);
  const db = await open();
  try {
    if (db) await done(db.transaction(STORE, "readwrite").objectStore(STORE).delete(key));
  } catch {
    // gone with the next sign-out
  }
}

/** Sign-out (or a session the server no longer knows): every kept answer goes; with `exceptUser` (at each start), everyone else's. */
export async function dropKeptAnswers(exceptUser?: string): Promise<void> {
  reads.clear();
  const db = await open();
  if (!db) return;
  try {
    const tx = db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    if (exceptUser === undefined) store.clear();
    else for (const key of await done(store.getAllKeys())) if (!String(key).startsWith(`${exceptUser}\n`)) store.delete(key);
    await finished(tx);
  } catch {
    // the next attempt (sign-in, sign-out) tries again
  }
}
