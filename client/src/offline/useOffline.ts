import { plural, t } from "@lingui/core/macro";
import { activeLocale } from "../platform/locales/load.ts";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { QueuedChange } from "./db.ts";
import type { LocalView } from "./network.ts";
import { afterFirstScreen } from "../platform/firstScreen.ts";
import { importAgain } from "../platform/importAgain.ts";
import { offlineOwner } from "./queuedError.ts";

/**
 * React's view of the offline parts. The IndexedDB code loads on first use (dynamic import), so
 * none of it is in the first screen's JavaScript.
 */

const subscribeOnline = (notify: () => void) => {
  window.addEventListener("online", notify);
  window.addEventListener("offline", notify);
  return () => {
    window.removeEventListener("online", notify);
    window.removeEventListener("offline", notify);
  };
};
/** False while the browser knows it has no network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

const snapshotListeners = new Set<() => void>();
/** The kept copy was refreshed (the offline bar calls this). */
export function snapshotChanged() {
  snapshotListeners.forEach((l) => l());
}

type QueueStore = {
  queue: QueuedChange[] | null;
  listeners: Set<() => void>;
  stop?: () => void;
};
const queueStores = new Map<string, QueueStore>();

/** One reading of the queue per user, shared by every component that shows it (the bar, each row's 'Waiting to sync'). */
function subscribeQueue(userId: string, store: QueueStore, listener: () => void) {
  store.listeners.add(listener);
  if (store.listeners.size === 1) {
    let live = true;
    let stopChanges = () => {};
    // The queue is read from IndexedDB once the first screen is up (firstScreen.ts). Its code not reached (offline
    // just then, before the service worker kept it), it is asked again when the network is back; until it comes the
    // queue is unread (null), and the bar sends nothing (OfflineBar.tsx).
    const cancel = afterFirstScreen(
      () =>
        void importAgain(() => Promise.all([import("./db.ts"), import("./outbox.ts")])).then(
          ([{ queueOf }, { onQueueChange }]) => {
            if (!live) return;
            const read = () =>
              void queueOf(userId).then(
                (q) => {
                  store.queue = q;
                  store.listeners.forEach((l) => l());
                },
                () => {},
              );
            stopChanges = onQueueChange(read);
            read();
          },
          () => {},
        ),
    );
    store.stop = () => {
      live = false;
      cancel();
      stopChanges();
    };
  }
  return () => {
    store.listeners.delete(listener);
    if (store.listeners.size === 0) store.stop?.();
  };
}

function queueStore(userId: string): QueueStore {
  let store = queueStores.get(userId);
  if (!store) queueStores.set(userId, (store = { queue: null, listeners: new Set() }));
  return store;
}

/** What a component reads of the user's queue (`select` returns the same value while its answer is the same). */
function useQueueSelection<T>(userId: string, select: (queue: QueuedChange[] | null) => T, initial: T): T {
  const current = queueStore(userId);
  return useSyncExternalStore(
    useCallback((listener: () => void) => subscribeQueue(userId, current, listener), [userId, current]),
    () => select(current.queue),
    () => initial,
  );
}

/** The user's queued changes, oldest first; null until read. */
export function useQueue(userId: string): QueuedChange[] | null {
  return useQueueSelection(userId, (queue) => queue, null);
}

/** The kept copy with queued changes applied; undefined while reading, null when nothing is kept. */
export function useLocalView(userId: string): LocalView | null | undefined {
  const [view, setView] = useState<LocalView | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    let stop = () => {};
    // Its code not reached (offline before the service worker kept it): nothing kept can be shown meanwhile, and it
    // is asked again when the network is back.
    void importAgain(() => import("./network.ts"), { missed: () => live && setView(null) }).then(
      ({ localView, onQueueChange }) => {
        if (!live) return;
        const read = () =>
          void localView(userId).then(
            (v) => live && setView(v),
            () => live && setView(null),
          );
        const stopQueue = onQueueChange(read);
        snapshotListeners.add(read);
        stop = () => {
          stopQueue();
          snapshotListeners.delete(read);
        };
        read();
      },
      () => {},
    );
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return view;
}

// These read the app's language when called: a component that shows them calls useLingui(), so it
// renders again when the language changes.

/** "2 changes waiting to sync" / "1 change waiting to sync". */
export const waitingText = (n: number) =>
  plural(n, {
    one: "# change waiting to sync",
    other: "# changes waiting to sync",
  });

/** "3 changes could not be applied" / "1 change could not be applied". */
export const failedText = (n: number) =>
  plural(n, {
    one: "# change could not be applied",
    other: "# changes could not be applied",
  });

/** "Last synced 10:42" (today) or "Last synced 21 Nov, 10:42", in the app's language. */
export function lastSyncedText(iso: string | null | undefined): string {
  if (!iso) return t`Not synced on this phone yet`;
  const d = new Date(iso);
  const today = new Date().toDateString() === d.toDateString();
  const locale = activeLocale();
  const when = today
    ? d.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" })
    : d.toLocaleString(locale, {
        day: "numeric",
        month: "short",
        hour: "2-digit",
        minute: "2-digit",
      });
  return t`Last synced ${when}`;
}

/**
 * True while a queued (not yet synced) change of the record `id` waits. Every card of a list asks, so
 * a card renders again only when its own answer changes, not whenever the queue is read.
 */
export function useWaitingFor(id: string): boolean {
  const [userId] = useState(() => offlineOwner());
  return useQueueSelection(userId ?? "", (queue) => Boolean(userId && queue?.some((c) => c.state === "waiting" && c.target === id)), false);
}

/**
 * When the user's copy was last synced (null before the first sync); the bar needs only this, and only
 * while it shows it (`wanted`: offline, or the queue open). Reading it reads the whole copy from
 * IndexedDB, a long task on a phone, which an online start does not need.
 */
export function useSyncedAt(userId: string, wanted: boolean): string | null {
  const [syncedAt, setSyncedAt] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    // Its code not reached: asked again when the network is back (importAgain.ts).
    const read = () =>
      void importAgain(() => import("./snapshotStore.ts"))
        .then(({ latestSnapshot }) => latestSnapshot(userId))
        .then(
          (s) => live && setSyncedAt(s?.syncedAt ?? null),
          () => {},
        );
    snapshotListeners.add(read);
    read();
    return () => {
      live = false;
      snapshotListeners.delete(read);
    };
  }, [userId, wanted]);
  return syncedAt;
}
