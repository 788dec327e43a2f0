import { EventEmitter } from "node:events";

export type Urgency = "critical" | "high";
export type LowStockItem = { id: number; name: string; quantity: number; minQuantity: number; unit: string; urgency: Urgency };

/** What the domain announces after a commit. Transports (subscriptions, /ws) listen. */
export type DomainEvent =
  /** `created` marks the commit that made the record, so open lists can add it; `deleted` the one that removed it. */
  | { type: "inventory.changed"; itemId: number; created?: boolean; deleted?: boolean }
  /** `action` when the change was a check-out or check-in (webhooks name those). */
  | { type: "equipment.changed"; equipmentId: number; created?: boolean; action?: "checked_out" | "checked_in" }
  | { type: "request.changed"; requestId: number; requesterId: number; status: "pending" | "approved" | "denied"; created?: boolean }
  | { type: "stock.low"; items: LowStockItem[] }
  /**
   * A stock location, its stock, minimums or counts changed. `action` when webhooks name the change:
   * the location made, edited or archived (one id), stock moved (ids: from, to), a count completed.
   */
  | {
      type: "location.changed";
      locationIds: number[];
      action?:
        | { kind: "created" | "updated" | "archived" }
        | { kind: "transferred"; itemId: number; quantity: number }
        | { kind: "count_completed"; countId: number };
    }
  /** Purchase orders were made or changed (issue 16); `itemIds`: the items whose 'on order' may have moved. */
  | { type: "purchaseOrder.changed"; purchaseOrderIds: number[]; itemIds: number[]; action?: "placed" | "received" | "cancelled" }
  /** A supplier was added or changed. */
  | { type: "supplier.changed"; supplierId: number }
  /** A stored notification for one user (its row is committed; the subscription reads it). */
  | { type: "notification.created"; notificationId: number; userId: number }
  /** Sessions ended (sign-out): one session by the digest the database keys it by, or every session of a user. */
  | { type: "session.revoked"; sessionDigest?: string; userId?: number }
  /**
   * A committed write that announced nothing in particular (a team change, a notification read):
   * caches of other processes hear that something changed.
   */
  | { type: "records.changed" }
  /** An API token revoked: every process's token cache drops it. */
  | { type: "apiToken.revoked"; tokenId: number }
  /** A webhook created, changed or deleted: outboxes re-read which webhooks exist. */
  | { type: "webhook.changed"; webhookId: number }
  /** A pesticide application record was made or amended (issue 34). */
  | { type: "application.changed"; applicationId: number; applicatorId: number; action: "recorded" | "amended" }
  /** A user's applicator certification was set. */
  | { type: "certification.changed"; userId: number }
  /** A user changed their preferences (language): caches of their sessions and tokens drop them. */
  | { type: "user.preferencesChanged"; userId: number };

/** What a bus needs of a transaction to publish within it (a Prisma transaction client has it). */
export type SqlRunner = { $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number> };

export type EventBus = {
  publish(event: DomainEvent): void;
  subscribe(listener: (event: DomainEvent) => void): () => void;
  /**
   * Publishes as part of a transaction, so other processes hear it exactly when it commits (PostgreSQL
   * NOTIFY is transactional). Absent on the in-process bus, which has no other processes to tell.
   */
  publishWithin?(tx: SqlRunner, event: DomainEvent): Promise<void>;
  /**
   * True while every event any process publishes reaches this process's listeners. Caches that rely
   * on hearing of changes keep nothing while it is false.
   */
  delivering(): boolean;
  /** Changes whenever delivery may have lapsed (disconnect, reconnect): what was cached before is stale. */
  epoch(): number;
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
    delivering: () => true,
    epoch: () => 0,
    close: async () => void emitter.removeAllListeners(),
  };
}
