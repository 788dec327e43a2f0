import InventoryPageQuery from "../../__generated__/InventoryPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { INVENTORY_PAGE_SIZE } from "./constants.ts";

export const inventoryRoute: PageRoute = {
  path: "/inventory",
  page: () => import("./InventoryPage.tsx"),
  query: () => routeQuery(InventoryPageQuery, { first: INVENTORY_PAGE_SIZE }),
};
