import type { DomainEvent } from "../realtime/events.ts";

/**
 * What each change event alters, named as the GraphQL types (and root fields) whose answers it can
 * change: the record's own type and record (`InventoryItem:12`), and the aggregates and lists that
 * show it (dashboard, reports, activity, request lines naming items). The response cache drops the
 * answers that reach any of them. A new event, or a new type a write changes, is added here with it.
 */
const AFFECTS: Record<string, string[]> = {
  "inventory.changed": ["InventoryItem", "ReorderSuggestion", "RestockSuggestion", "StockLevel", "DashboardStats", "Reports", "ActivityEntry", "RequestLine"],
  "equipment.changed": ["Equipment", "DashboardStats", "Reports", "ActivityEntry", "RequestLine"],
  "request.changed": ["Request", "RequestLine", "DashboardStats", "Reports", "ActivityEntry"],
  // Levels, minimums, transfers, counts and the locations themselves (a location's stock, a vehicle's holder).
  "location.changed": ["StockLocation", "StockLevel", "StockCount", "StockCountLine", "RestockSuggestion", "Reports", "ActivityEntry", "Query.myVehicle"],
};

/**
 * Types written outside domain writes, so no event tells of their changes: a token's `lastUsedAt`
 * (noted at most once a minute on use) and webhook deliveries (updated by the sender). Answers that
 * reach them are never kept.
 */
export const UNTRACKED_TYPES: ReadonlySet<string> = new Set(["ApiToken", "Webhook", "WebhookDelivery"]);

/** The types and records an event changes; null: anything (a write that names no record in particular). */
export function recordsChangedBy(event: DomainEvent | undefined): string[] | null {
  if (!event) return null;
  switch (event.type) {
    case "inventory.changed":
      return [...AFFECTS[event.type]!, `InventoryItem:${event.itemId}`];
    case "equipment.changed":
      return [...AFFECTS[event.type]!, `Equipment:${event.equipmentId}`];
    case "request.changed":
      return [...AFFECTS[event.type]!, `Request:${event.requestId}`];
    case "stock.low":
      return [...AFFECTS["inventory.changed"]!, ...event.items.map((i) => `InventoryItem:${i.id}`)];
    case "location.changed":
      return [...AFFECTS[event.type]!, ...event.locationIds.map((id) => `StockLocation:${id}`)];
    case "purchaseOrder.changed":
      // An order's lines move its items' `onOrder` (item lists, forms, reorder suggestions).
      return [
        "PurchaseOrder",
        "PurchaseOrderLine",
        ...event.purchaseOrderIds.map((id) => `PurchaseOrder:${id}`),
        ...AFFECTS["inventory.changed"]!,
        ...event.itemIds.map((id) => `InventoryItem:${id}`),
      ];
    case "supplier.changed":
      // Reports: spend by supplier shows the supplier's name.
      return ["Supplier", `Supplier:${event.supplierId}`, "ActivityEntry", "Reports"];
    case "application.changed":
      return ["Application", "ApplicationLine", "ApplicationAmendment", `Application:${event.applicationId}`, "ActivityEntry", "Reports", "ApplicationReports", "RupRecordRow", "ApplicationMonthlyProduct", "Query.applicationReports", "QueryApplicationsConnection"];
    case "certification.changed":
      return ["Certification", "User", `User:${event.userId}`, "Query.expiringCertifications"];
    case "user.preferencesChanged":
      return ["User", `User:${event.userId}`];
    case "notification.created":
      return ["Notification", "Query.unreadNotificationCount"];
    case "session.revoked":
    case "apiToken.revoked":
    case "webhook.changed":
      // A revoked session or token never reaches execution; tokens and webhooks are never kept.
      return [];
    default:
      return null;
  }
}
