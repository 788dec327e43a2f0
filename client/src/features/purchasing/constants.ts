/** How many purchase orders a page of the Purchasing list holds (its route's query and its "Load more"). */
export const PURCHASING_PAGE_SIZE = 25;
