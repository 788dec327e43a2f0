import PurchasingPageQuery from "../../__generated__/PurchasingPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { PURCHASING_PAGE_SIZE } from "./constants.ts";

export const purchasingRoute: PageRoute = {
  path: "/purchasing",
  page: () => import("./PurchasingPage.tsx"),
  // Issue 16: purchasing is for managers only.
  query: ({ isManager }) => (isManager ? routeQuery(PurchasingPageQuery, { count: PURCHASING_PAGE_SIZE }) : null),
};
