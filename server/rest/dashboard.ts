import { dashboardStats, listActivity } from "../domain/dashboard.ts";
import { lookupScan } from "../domain/scan.ts";
import type { Query, RestContext } from "./context.ts";
import { activityJson, itemJson } from "./shapes.ts";

export function dashboardRoutes({ app, deps, session }: RestContext) {
  app.get("/api/dashboard/stats", async (req) => dashboardStats(deps, await session.actorOf(req)));
  app.get<{ Querystring: Query }>("/api/dashboard/activity", async (req) =>
    (await listActivity(deps, await session.actorOf(req), { limit: req.query.limit ? Number(req.query.limit) : undefined })).map(activityJson),
  );
  app.post("/api/scan/lookup", async (req) => {
    const found = await lookupScan(deps, await session.actorOf(req), req.body);
    if (found.type === "inventory") return { type: found.type, data: itemJson(found.data) };
    if (found.type === "location") {
      const { id, name, kind, archived, holderId } = found.data;
      return { type: found.type, data: { id, name, kind, archived, holderId } };
    }
    return found;
  });
}
