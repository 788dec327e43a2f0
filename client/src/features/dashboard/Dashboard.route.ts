import DashboardQuery from "../../__generated__/DashboardQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";

export const dashboardRoute: PageRoute = {
  path: "/",
  page: () => import("./Dashboard.tsx"),
  query: ({ isManager }) => routeQuery(DashboardQuery, { isManager }),
};
