import type { Prisma } from "../db/generated/client.ts";
import type { Actor } from "./actor.ts";

/*
 * Who may see what, decided once for every transport (REST, GraphQL lists, node(id:), nested
 * fields, live events, exports). Writes check their own rule where they run (requireManager and
 * the like); reads of a record ask here. The README's permission table states the same answers,
 * and tests/graphql/permissions.test.ts holds the server to every row of it.
 */

export const isManager = (actor: Actor | null | undefined): boolean => actor?.role === "manager";

/** A where clause that matches no row: what a record the reader may not see becomes. */
const NOTHING = { id: 0 } as const;

/**
 * Activity entries: purchasing (suppliers, purchase orders, an item's preferred supplier) and the
 * team (accounts added, their roles) are managers' business; an entry about them is written
 * `managersOnly` (see activityAudience) and only managers read it, in the feed, its count and by id.
 */
export function activityVisibleWhere(actor: Actor | null | undefined): Prisma.ActivityEntryWhereInput {
  if (!actor) return NOTHING;
  return isManager(actor) ? {} : { managersOnly: false };
}

/** node(id:) of an activity entry: the same rule as the feed. */
export function activityNodeWhere(actor: Actor | null | undefined, id: number): { id: number; managersOnly?: false } {
  if (!actor) return NOTHING;
  return isManager(actor) ? { id } : { id, managersOnly: false };
}

/** The entity types whose activity only managers read. */
export const MANAGERS_ONLY_ACTIVITY = ["supplier", "purchaseOrder", "user", "application"] as const;

/** Whether an activity entry is for managers' eyes only (an explicit draft flag, or its entity type). */
export function activityAudience(entry: { entityType: string; managersOnly?: boolean }): boolean {
  return entry.managersOnly === true || (MANAGERS_ONLY_ACTIVITY as readonly string[]).includes(entry.entityType);
}

/**
 * A user account: anyone signed in reads the name (and department) the app shows beside a request,
 * a vehicle or an activity entry; the username and role only managers and the user themself. By id (node), another user's account is readable by managers only, so
 * sequential ids list no usernames.
 */
export function mayReadAccount(actor: Actor | null | undefined, userId: number): boolean {
  return !!actor && (isManager(actor) || actor.id === userId);
}

export function userNodeWhere(actor: Actor | null | undefined, id: number): Prisma.UserWhereUniqueInput {
  return mayReadAccount(actor, id) ? { id } : NOTHING;
}

/** Records of the managers' areas (purchasing, webhooks): by id, managers only. */
export function managersOnlyWhere(actor: Actor | null | undefined, id: number): { id: number } {
  return isManager(actor) ? { id } : NOTHING;
}

/**
 * Application records (issue 34): a technician reads (and amends) the records they applied or
 * entered; managers all of them.
 */
export function applicationVisibleWhere(actor: Actor | null | undefined): Prisma.ApplicationWhereInput {
  if (!actor) return NOTHING;
  return isManager(actor) ? {} : { OR: [{ applicatorId: actor.id }, { recordedById: actor.id }] };
}
export function applicationNodeWhere(actor: Actor | null | undefined, id: number): Prisma.ApplicationWhereUniqueInput {
  if (!actor) return NOTHING;
  return isManager(actor) ? { id } : { id, OR: [{ applicatorId: actor.id }, { recordedById: actor.id }] };
}

/** Records that belong to one user (API tokens, notifications): by id, only their owner. */
export function ownWhere(actor: Actor | null | undefined, id: number): { id: number; userId: number } {
  return { id, userId: actor?.id ?? 0 };
}

/** Records every signed-in user may read (items, equipment, requests, locations…): by id, anyone signed in. */
export function signedInWhere(actor: Actor | null | undefined, id: number): { id: number } {
  return actor ? { id } : NOTHING;
}
