import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client.ts";
import type { DomainEvent, EventBus } from "../realtime/events.ts";
import type { WebhookEvent } from "../../schemas/webhooks.ts";
import { snapshotOf } from "./applicationShape.ts";
import { BusGuardedCache, onChange, perBus } from "./cache.ts";

type Announced = { event: WebhookEvent; key: string; data: (tx: Tx) => Promise<unknown> };

/** What integrators hear of one committed domain event (nothing for most). */
function announced(e: DomainEvent): Announced[] {
  switch (e.type) {
    case "stock.low":
      return [{ event: "inventory.low_stock", key: `low:${e.items.map((i) => i.id).join(",")}`, data: async () => ({ items: e.items }) }];
    case "inventory.changed":
      return [
        {
          event: "inventory.changed",
          key: `inv:${e.itemId}`,
          data: async (tx) => {
            const item = e.deleted ? null : await tx.inventoryItem.findUnique({ where: { id: e.itemId }, omit: { warningLevel: true, preferredSupplierId: true } });
            return { change: e.created ? "created" : item ? "updated" : "deleted", id: e.itemId, item };
          },
        },
      ];
    case "equipment.changed":
      if (!e.action) return [];
      return [
        {
          event: e.action === "checked_out" ? "equipment.checked_out" : "equipment.checked_in",
          key: `eq:${e.equipmentId}:${e.action}`,
          data: async (tx) => ({ equipment: await tx.equipment.findUnique({ where: { id: e.equipmentId } }) }),
        },
      ];
    case "request.changed": {
      const event: WebhookEvent = e.created ? "request.created" : "request.decided";
      if (!e.created && e.status === "pending") return [];
      return [
        {
          event,
          key: `req:${e.requestId}:${event}`,
          data: async (tx) => ({
            request: await tx.request.findUnique({
              where: { id: e.requestId },
              include: { lines: { select: { inventoryItemId: true, equipmentId: true, name: true, quantity: true } } },
            }),
          }),
        },
      ];
    }
    case "location.changed":
      return e.action ? locationAnnounced(e.locationIds, e.action) : [];
    case "purchaseOrder.changed": {
      const id = e.purchaseOrderIds[0];
      if (!e.action || id === undefined) return [];
      const event: WebhookEvent = `purchase_order.${e.action}`;
      // The order as it stands after the change (for a receipt: each line's received so far, the status).
      return [{ event, key: `po:${id}:${e.action}`, data: async (tx) => ({ purchaseOrder: await tx.purchaseOrder.findUnique({ where: { id }, select: PURCHASE_ORDER_FIELDS }) }) }];
    }
    case "application.changed":
      // The record as it stands after the change, with its lines (exact amounts as text) and its amendments' reasons.
      return [
        {
          event: `application.${e.action}`,
          key: `app:${e.applicationId}:${e.action}`,
          data: async (tx) => {
            const app = await tx.application.findUnique({ where: { id: e.applicationId }, include: { lines: { orderBy: { position: "asc" } }, amendments: { orderBy: { createdAt: "asc" } } } });
            if (!app) return { application: null };
            const { before: _b, amendments, ...rest } = { before: null, ...snapshotOf(app) };
            return { application: { ...rest, amendments: amendments.map((m) => ({ id: m.id, reason: m.reason, changes: m.changes, late: m.late, createdAt: m.createdAt })) } };
          },
        },
      ];
    default:
      return [];
  }
}

const PURCHASE_ORDER_FIELDS = {
  id: true,
  number: true,
  status: true,
  expectedDate: true,
  placedAt: true,
  supplier: { select: { id: true, name: true, email: true, accountNumber: true } },
  lines: {
    orderBy: { position: "asc" },
    select: { id: true, itemId: true, itemName: true, quantityOrdered: true, quantityReceived: true, unitCostCents: true },
  },
} as const;

type LocationAction = NonNullable<Extract<DomainEvent, { type: "location.changed" }>["action"]>;
const LOCATION_FIELDS = { id: true, name: true, kind: true, holderId: true, archived: true, createdAt: true } as const;

