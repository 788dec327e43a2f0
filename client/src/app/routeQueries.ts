import { loadQuery, type PreloadedQuery } from "react-relay";
import type { LoaderFunctionArgs } from "react-router-dom";
import { useLoaderData } from "react-router-dom";
import type { ConcreteRequest, IEnvironment, OperationType } from "relay-runtime";
import DashboardQueryNode, { type DashboardQuery } from "../__generated__/DashboardQuery.graphql.ts";
import EquipmentPageQueryNode, { type EquipmentPageQuery } from "../__generated__/EquipmentPageQuery.graphql.ts";
import InventoryPageQueryNode, { type InventoryPageQuery } from "../__generated__/InventoryPageQuery.graphql.ts";
import LocationDetailPageQueryNode, { type LocationDetailPageQuery } from "../__generated__/LocationDetailPageQuery.graphql.ts";
import LocationsPageQueryNode, { type LocationsPageQuery } from "../__generated__/LocationsPageQuery.graphql.ts";
import LabelsPagePickerQueryNode, { type LabelsPagePickerQuery } from "../__generated__/LabelsPagePickerQuery.graphql.ts";
import LabelsPageSheetQueryNode, { type LabelsPageSheetQuery } from "../__generated__/LabelsPageSheetQuery.graphql.ts";
import ReportsPageQueryNode, { type ReportsPageQuery } from "../__generated__/ReportsPageQuery.graphql.ts";
import PurchasingPageQueryNode, { type PurchasingPageQuery } from "../__generated__/PurchasingPageQuery.graphql.ts";
import SuppliersPageQueryNode, { type SuppliersPageQuery } from "../__generated__/SuppliersPageQuery.graphql.ts";
import SettingsPageQueryNode, { type SettingsPageQuery } from "../__generated__/SettingsPageQuery.graphql.ts";
import RequestsPageQueryNode, { type RequestsPageQuery } from "../__generated__/RequestsPageQuery.graphql.ts";
import CountPageQueryNode, { type CountPageQuery } from "../__generated__/CountPageQuery.graphql.ts";
import MyTruckPageQueryNode, { type MyTruckPageQuery } from "../__generated__/MyTruckPageQuery.graphql.ts";
import TeamPageQueryNode, { type TeamPageQuery } from "../__generated__/TeamPageQuery.graphql.ts";
import { parseLabelIds } from "../components/scanner/scanRules.ts";
import { EQUIPMENT_STATUSES } from "../features/equipment/status.ts";
import { defaultRange } from "../features/reports/range.ts";
import { locationIdFromParam } from "../features/stock/paths.ts";
import { PAGE_SIZE as INVENTORY_PAGE_SIZE } from "../features/inventory/constants.ts";
import {
  EQUIPMENT_PAGE_SIZE, LOCATION_STOCK_PAGE_SIZE, LOCATIONS_PAGE_SIZE, PURCHASING_PAGE_SIZE, REQUEST_FILTERS, SUPPLIERS_PAGE_SIZE, REQUESTS_PAGE_SIZE, TEAM_PAGE_SIZE, type RequestFilter,
} from "./routeConstants.ts";

/**
 * Each route's one query starts loading when navigation starts, from the route's loader, at the same
 * time as the route's code (React.lazy): there is no code-then-data waterfall. The screen reads it
 * with usePreloadedQuery(useRouteQuery()). Only the artifacts are imported here, never the screens.
 *
 * One reference per route is kept retained (the newest): going back to a screen renders from the
 * store at once while its query refreshes, and the older reference is released.
 */
