import type { Equipment } from "../db/generated/client.ts";
import type { DomainEvent } from "../realtime/events.ts";
import { logActivity, parseId, parseInput, requireActor, write, type Actor, type Deps, type Tx } from "./context.ts";
import { NotFoundError, ValidationError } from "./errors.ts";
import { sweepExpiredIdempotencyKeys } from "./idempotency.ts";
import { sweepThrottle } from "./signInThrottle.ts";
import { sendCertificationReminders } from "./certifications.ts";
import { isoDate, utcDay } from "./days.ts";
import { notifyManagers, notifyUsers } from "./notifications.ts";
import { recordMaintenanceInput } from "../../schemas/equipment.ts";

/** Equipment is due for maintenance when its next date is within this many days, or past. */
export const MAINTENANCE_WINDOW_DAYS = 7;
/** Whoever has equipment is reminded this many days before it is due back (and after, until returned). */
export const DUE_BACK_NOTICE_DAYS = 1;
const DAY = 86_400_000;

export { utcDay };

export type MaintenanceState = "OVERDUE" | "DUE" | "SCHEDULED";

/** OVERDUE before today, DUE from today to 7 days ahead, SCHEDULED later; null without a next date. */
export function maintenanceState(nextMaintenance: Date | null, now = new Date()): MaintenanceState | null {
  if (!nextMaintenance) return null;
  const days = Math.round((utcDay(nextMaintenance) - utcDay(now)) / DAY);
  if (days < 0) return "OVERDUE";
  return days <= MAINTENANCE_WINDOW_DAYS ? "DUE" : "SCHEDULED";
}

export const isMaintenanceDue = (nextMaintenance: Date | null, now = new Date()) => {
  const state = maintenanceState(nextMaintenance, now);
  return state === "OVERDUE" || state === "DUE";
};

type Emit = (e: DomainEvent) => void;
type Reminded = Pick<Equipment, "id" | "name" | "nextMaintenance">;

/** Managers hear once per due date when equipment's maintenance falls due (or is already past). */
export async function remindMaintenanceDue(tx: Tx, emit: Emit, equipment: Reminded, now = new Date()) {
  const state = maintenanceState(equipment.nextMaintenance, now);
  if (!equipment.nextMaintenance || (state !== "DUE" && state !== "OVERDUE")) return;
  const date = isoDate(equipment.nextMaintenance);
  await notifyManagers(tx, emit, {
    kind: "MAINTENANCE_DUE",
    equipmentId: equipment.id,
    dedupeKey: `maintenance:${equipment.id}:${date}`,
    message:
      state === "OVERDUE"
        ? /*i18n*/ {
            id: "notification.maintenanceOverdue",
            message: "Maintenance of {name} is overdue (due {date})",
            values: { name: equipment.name, date: { day: date } },
          }
        : /*i18n*/ { id: "notification.maintenanceDue", message: "Maintenance of {name} is due {date}", values: { name: equipment.name, date: { day: date } } },
  });
}

/**
 * The person holding checked-out equipment hears once per due date when it is due back within a day
 * or late. `assignedTo` is a name (the spec's free text); users of exactly that name are told.
 */
export async function remindDueBack(tx: Tx, emit: Emit, equipment: Pick<Equipment, "id" | "name" | "status" | "assignedTo" | "dueBack">, now = new Date()) {
  if (equipment.status !== "checked_out" || !equipment.assignedTo || !equipment.dueBack) return;
  if (utcDay(equipment.dueBack) - utcDay(now) > DUE_BACK_NOTICE_DAYS * DAY) return;
  const holders = await tx.user.findMany({ where: { name: equipment.assignedTo }, select: { id: true } });
  const date = isoDate(equipment.dueBack);
  const late = utcDay(equipment.dueBack) < utcDay(now);
  await notifyUsers(tx, emit, holders.map((u) => u.id), {
    kind: "EQUIPMENT_DUE_BACK",
    equipmentId: equipment.id,
    dedupeKey: `dueback:${equipment.id}:${date}`,
    message: late
      ? /*i18n*/ {
          id: "notification.dueBackLate",
          message: "{name} was due back {date}: please return it",
          values: { name: equipment.name, date: { day: date } },
        }
      : /*i18n*/ { id: "notification.dueBack", message: "{name} is due back {date}", values: { name: equipment.name, date: { day: date } } },
  });
}

