import { Suspense } from "react";
import { useRelayEnvironment } from "react-relay";
import {
  RouterProvider,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createDataRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from "react-router-dom";
import type { IEnvironment } from "relay-runtime";
import { Loading } from "../components/Loading.tsx";
import { FirstScreenShown } from "../platform/firstScreen.ts";
import { routeLoaders } from "../platform/routeQueries.ts";
import { lazyComponent } from "../platform/lazyComponent.ts";
import { matchRoute, type PageRoute } from "../platform/routes.ts";
import { useSession } from "../platform/session.ts";
import { AppShell } from "./AppShell.tsx";
import { NotFound } from "./NotFound.tsx";
import { routes, sheetRoutes, shellRoutes } from "./routes.ts";

// Code split by route: each screen (and what it imports) loads when first visited, while its loader has
// already started the screen's query (the route file's, platform/routeQueries.ts).
const pages = new Map<PageRoute, ReturnType<typeof lazyComponent>>();
const pageOf = (route: PageRoute) => pages.get(route) ?? pages.set(route, lazyComponent(route.page)).get(route)!;

/** The code of the screen at `pathname` (src/main.tsx has started it): resolves when it can render without suspending. */
export async function preloadPage(pathname: string): Promise<void> {
  const current = matchRoute(routes, pathname);
  if (current) await pageOf(current.route).preload();
}

// `FirstScreenShown` commits with the screen itself, not with its 'Loading...' (platform/firstScreen.ts).
const page = (Component: React.ComponentType) => (
  <Suspense fallback={<Loading />}>
    <Component />
    <FirstScreenShown />
  </Suspense>
);

/**
 * The app's router, made as React Router's createBrowserRouter makes it (react-router 7.18's: `createRouter` with
 * the browser history, the routes and its two route-property mappers, then `initialize()`; no hydration data, as
 * nothing is rendered on the server) but not started: `initialize()`, which starts the first navigation and runs the
 * screen's loader, is routerFor's, so that a returning user's start can do the two in tasks of their own. An upgrade
 * of React Router compares this with its createBrowserRouter.
 */
function createRouter(loaderFor: ReturnType<typeof routeLoaders>) {
  const toRoute = (route: PageRoute): RouteObject => ({ path: route.path, element: page(pageOf(route)), loader: loaderFor(route) });
  const routes: RouteObject[] = [
    {
      element: <AppShell />,
      hydrateFallbackElement: <Loading />,
      children: [
        ...shellRoutes.map(toRoute),
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
    ...sheetRoutes.map((route) => ({ ...toRoute(route), hydrateFallbackElement: <Loading /> })),
  ];
  return createDataRouter({ history: createBrowserHistory(), routes, mapRouteProperties, hydrationRouteProperties });
}

/**
 * One router per Relay environment (a new one after sign-out) and role, so loaders fetch into the right
 * store. Kept outside React's state: a first render that suspends is thrown away, and a router made
 * there again would run the first screen's loader (its query) a second time. The first one is made before
 * React renders (App.tsx, loadFirstScreen), and started (`start`) in a task after the one that made it.
 */
type DataRouter = ReturnType<typeof createRouter>;
const routers = new WeakMap<IEnvironment, Map<boolean, DataRouter>>();
const started = new WeakSet<DataRouter>();
export function routerFor(environment: IEnvironment, isManager: boolean, start = true) {
  const byRole = routers.get(environment) ?? routers.set(environment, new Map()).get(environment)!;
  const router = byRole.get(isManager) ?? createRouter(routeLoaders(environment, isManager));
  byRole.set(isManager, router);
  if (start && !started.has(router)) {
    started.add(router);
    router.initialize();
  }
  return router;
}

export function AppRouter() {
  const environment = useRelayEnvironment();
  const { isManager } = useSession();
  return <RouterProvider router={routerFor(environment, isManager)} />;
}
export default AppRouter;
