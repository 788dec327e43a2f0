import { checkInEquipment, checkOutEquipment, createEquipment, getEquipment, updateEquipment } from "../domain/equipment.ts";
import { equipmentListJson } from "../domain/lists.ts";
import type { RestContext } from "./context.ts";
import { route } from "./route.ts";

export function equipmentRoutes(ctx: RestContext) {
  const { deps, session } = ctx;
  const actor = session.actorOf;
  // The whole list (the contract), rendered as JSON text by the database.
  route(ctx, "listEquipment", async (req, reply, { query }) =>
    reply.type("application/json").send(await equipmentListJson(deps, await actor(req), query)),
  );
  route(ctx, "getEquipment", async (req, _reply, { params }) => getEquipment(deps, await actor(req), params.id));
  route(ctx, "createEquipment", async (req, reply) => reply.status(201).send(await createEquipment(deps, await actor(req), req.body)));
  route(ctx, "updateEquipment", async (req, _reply, { params }) => updateEquipment(deps, await actor(req), params.id, req.body));
  route(ctx, "checkOutEquipment", async (req, _reply, { params }) => checkOutEquipment(deps, await actor(req), params.id, req.body));
  route(ctx, "checkInEquipment", async (req, _reply, { params }) => checkInEquipment(deps, await actor(req), params.id));
}
