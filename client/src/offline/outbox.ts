import { db, queueOf, type QueuedChange } from "./db.ts";
import { graphqlBody } from "../platform/graphqlBody.ts";
import { languageHeaders } from "../platform/locales/load.ts";

/**
 * The queue of changes made on the phone (issue 13) and the one routine that sends them, used by
 * the app and by the service worker's Background Sync. Changes are sent oldest first, each with its
 * Idempotency-Key, so a resend after a lost answer, a reload or a second tab is answered from the
 * server's record and never applied twice. The server's rules decide conflicts: a refused change
 * stays, marked failed with the server's reason, until the user retries or discards it, and a later
 * change of the same record waits behind it.
 */

export const QUEUE_CHANNEL = "trapline-offline";
export const SYNC_TAG = "trapline-queue";


export type ChangeKind = "check_out" | "check_in" | "use" | "request" | "application";
export function kindOf(operationName: string): ChangeKind | null {
  if (/CheckOut/.test(operationName)) return "check_out";
  if (/CheckIn/.test(operationName)) return "check_in";
  if (operationName === "RecordUseDialogMutation") return "use";
  if (operationName === "RequestFormCreateMutation") return "request";
  if (operationName === "RecordApplicationPageMutation") return "application";
  return null;
}

// ---- listeners: this tab's screens, other tabs and the service worker ----

const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;
function bus(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === "undefined") return undefined;
  if (!channel) {
    channel = new BroadcastChannel(QUEUE_CHANNEL);
    channel.onmessage = () => listeners.forEach((l) => l());
  }
  return channel;
}
export function onQueueChange(listener: () => void): () => void {
  bus();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
function changed() {
  listeners.forEach((l) => l());
  bus()?.postMessage({ type: "queue" });
}

// ---- the queue ----

let lastSeq = 0;
export async function enqueue(change: Omit<QueuedChange, "seq" | "createdAt" | "state" | "error">): Promise<void> {
  lastSeq = Math.max(Date.now(), lastSeq + 1);
  await (await db()).put("queue", { ...change, seq: lastSeq, createdAt: new Date().toISOString(), state: "waiting", error: null });
  changed();
  // Where the browser has Background Sync, the service worker sends the queue when the network is back, even after the tab is gone.
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    await (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync?.register(SYNC_TAG);
  } catch {
    // no Background Sync: the app sends the queue when it sees the network come back
  }
}

export async function hasWaiting(userId: string): Promise<boolean> {
  return (await (await db()).countFromIndex("queue", "byUser", userId)) > 0;
}

export async function discard(key: string): Promise<void> {
  await (await db()).delete("queue", key);
  changed();
}

/** A failed change is tried again (in its place in the queue). */
export async function retry(key: string): Promise<void> {
  const database = await db();
  const change = await database.get("queue", key);
  if (change) await database.put("queue", { ...change, state: "waiting", error: null });
  changed();
}

/** Everything the phone keeps for `userId` is dropped (sign-out). */
export async function dropUserData(userId: string): Promise<void> {
  const database = await db();
  const tx = database.transaction(["queue", "snapshots"], "readwrite");
  for (const change of await tx.objectStore("queue").index("byUser").getAll(userId)) await tx.objectStore("queue").delete(change.key);
  await tx.objectStore("snapshots").delete(userId);
  await tx.done;
  changed();
}

// ---- sending ----

export type FlushOutcome = { sent: number; failed: number; stopped: null | "offline" | "signed-out" | "other-user" | "server" };

async function signedInUser(): Promise<string | "offline" | "signed-out" | "server"> {
  let response: Response;
  try {
    response = await fetch("/api/auth/me", { credentials: "same-origin", headers: { accept: "application/json" }, cache: "no-store" });
  } catch {
    return "offline";
  }
  if (response.status === 401) return "signed-out";
  if (!response.ok) return "server";
  const me = (await response.json()) as { id?: number | string; user?: { id?: number | string } };
  const id = me.user?.id ?? me.id;
  return id === undefined ? "signed-out" : String(id);
}

type Sent = { ok: true } | { ok: false; stop: FlushOutcome["stopped"] } | { ok: false; refused: string };

async function send(change: QueuedChange): Promise<Sent> {
  let response: Response;
  try {
    response = await fetch("/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json", ...languageHeaders(), "idempotency-key": change.key },
      body: JSON.stringify(graphqlBody({ name: change.operationName, id: change.documentId, text: change.query }, change.variables)),
    });
  } catch {
    return { ok: false, stop: "offline" };
  }
  if (response.status === 401) return { ok: false, stop: "signed-out" };
  if (response.status === 429 || response.status >= 500) return { ok: false, stop: "server" };
  let body: { data?: Record<string, { __typename?: string; message?: string } | null> | null; errors?: { message: string; extensions?: { code?: string } }[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    return { ok: false, stop: "server" };
  }
  const field = body.data ? Object.values(body.data)[0] : null;
  if (!field) {
    const error = body.errors?.[0];
    if (error && (error.extensions?.code === "UNAUTHENTICATED" || /sign(ed)? in|authenticat/i.test(error.message))) return { ok: false, stop: "signed-out" };
    return { ok: false, refused: error?.message ?? `The server answered ${response.status}` };
  }
  if (typeof field.message === "string") return { ok: false, refused: field.message };
  return { ok: true };
}

async function withLock<T>(run: () => Promise<T>): Promise<T | null> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (!locks) return run();
  // One sender at a time across tabs and the service worker; a second caller finds it busy and leaves it.
  return locks.request("trapline-sync", { ifAvailable: true }, async (lock: Lock | null) => (lock ? run() : null));
}

/**
 * Sends the signed-in user's waiting changes, oldest first. Stops at the first sign of no network,
 * no session or a server in trouble (the rest keep their places); never sends another user's changes.
 */
export async function flushQueue(expectedUser?: string): Promise<FlushOutcome | null> {
  return withLock(async () => {
    const outcome: FlushOutcome = { sent: 0, failed: 0, stopped: null };
    const database = await db();
    const user = await signedInUser();
    if (user === "offline" || user === "signed-out" || user === "server") return { ...outcome, stopped: user };
    if (expectedUser && user !== expectedUser) return { ...outcome, stopped: "other-user" };
    const blocked = new Set<string>();
    for (const change of await queueOf(user)) {
      if (change.state === "failed" || (change.target && blocked.has(change.target))) {
        if (change.target) blocked.add(change.target);
        continue;
      }
      const result = await send(change);
      if (result.ok) {
        await database.delete("queue", change.key);
        outcome.sent++;
      } else if ("refused" in result) {
        await database.put("queue", { ...change, state: "failed", error: result.refused });
        if (change.target) blocked.add(change.target);
        outcome.failed++;
      } else {
        outcome.stopped = result.stop;
        break;
      }
      changed();
    }
    return outcome;
  });
}

