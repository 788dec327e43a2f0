/** The Count screen of a location (its global id). */
export const countPath = (locationId: string) => `/count/${encodeURIComponent(locationId)}`;

/** A location's global id from the route: the global id itself, or a database id (`/count/3`). */
export function locationIdFromParam(param: string): string {
  return /^\d{1,10}$/.test(param) ? btoa(`StockLocation:${param}`) : param;
}
