import { plural, t } from "@lingui/core/macro";
import { shortDate } from "../../platform/dates.ts";
import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from "relay-runtime";

/** The @connection key of the bell's feed. */
export const FEED_CONNECTION = "NotificationFeed_notifications";

export function setUnreadCount(store: RecordSourceSelectorProxy, count: number) {
  store.getRoot().setValue(Math.max(0, count), "unreadNotificationCount");
}

/** A notification that arrived live: counted if unread, and put at the top of the feed if it is loaded. */
export function addArrived(store: RecordSourceSelectorProxy, notification: RecordProxy) {
  const root = store.getRoot();
  if (notification.getValue("read") !== true) {
    const current = root.getValue("unreadNotificationCount");
    if (typeof current === "number") root.setValue(current + 1, "unreadNotificationCount");
  }
  const feed = ConnectionHandler.getConnection(root, FEED_CONNECTION);
  if (!feed) return;
  const id = notification.getDataID();
  const edges = feed.getLinkedRecords("edges") ?? [];
  if (edges.some((e) => e?.getLinkedRecord("node")?.getDataID() === id)) return;
  const edge = ConnectionHandler.createEdge(store, feed, notification, "QueryNotificationsConnectionEdge");
  ConnectionHandler.insertEdgeBefore(feed, edge);
}

/** After "mark all read": the feed's notifications up to `upTo` (a databaseId) show as read. */
export function markFeedRead(store: RecordSourceSelectorProxy, upTo: number) {
  const feed = ConnectionHandler.getConnection(store.getRoot(), FEED_CONNECTION);
  for (const edge of feed?.getLinkedRecords("edges") ?? []) {
    const node = edge?.getLinkedRecord("node");
    const databaseId = node?.getValue("databaseId");
    if (node && typeof databaseId === "number" && databaseId <= upTo) node.setValue(true, "read");
  }
}

/** Where a notification leads. */
export function notificationTarget(n: { kind: string; equipmentName?: string | null }, isManager = false): string {
  switch (n.kind) {
    case "CERTIFICATION_EXPIRING":
      // Managers edit certifications on Team; the holder sees their own on the dashboard.
      return isManager ? "/team" : "/";
    case "NEW_REQUEST":
      return "/requests?status=pending";
    case "REQUEST_APPROVED":
    case "REQUEST_DENIED":
      return "/requests";
    case "LOW_STOCK":
      return "/inventory";
    case "MAINTENANCE_DUE":
    case "EQUIPMENT_DUE_BACK":
      return n.equipmentName ? `/equipment?search=${encodeURIComponent(n.equipmentName)}` : "/equipment";
    default:
      return "/";
  }
}

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date (in the app's language). */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return t`just now`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t`${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return t`${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return plural(days, { one: "# day ago", other: "# days ago" });
  return shortDate(iso);
}
