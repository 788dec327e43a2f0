import { dashboardStats, listActivity } from "../domain/dashboard.ts";
import { lookupScan } from "../domain/scan.ts";
import { localeOfRequest } from "../http/locale.ts";
import type { RestContext } from "./context.ts";
import { route } from "./route.ts";
import { activityJson, itemJson } from "./shapes.ts";

export function dashboardRoutes(ctx: RestContext) {
  const { deps, session } = ctx;
  route(ctx, "getDashboardStats", async (req) => dashboardStats(deps, await session.actorOf(req)));
  route(ctx, "listActivity", async (req, _reply, { query }) => {
    const actor = await session.actorOf(req);
    const locale = localeOfRequest(req, actor);
    return (await listActivity(deps, actor, { limit: query.limit })).map((e) => activityJson(e, locale));
  });
  route(ctx, "lookupScan", async (req) => {
    const found = await lookupScan(deps, await session.actorOf(req), req.body);
    if (found.type === "inventory") return { type: found.type, data: itemJson(found.data) };
    if (found.type === "location") {
      const { id, name, kind, archived, holderId } = found.data;
      return { type: found.type, data: { id, name, kind, archived, holderId } };
    }
    return found;
  });
}