/** Stock-location events: the location as it is now; a transfer with its item, both ends and their levels; a count with its differences. */
function locationAnnounced(locationIds: number[], action: LocationAction): Announced[] {
  switch (action.kind) {
    case "created":
    case "updated":
    case "archived": {
      const id = locationIds[0]!;
      return [
        {
          event: `location.${action.kind}`,
          key: `loc:${id}:${action.kind}`,
          data: async (tx) => ({ location: await tx.stockLocation.findUnique({ where: { id }, select: LOCATION_FIELDS }) }),
        },
      ];
    }
    case "transferred": {
      const [fromId, toId] = locationIds as [number, number];
      return [
        {
          event: "stock.transferred",
          key: `xfer:${action.itemId}:${fromId}:${toId}`,
          data: async (tx) => {
            // One after another: a transaction is one connection, and pg deprecates a query sent while another
            // runs on it (pg@9 removes the queue). The two findUnique of one model still go as one query.
            const item = await tx.inventoryItem.findUnique({ where: { id: action.itemId }, select: { id: true, name: true, unit: true, quantity: true } });
            const [from, to] = await Promise.all([
              tx.stockLocation.findUnique({ where: { id: fromId }, select: LOCATION_FIELDS }),
              tx.stockLocation.findUnique({ where: { id: toId }, select: LOCATION_FIELDS }),
            ]);
            const levels = await tx.stockLevel.findMany({ where: { itemId: action.itemId, locationId: { in: [fromId, toId] } }, select: { locationId: true, quantity: true } });
            const at = (id: number) => levels.find((l) => l.locationId === id)?.quantity ?? 0;
            return { item, quantity: action.quantity, from: { ...from, quantityAfter: at(fromId) }, to: { ...to, quantityAfter: at(toId) } };
          },
        },
      ];
    }
    case "count_completed":
      return [
        {
          event: "stock_count.completed",
          key: `count:${action.countId}`,
          data: async (tx) => {
            const count = await tx.stockCount.findUnique({
              where: { id: action.countId },
              select: {
                id: true,
                status: true,
                startedAt: true,
                finishedAt: true,
                location: { select: LOCATION_FIELDS },
                lines: {
                  where: { countedQuantity: { not: null } },
                  orderBy: { itemId: "asc" },
                  select: { itemId: true, countedQuantity: true, variance: true, item: { select: { name: true, unit: true } } },
                },
              },
            });
            return { count };
          },
        },
      ];
  }
}

/**
 * Whether any webhook is active, kept while the bus delivers every process's `webhook.changed`: so a
 * write costs no extra statement while there are no webhooks (the usual case).
 */
const anyWebhooks = perBus((bus) => {
  const cache = new BusGuardedCache<"any", { any: boolean }>(bus, 10 * 60_000, 1);
  onChange(bus, (event) => {
    if (event?.type === "webhook.changed") cache.invalidate();
  });
  return cache;
});

/** Whether any webhook is active (cached; see anyWebhooks). */
export function hasActiveWebhooks(bus: EventBus, tx: Pick<Tx, "$queryRaw">): Promise<boolean> {
  return anyWebhooks(bus)
    .through("any", async () => {
      const [row] = await tx.$queryRaw<{ any: boolean }[]>`SELECT EXISTS (SELECT 1 FROM "Webhook" WHERE active) AS any`;
      return { any: Boolean(row?.any) };
    })
    .then((v) => v?.any ?? true);
}

const queuedListeners = new WeakMap<EventBus, () => void>();
/** The worker of this process asks to hear when a write of this process queued deliveries. */
export function onDeliveriesQueued(bus: EventBus, listener: () => void): void {
  queuedListeners.set(bus, listener);
}
export function deliveriesQueued(bus: EventBus): void {
  queuedListeners.get(bus)?.();
}

/**
 * Writes one outbox row per (webhook, event) for a write's events, inside the write's transaction:
 * a rolled-back change sends nothing, a committed one loses nothing. The body is fixed here, so
 * every retry sends (and signs) the same bytes. Answers how many rows it wrote.
 */
export async function enqueueWebhookDeliveries(bus: EventBus, tx: Tx, events: readonly DomainEvent[]): Promise<number> {
  const seen = new Set<string>();
  const items = events.flatMap(announced).filter((a) => !seen.has(a.key) && seen.add(a.key));
  if (!items.length || !(await hasActiveWebhooks(bus, tx))) return 0;
  // KEY SHARE: a webhook deleted meanwhile waits for this transaction (and then takes its deliveries along).
  const hooks = await tx.$queryRaw<{ id: number; events: string[] }[]>`
    SELECT id, events FROM "Webhook" WHERE active AND events && ${[...new Set(items.map((i) => i.event))]}::text[] FOR KEY SHARE`;
  if (!hooks.length) return 0;
  const rows = [];
  for (const item of items) {
    const targets = hooks.filter((h) => h.events.includes(item.event));
    if (!targets.length) continue;
    const data = await item.data(tx);
    const createdAt = new Date();
    for (const hook of targets) {
      const id = randomUUID();
      rows.push({ id, webhookId: hook.id, event: item.event, body: JSON.stringify({ id, event: item.event, createdAt, data }), createdAt, nextAttemptAt: createdAt });
    }
  }
  if (rows.length) await tx.webhookDelivery.createMany({ data: rows });
  return rows.length;
}
