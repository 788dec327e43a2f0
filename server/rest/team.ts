import { createTeamMember, listTeamMembers } from "../domain/team.ts";
import type { Query, RestContext } from "./context.ts";

export function teamRoutes({ app, deps, session }: RestContext) {
  app.get<{ Querystring: Query }>("/api/team", async (req) => listTeamMembers(deps, await session.actorOf(req), { search: req.query.search }));
  app.post("/api/team", async (req, reply) => reply.status(201).send(await createTeamMember(deps, await session.actorOf(req), req.body)));
}
