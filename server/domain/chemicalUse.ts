import { Prisma, type ChemicalUse, type InventoryItem } from "../db/generated/client.ts";
import { formatThousandths } from "../../schemas/measures.ts";
import { checkLicences, personWithLicence } from "./applications.ts";
import { validOn } from "./certifications.ts";
import { logActivity, parseInput, requireActor, write, type Actor, type Deps } from "./context.ts";
import { NotFoundError, ValidationError } from "./errors.ts";
import { useLocation } from "./locations.ts";
import { utcDay } from "./maintenance.ts";
import { notifyLowStock } from "./notifications.ts";
import { becameLow, containerBaseOf, isLow, lowStockItem, takeStockRecorded } from "./stock.ts";
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
    if (!product) throw new NotFoundError(/*i18n*/ { id: "item.notFound", message: "Inventory item not found" });
    const from = await useLocation(tx, a, data.locationId, product.id);
    // The licence rule of application records holds here too: a restricted-use product needs the user's valid certification.
    const applicator = await personWithLicence(tx, a.id, "itemId");
    checkLicences(applicator, null, usedAt, [product]);
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
    // The same use as an application record (issue 34), with what this form does not ask left "not recorded".
    const container = containerBaseOf(item);
    const licence = validOn(applicator.certification, usedAt) ? applicator.certification : null;
    const application = await tx.application.create({
      data: {
        street: data.siteAddress,
        startedAt: usedAt,
        targetPests: [data.targetPest],
        applicatorId: a.id,
        applicatorName: applicator.name,
        certificationNumber: licence?.number ?? null,
        certificationState: licence?.state ?? null,
        supervisedApplicators: [],
        recordedById: a.id,
        chemicalUseId: chemicalUse.id,
        lines: {
          create: {
            position: 0,
            itemId: item.id,
            productName: item.name,
            epaRegistrationNumber: item.epaRegistrationNumber,
            restrictedUse: item.restrictedUse,
            signalWord: item.signalWord,
            activeIngredients: item.activeIngredients ?? Prisma.DbNull,
            amount: container === null ? String(data.quantity) : formatThousandths(BigInt(data.quantity) * BigInt(item.containerAmountMilli!)),
            unit: container === null ? item.unit : item.containerUnit!,
            amountBase: container === null ? null : BigInt(data.quantity) * container,
            locationId: from.id,
          },
        },
      },
    });
    await tx.stockMovement.update({ where: { id: movement.id }, data: { applicationId: application.id } });
    await logActivity(tx, a, {
      action: "use",
      entityType: "inventory",
      entityId: item.id,
      details: item.epaRegistrationNumber
        ? /*i18n*/ {
            id: "activity.chemicalUsedEpa",
            message: "Used {quantity} {unit} of {item} (EPA Reg. No. {epa}) at {site} against {pest}",
            values: {
              quantity: data.quantity,
              unit: item.unit,
              item: item.name,
              epa: item.epaRegistrationNumber,
              site: data.siteAddress,
              pest: data.targetPest,
            },
          }
        : /*i18n*/ {
            id: "activity.chemicalUsed",
            message: "Used {quantity} {unit} of {item} at {site} against {pest}",
            values: { quantity: data.quantity, unit: item.unit, item: item.name, site: data.siteAddress, pest: data.targetPest },
          },
    });
    if (becameLow(item, -data.quantity)) await notifyLowStock(tx, emit, [item]);
    emit({ type: "inventory.changed", itemId: item.id });
    emit({ type: "location.changed", locationIds: [from.id] });
    if (isLow(item)) emit({ type: "stock.low", items: [lowStockItem(item)] });
    emit({ type: "application.changed", applicationId: application.id, applicatorId: a.id, action: "recorded" });
    return { chemicalUse, item };
  });
}
