import type { DomainEvent } from "../realtime/events.ts";
import { requireActor, type Actor, type Deps } from "./context.ts";
import { countRequests, requestInclude } from "./requests.ts";

/**
 * What the subscribers of a change event read about it. Every subscriber in this process is handed
 * the same event object by the bus, so each record (and the pending count) is loaded once per event,
 * not once per connected client.
 */
const loads = new WeakMap<DomainEvent, Map<string, Promise<unknown>>>();
function once<T>(event: DomainEvent, what: string, load: () => Promise<T>): Promise<T> {
  let forEvent = loads.get(event);
  if (!forEvent) loads.set(event, (forEvent = new Map()));
  let promise = forEvent.get(what) as Promise<T> | undefined;
  if (!promise) forEvent.set(what, (promise = load()));
  return promise;
}

type Of<T extends DomainEvent["type"]> = Extract<DomainEvent, { type: T }>;

export function changedItem(deps: Deps, actor: Actor | null, e: Of<"inventory.changed">) {
  requireActor(actor);
  return e.deleted ? Promise.resolve(null) : once(e, "item", () => deps.prisma.inventoryItem.findUnique({ where: { id: e.itemId } }));
}

export function changedEquipment(deps: Deps, actor: Actor | null, e: Of<"equipment.changed">) {
  requireActor(actor);
  return once(e, "equipment", () => deps.prisma.equipment.findUnique({ where: { id: e.equipmentId } }));
}

export function changedRequest(deps: Deps, actor: Actor | null, e: Of<"request.changed">) {
  requireActor(actor);
  return once(e, "request", () => deps.prisma.request.findUnique({ where: { id: e.requestId }, include: requestInclude }));
}

/** How many requests are pending once this change is committed. */
export function pendingAfter(deps: Deps, actor: Actor | null, e: Of<"request.changed">) {
  return once(e, "pending", () => countRequests(deps, actor, { status: "pending" }));
}

/** The items a low-stock event names, as they are now. */
export function lowStockItemsOf(deps: Deps, actor: Actor | null, e: Of<"stock.low">) {
  requireActor(actor);
  return once(e, "items", () => deps.prisma.inventoryItem.findMany({ where: { id: { in: e.items.map((i) => i.id) } }, orderBy: { id: "asc" } }));
}

export function changedLocations(deps: Deps, actor: Actor | null, e: Of<"location.changed">) {
  requireActor(actor);
  return once(e, "locations", () => deps.prisma.stockLocation.findMany({ where: { id: { in: e.locationIds } }, orderBy: { id: "asc" } }));
}
