import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getRequest, createOperationDescriptor } from "relay-runtime";
import type { ConcreteRequest } from "relay-runtime";
import { describe, expect, it } from "vitest";
import { earlyOperationNames, readOperationIds } from "../../client/operationIds.ts";
import { routeOfPath, routeRequest, type RouteName } from "../../client/src/app/routeRequests.ts";
import { variablesKey } from "../../client/src/platform/graphqlBody.ts";

// Issue 12: the entry sends the first screen's query before Relay has loaded (client/src/app/earlyQueries.ts),
// and the network layer hands that answer to Relay only when Relay asks for the same persisted id with the
// same variables. These checks hold that match for every screen, so no screen asks twice.

const GENERATED = "client/src/__generated__";
const ROUTES: RouteName[] = ["dashboard", "inventory", "equipment", "requests", "team", "reports", "locations", "location", "purchasing", "suppliers", "truck", "count", "settings"];
const artifact = async (name: string) =>
  ((await import(/* @vite-ignore */ pathToFileURL(resolve(GENERATED, `${name}.graphql.ts`)).href)) as { default: ConcreteRequest }).default;

describe("early queries", () => {
  const ids = readOperationIds(GENERATED, (n) => earlyOperationNames("client/src/app/routeRequests.ts").has(n));

  it("the entry's table holds the viewer's and every screen's query id, and no other", async () => {
    const wanted = new Set(["AppViewerQuery"]);
    for (const route of ROUTES) for (const isManager of [true, false]) {
      const r = routeRequest(route, new URLSearchParams(), { id: "U3RvY2tMb2NhdGlvbjox", locationId: "1" }, isManager);
      if (r) wanted.add(r.operation);
    }
    expect(new Set(Object.keys(ids))).toEqual(wanted);
    for (const name of wanted) expect(ids[name], name).toBe((await artifact(name)).params.id);
  });

  it("Relay's variables for each screen's query are the ones the entry sent", async () => {
    const cases: [string, string][] = [
      ["/", ""], ["/inventory", ""], ["/equipment", ""], ["/equipment", "?status=available"], ["/equipment", "?search=%20fogger%20"],
      ["/requests", "?status=pending"], ["/requests", "?status=all"], ["/team", ""], ["/reports", ""], ["/locations", ""],
      ["/locations/U3RvY2tMb2NhdGlvbjox", ""], ["/purchasing", ""], ["/suppliers", ""], ["/truck", ""], ["/count/3", ""], ["/settings", ""],
    ];
    let checked = 0;
    for (const [path, search] of cases) for (const isManager of [true, false]) {
      const route = routeOfPath(path);
      expect(route, path).not.toBeNull();
      const wanted = routeRequest(route!.route, new URLSearchParams(search), route!.params, isManager);
      if (!wanted) continue;
      // What Relay's loadQuery sends: the operation's variables with its defaults filled in.
      const relayVariables = createOperationDescriptor(getRequest(await artifact(wanted.operation)), wanted.variables).request.variables;
      expect(variablesKey(relayVariables), `${path}${search}`).toBe(variablesKey(wanted.variables));
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("paths map to screens and their parameters as the router's patterns do", () => {
    expect(routeOfPath("/")).toEqual({ route: "dashboard", params: {} });
    expect(routeOfPath("/inventory/")).toEqual({ route: "inventory", params: {} });
    expect(routeOfPath("/locations/U3RvY2tMb2NhdGlvbjox")).toEqual({ route: "location", params: { id: "U3RvY2tMb2NhdGlvbjox" } });
    expect(routeOfPath("/count/12")).toEqual({ route: "count", params: { locationId: "12" } });
    expect(routeOfPath("/scan")).toBeNull();
    expect(routeOfPath("/labels")).toBeNull();
    expect(routeOfPath("/nowhere")).toBeNull();
  });

  it("variables match whatever their key order, and a null variable is a missing one", () => {
    expect(variablesKey({ a: 1, b: "x" })).toBe(variablesKey({ b: "x", a: 1 }));
    expect(variablesKey({ a: 1, search: null })).toBe(variablesKey({ a: 1 }));
    expect(variablesKey({ a: 1 })).not.toBe(variablesKey({ a: 2 }));
    expect(variablesKey({ isManager: true })).not.toBe(variablesKey({ isManager: false }));
  });
});
