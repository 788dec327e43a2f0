import ApplicationPageQuery from "../../__generated__/ApplicationPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";

/** One application record: every field, its amendments, Amend and the customer copy. */
export const applicationRoute: PageRoute = {
  path: "/applications/:id",
  page: () => import("./ApplicationPage.tsx"),
  query: ({ params }) => (params.id ? routeQuery(ApplicationPageQuery, { id: params.id }) : null),
};
