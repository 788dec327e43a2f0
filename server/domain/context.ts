import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { Prisma, type PrismaClient } from "../db/generated/client.ts";
import type { Actor } from "./actor.ts";
import type { Tx } from "../db/client.ts";
import type { DomainEvent, EventBus } from "../realtime/events.ts";
import type { ObjectStore } from "../storage/objects.ts";
import { activityAudience } from "./access.ts";
import { committed } from "./cache.ts";
import { ConflictError, ForbiddenError, UnauthenticatedError, ValidationError, type Said } from "./errors.ts";
import { IdempotencyScope } from "./idempotency.ts";
import type { Message, MessageValue } from "../../schemas/messages.ts";
import { hasMessage, render, type Locale } from "../i18n/index.ts";
import { deliveriesQueued, enqueueWebhookDeliveries } from "./webhookOutbox.ts";

export type { Tx };

export type { Actor };

export type Deps = {
  prisma: PrismaClient;
  events: EventBus;
  storage: ObjectStore;
  settings?: { allowPrivateWebhooks?: boolean; companyName?: string; /** The first wait after failed sign-ins (doubling after): signInThrottle.ts */ signInDelayMs?: number };
};

export function requireActor(actor: Actor | null | undefined): Actor {
  if (!actor) throw new UnauthenticatedError();
  return actor;
}

export function requireManager(actor: Actor | null | undefined, message?: Said): Actor {
  const a = requireActor(actor);
  if (a.role !== "manager") throw new ForbiddenError(message);
  return a;
}

/** Parses input with a zod schema; the first problem becomes a ValidationError naming its field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.map(String).join(".") : undefined;
  return fail(issue.message, field);
}

function fail(message: string, field?: string): never {
  throw new ValidationError(message, field);
}

/**
 * Runs one domain write: a transaction for the change and its activity entry, then the events it
 * queued, published only after commit. Unique-constraint races become ConflictErrors. When the
 * request carries an Idempotency-Key, the key and the result are stored in this same transaction,
 * and a key seen before returns its stored result without running the change (./idempotency.ts).
 */
export async function write<T>(
  deps: Deps,
  fn: (tx: Tx, emit: (e: DomainEvent) => void) => Promise<T>,
  /** The transaction's time limit; bulk writes (CSV imports) take longer than a form's. */
  { timeoutMs = 20_000 }: { timeoutMs?: number } = {},
): Promise<T> {
  const key = IdempotencyScope.take();
  const events: DomainEvent[] = [];
  let queued = 0;
  let result: T;
  try {
    result = await deps.prisma.$transaction(
      (tx) => {
        // Webhook deliveries go to the outbox in this same transaction: none for a rolled-back change, none lost for a committed one.
        const change = async () => {
          const value = await fn(tx, (e) => events.push(e));
          queued = await enqueueWebhookDeliveries(deps.events, tx, events);
          return value;
        };
        return key ? key.once(tx, change) : change();
      },
      { maxWait: 10_000, timeout: timeoutMs },
    );
  } catch (err) {
    throw translateDbError(err);
  }
  if (key?.replayed) return result; // nothing changed, nothing to announce
  // Every commit is heard: other processes' caches learn of a write that named nothing in particular.
  if (events.length === 0) events.push({ type: "records.changed" });
  committed(deps.events, events);
  for (const e of events) deps.events.publish(e);
  if (queued) deliveriesQueued(deps.events);
  return result;
}

const uniqueMessages: Record<string, [string, Said]> = {
  barcode: ["barcode", /*i18n*/ { id: "item.barcodeTaken", message: "An inventory item with this barcode already exists" }],
  serialNumber: ["serialNumber", /*i18n*/ { id: "equipment.serialNumberTaken", message: "Equipment with this serial number already exists" }],
  username: ["username", /*i18n*/ { id: "user.usernameTaken", message: "This username is already taken" }],
};

export function translateDbError(err: unknown): unknown {
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    // A unique value taken: P2002 from Prisma's own writes, P2010 with SQLSTATE 23505 from a raw statement's.
    if (err.code === "P2002" || (err.code === "P2010" && /\b23505\b/.test(JSON.stringify(err.meta ?? {}) + err.message))) {
      const meta = JSON.stringify(err.meta ?? {}) + err.message;
      for (const [key, [field, message]] of Object.entries(uniqueMessages)) {
        if (meta.includes(key)) return new ConflictError(message, field);
      }
      return new ConflictError(/*i18n*/ { id: "write.valueInUse", message: "That value is already in use" });
    }
    // A write conflict or deadlock the database broke (PostgreSQL 40001/40P01, also from raw statements).
    if (err.code === "P2034" || (err.code === "P2010" && /\b40(001|P01)\b|deadlock detected|could not serialize/.test(JSON.stringify(err.meta ?? {}) + err.message)))
      return new ConflictError(/*i18n*/ { id: "write.concurrentChange", message: "Someone else changed this at the same moment. Please try again." });
    // A value past what a column holds (a stock total pushed past 2,147,483,647 by many receipts): the
    // inputs are bounded before any SQL, so this is a sum; refused like any other bad input.
    if (err.code === "P2020" || (err.code === "P2010" && /\b22003\b|out of range/.test(JSON.stringify(err.meta ?? {}) + err.message)))
      return new ValidationError(/*i18n*/ { id: "write.numberTooLarge", message: "That would make a number larger than Trapline can keep (at most 2,147,483,647); nothing was changed." });
    // No connection for the transaction within maxWait, or it outlasted its timeout: many writes at once.
    if (err.code === "P2028") return new ConflictError(/*i18n*/ { id: "write.tooBusy", message: "Too many changes at the same moment: nothing was changed. Please try again." });
  }
  return err;
}

