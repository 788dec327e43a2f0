import { approveRequest, createRequest, denyRequest, getRequest } from "../domain/requests.ts";
import { requestListJson } from "../domain/lists.ts";
import type { Params, Query, RestContext } from "./context.ts";
import { requestJson } from "./shapes.ts";

export function requestRoutes({ app, deps, session }: RestContext) {
  const actor = session.actorOf;
  // The whole list (the contract), rendered as JSON text by the database.
  app.get<{ Querystring: Query }>("/api/requests", async (req, reply) =>
    reply.type("application/json").send(await requestListJson(deps, await actor(req), { status: req.query.status })),
  );
  app.get<{ Params: Params }>("/api/requests/:id", async (req) => requestJson(await getRequest(deps, await actor(req), req.params.id)));
  app.post("/api/requests", async (req, reply) =>
    reply.status(201).send(requestJson(await createRequest(deps, await actor(req), req.body))),
  );
  app.put<{ Params: Params }>("/api/requests/:id/approve", async (req) =>
    requestJson(await approveRequest(deps, await actor(req), req.params.id, req.body ?? {})),
  );
  app.put<{ Params: Params }>("/api/requests/:id/deny", async (req) => requestJson(await denyRequest(deps, await actor(req), req.params.id)));
}
