import { say, type Message } from "../../schemas/messages.ts";
import { z } from "zod";
import { recordId } from "../../schemas/fields.ts";
import type { NotificationKind, Prisma } from "../db/generated/client.ts";
import type { DomainEvent } from "../realtime/events.ts";
import { render, type Locale } from "../i18n/index.ts";
import { parseId, parseInput, requireActor, storedMessage, storedTextIn, write, type Actor, type Deps, type Tx } from "./context.ts";
import { NotFoundError } from "./errors.ts";

/**
 * Per-user notifications. They are written by the domain write that causes them, inside its
 * transaction, and announced (`notification.created`) after commit. Reading and marking read are the
 * user's own inbox state, not changes to the business records, so they log no activity.
 * A notification keeps its message twice: the English text (`message`, the API's field as it always
 * was) and the descriptor (`descriptor`, { id, values }) it is read from in the reader's language.
 */
export type NotificationDraft = {
  kind: NotificationKind;
  message: Message;
  requestId?: number | null;
  itemId?: number | null;
  equipmentId?: number | null;
  /** Reminders carry a key so that one due date notifies each user once, however often it is checked. */
  dedupeKey?: string | null;
};

type Emit = (e: DomainEvent) => void;

/** Stores one notification per recipient; recipients who already hold the same dedupeKey are skipped. */
export function notifyUsers(tx: Tx, emit: Emit, userIds: readonly number[], draft: NotificationDraft) {
  return notifyUsersOfEach(tx, emit, userIds, [draft]);
}

/** notifyUsers for several drafts at once: one statement for them all (a bulk import's low items). */
async function notifyUsersOfEach(tx: Tx, emit: Emit, userIds: readonly number[], drafts: readonly NotificationDraft[]) {
  const recipients = [...new Set(userIds)];
  if (!recipients.length || !drafts.length) return [];
  const created = await tx.notification.createManyAndReturn({
    data: drafts.flatMap((draft) => recipients.map((userId) => ({
      userId,
      kind: draft.kind,
      message: render(draft.message),
      descriptor: storedMessage(draft.message),
      requestId: draft.requestId ?? null,
      itemId: draft.itemId ?? null,
      equipmentId: draft.equipmentId ?? null,
      dedupeKey: draft.dedupeKey ?? null,
    }))),
    skipDuplicates: true,
    select: { id: true, userId: true },
  });
  for (const n of created) emit({ type: "notification.created", notificationId: n.id, userId: n.userId });
  return created;
}

/** Every manager (but `except`, usually the one who acted) gets the notification. */
export async function notifyManagers(tx: Tx, emit: Emit, draft: NotificationDraft | readonly NotificationDraft[], except?: number) {
  const managers = await tx.user.findMany({
    where: { role: "manager", ...(except !== undefined ? { id: { not: except } } : {}) },
    select: { id: true },
  });
  return notifyUsersOfEach(tx, emit, managers.map((m) => m.id), Array.isArray(draft) ? draft : [draft as NotificationDraft]);
}

type StockLevel = { id: number; name: string; quantity: number; minQuantity: number; unit: string };

/** Managers hear of an item when a change takes it to or below its minimum (not again while it stays there). */
export async function notifyLowStock(tx: Tx, emit: Emit, items: readonly StockLevel[]) {
  if (!items.length) return;
  await notifyManagers(
    tx,
    emit,
    items.map((item) => ({
      kind: "LOW_STOCK" as const,
      itemId: item.id,
      message: /*i18n*/ {
        id: "notification.lowStock",
        message: "{item} is low on stock: {quantity} {unit} left (minimum {minimum})",
        values: { item: item.name, quantity: item.quantity, unit: item.unit, minimum: item.minQuantity },
      },
    })),
  );
}

/** A notification's message in `locale` (one written before notifications kept their descriptor reads as written). */
export function notificationMessageIn(n: { message: string; descriptor: Prisma.JsonValue | null }, locale: Locale): string {
  return storedTextIn(n.descriptor, n.message, locale);
}

export type NotificationFilter = { unreadOnly?: boolean };

function mine(actor: Actor, filter: NotificationFilter = {}): Prisma.NotificationWhereInput {
  return { userId: actor.id, ...(filter.unreadOnly ? { readAt: null } : {}) };
}

/** The actor's notifications, newest first. `query` is GraphQL's selection and cursor. */
export async function listNotifications(deps: Deps, actor: Actor | null, filter: NotificationFilter = {}, query: object = {}) {
  const a = requireActor(actor);
  return deps.prisma.notification.findMany({ ...query, where: mine(a, filter), orderBy: [{ id: "desc" }] });
}

export async function countNotifications(deps: Deps, actor: Actor | null, filter: NotificationFilter = {}) {
  const a = requireActor(actor);
  return deps.prisma.notification.count({ where: mine(a, filter) });
}

export async function unreadNotificationCount(deps: Deps, actor: Actor | null) {
  return countNotifications(deps, actor, { unreadOnly: true });
}

/** One of the actor's notifications, or null (someone else's is as good as missing). */
export async function findOwnNotification(deps: Deps, actor: Actor | null, id: number) {
  const a = requireActor(actor);
  return deps.prisma.notification.findFirst({ where: { id, userId: a.id } });
}

/** Marks one of the actor's notifications read; marking a read one again changes nothing. */
export async function markNotificationRead(deps: Deps, actor: Actor | null, id: unknown) {
  const a = requireActor(actor);
  const notificationId = parseId(id);
  return write(deps, async (tx) => {
    await tx.notification.updateMany({ where: { id: notificationId, userId: a.id, readAt: null }, data: { readAt: new Date() } });
    const notification = await tx.notification.findFirst({ where: { id: notificationId, userId: a.id } });
    if (!notification) throw new NotFoundError(/*i18n*/ { id: "notification.notFound", message: "Notification not found" });
    const unreadCount = await tx.notification.count({ where: mine(a, { unreadOnly: true }) });
    return { notification, unreadCount };
  });
}

export const markAllInput = z.object({
  /** Only notifications up to this one: what arrived after the user looked stays unread. */
  upToId: recordId(say(/*i18n*/ { id: "id.notANotificationId", message: "upTo must be a notification id" })).optional(),
});

/** Marks every unread notification of the actor (up to `upToId` when given) read. */
export async function markAllNotificationsRead(deps: Deps, actor: Actor | null, input: unknown = {}) {
  const a = requireActor(actor);
  const { upToId } = parseInput(markAllInput, input);
  return write(deps, async (tx) => {
    const { count } = await tx.notification.updateMany({
      where: { ...mine(a, { unreadOnly: true }), ...(upToId ? { id: { lte: upToId } } : {}) },
      data: { readAt: new Date() },
    });
    const unreadCount = await tx.notification.count({ where: mine(a, { unreadOnly: true }) });
    return { markedCount: count, unreadCount };
  });
}
