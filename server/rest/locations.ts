import { locationStockRows, locationSummaries } from "../domain/locations.ts";
import type { RestContext } from "./context.ts";
import { route } from "./route.ts";

/** Stock locations for integrators (issue 15): reads only; changes go through GraphQL. */
export function locationRoutes(ctx: RestContext) {
  const { deps, session } = ctx;
  route(ctx, "listStockLocations", async (req, _reply, { query }) =>
    locationSummaries(deps, await session.actorOf(req), { kind: query.kind, includeArchived: query.archived === "true" }),
  );
  route(ctx, "listLocationStock", async (req, _reply, { params }) => locationStockRows(deps, await session.actorOf(req), params.id));
}
