import LocationDetailPageQuery from "../../__generated__/LocationDetailPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { LOCATION_STOCK_PAGE_SIZE } from "./constants.ts";

export const locationRoute: PageRoute = {
  path: "/locations/:id",
  page: () => import("./LocationDetailPage.tsx"),
  query: ({ params, isManager }) => (isManager && params.id ? routeQuery(LocationDetailPageQuery, { id: params.id, first: LOCATION_STOCK_PAGE_SIZE }) : null),
};
