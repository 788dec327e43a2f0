import { encodeGlobalID } from "@pothos/plugin-relay";
import { Repeater } from "graphql-yoga";
import type { Equipment, InventoryItem, StockLocation } from "../db/generated/client.ts";
import { findOwnNotification } from "../domain/notifications.ts";
import { changedEquipment, changedItem, changedLocations, changedRequest, lowStockItemsOf, pendingAfter } from "../domain/liveChanges.ts";
import type { RequestWithLines } from "../domain/requests.ts";
import type { DomainEvent, EventBus } from "../realtime/events.ts";
import { builder } from "./builder.ts";
import { EquipmentNode } from "./equipment.ts";
import { InventoryItemNode } from "./inventory.ts";
import { NotificationNode } from "./notifications.ts";
import { RequestNode } from "./requests.ts";
import { StockLocationNode } from "./locations.ts";
import { databaseId } from "./ids.ts";

/** Events of the bus that `pick` keeps, as an async iterable that unsubscribes when the client leaves. */
function listen<T>(bus: EventBus, pick: (e: DomainEvent) => T | undefined): AsyncIterable<T> {
  return new Repeater<T>(async (push, stop) => {
    const off = bus.subscribe((e) => {
      const value = pick(e);
      if (value !== undefined) void push(value);
    });
    await stop;
    off();
  });
}

const LowStockAlert = builder.objectRef<{ items: InventoryItem[] }>("LowStockAlert").implement({
  description: "Items a change has left at or below their minimum; each carries its urgency",
  fields: (t) => ({ items: t.expose("items", { type: [InventoryItemNode] }) }),
});
const CREATED_DESCRIPTION = "True when this change created the record, so lists that show such records can add it";
const InventoryChanged = builder
  .objectRef<{ item: InventoryItem | null; deletedId: string | null; created: boolean }>("InventoryChangedEvent")
  .implement({
    fields: (t) => ({
      item: t.expose("item", { type: InventoryItemNode, nullable: true }),
      deletedId: t.exposeID("deletedId", { nullable: true }),
      created: t.exposeBoolean("created", { description: CREATED_DESCRIPTION }),
    }),
  });
const EquipmentChanged = builder.objectRef<{ equipment: Equipment; created: boolean }>("EquipmentChangedEvent").implement({
  fields: (t) => ({
    equipment: t.expose("equipment", { type: EquipmentNode }),
    created: t.exposeBoolean("created", { description: CREATED_DESCRIPTION }),
  }),
});
const RequestChanged = builder.objectRef<{ request: RequestWithLines; created: boolean; event: Extract<DomainEvent, { type: "request.changed" }> }>("RequestChangedEvent").implement({
  fields: (t) => ({
    request: t.expose("request", { type: RequestNode }),
    created: t.exposeBoolean("created", { description: CREATED_DESCRIPTION }),
    pendingRequests: t.int({
      description: "How many requests are pending after this change (the dashboard count and the Requests badge)",
      resolve: (parent, _args, ctx) => pendingAfter(ctx.deps, ctx.actor, parent.event),
    }),
  }),
});

const StockLocationChanged = builder.objectRef<{ locations: StockLocation[] }>("StockLocationChangedEvent").implement({
  description: "Locations whose stock, minimums, counts or details a change touched (a transfer touches two)",
  fields: (t) => ({ locations: t.expose("locations", { type: [StockLocationNode] }) }),
});

builder.subscriptionFields((t) => ({
  stockLocationChanged: t.field({
    type: StockLocationChanged,
    args: { locationId: t.arg.id({ description: "Only changes of this location" }) },
    subscribe: (_root, args, ctx) => {
      const only = args.locationId == null ? null : databaseId(args.locationId, ["StockLocation"], "locationId").id;
      return listen(ctx.deps.events, (e) => (e.type === "location.changed" && (only === null || e.locationIds.includes(only)) ? e : undefined));
    },
    resolve: async (e, _args, ctx) => ({ locations: await changedLocations(ctx.deps, ctx.actor, e) }),
  }),
  lowStockAlert: t.field({
    type: LowStockAlert,
    subscribe: (_root, _args, ctx) => listen(ctx.deps.events, (e) => (e.type === "stock.low" ? e : undefined)),
    resolve: async (e, _args, ctx) => ({ items: await lowStockItemsOf(ctx.deps, ctx.actor, e) }),
  }),
  inventoryChanged: t.field({
    type: InventoryChanged,
    subscribe: (_root, _args, ctx) => listen(ctx.deps.events, (e) => (e.type === "inventory.changed" ? e : undefined)),
    resolve: async (e, _args, ctx) => {
      const item = await changedItem(ctx.deps, ctx.actor, e);
      return { item, deletedId: item ? null : encodeGlobalID("InventoryItem", e.itemId), created: Boolean(item && e.created) };
    },
  }),
  equipmentChanged: t.field({
    type: EquipmentChanged,
    nullable: true,
    subscribe: (_root, _args, ctx) => listen(ctx.deps.events, (e) => (e.type === "equipment.changed" ? e : undefined)),
    resolve: async (e, _args, ctx) => {
      const equipment = await changedEquipment(ctx.deps, ctx.actor, e);
      return equipment ? { equipment, created: Boolean(e.created) } : null;
    },
  }),
  requestChanged: t.field({
    type: RequestChanged,
    nullable: true,
    subscribe: (_root, _args, ctx) => listen(ctx.deps.events, (e) => (e.type === "request.changed" ? e : undefined)),
    resolve: async (e, _args, ctx) => {
      const request = await changedRequest(ctx.deps, ctx.actor, e);
      return request ? { request, created: Boolean(e.created), event: e } : null;
    },
  }),
  notification: t.field({
    type: NotificationNode,
    nullable: true,
    description:
      "The signed-in user's notifications as they are stored: for managers new requests, low stock and maintenance due; " +
      "for everyone decisions on their own requests and equipment due back.",
    subscribe: (_root, _args, ctx) =>
      listen(ctx.deps.events, (e) => (e.type === "notification.created" && ctx.actor && e.userId === ctx.actor.id ? e.notificationId : undefined)),
    resolve: (id, _args, ctx) => findOwnNotification(ctx.deps, ctx.actor, id),
  }),
}));
