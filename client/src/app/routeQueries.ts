import { loadQuery, type PreloadedQuery } from "react-relay";
import type { LoaderFunctionArgs } from "react-router-dom";
import { useLoaderData } from "react-router-dom";
import type { ConcreteRequest, IEnvironment, OperationType } from "relay-runtime";
import CountPageQueryNode from "../__generated__/CountPageQuery.graphql.ts";
import DashboardQueryNode from "../__generated__/DashboardQuery.graphql.ts";
import EquipmentPageQueryNode from "../__generated__/EquipmentPageQuery.graphql.ts";
import InventoryPageQueryNode from "../__generated__/InventoryPageQuery.graphql.ts";
import LabelsPagePickerQueryNode, { type LabelsPagePickerQuery } from "../__generated__/LabelsPagePickerQuery.graphql.ts";
import LabelsPageSheetQueryNode, { type LabelsPageSheetQuery } from "../__generated__/LabelsPageSheetQuery.graphql.ts";
import LocationDetailPageQueryNode from "../__generated__/LocationDetailPageQuery.graphql.ts";
import LocationsPageQueryNode from "../__generated__/LocationsPageQuery.graphql.ts";
import MyTruckPageQueryNode from "../__generated__/MyTruckPageQuery.graphql.ts";
import PurchasingPageQueryNode from "../__generated__/PurchasingPageQuery.graphql.ts";
import ReportsPageQueryNode from "../__generated__/ReportsPageQuery.graphql.ts";
import RequestsPageQueryNode from "../__generated__/RequestsPageQuery.graphql.ts";
import SettingsPageQueryNode from "../__generated__/SettingsPageQuery.graphql.ts";
import SuppliersPageQueryNode from "../__generated__/SuppliersPageQuery.graphql.ts";
import TeamPageQueryNode from "../__generated__/TeamPageQuery.graphql.ts";
import { parseLabelIds } from "../components/scanner/scanRules.ts";
import { routeRequest, type RouteName, type RouteRequest } from "./routeRequests.ts";

const NODES: Record<RouteRequest["operation"], ConcreteRequest> = {
  DashboardQuery: DashboardQueryNode,
  InventoryPageQuery: InventoryPageQueryNode,
  EquipmentPageQuery: EquipmentPageQueryNode,
  RequestsPageQuery: RequestsPageQueryNode,
  TeamPageQuery: TeamPageQueryNode,
  ReportsPageQuery: ReportsPageQueryNode,
  LocationsPageQuery: LocationsPageQueryNode,
  LocationDetailPageQuery: LocationDetailPageQueryNode,
  PurchasingPageQuery: PurchasingPageQueryNode,
  SuppliersPageQuery: SuppliersPageQueryNode,
  MyTruckPageQuery: MyTruckPageQueryNode,
  CountPageQuery: CountPageQueryNode,
  SettingsPageQuery: SettingsPageQueryNode,
};

/**
 * Each route's one query starts loading when navigation starts, from the route's loader, at the same
 * time as the route's code (React.lazy): there is no code-then-data waterfall. On the first screen of
 * a visit the entry has already sent that very request (earlyQueries.ts), and the network layer takes
 * its answer. Which query and which variables: routeRequests.ts. The screen reads it with
 * usePreloadedQuery(useRouteQuery()). Only the artifacts are imported here, never the screens.
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
  const loader = (route: RouteName) => (args: LoaderFunctionArgs) => {
    const wanted = routeRequest(route, params(args), args.params, isManager);
    return wanted ? load(route, NODES[wanted.operation], wanted.variables) : null;
  };

  return {
    dashboard: loader("dashboard"),
    inventory: loader("inventory"),
    equipment: loader("equipment"),
    requests: loader("requests"),
    team: loader("team"),
    reports: loader("reports"),
    locations: loader("locations"),
    location: loader("location"),
    purchasing: loader("purchasing"),
    suppliers: loader("suppliers"),
    truck: loader("truck"),
    count: loader("count"),
    settings: loader("settings"),
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
