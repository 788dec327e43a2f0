import {
  createInventoryItem,
  deleteInventoryItem,
  getInventoryItem,
  listLowStockItems,
  listReorderSuggestions,
  updateInventoryItem,
} from "../domain/inventory.ts";
import { inventoryListJson } from "../domain/lists.ts";
import type { Params, Query, RestContext } from "./context.ts";
import { itemJson } from "./shapes.ts";

export function inventoryRoutes({ app, deps, session }: RestContext) {
  const actor = session.actorOf;
  // The whole list (the contract), rendered as JSON text by the database.
  app.get<{ Querystring: Query }>("/api/inventory", async (req, reply) =>
    reply.type("application/json").send(await inventoryListJson(deps, await actor(req), { search: req.query.search, category: req.query.category })),
  );
  app.get("/api/inventory/low-stock", async (req) => (await listLowStockItems(deps, await actor(req))).map(itemJson));
  app.get("/api/inventory/reorder-suggestions", async (req) => listReorderSuggestions(deps, await actor(req)));
  app.get<{ Params: Params }>("/api/inventory/:id", async (req) => itemJson(await getInventoryItem(deps, await actor(req), req.params.id)));
  app.post("/api/inventory", async (req, reply) => reply.status(201).send(itemJson(await createInventoryItem(deps, await actor(req), req.body))));
  app.put<{ Params: Params }>("/api/inventory/:id", async (req) =>
    itemJson(await updateInventoryItem(deps, await actor(req), req.params.id, req.body)),
  );
  app.delete<{ Params: Params }>("/api/inventory/:id", async (req, reply) => {
    await deleteInventoryItem(deps, await actor(req), req.params.id);
    return reply.status(204).send();
  });
}
