import SettingsPageQuery from "../../__generated__/SettingsPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";

export const settingsRoute: PageRoute = {
  path: "/settings",
  page: () => import("./SettingsPage.tsx"),
  // API tokens and webhooks are for managers; for others nothing is fetched.
  query: ({ isManager }) => (isManager ? routeQuery(SettingsPageQuery, {}) : null),
};
