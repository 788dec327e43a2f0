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
  labels: () => import("../features/labels/LabelsPage.tsx"),
};

const byPath: Record<string, keyof typeof routeChunks> = {
  "/": "dashboard",
  "/inventory": "inventory",
  "/equipment": "equipment",
  "/requests": "requests",
  "/team": "team",
  "/scan": "scan",
  "/reports": "reports",
  "/labels": "labels",
};

/** Starts loading the screen of `path` (nothing for an unknown path). */
export function preloadRoute(path: string) {
  const name = byPath[path.replace(/\/+$/, "") || "/"];
  if (name) void routeChunks[name]().catch(() => {});
}
