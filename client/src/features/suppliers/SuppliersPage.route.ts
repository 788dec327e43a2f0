import SuppliersPageQuery from "../../__generated__/SuppliersPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { SUPPLIERS_PAGE_SIZE } from "./constants.ts";

export const suppliersRoute: PageRoute = {
  path: "/suppliers",
  page: () => import("./SuppliersPage.tsx"),
  query: ({ isManager }) => (isManager ? routeQuery(SuppliersPageQuery, { first: SUPPLIERS_PAGE_SIZE }) : null),
};
