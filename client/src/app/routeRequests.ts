import type { CountPageQuery$variables } from "../__generated__/CountPageQuery.graphql.ts";
import type { DashboardQuery$variables } from "../__generated__/DashboardQuery.graphql.ts";
import type { EquipmentPageQuery$variables } from "../__generated__/EquipmentPageQuery.graphql.ts";
import type { InventoryPageQuery$variables } from "../__generated__/InventoryPageQuery.graphql.ts";
import type { LocationDetailPageQuery$variables } from "../__generated__/LocationDetailPageQuery.graphql.ts";
import type { LocationsPageQuery$variables } from "../__generated__/LocationsPageQuery.graphql.ts";
import type { MyTruckPageQuery$variables } from "../__generated__/MyTruckPageQuery.graphql.ts";
import type { PurchasingPageQuery$variables } from "../__generated__/PurchasingPageQuery.graphql.ts";
import type { ReportsPageQuery$variables } from "../__generated__/ReportsPageQuery.graphql.ts";
import type { RequestsPageQuery$variables } from "../__generated__/RequestsPageQuery.graphql.ts";
import type { SettingsPageQuery$variables } from "../__generated__/SettingsPageQuery.graphql.ts";
import type { SuppliersPageQuery$variables } from "../__generated__/SuppliersPageQuery.graphql.ts";
import type { TeamPageQuery$variables } from "../__generated__/TeamPageQuery.graphql.ts";
import { EQUIPMENT_STATUSES } from "../features/equipment/status.ts";
import { PAGE_SIZE as INVENTORY_PAGE_SIZE } from "../features/inventory/constants.ts";
import { defaultRange } from "../features/reports/range.ts";
import { locationIdFromParam } from "../features/stock/paths.ts";
import {
  EQUIPMENT_PAGE_SIZE, LOCATION_STOCK_PAGE_SIZE, LOCATIONS_PAGE_SIZE, PURCHASING_PAGE_SIZE, REQUEST_FILTERS, SUPPLIERS_PAGE_SIZE, REQUESTS_PAGE_SIZE, TEAM_PAGE_SIZE, type RequestFilter,
} from "./routeConstants.ts";

/**
 * Which query each screen opens with, and its variables: the one rule behind both the route loaders
 * (routeQueries.ts, through Relay) and the entry's early request (earlyQueries.ts, before Relay has
 * loaded). Types only from the artifacts, so the entry stays small.
 */
export type RouteRequest =
  | { operation: "DashboardQuery"; variables: DashboardQuery$variables }
  | { operation: "InventoryPageQuery"; variables: InventoryPageQuery$variables }
  | { operation: "EquipmentPageQuery"; variables: EquipmentPageQuery$variables }
  | { operation: "RequestsPageQuery"; variables: RequestsPageQuery$variables }
  | { operation: "TeamPageQuery"; variables: TeamPageQuery$variables }
  | { operation: "ReportsPageQuery"; variables: ReportsPageQuery$variables }
  | { operation: "LocationsPageQuery"; variables: LocationsPageQuery$variables }
  | { operation: "LocationDetailPageQuery"; variables: LocationDetailPageQuery$variables }
  | { operation: "PurchasingPageQuery"; variables: PurchasingPageQuery$variables }
  | { operation: "SuppliersPageQuery"; variables: SuppliersPageQuery$variables }
  | { operation: "MyTruckPageQuery"; variables: MyTruckPageQuery$variables }
  | { operation: "CountPageQuery"; variables: CountPageQuery$variables }
  | { operation: "SettingsPageQuery"; variables: SettingsPageQuery$variables };

export type RouteName =
  | "dashboard" | "inventory" | "equipment" | "requests" | "team" | "reports" | "locations" | "location"
  | "purchasing" | "suppliers" | "truck" | "count" | "settings";

/** A screen's query for a visit: null when the screen fetches nothing for this viewer (§6: managers only). */
export function routeRequest(route: RouteName, search: URLSearchParams, params: Record<string, string | undefined>, isManager: boolean): RouteRequest | null {
  switch (route) {
    case "dashboard":
      return { operation: "DashboardQuery", variables: { isManager } };
    case "inventory":
      return { operation: "InventoryPageQuery", variables: { first: INVENTORY_PAGE_SIZE } };
    // ?status=available (the dashboard's "Check Out Equipment") and ?search=… (a notification) open the list filtered.
    case "equipment": {
      const asked = search.get("status");
      return {
        operation: "EquipmentPageQuery",
        variables: { isManager, first: EQUIPMENT_PAGE_SIZE, search: search.get("search")?.trim() || null, status: EQUIPMENT_STATUSES.find((s) => s === asked) ?? null },
      };
    }
    // ?status=pending (from the dashboard's View All) opens the list filtered.
    case "requests": {
      const asked = search.get("status") as RequestFilter | null;
      const status = asked && asked !== "all" && REQUEST_FILTERS.includes(asked) ? asked : null;
      return { operation: "RequestsPageQuery", variables: { count: REQUESTS_PAGE_SIZE, status } };
    }
    // §6: only managers may list the team or see reports; for others nothing is fetched.
    case "team":
      return isManager ? { operation: "TeamPageQuery", variables: { count: TEAM_PAGE_SIZE } } : null;
    case "reports":
      return isManager ? { operation: "ReportsPageQuery", variables: defaultRange() } : null;
    // Issue 15: locations are managed by managers; for others nothing is fetched.
    case "locations":
      return isManager ? { operation: "LocationsPageQuery", variables: { first: LOCATIONS_PAGE_SIZE } } : null;
    case "location":
      return isManager && params.id ? { operation: "LocationDetailPageQuery", variables: { id: params.id, first: LOCATION_STOCK_PAGE_SIZE } } : null;
    // Issue 16: purchasing is for managers only.
    case "purchasing":
      return isManager ? { operation: "PurchasingPageQuery", variables: { count: PURCHASING_PAGE_SIZE } } : null;
    case "suppliers":
      return isManager ? { operation: "SuppliersPageQuery", variables: { first: SUPPLIERS_PAGE_SIZE } } : null;
    case "truck":
      return { operation: "MyTruckPageQuery", variables: {} };
    case "count":
      return { operation: "CountPageQuery", variables: { id: locationIdFromParam(params.locationId ?? "") } };
    case "settings":
      return isManager ? { operation: "SettingsPageQuery", variables: {} } : null;
  }
}

/** The screen a path opens, with its path parameters (the router's patterns, for the entry that runs before the router). */
export function routeOfPath(path: string): { route: RouteName; params: Record<string, string> } | null {
  const clean = path.replace(/\/+$/, "") || "/";
  const fixed: Record<string, RouteName> = {
    "/": "dashboard", "/inventory": "inventory", "/equipment": "equipment", "/requests": "requests", "/team": "team", "/reports": "reports",
    "/locations": "locations", "/purchasing": "purchasing", "/suppliers": "suppliers", "/truck": "truck", "/settings": "settings",
  };
  if (fixed[clean]) return { route: fixed[clean], params: {} };
  const one = /^\/(locations|count)\/([^/]+)$/.exec(clean);
  if (!one) return null;
  const value = decodeURIComponent(one[2]!);
  return one[1] === "locations" ? { route: "location", params: { id: value } } : { route: "count", params: { locationId: value } };
}