export function isRecordNotFound(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2025";
}

export type ActivityDraft = {
  action: string;
  entityType: "inventory" | "equipment" | "request" | "user" | "location" | "supplier" | "purchaseOrder" | "application";
  entityId?: number | null;
  /** A message (read in the reader's language; its English is kept in `details`), or a text said as it is in every language. */
  details: string | Message;
  /** Managers' business although its entity type is not (an item's preferred supplier); see access.ts. */
  managersOnly?: boolean;
};

/**
 * The row of one activity-log entry (logActivity writes one; bulk writes pass many to createMany):
 * `details` the English text (what the spec's field and older entries carry), `message` its
 * descriptor `{ id, values }` for activityDetailsIn; every row has both keys (bulk inserts take the
 * columns from the first row).
 */
export function activityRow(actor: Actor, entry: ActivityDraft) {
  const m = typeof entry.details === "string" ? null : entry.details;
  return {
    userId: actor.id,
    ...entry,
    details: m ? render(m) : (entry.details as string),
    message: m ? storedMessage(m) : undefined,
    entityId: entry.entityId ?? null,
    managersOnly: activityAudience(entry),
  };
}

/** An entry's details in `locale`: its message when it has one the catalogs know, else the text as it was written. */
export function activityDetailsIn(e: { details: string | null; message: Prisma.JsonValue | null }, locale: Locale): string | null {
  return storedTextIn(e.message, e.details, locale);
}

/** A message as a row keeps it beside its English text: `{ id, values }` (a JSON column). */
export function storedMessage(m: Message): Prisma.InputJsonValue {
  return { id: m.id, ...(m.values ? { values: m.values } : {}) } as Prisma.InputJsonValue;
}

/**
 * A stored message (storedMessage) in `locale`, `english` the text written with it. A row written
 * before its table kept messages, or whose message id the catalogs no longer know, reads as written.
 */
export function storedTextIn<T extends string | null>(stored: Prisma.JsonValue | null, english: T, locale: Locale): string | T {
  const m = stored as { id?: unknown; values?: Record<string, MessageValue> } | null;
  if (!m || typeof m !== "object" || typeof m.id !== "string" || !hasMessage(m.id)) return english;
  return render({ id: m.id, message: english ?? "", values: m.values }, locale);
}

/** Writes one activity-log entry inside the caller's transaction. */
export function logActivity(tx: Tx, actor: Actor, entry: ActivityDraft) {
  return tx.activityEntry.create({ data: activityRow(actor, entry) });
}

/**
 * logActivity as a common table expression `activity`, for a statement that writes more: the entry
 * is the same row logActivity would write (English `details`, `message` descriptor, `createdAt` stamped here).
 *
 * With `from`, the entry is written once for each row of the statement's CTE `from.source` (one row,
 * or none: then no entry), for a change whose entry names what the change itself answers (the
 * equipment's name of a check-out): `from.values` maps message values to that CTE's columns, and the
 * statement fills them in (the text is rendered here around a one-off mark that the statement replaces);
 * `from.entityId` names the column that holds the entry's entityId (a row the statement inserts).
 */
export function activityCte(actor: Actor, entry: ActivityDraft, from?: { source: string; values: Record<string, string>; entityId?: string }): Prisma.Sql {
  const fill = Object.entries(from?.values ?? {});
  if (fill.length > 0 && typeof entry.details === "string") throw new Error("activityCte: values from the statement need a message");
  const marks = Object.fromEntries(fill.map(([key]) => [key, `\u2063${randomUUID()}\u2063`]));
  const details = typeof entry.details === "string" || !from ? entry.details : { ...entry.details, values: { ...entry.details.values, ...marks } };
  const row = activityRow(actor, { ...entry, details });
  let text = Prisma.sql`${row.details}::text`;
  let message = Prisma.sql`${row.message === undefined ? null : JSON.stringify(row.message)}::jsonb`;
  for (const [key, column] of fill) {
    if (!/^\w+$/.test(key) || !/^\w+$/.test(column) || !row.details.includes(marks[key]!)) throw new Error(`activityCte: cannot fill in ${key} from ${column}`);
    const value = Prisma.raw(`src."${column}"`);
    text = Prisma.sql`replace(${text}, ${marks[key]}::text, ${value})`;
    message = Prisma.sql`jsonb_set(${message}, ${`{values,${key}}`}::text[], to_jsonb(${value}))`;
  }
  if (from?.entityId !== undefined && !/^\w+$/.test(from.entityId)) throw new Error(`activityCte: cannot take the entity id from ${from.entityId}`);
  const entityId = from?.entityId === undefined ? Prisma.sql`${row.entityId}` : Prisma.raw(`src."${from.entityId}"`);
  return Prisma.sql`activity AS (
    INSERT INTO "ActivityEntry" ("userId", "action", "entityType", "entityId", "details", "message", "managersOnly", "createdAt")
    SELECT ${row.userId}, ${row.action}, ${row.entityType}, ${entityId}, ${text}, ${message}, ${row.managersOnly}, ${new Date().toISOString()}::timestamp(3)
    ${from ? Prisma.raw(`FROM "${from.source.replace(/\W/g, "")}" src`) : Prisma.empty} RETURNING 1)`;
}

/** Positive 32-bit id, or a ValidationError. */
export function parseId(raw: unknown, field = "id"): number {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw new ValidationError(/*i18n*/ { id: "field.notAPositiveWholeNumber", message: "{field} must be a positive whole number", values: { field } }, field);
  return n;
}
