import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getRequest, createOperationDescriptor, PreloadableQueryRegistry } from "relay-runtime";
import type { ConcreteRequest } from "relay-runtime";
import { describe, expect, it } from "vitest";
import AppViewerQuery from "../../client/src/__generated__/AppViewerQuery$parameters.ts";
import { variablesKey } from "../../client/src/platform/graphqlBody.ts";
import { matchRoute, type PageRoute, type RouteQuery } from "../../client/src/platform/routes.ts";

// Issue 12: the entry sends the first screen's query before Relay has loaded (client/src/platform/earlyQueries.ts),
// and the network layer hands that answer to Relay only when Relay asks for the same persisted id with the
// same variables. Issue 33: both take the query from the screen's route file (its preloadable parameters
// and variables). These checks hold that match for every screen, so no screen asks twice.

const GENERATED = "client/src/__generated__";
// The route table by path, as the artifacts are: its route files name their pages (.tsx), which the root project does not compile.
const { routes, sheetRoutes, shellRoutes } = (await import(/* @vite-ignore */ pathToFileURL(resolve("client/src/app/routes.ts")).href)) as Record<"routes" | "sheetRoutes" | "shellRoutes", readonly PageRoute[]>;
const artifact = async (name: string) =>
  ((await import(/* @vite-ignore */ pathToFileURL(resolve(GENERATED, `${name}.graphql.ts`)).href)) as { default: ConcreteRequest }).default;
const visit = (path: string, search: string, isManager: boolean): RouteQuery | null => {
  const current = matchRoute(routes, path);
  expect(current, path).not.toBeNull();
  return current!.route.query?.({ params: current!.params, search: new URLSearchParams(search), isManager }) ?? null;
};

describe("early queries", () => {
  it("a route's preloadable parameters name the persisted query its page reads, which registers itself for loadQuery", async () => {
    const wanted = [AppViewerQuery];
    for (const route of routes) for (const isManager of [true, false]) {
      const r = route.query?.({ params: { id: "U3RvY2tMb2NhdGlvbjox", locationId: "1" }, search: new URLSearchParams(), isManager });
      if (r) wanted.push(r.query);
    }
    wanted.push(visit("/labels", "?ids=a,b", true)!.query);
    const names = new Set(wanted.map((q) => q.params.name));
    expect(names.size).toBe(19);
    for (const { kind, params } of wanted) {
      expect(kind).toBe("PreloadableConcreteRequest");
      expect(params.operationKind).toBe("query");
      const node = await artifact(params.name);
      expect(params.id, params.name).toBe(node.params.id);
      expect(params.id, params.name).toMatch(/^[0-9a-f]{64}$/);
      // The page's artifact, once loaded, is what loadQuery waits for under this id (@preloadable).
      expect(PreloadableQueryRegistry.get(params.id!), params.name).toBe(node);
    }
  });

  it("Relay's variables for each screen's query are the ones the entry sent", async () => {
    const cases: [string, string][] = [
      ["/", ""], ["/inventory", ""], ["/equipment", ""], ["/equipment", "?status=available"], ["/equipment", "?search=%20fogger%20"],
      ["/requests", "?status=pending"], ["/requests", "?status=all"], ["/team", ""], ["/reports", ""], ["/locations", ""],
      ["/locations/U3RvY2tMb2NhdGlvbjox", ""], ["/purchasing", ""], ["/suppliers", ""], ["/truck", ""], ["/count/3", ""], ["/settings", ""],
      ["/labels", ""], ["/labels", "?ids=a,b"], ["/applications", ""], ["/applications/new", ""], ["/applications/QXBwbGljYXRpb246MQ==", ""],
    ];
    let checked = 0;
    for (const [path, search] of cases) for (const isManager of [true, false]) {
      const wanted = visit(path, search, isManager);
      if (!wanted) continue;
      // What Relay's loadQuery sends: the operation's variables with its defaults filled in.
      const relayVariables = createOperationDescriptor(getRequest(await artifact(wanted.query.params.name)), wanted.variables).request.variables;
      expect(variablesKey(relayVariables), `${path}${search}`).toBe(variablesKey(wanted.variables));
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("managers-only screens start no query for others", () => {
    for (const path of ["/team", "/reports", "/locations", "/locations/U3RvY2tMb2NhdGlvbjox", "/purchasing", "/suppliers", "/settings"]) {
      expect(visit(path, "", false), path).toBeNull();
      expect(visit(path, "", true), path).not.toBeNull();
    }
  });

  it("paths map to screens and their parameters as the router's patterns do", () => {
    const at = (path: string) => {
      const m = matchRoute(routes, path);
      return m && { path: m.route.path, params: m.params };
    };
    expect(at("/")).toEqual({ path: "/", params: {} });
    expect(at("/inventory/")).toEqual({ path: "/inventory", params: {} });
    expect(at("/locations/U3RvY2tMb2NhdGlvbjox")).toEqual({ path: "/locations/:id", params: { id: "U3RvY2tMb2NhdGlvbjox" } });
    expect(at("/count/12")).toEqual({ path: "/count/:locationId", params: { locationId: "12" } });
    expect(at("/scan")).toEqual({ path: "/scan", params: {} });
    expect(at("/labels")).toEqual({ path: "/labels", params: {} });
    // 'new' is the form, not a record's id: its route comes first.
    expect(at("/applications/new")).toEqual({ path: "/applications/new", params: {} });
    expect(at("/applications/QXBwbGljYXRpb246MQ==")).toEqual({ path: "/applications/:id", params: { id: "QXBwbGljYXRpb246MQ==" } });
    expect(at("/locations/a%20b")).toEqual({ path: "/locations/:id", params: { id: "a b" } });
    // Not valid percent-encoding: the segment as it came (React Router's way), not an exception at start.
    expect(at("/locations/%E0%A4%A")).toEqual({ path: "/locations/:id", params: { id: "%E0%A4%A" } });
    expect(at("/nowhere")).toBeNull();
    expect(at("/locations/a/b")).toBeNull();
    // Every screen has one route, inside the shell or (labels) outside it.
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    expect(shellRoutes.length + sheetRoutes.length).toBe(18);
  });

  it("variables match whatever their key order, and a null variable is a missing one", () => {
    expect(variablesKey({ a: 1, b: "x" })).toBe(variablesKey({ b: "x", a: 1 }));
    expect(variablesKey({ a: 1, search: null })).toBe(variablesKey({ a: 1 }));
    expect(variablesKey({ a: 1 })).not.toBe(variablesKey({ a: 2 }));
    expect(variablesKey({ isManager: true })).not.toBe(variablesKey({ isManager: false }));
  });
});
