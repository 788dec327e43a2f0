/** Page sizes and URL filters shared by the route loaders (routeQueries.ts) and their screens. */
export const EQUIPMENT_PAGE_SIZE = 20;
export const REQUESTS_PAGE_SIZE = 20;
export const TEAM_PAGE_SIZE = 25;
export const LOCATIONS_PAGE_SIZE = 50;
export const LOCATION_STOCK_PAGE_SIZE = 100;
export const PURCHASING_PAGE_SIZE = 25;
export const SUPPLIERS_PAGE_SIZE = 25;

export type RequestFilter = "all" | "pending" | "approved" | "denied";
export const REQUEST_FILTERS: readonly RequestFilter[] = ["all", "pending", "approved", "denied"];
