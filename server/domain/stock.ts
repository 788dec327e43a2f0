import type { InventoryItem, StockMovement, StockMovementReason } from "../db/generated/client.ts";
import type { LowStockItem, Urgency } from "../realtime/events.ts";
import { ConflictError } from "./errors.ts";
import type { Actor, Tx } from "./context.ts";

/** §4: Low Stock at or below minQuantity; Warning at or below 1.5 × minQuantity. */
export type StockStatus = "IN_STOCK" | "WARNING" | "LOW_STOCK";
export function stockStatus(item: Pick<InventoryItem, "quantity" | "minQuantity">): StockStatus {
  if (item.quantity <= item.minQuantity) return "LOW_STOCK";
  if (item.quantity <= item.minQuantity * 1.5) return "WARNING";
  return "IN_STOCK";
}

export function isLow(item: Pick<InventoryItem, "quantity" | "minQuantity">): boolean {
  return item.quantity <= item.minQuantity;
}

/** critical when at or below the reorder point, otherwise high. */
export function urgencyOf(item: Pick<InventoryItem, "quantity" | "reorderPoint">): Urgency {
  return item.quantity <= item.reorderPoint ? "critical" : "high";
}

export function lowStockItem(item: InventoryItem): LowStockItem {
  return { id: item.id, name: item.name, quantity: item.quantity, minQuantity: item.minQuantity, unit: item.unit, urgency: urgencyOf(item) };
}

/** Records a quantity change that has already been applied to `item` (its quantity is the new one). */
export function recordMovement(
  tx: Tx,
  actor: Actor,
  item: Pick<InventoryItem, "id" | "name" | "quantity">,
  delta: number,
  reason: StockMovementReason,
  requestId?: number,
) {
  return tx.stockMovement.create({ data: movementRow(actor, item, delta, reason, requestId) });
}

/** The row of one stock movement (recordMovement writes one; bulk writes pass many to createMany). */
export function movementRow(
  actor: Actor,
  item: Pick<InventoryItem, "id" | "name" | "quantity">,
  delta: number,
  reason: StockMovementReason,
  requestId?: number,
) {
  return { itemId: item.id, itemName: item.name, delta, quantityAfter: item.quantity, reason, userId: actor.id, requestId: requestId ?? null };
}

/**
 * Takes `quantity` from stock as one conditional UPDATE (… WHERE quantity >= n), so concurrent
 * takers can never drive stock below zero; the loser gets a ConflictError.
 */
export async function takeStock(
  tx: Tx,
  actor: Actor,
  line: { itemId: number; name: string; quantity: number },
  reason: StockMovementReason,
  requestId?: number,
): Promise<InventoryItem> {
  return (await takeStockRecorded(tx, actor, line, reason, requestId)).item;
}

/** takeStock, also answering the stock movement it wrote (for records that point at it). */
export async function takeStockRecorded(
  tx: Tx,
  actor: Actor,
  line: { itemId: number; name: string; quantity: number },
  reason: StockMovementReason,
  requestId?: number,
): Promise<{ item: InventoryItem; movement: StockMovement }> {
  const updated = await tx.inventoryItem.updateManyAndReturn({
    where: { id: line.itemId, quantity: { gte: line.quantity } },
    data: { quantity: { decrement: line.quantity } },
  });
  const item = updated[0];
  if (!item) {
    const current = await tx.inventoryItem.findUnique({ where: { id: line.itemId } });
    if (!current) throw new ConflictError(`${line.name} no longer exists`);
    throw new ConflictError(
      `Not enough stock of ${current.name}: ${current.quantity} ${current.unit} left, ${line.quantity} requested`,
    );
  }
  const movement = await recordMovement(tx, actor, item, -line.quantity, reason, requestId);
  return { item, movement };
}

/** True when a change took the item from above its minimum to at or below it. */
export function becameLow(after: Pick<InventoryItem, "quantity" | "minQuantity">, delta: number): boolean {
  return isLow(after) && !isLow({ quantity: after.quantity - delta, minQuantity: after.minQuantity });
}
