/** How many requests a page of the Requests list holds (its route's query and its "Load more"). */
export const REQUESTS_PAGE_SIZE = 20;

/** The Requests list's status filter, also read from the URL (?status=pending from the dashboard's View All). */
export type RequestFilter = "all" | "pending" | "approved" | "denied";
export const REQUEST_FILTERS: readonly RequestFilter[] = ["all", "pending", "approved", "denied"];