export function routeLoaders(environment: IEnvironment, isManager: boolean) {
  const retained = new Map<string, PreloadedQuery<OperationType>>();
  const load = <T extends OperationType>(route: string, request: ConcreteRequest, variables: T["variables"]): PreloadedQuery<T> => {
    const ref = loadQuery<T>(environment, request, variables, { fetchPolicy: "store-and-network" });
    release(retained.get(route));
    retained.set(route, ref as PreloadedQuery<OperationType>);
    return ref;
  };
  const params = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams;

  return {
    dashboard: () => load<DashboardQuery>("dashboard", DashboardQueryNode, { isManager }),
    inventory: () => load<InventoryPageQuery>("inventory", InventoryPageQueryNode, { first: INVENTORY_PAGE_SIZE }),
    // ?status=available (the dashboard's "Check Out Equipment") and ?search=… (a notification) open the list filtered.
    equipment: (args: LoaderFunctionArgs) => {
      const p = params(args);
      const asked = p.get("status");
      return load<EquipmentPageQuery>("equipment", EquipmentPageQueryNode, {
        isManager,
        first: EQUIPMENT_PAGE_SIZE,
        search: p.get("search")?.trim() || null,
        status: EQUIPMENT_STATUSES.find((s) => s === asked) ?? null,
      });
    },
    // ?status=pending (from the dashboard's View All) opens the list filtered.
    requests: (args: LoaderFunctionArgs) => {
      const asked = params(args).get("status") as RequestFilter | null;
      const status = asked && asked !== "all" && REQUEST_FILTERS.includes(asked) ? asked : null;
      return load<RequestsPageQuery>("requests", RequestsPageQueryNode, { count: REQUESTS_PAGE_SIZE, status });
    },
    // §6: only managers may list the team or see reports; for others nothing is fetched.
    team: () => (isManager ? load<TeamPageQuery>("team", TeamPageQueryNode, { count: TEAM_PAGE_SIZE }) : null),
    reports: () => (isManager ? load<ReportsPageQuery>("reports", ReportsPageQueryNode, defaultRange()) : null),
    // Issue 15: locations are managed by managers; for others nothing is fetched.
    locations: () => (isManager ? load<LocationsPageQuery>("locations", LocationsPageQueryNode, { first: LOCATIONS_PAGE_SIZE }) : null),
    location: ({ params: p }: LoaderFunctionArgs) =>
      isManager && p.id ? load<LocationDetailPageQuery>("location", LocationDetailPageQueryNode, { id: p.id, first: LOCATION_STOCK_PAGE_SIZE }) : null,
    // Issue 16: purchasing is for managers only.
    purchasing: () => (isManager ? load<PurchasingPageQuery>("purchasing", PurchasingPageQueryNode, { count: PURCHASING_PAGE_SIZE }) : null),
    suppliers: () => (isManager ? load<SuppliersPageQuery>("suppliers", SuppliersPageQueryNode, { first: SUPPLIERS_PAGE_SIZE }) : null),
    truck: () => load<MyTruckPageQuery>("truck", MyTruckPageQueryNode, {}),
    count: ({ params }: LoaderFunctionArgs) => load<CountPageQuery>("count", CountPageQueryNode, { id: locationIdFromParam(params.locationId ?? "") }),
    settings: () => (isManager ? load<SettingsPageQuery>("settings", SettingsPageQueryNode, {}) : null),
    labels: (args: LoaderFunctionArgs) => {
      const ids = parseLabelIds(params(args).toString());
      return ids.length
        ? { sheet: load<LabelsPageSheetQuery>("labels", LabelsPageSheetQueryNode, { ids }), picker: null }
        : { sheet: null, picker: load<LabelsPagePickerQuery>("labels", LabelsPagePickerQueryNode, {}) };
    },
  };
}

/**
 * Lets go of a reference's data without cancelling its request, which a screen still on its way out
 * may be waiting for: what useQueryLoader does (`releaseQuery` is on the object; the types omit it).
 */
function release(ref: PreloadedQuery<OperationType> | undefined) {
  if (!ref) return;
  const { releaseQuery } = ref as unknown as { releaseQuery?: () => void };
  if (releaseQuery) releaseQuery();
  else ref.dispose();
}

/** The preloaded query of the current route (its loader's result). */
export function useRouteQuery<T extends OperationType>(): PreloadedQuery<T> {
  return useLoaderData() as PreloadedQuery<T>;
}
