import { encodeGlobalID } from "@pothos/plugin-relay";
import { Repeater } from "graphql-yoga";
import type { Equipment, InventoryItem } from "../db/generated/client.ts";
import { requestInclude, type RequestWithLines } from "../domain/requests.ts";
import type { DomainEvent, EventBus } from "../realtime/events.ts";
import { builder } from "./builder.ts";
import { EquipmentNode } from "./equipment.ts";
import { InventoryItemNode } from "./inventory.ts";
import { RequestNode } from "./requests.ts";

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
const InventoryChanged = builder.objectRef<{ item: InventoryItem | null; deletedId: string | null }>("InventoryChangedEvent").implement({
  fields: (t) => ({
    item: t.expose("item", { type: InventoryItemNode, nullable: true }),
    deletedId: t.exposeID("deletedId", { nullable: true }),
  }),
});
const EquipmentChanged = builder.objectRef<{ equipment: Equipment }>("EquipmentChangedEvent").implement({
  fields: (t) => ({ equipment: t.expose("equipment", { type: EquipmentNode }) }),
});
const RequestChanged = builder.objectRef<{ request: RequestWithLines }>("RequestChangedEvent").implement({
  fields: (t) => ({ request: t.expose("request", { type: RequestNode }) }),
});

const NotificationKind = builder.enumType("NotificationKind", { values: ["NEW_REQUEST", "REQUEST_APPROVED", "REQUEST_DENIED"] as const });
type Notification = { kind: "NEW_REQUEST" | "REQUEST_APPROVED" | "REQUEST_DENIED"; message: string; request: RequestWithLines };
const NotificationType = builder.objectRef<Notification>("Notification").implement({
  fields: (t) => ({
    kind: t.expose("kind", { type: NotificationKind }),
    message: t.exposeString("message"),
    request: t.expose("request", { type: RequestNode }),
  }),
});

const lines = (r: RequestWithLines) => r.lines.map((l) => `${l.quantity} x ${l.name}`).join(", ");

builder.subscriptionFields((t) => ({
  lowStockAlert: t.field({
    type: LowStockAlert,
    subscribe: (_root, _args, ctx) => listen(ctx.deps.events, (e) => (e.type === "stock.low" ? e.items.map((i) => i.id) : undefined)),
    resolve: async (ids, _args, ctx) => ({ items: await ctx.deps.prisma.inventoryItem.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } }) }),
  }),
  inventoryChanged: t.field({
    type: InventoryChanged,
    subscribe: (_root, _args, ctx) => listen(ctx.deps.events, (e) => (e.type === "inventory.changed" ? e : undefined)),
    resolve: async (e, _args, ctx) => {
      const item = e.deleted ? null : await ctx.deps.prisma.inventoryItem.findUnique({ where: { id: e.itemId } });
      return { item, deletedId: item ? null : encodeGlobalID("InventoryItem", e.itemId) };
    },
  }),
  equipmentChanged: t.field({
    type: EquipmentChanged,
    nullable: true,
    subscribe: (_root, _args, ctx) => listen(ctx.deps.events, (e) => (e.type === "equipment.changed" ? e.equipmentId : undefined)),
    resolve: async (id, _args, ctx) => {
      const equipment = await ctx.deps.prisma.equipment.findUnique({ where: { id } });
      return equipment ? { equipment } : null;
    },
  }),
  requestChanged: t.field({
    type: RequestChanged,
    nullable: true,
    subscribe: (_root, _args, ctx) => listen(ctx.deps.events, (e) => (e.type === "request.changed" ? e.requestId : undefined)),
    resolve: async (id, _args, ctx) => {
      const request = await ctx.deps.prisma.request.findUnique({ where: { id }, include: requestInclude });
      return request ? { request } : null;
    },
  }),
  notification: t.field({
    type: NotificationType,
    nullable: true,
    description: "For managers: new requests. For everyone: decisions on their own requests.",
    subscribe: (_root, _args, ctx) =>
      listen(ctx.deps.events, (e) => {
        if (e.type !== "request.changed" || !ctx.actor) return undefined;
        const forManagers = e.status === "pending" && ctx.actor.role === "manager" && e.requesterId !== ctx.actor.id;
        const forRequester = e.status !== "pending" && e.requesterId === ctx.actor.id;
        return forManagers || forRequester ? e : undefined;
      }),
    resolve: async (e, _args, ctx): Promise<Notification | null> => {
      const request = await ctx.deps.prisma.request.findUnique({ where: { id: e.requestId }, include: requestInclude });
      if (!request) return null;
      if (e.status === "pending") return { kind: "NEW_REQUEST", message: `New request from ${request.requester.name}: ${lines(request)}`, request };
      return {
        kind: e.status === "approved" ? "REQUEST_APPROVED" : "REQUEST_DENIED",
        message: `Your request for ${lines(request)} was ${e.status}`,
        request,
      };
    },
  }),
}));
