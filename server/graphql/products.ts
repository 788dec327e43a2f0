import type { InventoryItem, MeasureUnit } from "../db/generated/client.ts";
import { SIGNAL_WORDS } from "../../schemas/constants.ts";
import { AREA_UNITS, MEASURE_UNITS, REMAINDER_UNIT, describeParts, describeStock, fromBase } from "../../schemas/measures.ts";
import { activeIngredientsOf, containerSizeOf } from "../domain/products.ts";
import { containerBaseOf } from "../domain/stock.ts";
import { render } from "../i18n/index.ts";
import { builder } from "./builder.ts";

/*
 * Pesticide products' label facts and measured amounts (issue 34): the enums, the Decimal scalar
 * (exact decimal text), and the fields they add to InventoryItem and StockLevel.
 */

export const MeasureUnitEnum = builder.enumType("MeasureUnit", { description: "fl oz, gal, mL, L, oz, lb, g, kg", values: MEASURE_UNITS });
export const AreaUnitEnum = builder.enumType("AreaUnit", { values: AREA_UNITS });
export const SignalWordEnum = builder.enumType("SignalWord", { values: SIGNAL_WORDS });

export const DecimalScalar = builder.scalarType("Decimal", {
  description: "An exact decimal as text (e.g. \"2.5\"); inputs take text or a number, at most 3 decimals",
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== "string" && typeof value !== "number") throw new TypeError("Decimal must be text or a number");
    return String(value);
  },
});

export type Measured = { amount: string; unit: MeasureUnit };
export const MeasuredAmountType = builder.objectRef<Measured>("MeasuredAmount").implement({
  description: "An exact amount of a measure unit",
  fields: (t) => ({
    amount: t.field({ type: DecimalScalar, resolve: (m) => m.amount }),
    unit: t.field({ type: MeasureUnitEnum, resolve: (m) => m.unit }),
  }),
});

const ActiveIngredientType = builder.objectRef<{ name: string; percent: string | null }>("ActiveIngredient").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    percent: t.field({ type: DecimalScalar, nullable: true, description: "Percent by weight, as on the label", resolve: (i) => i.percent }),
  }),
});

export const ActiveIngredientInput = builder.inputType("ActiveIngredientInput", {
  fields: (t) => ({ name: t.string({ required: true }), percent: t.field({ type: DecimalScalar }) }),
});
export const MeasuredAmountInput = builder.inputType("MeasuredAmountInput", {
  fields: (t) => ({ amount: t.field({ type: DecimalScalar, required: true }), unit: t.field({ type: MeasureUnitEnum, required: true }) }),
});

type Levels = { stockLevels: { amount: bigint }[] };
/** What is left in open containers over all locations (each location's open one), in the container's small unit. */
function openRemaining(item: Pick<InventoryItem, "containerAmountMilli" | "containerUnit"> & Levels): Measured | null {
  const container = containerBaseOf(item);
  if (container === null) return null;
  const open = item.stockLevels.reduce((sum, l) => sum + (l.amount % container), 0n);
  const unit = REMAINDER_UNIT[item.containerUnit!];
  return { amount: fromBase(open, unit), unit };
}

const measuredSelect = { containerAmountMilli: true, containerUnit: true, stockLevels: { select: { amount: true } } } as const;

builder.prismaObjectFields("InventoryItem", (t) => ({
  activeIngredients: t.field({
    type: [ActiveIngredientType],
    description: "As on the label; empty when not recorded",
    select: { activeIngredients: true },
    resolve: (i) => activeIngredientsOf(i),
  }),
  signalWord: t.field({ type: SignalWordEnum, nullable: true, select: { signalWord: true }, resolve: (i) => i.signalWord }),
  restrictedUse: t.exposeBoolean("restrictedUse", { description: "A restricted-use pesticide (RUP): applied only by or under a certified applicator" }),
  formulation: t.exposeString("formulation", { nullable: true }),
  containerSize: t.field({
    type: MeasuredAmountType,
    nullable: true,
    description: "A measured product's container (1 container = 1 gal); `quantity` then counts whole containers",
    select: { containerAmountMilli: true, containerUnit: true },
    resolve: (i) => containerSizeOf(i),
  }),
  openContainerRemaining: t.field({
    type: MeasuredAmountType,
    nullable: true,
    description: "What is left in the open containers (one per location at most), beside the whole ones",
    select: measuredSelect,
    resolve: (i) => openRemaining(i),
  }),
  stockText: t.string({
    description: "The stock in words, in the reader's language: '4 containers + 62 fl oz' for a measured product (whole containers over all locations, and what their open ones hold), '12 boxes' otherwise (the unit as entered)",
    select: { ...measuredSelect, quantity: true, unit: true },
    resolve: (i, _args, ctx) => {
      const container = containerBaseOf(i);
      if (container === null) return `${i.quantity} ${i.unit}`;
      return render(describeParts(i.quantity, i.stockLevels.reduce((sum, l) => sum + (l.amount % container), 0n), i.containerUnit!), ctx.locale);
    },
  }),
}));

builder.prismaObjectFields("StockLevel", (t) => ({
  openContainerRemaining: t.field({
    type: MeasuredAmountType,
    nullable: true,
    description: "What is left in this location's open container of a measured product",
    select: { amount: true, item: { select: { containerAmountMilli: true, containerUnit: true } } },
    resolve: (l) => openRemaining({ ...l.item, stockLevels: [{ amount: l.amount }] }),
  }),
  stockText: t.string({
    description: "In the reader's language: '4 containers + 62 fl oz' for a measured product, '12 boxes' otherwise (the unit as entered)",
    select: { amount: true, quantity: true, item: { select: { containerAmountMilli: true, containerUnit: true, unit: true } } },
    resolve: (l, _args, ctx) => {
      const container = containerBaseOf(l.item);
      return container === null ? `${l.quantity} ${l.item.unit}` : render(describeStock(l.amount, container, l.item.containerUnit!), ctx.locale);
    },
  }),
}));
