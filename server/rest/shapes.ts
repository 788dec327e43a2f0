import type { InventoryItem } from "../db/generated/client.ts";
import type { RequestWithLines } from "../domain/requests.ts";
import type { listActivity } from "../domain/dashboard.ts";

/** A request as §3/§7 show it: items as the spec's JSON string, requester name and department. */
export function requestJson(r: RequestWithLines) {
  return {
    id: r.id,
    requesterId: r.requesterId,
    type: r.type,
    status: r.status,
    items: JSON.stringify(
      r.lines.map((l) => ({ id: l.inventoryItemId ?? l.equipmentId, name: l.name, quantity: l.quantity, type: r.type })),
    ),
    justification: r.justification,
    approvedBy: r.approvedById,
    approvedAt: r.approvedAt,
    createdAt: r.createdAt,
    requesterName: r.requester.name,
    requesterDepartment: r.requester.department,
  };
}

export function activityJson(e: Awaited<ReturnType<typeof listActivity>>[number]) {
  const { user, managersOnly: _audience, ...rest } = e;
  return { ...rest, userName: user.name };
}

/** An item with exactly the §3 fields (warningLevel is an internal, generated column; the preferred supplier is purchasing's, managers' GraphQL). */
export function itemJson(item: InventoryItem) {
  const { warningLevel: _internal, preferredSupplierId: _purchasing, ...fields } = item;
  return fields;
}
