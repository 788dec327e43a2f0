import { EPA_REGISTRATION_NUMBER, EPA_REGISTRATION_NUMBER_MESSAGE } from "./constants.ts";

/**
 * §5 inventory form rules, as pure functions so they can be checked without a browser.
 * Values are the raw strings of the form's inputs; `toInput` turns valid values into mutation input.
 */
export type ItemFormValues = {
  name: string;
  description: string;
  category: string;
  quantity: string;
  minQuantity: string;
  unit: string;
  price: string;
  reorderPoint: string;
  reorderQuantity: string;
  supplier: string;
  location: string;
  barcode: string;
  qrCode: string;
  epaRegistrationNumber: string;
  activeIngredient: string;
  hazardous: boolean;
};
export type ItemField = Exclude<keyof ItemFormValues, "hazardous">;
export type FieldErrors = Partial<Record<ItemField, string>>;

/** Defaults on create (§3). */
export const EMPTY_ITEM: ItemFormValues = {
  name: "",
  description: "",
  category: "",
  quantity: "0",
  minQuantity: "10",
  unit: "units",
  price: "0",
  reorderPoint: "5",
  reorderQuantity: "20",
  supplier: "",
  location: "",
  barcode: "",
  qrCode: "",
  epaRegistrationNumber: "",
  activeIngredient: "",
  hazardous: false,
};

const isWhole = (v: string) => /^\d+$/.test(v.trim());

function wholeAtLeast(label: string, value: string, min: number, required: boolean): string | undefined {
  if (value.trim() === "") return required ? `${label} is required` : undefined;
  if (!/^-?\d+$/.test(value.trim())) return `${label} must be a whole number`;
  if (Number(value) < min) return `${label} must be at least ${min}`;
  if (Number(value) > 2_147_483_647) return `${label} is too large`;
  return undefined;
}

export function validateItem(v: ItemFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.name.trim()) errors.name = "Name is required";
  if (!v.category) errors.category = "Category is required";
  if (!v.unit) errors.unit = "Unit is required";
  const quantity = wholeAtLeast("Quantity", v.quantity, 0, true);
  if (quantity) errors.quantity = quantity;
  const minQuantity = wholeAtLeast("Minimum quantity", v.minQuantity, 0, true);
  if (minQuantity) errors.minQuantity = minQuantity;
  const reorderPoint = wholeAtLeast("Reorder point", v.reorderPoint, 0, false);
  if (reorderPoint) errors.reorderPoint = reorderPoint;
  const reorderQuantity = wholeAtLeast("Reorder quantity", v.reorderQuantity, 1, false);
  if (reorderQuantity) errors.reorderQuantity = reorderQuantity;
  if (v.price.trim() !== "") {
    const dollars = Number(v.price);
    if (!Number.isFinite(dollars)) errors.price = "Price must be a number";
    else if (dollars < 0) errors.price = "Price must be at least 0";
    else if (Math.round(dollars * 100) > 2_147_483_647) errors.price = "Price is too large";
  }
  const epa = v.epaRegistrationNumber.trim();
  if (epa && !EPA_REGISTRATION_NUMBER.test(epa)) errors.epaRegistrationNumber = EPA_REGISTRATION_NUMBER_MESSAGE;
  if (v.activeIngredient.trim().length > 200) errors.activeIngredient = "Active ingredient must be at most 200 characters";
  return errors;
}

/** Dollars as typed → integer cents (× 100, rounded); empty → null. */
export function priceToCents(price: string): number | null {
  return price.trim() === "" ? null : Math.round(Number(price) * 100);
}

/** Integer cents → the dollars the price input shows. */
export function centsToPrice(cents: number | null | undefined): string {
  return cents == null ? "" : (cents / 100).toFixed(2);
}

const text = (v: string) => (v.trim() === "" ? null : v.trim());

/** The create/update input for valid values. Optional integers left blank are omitted (the server keeps its default). */
export function toInput(v: ItemFormValues) {
  return {
    name: v.name.trim(),
    description: text(v.description),
    category: v.category,
    quantity: Number(v.quantity),
    minQuantity: Number(v.minQuantity),
    unit: v.unit,
    price: priceToCents(v.price),
    ...(isWhole(v.reorderPoint) ? { reorderPoint: Number(v.reorderPoint) } : {}),
    ...(isWhole(v.reorderQuantity) ? { reorderQuantity: Number(v.reorderQuantity) } : {}),
    supplier: text(v.supplier),
    location: text(v.location),
    barcode: text(v.barcode),
    qrCode: text(v.qrCode),
    epaRegistrationNumber: text(v.epaRegistrationNumber),
    activeIngredient: text(v.activeIngredient),
    hazardous: v.hazardous,
  };
}

/** Whether an item belongs in a list filtered like the server's `inventoryItems(search, category)`. */
export function matchesFilter(item: { name: string; description?: string | null; category: string }, search: string | null, category: string | null) {
  if (category && item.category !== category) return false;
  const q = search?.trim().toLowerCase();
  if (!q) return true;
  return [item.name, item.description ?? "", item.category].some((s) => s.toLowerCase().includes(q));
}
