import { locationStockRows, locationSummaries, STOCK_LOCATION_KINDS } from "../domain/locations.ts";
import { parseInput } from "../domain/context.ts";
import { oneOf } from "../../schemas/fields.ts";
import type { Params, Query, RestContext } from "./context.ts";

/** Stock locations for integrators (issue 15): reads only; changes go through GraphQL. */
export function locationRoutes({ app, deps, session }: RestContext) {
  const actor = session.actorOf;
  app.get<{ Querystring: Query }>("/api/locations", async (req) =>
    locationSummaries(deps, await actor(req), {
      kind: req.query.kind === undefined ? undefined : parseInput(oneOf("kind", STOCK_LOCATION_KINDS), req.query.kind),
      includeArchived: req.query.archived === "true",
    }),
  );
  app.get<{ Params: Params }>("/api/locations/:id/stock", async (req) => locationStockRows(deps, await actor(req), req.params.id));
}
