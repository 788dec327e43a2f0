import RecordApplicationPageQuery from "../../__generated__/RecordApplicationPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { RECENT_CUSTOMERS_FROM, TEAM_PICK } from "./constants.ts";

/** 'Record application': the form, with the viewer's licence, recent customers and (managers) the team. `?item=` starts a line with that product. */
export const recordApplicationRoute: PageRoute = {
  path: "/applications/new",
  page: () => import("./RecordApplicationPage.tsx"),
  query: ({ isManager }) => routeQuery(RecordApplicationPageQuery, { recent: RECENT_CUSTOMERS_FROM, isManager, team: TEAM_PICK }),
};
