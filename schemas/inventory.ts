import { z } from "zod";
import { say } from "./messages.ts";
import { EPA_REGISTRATION_NUMBER, EPA_REGISTRATION_NUMBER_MESSAGE, INVENTORY_CATEGORIES, PRODUCT_CATEGORIES, SIGNAL_WORDS, UNITS } from "./constants.ts";
import { decimalAmount, MEASURE_UNITS, parseThousandths } from "./measures.ts";
import { oneOf, optionalPatternText, optionalText, requiredText, sdsFileUrlField, wholeNumber } from "./fields.ts";
import { centsToDollars, moneyInput, numberInput, textInput } from "./form.ts";

/** §5 inventory item input: the server validates with these, the item form with the very same objects. */
export const inventoryItemFields = {
  name: requiredText(/*i18n*/ { id: "label.name", message: "Name" }),
  description: optionalText(/*i18n*/ { id: "label.description", message: "Description" }, 2000, { multiline: true }),
  category: oneOf(/*i18n*/ { id: "label.category", message: "Category" }, INVENTORY_CATEGORIES),
  quantity: wholeNumber(/*i18n*/ { id: "label.quantity", message: "Quantity" }, 0),
  minQuantity: wholeNumber(/*i18n*/ { id: "label.minimumQuantity", message: "Minimum quantity" }, 0),
  reorderPoint: wholeNumber(/*i18n*/ { id: "label.reorderPoint", message: "Reorder point" }, 0),
  reorderQuantity: wholeNumber(/*i18n*/ { id: "label.reorderQuantity", message: "Reorder quantity" }, 1),
  unit: oneOf(/*i18n*/ { id: "label.unit", message: "Unit" }, UNITS),
  /** Integer cents (the form multiplies dollars by 100 and rounds). */
  price: wholeNumber(/*i18n*/ { id: "label.price", message: "Price" }, 0).nullish(),
  supplier: optionalText(/*i18n*/ { id: "label.supplier", message: "Supplier" }),
  location: optionalText(/*i18n*/ { id: "label.location", message: "Location" }),
  barcode: optionalText(/*i18n*/ { id: "label.barcode", message: "Barcode" }, 128),
  qrCode: optionalText(/*i18n*/ { id: "label.qrCode", message: "QR code" }, 1000),
  sdsFileUrl: sdsFileUrlField,
  hazardous: z.boolean({ error: say(/*i18n*/ { id: "item.hazardousMustBeTrueOr", message: "Hazardous must be true or false" }) }),
  epaRegistrationNumber: optionalPatternText(/*i18n*/ { id: "label.epaRegistrationNumber", message: "EPA registration number" }, 40, EPA_REGISTRATION_NUMBER, EPA_REGISTRATION_NUMBER_MESSAGE),
  activeIngredient: optionalText(/*i18n*/ { id: "label.activeIngredient", message: "Active ingredient" }, 200),
  /** Label facts of a Pesticide, Chemicals or Bait product (issue 34). */
  activeIngredients: z
    .array(
      z.object({
        name: requiredText(/*i18n*/ { id: "label.activeIngredient", message: "Active ingredient" }, 200),
        percent: z
          .union([z.string(), z.number()])
          .transform((v) => (typeof v === "number" ? String(v) : v.trim()))
          .refine((v) => v === "" || (parseThousandths(v) !== null && parseThousandths(v)! <= 100_000n), say(/*i18n*/ { id: "item.percentForm", message: "Percent must be a number with at most 3 decimals, from 0 to 100" }))
          .transform((v) => (v === "" ? null : v))
          .nullish(),
      }),
      { error: say(/*i18n*/ { id: "item.activeIngredientsShape", message: "Active ingredients must be a list of {shape}", values: { shape: "{ name, percent }" } }) },
    )
    .max(10, say(/*i18n*/ { id: "item.atMost10ActiveIngredients", message: "At most 10 active ingredients" }))
    .nullish(),
  signalWord: oneOf(/*i18n*/ { id: "label.signalWord", message: "Signal word" }, SIGNAL_WORDS).nullish(),
  restrictedUse: z.boolean({ error: say(/*i18n*/ { id: "item.restrictedUseMustBeTrue", message: "Restricted use must be true or false" }) }),
  formulation: optionalText(/*i18n*/ { id: "label.formulation", message: "Formulation" }, 100),
  /** 1 container = amount × unit (e.g. 1 GAL): the product is then measured, its stock kept exactly. */
  containerSize: z
    .object({ amount: decimalAmount(/*i18n*/ { id: "label.containerSize", message: "Container size" }, { max: "100000" }), unit: oneOf(/*i18n*/ { id: "label.containerUnit", message: "Container unit" }, MEASURE_UNITS) }, { error: say(/*i18n*/ { id: "item.containerSizeShape", message: "Container size must be {shape}", values: { shape: "{ amount, unit }" } }) })
    .nullish(),
};

