import { approveRequest, createRequest, denyRequest, getRequest, listRequests } from "../domain/requests.ts";
import type { Params, Query, RestContext } from "./context.ts";
import { requestJson } from "./shapes.ts";

export function requestRoutes({ app, deps, session }: RestContext) {
  const actor = session.actorOf;
  app.get<{ Querystring: Query }>("/api/requests", async (req) =>
    (await listRequests(deps, await actor(req), { status: req.query.status })).map(requestJson),
  );
  app.get<{ Params: Params }>("/api/requests/:id", async (req) => requestJson(await getRequest(deps, await actor(req), req.params.id)));
  app.post("/api/requests", async (req, reply) =>
    reply.status(201).send(requestJson(await createRequest(deps, await actor(req), req.body))),
  );
  app.put<{ Params: Params }>("/api/requests/:id/approve", async (req) =>
    requestJson(await approveRequest(deps, await actor(req), req.params.id)),
  );
  app.put<{ Params: Params }>("/api/requests/:id/deny", async (req) => requestJson(await denyRequest(deps, await actor(req), req.params.id)));
}
