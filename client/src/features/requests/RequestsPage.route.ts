import RequestsPageQuery from "../../__generated__/RequestsPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { REQUEST_FILTERS, REQUESTS_PAGE_SIZE, type RequestFilter } from "./constants.ts";

export const requestsRoute: PageRoute = {
  path: "/requests",
  page: () => import("./RequestsPage.tsx"),
  // ?status=pending (from the dashboard's View All) opens the list filtered.
  query: ({ search }) => {
    const asked = search.get("status") as RequestFilter | null;
    const status = asked && asked !== "all" && REQUEST_FILTERS.includes(asked) ? asked : null;
    return routeQuery(RequestsPageQuery, { count: REQUESTS_PAGE_SIZE, status });
  },
};
