/** How many pieces of equipment a page of the Equipment list holds (its route's query and its "Load more"). */
export const EQUIPMENT_PAGE_SIZE = 20;
