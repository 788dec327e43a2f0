import LocationsPageQuery from "../../__generated__/LocationsPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { LOCATIONS_PAGE_SIZE } from "./constants.ts";

export const locationsRoute: PageRoute = {
  path: "/locations",
  page: () => import("./LocationsPage.tsx"),
  // Issue 15: locations are managed by managers; for others nothing is fetched.
  query: ({ isManager }) => (isManager ? routeQuery(LocationsPageQuery, { first: LOCATIONS_PAGE_SIZE }) : null),
};