/** §9 defaults of a new item (the form starts from them too, with a price of 0). */
const NEW_ITEM = { quantity: 0, minQuantity: 10, reorderPoint: 5, reorderQuantity: 20, unit: "units", hazardous: false } as const;

/** §5 create rules; id, createdAt and updatedAt are not accepted (dropped). */
export const createInventoryItemInput = z.object({
  ...inventoryItemFields,
  quantity: inventoryItemFields.quantity.default(NEW_ITEM.quantity),
  minQuantity: inventoryItemFields.minQuantity.default(NEW_ITEM.minQuantity),
  reorderPoint: inventoryItemFields.reorderPoint.default(NEW_ITEM.reorderPoint),
  reorderQuantity: inventoryItemFields.reorderQuantity.default(NEW_ITEM.reorderQuantity),
  unit: inventoryItemFields.unit.default(NEW_ITEM.unit),
  hazardous: inventoryItemFields.hazardous.default(NEW_ITEM.hazardous),
  restrictedUse: inventoryItemFields.restrictedUse.default(false),
});
/** Update takes only the fields to change. */
export const updateInventoryItemInput = z.object(inventoryItemFields).partial();

const f = inventoryItemFields;

/** Items of these categories carry label facts (issue 34); the server refuses them on any other item. */
export const isProductCategory = (category: string | null | undefined) => (PRODUCT_CATEGORIES as readonly string[]).includes(category ?? "");

/**
 * The label facts part of the item form (Pesticide, Chemicals and Bait items): each input's text read
 * into the fields above. An ingredient row is a name and a percent; the container size is an amount
 * and a measure unit, both blank for a product counted in whole units.
 */
const labelFactsForm = z.object({
  activeIngredients: z.array(z.object({ name: z.string(), percent: z.string() })).transform((rows) =>
    rows.map((r) => ({ name: r.name, percent: r.percent.trim() === "" ? null : r.percent.trim() })),
  ).pipe(f.activeIngredients as z.ZodType<z.output<typeof f.activeIngredients>, { name: string; percent: string | null }[]>),
  signalWord: textInput(f.signalWord, null),
  restrictedUse: f.restrictedUse,
  formulation: f.formulation,
  containerSize: z
    .object({ amount: z.string(), unit: z.string() })
    .transform((v) => (v.amount.trim() === "" && v.unit === "" ? null : { amount: v.amount.trim() === "" ? undefined : v.amount, unit: v.unit === "" ? undefined : v.unit }))
    .pipe(f.containerSize as z.ZodType<z.output<typeof f.containerSize>, { amount: string | undefined; unit: string | undefined } | null>),
});

/** What the label facts inputs hold (text), before they are read. */
const labelFactsInputs = {
  activeIngredients: z.array(z.object({ name: z.string(), percent: z.string() })),
  signalWord: z.string(),
  restrictedUse: z.boolean(),
  formulation: z.string(),
  containerSize: z.object({ amount: z.string(), unit: z.string() }),
};

/**
 * The item form (add and edit): each input's text read into the fields above, so the form shows the
 * server's own messages. Its output is the create/update input; optional numbers left blank are
 * omitted (the server keeps its default or the stored value). A product (Pesticide, Chemicals, Bait)
 * sends its label facts, the ingredients as a list; any other item sends them cleared and keeps the
 * one-line active ingredient, as before issue 34.
 */
