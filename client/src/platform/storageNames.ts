/**
 * The names of the IndexedDB databases the app keeps in this browser, in one place: the pages, the service worker
 * and the browser tests read and name them from here. (A module without imports: the entry's device store and the
 * offline code's database both take their names from it, and the entry must not import the offline code.)
 */

/** What the device remembers between starts (deviceStore.ts): one store of strings by key. */
export const DEVICE_DB = "trapline-device";
export const DEVICE_STORE = "kept";
/** In DEVICE_STORE once this device's localStorage has been looked at (deviceStore.ts's one-time move). */
export const MOVED_MARK = "moved-from-localStorage";

/** The phone's copies of the signed-in user's data and its queued changes (offline/db.ts). */
export const OFFLINE_DB = "trapline-offline";

/** The first screens' last answers, per user (platform/keptAnswers.ts): one store of answers by user, query, language and variables. */
export const ANSWERS_DB = "trapline-answers";
export const ANSWERS_STORE = "answers";
