import { lazy, Suspense } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { Loading } from "./App.tsx";
import { AppShell } from "./AppShell.tsx";
import { NotFound } from "./NotFound.tsx";

// Code split by route: each screen (and what it imports) loads when first visited.
const Dashboard = lazy(() => import("../features/dashboard/Dashboard.tsx"));
const Inventory = lazy(() => import("../features/inventory/InventoryPage.tsx"));
const Equipment = lazy(() => import("../features/equipment/EquipmentPage.tsx"));
const Requests = lazy(() => import("../features/requests/RequestsPage.tsx"));
const Team = lazy(() => import("../features/team/TeamPage.tsx"));
const Scan = lazy(() => import("../features/scan/ScanPage.tsx"));
const Reports = lazy(() => import("../features/reports/ReportsPage.tsx"));
// Printable QR labels: a sheet of its own, outside the shell, so it prints without the navigation.
const Labels = lazy(() => import("../features/labels/LabelsPage.tsx"));

const page = (Component: React.ComponentType) => (
  <Suspense fallback={<Loading />}>
    <Component />
  </Suspense>
);

const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      { path: "/", element: page(Dashboard) },
      { path: "/inventory", element: page(Inventory) },
      { path: "/equipment", element: page(Equipment) },
      { path: "/requests", element: page(Requests) },
      { path: "/scan", element: page(Scan) },
      { path: "/team", element: page(Team) },
      { path: "/reports", element: page(Reports) },
      { path: "*", element: <NotFound /> },
    ],
  },
  { path: "/labels", element: page(Labels) },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
