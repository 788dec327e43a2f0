import { ConnectionHandler, ROOT_ID } from "relay-runtime";

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

/** Whether an item belongs in a list filtered like the server's `inventoryItems(search, category)`. */
export function matchesFilter(item: { name: string; description?: string | null; category: string }, search: string | null, category: string | null) {
  if (category && item.category !== category) return false;
  const q = search?.trim().toLowerCase();
  if (!q) return true;
  return [item.name, item.description ?? "", item.category].some((s) => s.toLowerCase().includes(q));
}

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
