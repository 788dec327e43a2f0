import type { Prisma, RequestStatus } from "../db/generated/client.ts";
import type { DomainEvent } from "../realtime/events.ts";
import { REQUEST_TYPES } from "../../schemas/constants.ts";
import { logActivity, parseId, parseInput, requireActor, requireManager, write, type Actor, type Deps, type Tx } from "./context.ts";
import { checkOutInTx } from "./equipment.ts";
import { ConflictError, NotFoundError, ValidationError } from "./errors.ts";
import { oneOf } from "../../schemas/fields.ts";
import { notifyLowStock, notifyManagers, notifyUsers } from "./notifications.ts";
import { issueLocation } from "./locations.ts";
import { becameLow, isLow, lowStockItem, takeStock } from "./stock.ts";
import { approveRequestInput, createRequestInput } from "../../schemas/requests.ts";

export const requestInclude = {
  requester: { select: { id: true, name: true, department: true } },
  lines: { orderBy: { position: "asc" } },
} satisfies Prisma.RequestInclude;
export type RequestWithLines = Prisma.RequestGetPayload<{ include: typeof requestInclude }>;

export type RequestFilter = { status?: string; requesterId?: number };

function requestWhere(filter: RequestFilter): Prisma.RequestWhereInput {
  const where: Prisma.RequestWhereInput = {};
  if (filter.status) where.status = parseInput(oneOf("Status", ["pending", "approved", "denied"] as const), filter.status);
  if (filter.requesterId) where.requesterId = filter.requesterId;
  return where;
}

/** Newest first. Without a GraphQL `query`, each request comes with its requester and lines. */
export async function listRequests(deps: Deps, actor: Actor | null, filter: RequestFilter = {}): Promise<RequestWithLines[]> {
  requireActor(actor);
  return deps.prisma.request.findMany({ where: requestWhere(filter), include: requestInclude, orderBy: [{ id: "desc" }] });
}

export async function findRequests(deps: Deps, actor: Actor | null, filter: RequestFilter, query: object) {
  requireActor(actor);
  return deps.prisma.request.findMany({ ...query, where: requestWhere(filter), orderBy: [{ id: "desc" }] });
}

export async function countRequests(deps: Deps, actor: Actor | null, filter: RequestFilter = {}) {
  requireActor(actor);
  return deps.prisma.request.count({ where: requestWhere(filter) });
}

export async function getRequest(deps: Deps, actor: Actor | null, id: unknown): Promise<RequestWithLines> {
  requireActor(actor);
  const request = await deps.prisma.request.findUnique({ where: { id: parseId(id) }, include: requestInclude });
  if (!request) throw new NotFoundError(/*i18n*/ { id: "request.notFound", message: "Request not found" });
  return request;
}

export async function createRequest(deps: Deps, actor: Actor | null, input: unknown): Promise<RequestWithLines> {
  const a = requireActor(actor);
  const { type, justification, items } = parseInput(createRequestInput, input);
  // Adding the same item twice sums the quantities (§5).
  const merged = new Map<number, number>();
  for (const line of items) {
    if (line.type !== type && REQUEST_TYPES.some((t) => t === line.type)) {
      throw new ValidationError(
        type === "inventory"
          ? /*i18n*/ { id: "request.lineNotInventory", message: "Item {id} is {type}, but this is an inventory request", values: { id: line.id, type: String(line.type) } }
          : /*i18n*/ { id: "request.lineNotEquipment", message: "Item {id} is {type}, but this is an equipment request", values: { id: line.id, type: String(line.type) } },
        "items",
      );
    }
    if (type === "equipment" && (line.quantity ?? 1) !== 1) {
      throw new ValidationError(/*i18n*/ { id: "request.equipmentIsRequestedOnePiece", message: "Equipment is requested one piece at a time (quantity 1)" }, "items");
    }
    if (type === "equipment" && merged.has(line.id)) throw new ValidationError(/*i18n*/ { id: "request.theSameEquipmentIsListed", message: "The same equipment is listed twice" }, "items");
    merged.set(line.id, (merged.get(line.id) ?? 0) + (line.quantity ?? (type === "equipment" ? 1 : 0)));
  }
  for (const [, quantity] of merged) {
    if (quantity < 1) throw new ValidationError(/*i18n*/ { id: "request.pleaseSelectAnItemAnd", message: "Please select an item and enter a valid quantity" }, "items");
  }
  const ids = [...merged.keys()];
  return write(deps, async (tx, emit) => {
    const names = new Map<number, string>();
    if (type === "inventory") {
      for (const item of await tx.inventoryItem.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })) {
        names.set(item.id, item.name);
      }
    } else {
      const found = await tx.equipment.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, status: true } });
      for (const e of found) {
        if (e.status !== "available") throw new ConflictError(/*i18n*/ { id: "request.isNotAvailable", message: "{name} is not available", values: { name: e.name } }, "items");
        names.set(e.id, e.name);
      }
    }
    const missing = ids.find((id) => !names.has(id));
    if (missing !== undefined) {
      throw new ValidationError(
        type === "inventory"
          ? /*i18n*/ { id: "request.noSuchItem", message: "No inventory item with id {id}", values: { id: missing } }
          : /*i18n*/ { id: "request.noSuchEquipment", message: "No equipment with id {id}", values: { id: missing } },
        "items",
      );
    }
    const request = await tx.request.create({
      data: {
        requesterId: a.id,
        type,
        justification,
        lines: {
          create: ids.map((id, position) => ({
            position,
            name: names.get(id)!,
            quantity: merged.get(id)!,
            ...(type === "inventory" ? { inventoryItemId: id } : { equipmentId: id }),
          })),
        },
      },
      include: requestInclude,
    });
    await logActivity(tx, a, {
      action: "create",
      entityType: "request",
      entityId: request.id,
      details: /*i18n*/ { id: "activity.requested", message: "Requested {lines}", values: { lines: describeLines(request) } },
    });
    await notifyManagers(
      tx,
      emit,
      {
        kind: "NEW_REQUEST",
        requestId: request.id,
        message: /*i18n*/ { id: "notification.newRequest", message: "New request from {name}: {lines}", values: { name: a.name, lines: describeLines(request) } },
      },
      a.id,
    );
    emit({ type: "request.changed", requestId: request.id, requesterId: a.id, status: "pending", created: true });
    return request;
  });
}

