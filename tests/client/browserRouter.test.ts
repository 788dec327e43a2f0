import { createBrowserRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";

/**
 * client/src/app/AppRouter.tsx makes the app's router as React Router's createBrowserRouter does, from its UNSAFE_
 * exports, so that making and starting it can go in two tasks. This says when an upgrade of React Router changes
 * what createBrowserRouter does: then AppRouter's createRouter is compared with it again.
 */
describe("React Router's createBrowserRouter, as app/AppRouter.tsx repeats it", () => {
  const source = createBrowserRouter.toString();
  it("is createRouter(...) then initialize()", () => {
    expect(source).toMatch(/return createRouter\(\{[\s\S]*\}\)\.initialize\(\);?\s*\}$/);
  });
  it("passes the browser history, the routes and the two route-property mappers; the rest comes from options the app does not use", () => {
    const passed = [...source.matchAll(/^\s*(\w+)(?::\s*([^,\n]+))?,?$/gm)].map(([, key, value]) => `${key}: ${(value ?? key!).trim()}`);
    expect(passed).toEqual([
      "basename: opts?.basename",
      "getContext: opts?.getContext",
      "future: opts?.future",
      "history: createBrowserHistory({ window: opts?.window })",
      // Data rendered on the server for hydration: the app renders nothing there.
      "hydrationData: opts?.hydrationData || parseHydrationData()",
      "routes: routes",
      "mapRouteProperties: mapRouteProperties",
      "hydrationRouteProperties: hydrationRouteProperties",
      "dataStrategy: opts?.dataStrategy",
      "patchRoutesOnNavigation: opts?.patchRoutesOnNavigation",
      "window: opts?.window",
      "instrumentations: opts?.instrumentations",
    ]);
  });
});
