import { activityNodeWhere } from "../domain/access.ts";
import { activityDetailsIn } from "../domain/context.ts";
import { countActivity, dashboardStats, findActivity, type DashboardStats } from "../domain/dashboard.ts";
import { builder } from "./builder.ts";

builder.prismaNode("ActivityEntry", {
  nullable: true,
  id: { field: "id" },
  // By id as in the feed: an entry the reader may not see is as good as missing.
  findUnique: (id, ctx) => activityNodeWhere(ctx.actor, Number(id)),
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    action: t.exposeString("action", { description: "create, update, delete, checkout, checkin, approve or deny" }),
    entityType: t.exposeString("entityType", { description: "inventory, equipment, request, location, and for managers user, supplier or purchaseOrder" }),
    entityId: t.exposeInt("entityId", { nullable: true }),
    details: t.string({
      nullable: true,
      description: "What happened, in the reader's language (entries written before issue 35 as they were written)",
      select: { details: true, message: true },
      resolve: (e, _args, ctx) => activityDetailsIn(e, ctx.locale),
    }),
    user: t.relation("user"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const DashboardStatsType = builder.objectRef<DashboardStats>("DashboardStats").implement({
  fields: (t) => ({
    totalItems: t.exposeInt("totalItems"),
    lowStockItems: t.exposeInt("lowStockItems"),
    activeEquipment: t.exposeInt("activeEquipment", { description: "Equipment checked out" }),
    totalEquipment: t.exposeInt("totalEquipment"),
    pendingRequests: t.exposeInt("pendingRequests"),
    utilization: t.int({
      description: "activeEquipment / totalEquipment as a rounded percentage; 0 without equipment",
      resolve: (s) => (s.totalEquipment ? Math.round((s.activeEquipment / s.totalEquipment) * 100) : 0),
    }),
  }),
});

builder.queryFields((t) => ({
  activity: t.prismaConnection(
    {
      type: "ActivityEntry",
      cursor: "id",
      maxSize: 100,
      description: "Newest first",
      resolve: (query, _root, _args, ctx) => findActivity(ctx.deps, ctx.actor, query),
      totalCount: (_c, _args, ctx) => countActivity(ctx.deps, ctx.actor),
    },
  ),
  dashboardStats: t.field({ type: DashboardStatsType, resolve: (_root, _args, ctx) => dashboardStats(ctx.deps, ctx.actor) }),
}));
