import TeamPageQuery from "../../__generated__/TeamPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { TEAM_PAGE_SIZE } from "./constants.ts";

export const teamRoute: PageRoute = {
  path: "/team",
  page: () => import("./TeamPage.tsx"),
  // §6: only managers may list the team; for others nothing is fetched.
  query: ({ isManager }) => (isManager ? routeQuery(TeamPageQuery, { count: TEAM_PAGE_SIZE }) : null),
};