export const inventoryItemForm = z
  .object({
    name: f.name,
    description: f.description,
    category: textInput(f.category),
    unit: textInput(f.unit),
    quantity: numberInput(f.quantity),
    minQuantity: numberInput(f.minQuantity),
    reorderPoint: numberInput(f.reorderPoint.optional()),
    reorderQuantity: numberInput(f.reorderQuantity.optional()),
    price: moneyInput(f.price),
    supplier: f.supplier,
    location: f.location,
    barcode: f.barcode,
    qrCode: f.qrCode,
    epaRegistrationNumber: f.epaRegistrationNumber,
    activeIngredient: f.activeIngredient,
    hazardous: f.hazardous,
    ...labelFactsInputs,
  })
  .transform(({ activeIngredients, signalWord, restrictedUse, formulation, containerSize, activeIngredient, ...item }, ctx) => {
    if (!isProductCategory(item.category)) return { ...item, activeIngredient, restrictedUse: false, signalWord: null, formulation: null, containerSize: null };
    const facts = labelFactsForm.safeParse({ activeIngredients, signalWord, restrictedUse, formulation, containerSize });
    if (!facts.success) {
      for (const issue of facts.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path as PropertyKey[] });
      return z.NEVER;
    }
    return { ...item, ...facts.data };
  });
export type InventoryItemFormValues = z.input<typeof inventoryItemForm>;
export type InventoryItemFormOutput = z.output<typeof inventoryItemForm>;

/** A stored item as the form reads it (GraphQL's shape). */
type StoredItem = {
  [K in Exclude<keyof InventoryItemFormValues, keyof typeof labelFactsInputs>]?: string | number | boolean | null;
} & {
  activeIngredients?: readonly { readonly name: string; readonly percent?: string | number | null }[] | null;
  signalWord?: string | null;
  restrictedUse?: boolean | null;
  formulation?: string | null;
  containerSize?: { readonly amount: string | number; readonly unit: string } | null;
};
const shown = (v: string | number | boolean | null | undefined) => (v == null ? "" : String(v));

/** "Fipronil 0.05%, Bifenthrin 7.9%" (the one-line form) as rows, for an item stored before the list. */
export function ingredientRows(line: string | null | undefined): { name: string; percent: string }[] {
  if (!line?.trim()) return [];
  return line.split(/,\s*/).filter(Boolean).map((part) => {
    const m = /^(.*?)\s+(\d{1,3}(?:\.\d{1,3})?)\s*%$/.exec(part.trim());
    return m ? { name: m[1]!, percent: m[2]! } : { name: part.trim(), percent: "" };
  });
}

/** What the form's inputs show: a stored item's values, or a new item's §9 defaults. */
export function inventoryItemFormValues(item: StoredItem | null): InventoryItemFormValues {
  const v: StoredItem = item ?? NEW_ITEM;
  const list = v.activeIngredients ?? [];
  return {
    name: shown(v.name),
    description: shown(v.description),
    category: shown(v.category),
    unit: shown(v.unit),
    quantity: shown(v.quantity),
    minQuantity: shown(v.minQuantity),
    reorderPoint: shown(v.reorderPoint),
    reorderQuantity: shown(v.reorderQuantity),
    // A new item shows a price of 0, as the form always did; a stored one its dollars and cents.
    price: !item ? "0" : typeof v.price === "number" ? centsToDollars(v.price) : "",
    supplier: shown(v.supplier),
    location: shown(v.location),
    barcode: shown(v.barcode),
    qrCode: shown(v.qrCode),
    epaRegistrationNumber: shown(v.epaRegistrationNumber),
    activeIngredient: shown(v.activeIngredient),
    hazardous: v.hazardous === true,
    activeIngredients: list.length ? list.map((i) => ({ name: i.name, percent: shown(i.percent) })) : ingredientRows(typeof v.activeIngredient === "string" ? v.activeIngredient : null),
    signalWord: shown(v.signalWord),
    restrictedUse: v.restrictedUse === true,
    formulation: shown(v.formulation),
    containerSize: { amount: shown(v.containerSize?.amount), unit: shown(v.containerSize?.unit) },
  };
}
