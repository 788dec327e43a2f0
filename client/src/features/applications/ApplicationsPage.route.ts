import ApplicationsPageQuery from "../../__generated__/ApplicationsPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { APPLICATIONS_PAGE_SIZE, TEAM_PICK } from "./constants.ts";

/** The application records (issue 34): a technician's own, every one for managers (the server decides). */
export const applicationsRoute: PageRoute = {
  path: "/applications",
  page: () => import("./ApplicationsPage.tsx"),
  query: ({ isManager }) => routeQuery(ApplicationsPageQuery, { first: APPLICATIONS_PAGE_SIZE, isManager, team: TEAM_PICK }),
};