/**
 * The time-driven half of the reminders: equipment whose maintenance or return has fallen due since
 * the last look. Idempotent (dedupe keys), so every server process may run it.
 */
export async function sendDueReminders(deps: Deps, now = new Date()): Promise<number> {
  const horizon = new Date(utcDay(now) + (MAINTENANCE_WINDOW_DAYS + 1) * DAY);
  const dueBackHorizon = new Date(utcDay(now) + (DUE_BACK_NOTICE_DAYS + 1) * DAY);
  return write(deps, async (tx, emit) => {
    let sent = 0;
    const count: Emit = (e) => {
      sent++;
      emit(e);
    };
    const dueForMaintenance = await tx.equipment.findMany({
      where: { nextMaintenance: { lt: horizon } },
      select: { id: true, name: true, nextMaintenance: true },
    });
    for (const e of dueForMaintenance) await remindMaintenanceDue(tx, count, e, now);
    const dueBack = await tx.equipment.findMany({
      where: { status: "checked_out", dueBack: { lt: dueBackHorizon } },
      select: { id: true, name: true, status: true, assignedTo: true, dueBack: true },
    });
    for (const e of dueBack) await remindDueBack(tx, count, e, now);
    await sendCertificationReminders(tx, count, now);
    return sent;
  });
}

/**
 * Runs the time-driven sweeps now and then every `everyMs`: due reminders, expired idempotency
 * keys, and what interrupted uploads left in the object store. stop() ends it. Failures are
 * reported, never thrown.
 */
export function startHourlySweep(deps: Deps, everyMs = 60 * 60_000, onError: (err: unknown) => void = () => {}) {
  const run = () =>
    Promise.all([sendDueReminders(deps).catch(onError), sweepExpiredIdempotencyKeys(deps).catch(onError), sweepThrottle(deps).catch(onError), deps.storage.sweep?.().catch(onError)]);
  const first = run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    first,
    stop() {
      clearInterval(timer);
    },
  };
}

/**
 * Records maintenance done on `date` (default today): lastMaintenance becomes that date and
 * nextMaintenance moves to date + the equipment's interval. Without an interval a next date still
 * ahead is kept and one already reached is cleared.
 */
export async function recordMaintenance(deps: Deps, actor: Actor | null, id: unknown, input: unknown = {}, now = new Date()): Promise<Equipment> {
  const a = requireActor(actor);
  const equipmentId = parseId(id);
  const { date } = parseInput(recordMaintenanceInput, input);
  const day = new Date(date ? utcDay(date) : utcDay(now));
  if (day.getTime() > utcDay(now)) throw new ValidationError(/*i18n*/ { id: "maintenance.maintenanceDateCannotBeIn", message: "Maintenance date cannot be in the future" }, "date");
  return write(deps, async (tx, emit) => {
    const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "Equipment" WHERE id = ${equipmentId} FOR UPDATE`;
    if (!locked) throw new NotFoundError(/*i18n*/ { id: "equipment.notFound", message: "Equipment not found" });
    const before = await tx.equipment.findUniqueOrThrow({ where: { id: equipmentId } });
    const interval = before.maintenanceIntervalDays;
    const nextMaintenance = interval
      ? new Date(day.getTime() + interval * DAY)
      : before.nextMaintenance && utcDay(before.nextMaintenance) > day.getTime()
        ? before.nextMaintenance
        : null;
    const equipment = await tx.equipment.update({ where: { id: equipmentId }, data: { lastMaintenance: day, nextMaintenance } });
    await logActivity(tx, a, {
      action: "maintenance",
      entityType: "equipment",
      entityId: equipment.id,
      details: nextMaintenance
        ? /*i18n*/ {
            id: "activity.maintenanceRecorded",
            message: "Recorded maintenance of {name} on {day}; next due {next}",
            values: { name: equipment.name, day: { day: isoDate(day) }, next: { day: isoDate(nextMaintenance) } },
          }
        : /*i18n*/ {
            id: "activity.maintenanceRecordedNoNext",
            message: "Recorded maintenance of {name} on {day}; no next date",
            values: { name: equipment.name, day: { day: isoDate(day) } },
          },
    });
    await remindMaintenanceDue(tx, emit, equipment, now);
    emit({ type: "equipment.changed", equipmentId: equipment.id });
    return equipment;
  });
}
