import type { Prisma } from "../db/generated/client.ts";
import { activityVisibleWhere } from "./access.ts";
import { BusGuardedCache, onChange, perBus } from "./cache.ts";
import { requireActor, type Actor, type Deps } from "./context.ts";
import { seek } from "./keyset.ts";

export type DashboardStats = {
  totalItems: number;
  lowStockItems: number;
  activeEquipment: number;
  totalEquipment: number;
  pendingRequests: number;
};

/**
 * The counts change only through domain writes, and every write of items, equipment or requests
 * announces itself (write() tells this process at commit; the bus brings other processes' writes).
 * So the counts are kept until the next write is heard, for a few seconds at most, and only while
 * the bus delivers: a write is reflected in the next read in this process, and in other processes
 * as soon as its event arrives, as live updates are.
 */
const DASHBOARD_CACHE_MS = 5_000;
const dashboardCache = perBus((bus) => {
  const cache = new BusGuardedCache<"counts", DashboardStats>(bus, DASHBOARD_CACHE_MS, 1);
  onChange(bus, (event) => {
    if (event?.type === "session.revoked" || event?.type === "apiToken.revoked" || event?.type === "webhook.changed" || event?.type === "notification.created") return;
    cache.invalidate();
  });
  return cache;
});

/**
 * The five counts in one statement (one round trip, one snapshot); "active" equipment is equipment
 * checked out, low stock is §4's quantity ≤ minQuantity (as inventoryWhere's LOW_STOCK). Each count
 * is answered from an index: see the partial indexes of the dashboard_counts migration.
 */
export async function dashboardStats(deps: Deps, actor: Actor | null): Promise<DashboardStats> {
  requireActor(actor);
  const counts = await dashboardCache(deps.events).through("counts", async () => {
    const [row] = await deps.prisma.$queryRaw<DashboardStats[]>`
      SELECT (SELECT count(*) FROM "InventoryItem")::int AS "totalItems",
             (SELECT count(*) FROM "InventoryItem" WHERE "quantity" <= "minQuantity")::int AS "lowStockItems",
             (SELECT count(*) FROM "Equipment" WHERE "status" = 'checked_out')::int AS "activeEquipment",
             (SELECT count(*) FROM "Equipment")::int AS "totalEquipment",
             (SELECT count(*) FROM "Request" WHERE "status" = 'pending')::int AS "pendingRequests"`;
    return row!;
  });
  return { ...counts! };
}

/**
 * Newest first; id breaks ties, so the pair is a stable keyset position (indexed). Every read of the
 * feed (this list, the connection, its count, node(id:)) leaves out what the reader may not see.
 */
export async function listActivity(deps: Deps, actor: Actor | null, opts: { limit?: number } = {}) {
  requireActor(actor);
  const take = Math.min(Math.max(Math.trunc(opts.limit ?? 50) || 50, 1), 200);
  return deps.prisma.activityEntry.findMany({
    take,
    where: activityVisibleWhere(actor),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { user: { select: { name: true } } },
  });
}

export async function findActivity(deps: Deps, actor: Actor | null, query: object) {
  requireActor(actor);
  // Newest first, as listActivity; pages seek the (createdAt, id) index from the cursor row.
  const orderBy = [{ createdAt: "desc" }, { id: "desc" }] as const;
  const page = await seek(query, orderBy, (where, select) => deps.prisma.activityEntry.findUnique({ where: where as { id: number }, select }));
  if (!page) return [];
  return deps.prisma.activityEntry.findMany({ ...page.query, where: { AND: [activityVisibleWhere(actor), page.where as Prisma.ActivityEntryWhereInput] }, orderBy: [...orderBy] });
}

export async function countActivity(deps: Deps, actor: Actor | null) {
  requireActor(actor);
  return deps.prisma.activityEntry.count({ where: activityVisibleWhere(actor) });
}
