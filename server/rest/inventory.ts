import {
  createInventoryItem,
  deleteInventoryItem,
  getInventoryItem,
  listLowStockItems,
  listReorderSuggestions,
  updateInventoryItem,
} from "../domain/inventory.ts";
import { inventoryListJson } from "../domain/lists.ts";
import type { RestContext } from "./context.ts";
import { route } from "./route.ts";
import { itemJson } from "./shapes.ts";

export function inventoryRoutes(ctx: RestContext) {
  const { deps, session } = ctx;
  const actor = session.actorOf;
  // The whole list (the contract), rendered as JSON text by the database.
  route(ctx, "listInventoryItems", async (req, reply, { query }) =>
    reply.type("application/json").send(await inventoryListJson(deps, await actor(req), query)),
  );
  route(ctx, "listLowStockItems", async (req) => (await listLowStockItems(deps, await actor(req))).map(itemJson));
  route(ctx, "listReorderSuggestions", async (req) => listReorderSuggestions(deps, await actor(req)));
  route(ctx, "getInventoryItem", async (req, _reply, { params }) => itemJson(await getInventoryItem(deps, await actor(req), params.id)));
  route(ctx, "createInventoryItem", async (req, reply) => reply.status(201).send(itemJson(await createInventoryItem(deps, await actor(req), req.body))));
  route(ctx, "updateInventoryItem", async (req, _reply, { params }) => itemJson(await updateInventoryItem(deps, await actor(req), params.id, req.body)));
  route(ctx, "deleteInventoryItem", async (req, reply, { params }) => {
    await deleteInventoryItem(deps, await actor(req), params.id);
    return reply.status(204).send();
  });
}
