import { Prisma, type InventoryItem, type MeasureUnit, type StockLevel } from "../db/generated/client.ts";
import { PRODUCT_CATEGORIES } from "../../schemas/constants.ts";
import { MEASURE_LABEL, formatThousandths, parseThousandths } from "../../schemas/measures.ts";
import type { Message } from "../../schemas/messages.ts";
import type { Actor, Tx } from "./context.ts";
import { ConflictError, ValidationError } from "./errors.ts";
import { containerBaseOf, recordMovement } from "./stock.ts";

/*
 * A pesticide product's label facts (issue 34): active ingredients with percentages, signal word,
 * restricted use, formulation, and the container a measured product is sold in. Only items of the
 * Pesticide, Chemicals and Bait categories carry them.
 */

export type ActiveIngredient = { name: string; percent: string | null };
type LabelInput = {
  category?: string;
  activeIngredient?: string | null;
  activeIngredients?: { name: string; percent?: string | null }[] | null;
  signalWord?: InventoryItem["signalWord"];
  restrictedUse?: boolean;
  formulation?: string | null;
  containerSize?: { amount: string; unit: MeasureUnit } | null;
  epaRegistrationNumber?: string | null;
};

/** "Fipronil 0.05%, Bifenthrin 7.9%": the list as the one line `activeIngredient` keeps. */
export const ingredientsLine = (list: ActiveIngredient[]) => list.map((i) => (i.percent ? `${i.name} ${i.percent}%` : i.name)).join(", ");

export function activeIngredientsOf(item: Pick<InventoryItem, "activeIngredients">): ActiveIngredient[] {
  return Array.isArray(item.activeIngredients) ? (item.activeIngredients as ActiveIngredient[]) : [];
}

/** The container as the API shows it ({ amount: "1", unit: "GAL" }), or null. */
export function containerSizeOf(item: Pick<InventoryItem, "containerAmountMilli" | "containerUnit">): { amount: string; unit: MeasureUnit } | null {
  return item.containerAmountMilli && item.containerUnit ? { amount: formatThousandths(BigInt(item.containerAmountMilli)), unit: item.containerUnit } : null;
}

/**
 * The columns of an input's label facts (create: `before` null), checked against the item's category:
 * only products carry them, a restricted-use product names its EPA registration number. Fields the
 * input leaves out stay as they were.
 */
export function labelColumns(input: LabelInput, before: InventoryItem | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { containerSize, activeIngredients } = input;
  if (activeIngredients !== undefined) {
    const list = (activeIngredients ?? []).map((i) => ({ name: i.name, percent: i.percent ?? null }));
    out.activeIngredients = list.length ? list : Prisma.DbNull;
    out.activeIngredient = list.length ? ingredientsLine(list) : null;
  } else if (input.activeIngredient !== undefined) {
    // The one-line form alone (REST clients before issue 34, the CSV column): the list follows it.
    out.activeIngredients = input.activeIngredient ? [{ name: input.activeIngredient, percent: null }] : Prisma.DbNull;
  }
  if (containerSize !== undefined) {
    out.containerAmountMilli = containerSize ? Number(parseThousandths(containerSize.amount)) : null;
    out.containerUnit = containerSize?.unit ?? null;
  }
  const category = input.category ?? before?.category;
  const after = {
    restrictedUse: input.restrictedUse ?? before?.restrictedUse ?? false,
    signalWord: input.signalWord !== undefined ? input.signalWord : before?.signalWord,
    formulation: input.formulation !== undefined ? input.formulation : before?.formulation,
    ingredients: out.activeIngredients !== undefined ? out.activeIngredients !== Prisma.DbNull : activeIngredientsOf(before ?? { activeIngredients: null }).length > 0,
    container: out.containerUnit !== undefined ? out.containerUnit !== null : Boolean(before?.containerUnit),
    epa: input.epaRegistrationNumber !== undefined ? input.epaRegistrationNumber : before?.epaRegistrationNumber,
  };
  if (!(PRODUCT_CATEGORIES as readonly string[]).includes(category ?? "")) {
    const carried = (
      [
        ["restrictedUse", after.restrictedUse],
        ["signalWord", after.signalWord],
        ["formulation", after.formulation],
        ["containerSize", after.container],
      ] as const
    ).find(([, v]) => Boolean(v));
    // Active ingredients stay allowed on any item (they were before issue 34); the label facts are products'.
    if (carried) throw new ValidationError(/*i18n*/ { id: "product.labelFactsOnlyForProducts", message: "Only {categories} items carry label facts ({field})", values: { categories: PRODUCT_CATEGORIES.join(", "), field: carried[0] } }, carried[0]);
  }
  if (after.restrictedUse && !after.epa) throw new ValidationError(/*i18n*/ { id: "product.aRestrictedUseProductNeeds", message: "A restricted-use product needs its EPA registration number" }, "epaRegistrationNumber");
  return out;
}

const containerText = (milli: number, unit: MeasureUnit) => `${formatThousandths(BigInt(milli))} ${MEASURE_LABEL[unit]}`;

/**
 * After an item's container changed (set, changed or removed): each location's exact amount is
 * restated in the new terms by an `adjusted` movement, so the ledger still adds up. Allowed only while
 * every location holds whole containers (an open one would change its meaning).
 */
export async function restateContainers(tx: Tx, actor: Actor, before: InventoryItem, after: InventoryItem): Promise<Message | null> {
  const was = containerBaseOf(before);
  const now = containerBaseOf(after);
  if (was === now) return null;
  const levels = await tx.stockLevel.findMany({ where: { itemId: after.id }, include: { location: true } });
  for (const level of levels) {
    if (was !== null && level.amount % was !== 0n) {
      throw new ConflictError(/*i18n*/ { id: "product.hasAnOpenContainerAt", message: "{name} has an open container at {name2}: use it up or count it before changing the container size", values: { name: after.name, name2: level.location.name } }, "containerSize");
    }
  }
  for (const level of levels as (StockLevel & { location: { name: string } })[]) {
    const amount = now === null ? 0n : BigInt(level.quantity) * now;
    const change = amount - level.amount;
    if (change === 0n) continue;
    await tx.stockLevel.update({ where: { id: level.id }, data: { amount } });
    await recordMovement(tx, actor, after, 0, "adjusted", undefined, { locationId: level.locationId, amountDelta: change });
  }
  if (now === null) {
    return /*i18n*/ { id: "activity.containerRemoved", message: "Counted {name} in {unit} again (no container size)", values: { name: after.name, unit: after.unit } };
  }
  return /*i18n*/ {
    id: "activity.containerSet",
    message: "Set the container of {name} to {container}",
    values: { name: after.name, container: containerText(after.containerAmountMilli!, after.containerUnit!) },
  };
}
