/** Which items get 'Record use', and the pests it suggests (its rules: schemas/chemicalUse.ts). */
/** Categories whose items are applied on a job (and so get 'Record use'), besides anything with an EPA number. */
const APPLIED_CATEGORIES = new Set(["Pesticide", "Chemicals", "Bait"]);

export function isApplied(item: { category: string; epaRegistrationNumber?: string | null }): boolean {
  return APPLIED_CATEGORIES.has(item.category) || Boolean(item.epaRegistrationNumber);
}

export const COMMON_PESTS = ["Ants", "Bed bugs", "Cockroaches", "Fleas", "Mosquitoes", "Rodents", "Spiders", "Termites", "Ticks", "Wasps"] as const;
