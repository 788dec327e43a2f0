import { EventEmitter } from "node:events";

export type Urgency = "critical" | "high";
export type LowStockItem = { id: number; name: string; quantity: number; minQuantity: number; unit: string; urgency: Urgency };

/** What the domain announces after a commit. Transports (subscriptions, /ws) listen. */
export type DomainEvent =
  /** `created` marks the commit that made the record, so open lists can add it; `deleted` the one that removed it. */
  | { type: "inventory.changed"; itemId: number; created?: boolean; deleted?: boolean }
  | { type: "equipment.changed"; equipmentId: number; created?: boolean }
  | { type: "request.changed"; requestId: number; requesterId: number; status: "pending" | "approved" | "denied"; created?: boolean }
  | { type: "stock.low"; items: LowStockItem[] }
  /** A stored notification for one user (its row is committed; the subscription reads it). */
  | { type: "notification.created"; notificationId: number; userId: number };

export type EventBus = {
  publish(event: DomainEvent): void;
  subscribe(listener: (event: DomainEvent) => void): () => void;
  close(): Promise<void>;
};

/** In-process bus; the PostgreSQL LISTEN/NOTIFY fan-out implements the same interface. */
export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (event) => emitter.emit("event", event),
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    close: async () => void emitter.removeAllListeners(),
  };
}
