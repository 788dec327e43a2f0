/** How many suppliers a page of the Suppliers list holds (its route's query and its "Load more"). */
export const SUPPLIERS_PAGE_SIZE = 25;
