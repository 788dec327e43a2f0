import CountPageQuery from "../../__generated__/CountPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { locationIdFromParam } from "./paths.ts";

export const countRoute: PageRoute = {
  path: "/count/:locationId",
  page: () => import("./CountPage.tsx"),
  query: ({ params }) => routeQuery(CountPageQuery, { id: locationIdFromParam(params.locationId ?? "") }),
};
