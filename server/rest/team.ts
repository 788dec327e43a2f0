import { createTeamMember, listTeamMembers } from "../domain/team.ts";
import type { RestContext } from "./context.ts";
import { route } from "./route.ts";

export function teamRoutes(ctx: RestContext) {
  const { deps, session } = ctx;
  route(ctx, "listTeamMembers", async (req, _reply, { query }) => listTeamMembers(deps, await session.actorOf(req), query));
  route(ctx, "createTeamMember", async (req, reply) => reply.status(201).send(await createTeamMember(deps, await session.actorOf(req), req.body)));
}
