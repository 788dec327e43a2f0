import { checkInEquipment, checkOutEquipment, createEquipment, getEquipment, updateEquipment } from "../domain/equipment.ts";
import { equipmentListJson } from "../domain/lists.ts";
import type { Params, Query, RestContext } from "./context.ts";

export function equipmentRoutes({ app, deps, session }: RestContext) {
  const actor = session.actorOf;
  // The whole list (the contract), rendered as JSON text by the database.
  app.get<{ Querystring: Query }>("/api/equipment", async (req, reply) =>
    reply.type("application/json").send(await equipmentListJson(deps, await actor(req), { search: req.query.search, status: req.query.status })),
  );
  app.get<{ Params: Params }>("/api/equipment/:id", async (req) => getEquipment(deps, await actor(req), req.params.id));
  app.post("/api/equipment", async (req, reply) => reply.status(201).send(await createEquipment(deps, await actor(req), req.body)));
  app.put<{ Params: Params }>("/api/equipment/:id", async (req) => updateEquipment(deps, await actor(req), req.params.id, req.body));
  app.post<{ Params: Params }>("/api/equipment/:id/checkout", async (req) =>
    checkOutEquipment(deps, await actor(req), req.params.id, req.body),
  );
  app.post<{ Params: Params }>("/api/equipment/:id/checkin", async (req) => checkInEquipment(deps, await actor(req), req.params.id));
}
