/** How many locations a page of the Locations list holds, and how many stock lines a page of a location's. */
export const LOCATIONS_PAGE_SIZE = 50;
export const LOCATION_STOCK_PAGE_SIZE = 100;
