import EquipmentPageQuery from "../../__generated__/EquipmentPageQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { EQUIPMENT_PAGE_SIZE } from "./constants.ts";
import { EQUIPMENT_STATUSES } from "../../../../schemas/equipmentStatus.ts";

export const equipmentRoute: PageRoute = {
  path: "/equipment",
  page: () => import("./EquipmentPage.tsx"),
  // ?status=available (the dashboard's "Check Out Equipment") and ?search=… (a notification) open the list filtered.
  query: ({ search, isManager }) => {
    const asked = search.get("status");
    const status = EQUIPMENT_STATUSES.find((s) => s === asked) ?? null;
    return routeQuery(EquipmentPageQuery, { isManager, first: EQUIPMENT_PAGE_SIZE, search: search.get("search")?.trim() || null, status });
  },
};
