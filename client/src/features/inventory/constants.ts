/** How many items a page of the Inventory list holds (its route's query and its "Load more"). */
export const INVENTORY_PAGE_SIZE = 20;
