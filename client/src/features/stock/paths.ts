/** The Count screen of a location (its global id). */
export const countPath = (locationId: string) => `/count/${encodeURIComponent(locationId)}`;

/** A location's global id from the route: the global id itself, or a database id (`/count/3`). */
export function locationIdFromParam(param: string): string {
  return /^\d{1,10}$/.test(param) ? btoa(`StockLocation:${param}`) : param;
}

/** The main warehouse, as the server picks it: the oldest active warehouse (the lowest id). */
export function mainWarehouse<T extends { databaseId: number }>(warehouses: readonly T[]): T | null {
  return warehouses.reduce<T | null>((main, w) => (main === null || w.databaseId < main.databaseId ? w : main), null);
}
