import { lazy, Suspense } from "react";
import { useRelayEnvironment } from "react-relay";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import { Loading } from "../components/Loading.tsx";
import { AppShell } from "./AppShell.tsx";
import { FirstScreenShown } from "../platform/firstScreen.ts";
import { NotFound } from "./NotFound.tsx";
import { routeChunks } from "./routeChunks.ts";
import { routeLoaders } from "./routeQueries.ts";
import { useSession } from "../platform/session.ts";

// Code split by route: each screen (and what it imports) loads when first visited, while its
// loader has already started the screen's query (routeQueries.ts).
const Dashboard = lazy(routeChunks.dashboard);
const Inventory = lazy(routeChunks.inventory);
const Equipment = lazy(routeChunks.equipment);
const Requests = lazy(routeChunks.requests);
const Team = lazy(routeChunks.team);
const Scan = lazy(routeChunks.scan);
const Reports = lazy(routeChunks.reports);
const Locations = lazy(routeChunks.locations);
const Location = lazy(routeChunks.location);
const Purchasing = lazy(routeChunks.purchasing);
const Suppliers = lazy(routeChunks.suppliers);
const MyTruck = lazy(routeChunks.truck);
const Count = lazy(routeChunks.count);
const Settings = lazy(routeChunks.settings);
// Printable QR labels: a sheet of its own, outside the shell, so it prints without the navigation.
const Labels = lazy(routeChunks.labels);

// `FirstScreenShown` commits with the screen itself, not with its 'Loading...' (platform/firstScreen.ts).
const page = (Component: React.ComponentType) => (
  <Suspense fallback={<Loading />}>
    <Component />
    <FirstScreenShown />
  </Suspense>
);

function createRouter(loaders: ReturnType<typeof routeLoaders>) {
  return createBrowserRouter([
    {
      element: <AppShell />,
      hydrateFallbackElement: <Loading />,
      children: [
        { path: "/", element: page(Dashboard), loader: loaders.dashboard },
        { path: "/inventory", element: page(Inventory), loader: loaders.inventory },
        { path: "/equipment", element: page(Equipment), loader: loaders.equipment },
        { path: "/requests", element: page(Requests), loader: loaders.requests },
        { path: "/scan", element: page(Scan) },
        { path: "/team", element: page(Team), loader: loaders.team },
        { path: "/reports", element: page(Reports), loader: loaders.reports },
        { path: "/locations", element: page(Locations), loader: loaders.locations },
        { path: "/locations/:id", element: page(Location), loader: loaders.location },
        { path: "/purchasing", element: page(Purchasing), loader: loaders.purchasing },
        { path: "/suppliers", element: page(Suppliers), loader: loaders.suppliers },
        { path: "/truck", element: page(MyTruck), loader: loaders.truck },
        { path: "/count/:locationId", element: page(Count), loader: loaders.count },
        { path: "/settings", element: page(Settings), loader: loaders.settings },
        {
          path: "*",
          element: (
            <>
              <NotFound />
              <FirstScreenShown />
            </>
          ),
        },
      ],
    },
    { path: "/labels", element: page(Labels), loader: loaders.labels, hydrateFallbackElement: <Loading /> },
  ]);
}

/**
 * One router per Relay environment (a new one after sign-out) and role, so loaders fetch into the right
 * store. Kept outside React's state: a first render that suspends is thrown away, and a router made
 * there again would run the first screen's loader (its query) a second time.
 */
const routers = new WeakMap<IEnvironment, Map<boolean, ReturnType<typeof createRouter>>>();
function routerFor(environment: IEnvironment, isManager: boolean) {
  const byRole = routers.get(environment) ?? routers.set(environment, new Map()).get(environment)!;
  const router = byRole.get(isManager) ?? createRouter(routeLoaders(environment, isManager));
  byRole.set(isManager, router);
  return router;
}

export function AppRouter() {
  const environment = useRelayEnvironment();
  const { isManager } = useSession();
  return <RouterProvider router={routerFor(environment, isManager)} />;
}
export default AppRouter;
