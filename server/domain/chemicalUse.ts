import type { ChemicalUse, InventoryItem } from "../db/generated/client.ts";
import { logActivity, parseInput, requireActor, write, type Actor, type Deps } from "./context.ts";
import { NotFoundError, ValidationError } from "./errors.ts";
import { useLocation } from "./locations.ts";
import { utcDay } from "./maintenance.ts";
import { notifyLowStock } from "./notifications.ts";
import { becameLow, isLow, lowStockItem, takeStockRecorded } from "./stock.ts";
import { FUTURE_USE, recordChemicalUseInput } from "../../schemas/chemicalUse.ts";

/**
 * Takes the quantity used from stock (a `used` stock movement, conditional like every decrement) and
 * keeps the use with snapshots of the product's name, EPA number and active ingredient, in one
 * transaction with its activity entry.
 */
export async function recordChemicalUse(
  deps: Deps,
  actor: Actor | null,
  input: unknown,
  now = new Date(),
): Promise<{ chemicalUse: ChemicalUse; item: InventoryItem }> {
  const a = requireActor(actor);
  const data = parseInput(recordChemicalUseInput, input);
  const usedAt = data.date ?? now;
  if (utcDay(usedAt) > utcDay(now)) throw new ValidationError(FUTURE_USE, "date");
  return write(deps, async (tx, emit) => {
    const product = await tx.inventoryItem.findUnique({ where: { id: data.itemId } });
    if (!product) throw new NotFoundError("Inventory item not found");
    const from = await useLocation(tx, a, data.locationId, product.id);
    const { item, movement } = await takeStockRecorded(tx, a, { itemId: product.id, name: product.name, quantity: data.quantity }, "used", undefined, from);
    const chemicalUse = await tx.chemicalUse.create({
      data: {
        itemId: item.id,
        itemName: item.name,
        epaRegistrationNumber: item.epaRegistrationNumber,
        activeIngredient: item.activeIngredient,
        quantity: data.quantity,
        unit: item.unit,
        siteAddress: data.siteAddress,
        targetPest: data.targetPest,
        usedAt,
        userId: a.id,
        stockMovementId: movement.id,
      },
    });
    await logActivity(tx, a, {
      action: "use",
      entityType: "inventory",
      entityId: item.id,
      details:
        `Used ${data.quantity} ${item.unit} of ${item.name}${item.epaRegistrationNumber ? ` (EPA Reg. No. ${item.epaRegistrationNumber})` : ""}` +
        ` at ${data.siteAddress} against ${data.targetPest}`,
    });
    if (becameLow(item, -data.quantity)) await notifyLowStock(tx, emit, [item]);
    emit({ type: "inventory.changed", itemId: item.id });
    emit({ type: "location.changed", locationIds: [from.id] });
    if (isLow(item)) emit({ type: "stock.low", items: [lowStockItem(item)] });
    return { chemicalUse, item };
  });
}
