import { approveRequest, createRequest, denyRequest, getRequest } from "../domain/requests.ts";
import { requestListJson } from "../domain/lists.ts";
import type { RestContext } from "./context.ts";
import { route } from "./route.ts";
import { requestJson } from "./shapes.ts";

export function requestRoutes(ctx: RestContext) {
  const { deps, session } = ctx;
  const actor = session.actorOf;
  // The whole list (the contract), rendered as JSON text by the database.
  route(ctx, "listRequests", async (req, reply, { query }) => reply.type("application/json").send(await requestListJson(deps, await actor(req), query)));
  route(ctx, "getRequest", async (req, _reply, { params }) => requestJson(await getRequest(deps, await actor(req), params.id)));
  route(ctx, "createRequest", async (req, reply) => reply.status(201).send(requestJson(await createRequest(deps, await actor(req), req.body))));
  route(ctx, "approveRequest", async (req, _reply, { params }) => requestJson(await approveRequest(deps, await actor(req), params.id, req.body ?? {})));
  route(ctx, "denyRequest", async (req, _reply, { params }) => requestJson(await denyRequest(deps, await actor(req), params.id)));
}
