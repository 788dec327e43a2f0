import { ConnectionHandler, ROOT_ID } from "relay-runtime";
import { matchesFilter } from "./formRules.ts";

/** The @connection key of the Inventory page's list (InventoryPage_items). */
export const INVENTORY_CONNECTION_KEY = "InventoryPage_inventoryItems";

type ShownList = { id: string; search: string | null; category: string | null };
let shown: ShownList | null = null;

/**
 * The Inventory page says which filtered list it shows, so a form opened anywhere (its own dialog or
 * the header's quick action) can put a new item straight into it. Returns the undo for unmount.
 */
export function showInventoryList(list: ShownList): () => void {
  shown = list;
  return () => {
    if (shown === list) shown = null;
  };
}

/** The unfiltered list is stored under this id (null filters are left out of Relay's storage key). */
const unfilteredList = () => ConnectionHandler.getConnectionID(ROOT_ID, INVENTORY_CONNECTION_KEY);

/** Lists a newly created item belongs in: the unfiltered one, and the shown one when the item passes its filters. */
export function connectionsForNewItem(item: { name: string; description?: string | null; category: string }): string[] {
  const ids = new Set([unfilteredList()]);
  if (shown && matchesFilter(item, shown.search, shown.category)) ids.add(shown.id);
  return [...ids];
}

/** Lists a deleted item must leave. */
export function connectionsForDeletedItem(): string[] {
  const ids = new Set([unfilteredList()]);
  if (shown) ids.add(shown.id);
  return [...ids];
}
