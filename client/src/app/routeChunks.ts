/**
 * Each screen's code, by path. `AppRouter` lazy-loads from here, and the entry (src/main.tsx) starts
 * the current path's screen (and, from entryChunks.ts, the signed-in app or the sign-in screen for a
 * visitor) downloading beside the app's main code, instead of after it has run.
 */
export const routeChunks = {
  dashboard: () => import("../features/dashboard/Dashboard.tsx"),
  inventory: () => import("../features/inventory/InventoryPage.tsx"),
  equipment: () => import("../features/equipment/EquipmentPage.tsx"),
  requests: () => import("../features/requests/RequestsPage.tsx"),
  team: () => import("../features/team/TeamPage.tsx"),
  scan: () => import("../features/scan/ScanPage.tsx"),
  reports: () => import("../features/reports/ReportsPage.tsx"),
  settings: () => import("../features/settings/SettingsPage.tsx"),
  labels: () => import("../features/labels/LabelsPage.tsx"),
  locations: () => import("../features/locations/LocationsPage.tsx"),
  location: () => import("../features/locations/LocationDetailPage.tsx"),
  purchasing: () => import("../features/purchasing/PurchasingPage.tsx"),
  suppliers: () => import("../features/suppliers/SuppliersPage.tsx"),
  truck: () => import("../features/stock/MyTruckPage.tsx"),
  count: () => import("../features/stock/CountPage.tsx"),
};

const byPath: Record<string, keyof typeof routeChunks> = {
  "/": "dashboard",
  "/inventory": "inventory",
  "/equipment": "equipment",
  "/requests": "requests",
  "/team": "team",
  "/scan": "scan",
  "/reports": "reports",
  "/settings": "settings",
  "/labels": "labels",
  "/locations": "locations",
  "/purchasing": "purchasing",
  "/suppliers": "suppliers",
  "/truck": "truck",
};

/** Starts loading the screen of `path` (nothing for an unknown path). */
export function preloadRoute(path: string) {
  const clean = path.replace(/\/+$/, "") || "/";
  const name = byPath[clean] ?? (clean.startsWith("/locations/") ? "location" : clean.startsWith("/count/") ? "count" : undefined);
  if (name) void routeChunks[name]().catch(() => {});
}
