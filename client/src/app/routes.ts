import { applicationRoute } from "../features/applications/ApplicationPage.route.ts";
import { applicationsRoute } from "../features/applications/ApplicationsPage.route.ts";
import { recordApplicationRoute } from "../features/applications/RecordApplicationPage.route.ts";
import { dashboardRoute } from "../features/dashboard/Dashboard.route.ts";
import { equipmentRoute } from "../features/equipment/EquipmentPage.route.ts";
import { inventoryRoute } from "../features/inventory/InventoryPage.route.ts";
import { labelsRoute } from "../features/labels/LabelsPage.route.ts";
import { locationRoute } from "../features/locations/LocationDetailPage.route.ts";
import { locationsRoute } from "../features/locations/LocationsPage.route.ts";
import { purchasingRoute } from "../features/purchasing/PurchasingPage.route.ts";
import { reportsRoute } from "../features/reports/ReportsPage.route.ts";
import { requestsRoute } from "../features/requests/RequestsPage.route.ts";
import { scanRoute } from "../features/scan/ScanPage.route.ts";
import { settingsRoute } from "../features/settings/SettingsPage.route.ts";
import { countRoute } from "../features/stock/CountPage.route.ts";
import { truckRoute } from "../features/stock/MyTruckPage.route.ts";
import { suppliersRoute } from "../features/suppliers/SuppliersPage.route.ts";
import { teamRoute } from "../features/team/TeamPage.route.ts";
import type { PageRoute } from "../platform/routes.ts";

/**
 * The app's screens: each feature's route files (path, lazy page, the query a visit starts), in the
 * router's order. AppRouter makes the router from them; the entry (src/main.tsx) finds the current
 * path's route to start its query and its page's code before the app has loaded.
 */
/** The screens inside the shell (sidebar, header, bottom navigation). */
export const shellRoutes: readonly PageRoute[] = [
  dashboardRoute, inventoryRoute, equipmentRoute, requestsRoute, scanRoute, teamRoute, reportsRoute, locationsRoute, locationRoute,
  purchasingRoute, suppliersRoute, truckRoute, countRoute, settingsRoute,
  // /applications/new before /applications/:id: the first route that matches a path opens it.
  applicationsRoute, recordApplicationRoute, applicationRoute,
];
/** Printable QR labels: a sheet of its own, outside the shell, so it prints without the navigation. */
export const sheetRoutes: readonly PageRoute[] = [labelsRoute];

export const routes: readonly PageRoute[] = [...shellRoutes, ...sheetRoutes];
