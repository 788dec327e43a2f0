import type { RecordSourceSelectorProxy } from "relay-runtime";

/** Changes (request id and new status) whose effect on the count a live event already set. */
const settledLive = new Set<string>();
const MAX_SETTLED = 500;
const changeKey = (c: { requestId: string; status: string }) => `${c.requestId}:${c.status}`;

function setCount(store: RecordSourceSelectorProxy, count: number) {
  const stats = store.getRoot().getLinkedRecord("dashboardStats");
  if (stats && typeof stats.getValue("pendingRequests") === "number") stats.setValue(Math.max(0, count), "pendingRequests");
}

/**
 * The badge and dashboard count move at once after one's own create, approve or deny; the next poll or
 * live event confirms the number. When the live event for this very change came first, it already set
 * the server's count, and moving it again would count the change twice.
 */
export function adjustPendingCount(store: RecordSourceSelectorProxy, delta: number, change?: { requestId: string; status: string }) {
  if (change && settledLive.has(changeKey(change))) return;
  const current = store.getRoot().getLinkedRecord("dashboardStats")?.getValue("pendingRequests");
  if (typeof current === "number") setCount(store, current + delta);
}

/** A live requestChanged event: the server's count after the change. */
export function setPendingCountFromLive(store: RecordSourceSelectorProxy, count: number, change: { requestId: string; status: string }) {
  setCount(store, count);
  settledLive.add(changeKey(change));
  if (settledLive.size > MAX_SETTLED) settledLive.delete(settledLive.values().next().value!);
}
