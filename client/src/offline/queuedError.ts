import { t } from "@lingui/core/macro";
import { commitLocalUpdate, type IEnvironment } from "relay-runtime";

/**
 * Thrown to a mutation's onError when the change was kept on the phone instead of reaching the
 * server (no network, or earlier changes still waiting): the screen says it is saved and will sync,
 * not that it failed. Tiny on purpose: every screen with a queued action imports it.
 */
export class QueuedOfflineError extends Error {
  readonly queued = true;
  constructor(
    readonly title: string,
    readonly operationName: string,
    readonly variables: Record<string, unknown>,
  ) {
    super(`${title}: saved on this phone, it will be sent when you are back online`);
    this.name = "QueuedOfflineError";
  }
}

export function isQueuedOffline(error: unknown): error is QueuedOfflineError {
  return error instanceof Error && (error as { queued?: unknown }).queued === true;
}

/**
 * A change kept on the phone: the screen shows its expected result at once (the record in the Relay
 * store takes the new status, assignee or stock; the queue marks it pending) and this toast.
 */
export function keptOnPhone(environment: IEnvironment, error: QueuedOfflineError) {
  const input = (error.variables.input ?? {}) as Record<string, unknown>;
  commitLocalUpdate(environment, (store) => {
    if (/CheckOut/.test(error.operationName)) {
      const r = store.get(String(input.id));
      r?.setValue("checked_out", "status");
      r?.setValue(String(input.assignedTo), "assignedTo");
      r?.setValue(new Date().toISOString(), "assignedAt");
    } else if (/CheckIn/.test(error.operationName)) {
      const r = store.get(String(input.id));
      r?.setValue("available", "status");
      r?.setValue(null, "assignedTo");
      r?.setValue(null, "assignedAt");
    } else if (error.operationName === "RecordUseDialogMutation") {
      const r = store.get(String(input.itemId));
      const quantity = r?.getValue("quantity");
      if (r && typeof quantity === "number") r.setValue(Math.max(0, quantity - Number(input.quantity)), "quantity");
    }
  });
  const { title } = error;
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  return {
    title: t`Saved on this phone`,
    description: offline ? t`${title}. It will sync when you are back online.` : t`${title}. It will sync after the changes waiting before it.`,
  };
}

/** The signed-in user the phone keeps data and changes for (the viewer's database id), or null. */
let owner: string | null = null;
export const offlineOwner = () => owner;
export function setOfflineOwner(userId: string | null) {
  owner = userId;
}

/** The mutations a technician may make without signal (check out, check in, chemical use, an application record, a request); the rest need the network. */
export const QUEUEABLE = new Set([
  "equipmentMovesCheckOutMutation",
  "equipmentMovesCheckInMutation",
  "RecordUseDialogMutation",
  "RequestFormCreateMutation",
  "RecordApplicationPageMutation",
]);

/** The reads answered from the phone's copy when the network is away. */
export const OFFLINE_READS = new Set([
  // The scanner's lookup, the item pickers' one search (request form, record application, ...) and the request form's equipment.
  "ScanPageLookupQuery", "useItemSearchQuery", "RequestFormEquipmentSearchQuery",
  // Record application (issue 34): the form and a product's label facts.
  "RecordApplicationPageQuery", "productsProductQuery", "productsScanQuery",
]);

/** Live events (another user's change) make the phone's copy stale: the offline sync refreshes it soon after. */
const liveListeners = new Set<() => void>();
export function onLiveEvent(listener: () => void) {
  liveListeners.add(listener);
  return () => void liveListeners.delete(listener);
}
export function notifyLiveEvent() {
  liveListeners.forEach((l) => l());
}
