/** §9 business constants the inventory screens offer (the server checks the same lists). */
export const INVENTORY_CATEGORIES = ["Pesticide", "Equipment", "Safety Gear", "Tools", "Bait", "Traps", "Chemicals", "Supplies"] as const;
export const UNITS = ["units", "bottles", "gallons", "liters", "pounds", "kilograms", "boxes", "cases", "pieces"] as const;

/** How many items a page of the inventory list holds. */
export const PAGE_SIZE = 20;
