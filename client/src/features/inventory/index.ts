// The inventory feature's public face: what other features and the app shell may use of it.
export { COMMON_PESTS, isApplied } from "./chemicalUse.ts";
export { connectionsForNewItem } from "./connections.ts";
export { OnOrderChip } from "./OnOrderChip.tsx";
export { LabelFactsChips } from "./LabelFactsChips.tsx";
export { RecordUseDialog, type UseTarget } from "./RecordUseDialog.tsx";
export { searchItems, useItemSearch, type FoundItem } from "./useItemSearch.ts";
/** The add/edit form (the quick actions open it in their dialog). */
export const loadInventoryItemForm = () => import("./InventoryItemForm.tsx");
