import MyTruckPageQuery from "../../__generated__/MyTruckPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";

export const truckRoute: PageRoute = {
  path: "/truck",
  page: () => import("./MyTruckPage.tsx"),
  query: () => routeQuery(MyTruckPageQuery, {}),
};