/**
 * pending → approved. Issues the stock of an inventory request, or checks the equipment out to the
 * requester, in the same transaction; any shortfall rolls everything back as a conflict.
 */
export async function approveRequest(deps: Deps, actor: Actor | null, id: unknown, input: unknown = {}): Promise<RequestWithLines> {
  const a = requireManager(actor, /*i18n*/ { id: "request.onlyManagersCanApproveRequests", message: "Only managers can approve requests" });
  const requestId = parseId(id);
  const { fromLocationId } = parseInput(approveRequestInput, input);
  return write(deps, async (tx, emit) => {
    const request = await decide(tx, a, requestId, "approved");
    if (request.type === "inventory") {
      const low = [];
      const from = await issueLocation(tx, fromLocationId);
      emit({ type: "location.changed", locationIds: [from.id] });
      for (const line of request.lines) {
        if (line.inventoryItemId === null) throw new ConflictError(/*i18n*/ { id: "request.noLongerExists", message: "{name} no longer exists", values: { name: line.name } });
        const item = await takeStock(tx, a, { itemId: line.inventoryItemId, name: line.name, quantity: line.quantity }, "issued", request.id, from);
        emit({ type: "inventory.changed", itemId: item.id });
        if (isLow(item)) low.push(lowStockItem(item));
        if (becameLow(item, -line.quantity)) await notifyLowStock(tx, emit, [item]);
      }
      if (low.length) emit({ type: "stock.low", items: low });
    } else {
      for (const line of request.lines) {
        if (line.equipmentId === null) throw new ConflictError(/*i18n*/ { id: "request.noLongerExists", message: "{name} no longer exists", values: { name: line.name } });
        await checkOutInTx(tx, a, line.equipmentId, request.requester.name, request.id);
        emit({ type: "equipment.changed", equipmentId: line.equipmentId, action: "checked_out" });
      }
    }
    await notifyRequester(tx, emit, a, request);
    emit({ type: "request.changed", requestId: request.id, requesterId: request.requesterId, status: "approved" });
    return request;
  });
}

export async function denyRequest(deps: Deps, actor: Actor | null, id: unknown): Promise<RequestWithLines> {
  const a = requireManager(actor, /*i18n*/ { id: "request.onlyManagersCanDenyRequests", message: "Only managers can deny requests" });
  const requestId = parseId(id);
  return write(deps, async (tx, emit) => {
    const request = await decide(tx, a, requestId, "denied");
    await notifyRequester(tx, emit, a, request);
    emit({ type: "request.changed", requestId: request.id, requesterId: request.requesterId, status: "denied" });
    return request;
  });
}

/** The pending → decided step as one conditional UPDATE: of racing approvals and denials exactly one wins. */
async function decide(tx: Tx, actor: Actor, requestId: number, status: Exclude<RequestStatus, "pending">) {
  const { count } = await tx.request.updateMany({
    where: { id: requestId, status: "pending" },
    data: { status, approvedById: actor.id, approvedAt: new Date() },
  });
  const request = await tx.request.findUnique({ where: { id: requestId }, include: requestInclude });
  if (!request) throw new NotFoundError(/*i18n*/ { id: "request.notFound", message: "Request not found" });
  if (count !== 1) throw new ConflictError(/*i18n*/ { id: "request.thisRequestWasAlready", message: "This request was already {status}", values: { status: request.status } });
  await logActivity(tx, actor, {
    action: status === "approved" ? "approve" : "deny",
    entityType: "request",
    entityId: request.id,
    details:
      status === "approved"
        ? /*i18n*/ {
            id: "activity.requestApproved",
            message: "Approved {name}'s request for {lines}",
            values: { name: request.requester.name, lines: describeLines(request) },
          }
        : /*i18n*/ {
            id: "activity.requestDenied",
            message: "Denied {name}'s request for {lines}",
            values: { name: request.requester.name, lines: describeLines(request) },
          },
  });
  return request;
}

/** The requester hears of the decision, unless they made it themselves. */
async function notifyRequester(tx: Tx, emit: (e: DomainEvent) => void, actor: Actor, request: RequestWithLines) {
  if (request.requesterId === actor.id) return;
  await notifyUsers(tx, emit, [request.requesterId], {
    kind: request.status === "approved" ? "REQUEST_APPROVED" : "REQUEST_DENIED",
    requestId: request.id,
    message:
      request.status === "approved"
        ? /*i18n*/ {
            id: "notification.requestApproved",
            message: "Your request for {lines} was approved by {name}",
            values: { lines: describeLines(request), name: actor.name },
          }
        : /*i18n*/ {
            id: "notification.requestDenied",
            message: "Your request for {lines} was denied by {name}",
            values: { lines: describeLines(request), name: actor.name },
          },
  });
}

function describeLines(request: RequestWithLines): string {
  return request.lines.map((l) => `${l.quantity} x ${l.name}`).join(", ");
}
