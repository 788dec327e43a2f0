import { countLowStockItems } from "./inventory.ts";
import { requireActor, type Actor, type Deps } from "./context.ts";

export type DashboardStats = {
  totalItems: number;
  lowStockItems: number;
  activeEquipment: number;
  totalEquipment: number;
  pendingRequests: number;
};

/** Counts in SQL; "active" equipment is equipment checked out. */
export async function dashboardStats(deps: Deps, actor: Actor | null): Promise<DashboardStats> {
  requireActor(actor);
  const [totalItems, lowStockItems, activeEquipment, totalEquipment, pendingRequests] = await Promise.all([
    deps.prisma.inventoryItem.count(),
    countLowStockItems(deps),
    deps.prisma.equipment.count({ where: { status: "checked_out" } }),
    deps.prisma.equipment.count(),
    deps.prisma.request.count({ where: { status: "pending" } }),
  ]);
  return { totalItems, lowStockItems, activeEquipment, totalEquipment, pendingRequests };
}

/** Newest first; id breaks ties, so the pair is a stable keyset position (indexed). */
export async function listActivity(deps: Deps, actor: Actor | null, opts: { limit?: number } = {}) {
  requireActor(actor);
  const take = Math.min(Math.max(Math.trunc(opts.limit ?? 50) || 50, 1), 200);
  return deps.prisma.activityEntry.findMany({
    take,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { user: { select: { name: true } } },
  });
}

export async function findActivity(deps: Deps, actor: Actor | null, query: object) {
  requireActor(actor);
  // Newest first, as listActivity (the cursor is the id; Prisma compares on both columns).
  return deps.prisma.activityEntry.findMany({ ...query, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

export async function countActivity(deps: Deps, actor: Actor | null) {
  requireActor(actor);
  return deps.prisma.activityEntry.count();
}
