/** Rules of the 'Record use' dialog, pure so they can be tested without a browser. */
export type UseFormValues = { quantity: string; siteAddress: string; targetPest: string; date: string };
export type UseField = keyof UseFormValues;
export type UseErrors = Partial<Record<UseField, string>>;

/** Categories whose items are applied on a job (and so get 'Record use'), besides anything with an EPA number. */
const APPLIED_CATEGORIES = new Set(["Pesticide", "Chemicals", "Bait"]);

export function isApplied(item: { category: string; epaRegistrationNumber?: string | null }): boolean {
  return APPLIED_CATEGORIES.has(item.category) || Boolean(item.epaRegistrationNumber);
}

export const COMMON_PESTS = ["Ants", "Bed bugs", "Cockroaches", "Fleas", "Mosquitoes", "Rodents", "Spiders", "Termites", "Ticks", "Wasps"] as const;

/** `available` is the stock on hand; `today` the user's date (YYYY-MM-DD). */
export function validateUse(v: UseFormValues, available: number, today: string): UseErrors {
  const errors: UseErrors = {};
  const q = v.quantity.trim();
  if (!q) errors.quantity = "Quantity is required";
  else if (!/^\d+$/.test(q)) errors.quantity = "Quantity must be a whole number";
  else if (Number(q) < 1) errors.quantity = "Quantity must be at least 1";
  else if (Number(q) > available) errors.quantity = `Only ${available} in stock`;
  if (!v.siteAddress.trim()) errors.siteAddress = "Site address is required";
  else if (v.siteAddress.trim().length > 300) errors.siteAddress = "Site address must be at most 300 characters";
  if (!v.targetPest.trim()) errors.targetPest = "Target pest is required";
  else if (v.targetPest.trim().length > 120) errors.targetPest = "Target pest must be at most 120 characters";
  if (!v.date) errors.date = "Date is required";
  else if (v.date > today) errors.date = "Date of use cannot be in the future";
  return errors;
}

export function toUseInput(itemId: string, v: UseFormValues) {
  return { itemId, quantity: Number(v.quantity.trim()), siteAddress: v.siteAddress.trim(), targetPest: v.targetPest.trim(), date: v.date };
}
