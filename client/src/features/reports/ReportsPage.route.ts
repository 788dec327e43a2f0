import ReportsPageQuery from "../../__generated__/ReportsPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { defaultRange } from "./range.ts";

export const reportsRoute: PageRoute = {
  path: "/reports",
  page: () => import("./ReportsPage.tsx"),
  // §6: only managers see reports; for others nothing is fetched.
  query: ({ isManager }) => (isManager ? routeQuery(ReportsPageQuery, defaultRange()) : null),
};
