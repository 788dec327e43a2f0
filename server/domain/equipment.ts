import { Prisma, type Equipment } from "../db/generated/client.ts";
import { activityCte, isRecordNotFound, logActivity, parseId, parseInput, requireActor, write, type ActivityDraft, type Actor, type Deps, type Tx } from "./context.ts";
import { ConflictError, NotFoundError, ValidationError } from "./errors.ts";
import { seek } from "./keyset.ts";
import { describeChanges, type FieldNames } from "./changes.ts";
import { remindDueBack, remindMaintenanceDue, utcDay } from "./maintenance.ts";
import { checkOutInput, createEquipmentInput, equipmentFields, STATUS_RULE_MESSAGE, updateEquipmentInput } from "../../schemas/equipment.ts";

type Assignment = { assignedTo?: string | null; assignedAt?: Date | null; dueBack?: null };

/**
 * The status rule (§5) of a create (`before` null) or an update of `before`: checked_out needs
 * assignedTo (assignedAt is set when it becomes checked out); any other status clears the
 * assignment, and sending one with it is the rule's ValidationError. Answers the assignment fields
 * to write beside `data`.
 */
export function assignmentOf(
  before: Pick<Equipment, "status" | "assignedTo"> | null,
  data: { status?: Equipment["status"]; assignedTo?: string | null },
  sentAssignedAt?: Date | null,
  now = new Date(),
): Assignment {
  if (!before) {
    const checkedOut = data.status === "checked_out";
    if (checkedOut !== Boolean(data.assignedTo)) throw new ValidationError(STATUS_RULE_MESSAGE, checkedOut ? "assignedTo" : "status");
    return { assignedAt: checkedOut ? now : null };
  }
  const status = data.status ?? before.status;
  if (status === "checked_out") {
    const assignedTo = data.assignedTo === undefined ? before.assignedTo : data.assignedTo;
    if (!assignedTo) throw new ValidationError(STATUS_RULE_MESSAGE, "assignedTo");
    return before.status !== "checked_out" ? { assignedAt: now } : {};
  }
  // Leaving checked_out (or staying elsewhere) clears the assignment; sending one is the rule's error.
  if (data.assignedTo || sentAssignedAt) throw new ValidationError(STATUS_RULE_MESSAGE, data.assignedTo ? "assignedTo" : "assignedAt");
  return { assignedTo: null, assignedAt: null, dueBack: null };
}

/** The activity entry of new equipment (the form's create and the CSV import). */
export function equipmentCreatedActivity(equipment: Equipment): ActivityDraft {
  return {
    action: "create",
    entityType: "equipment",
    entityId: equipment.id,
    details: equipment.serialNumber
      ? /*i18n*/ {
          id: "activity.equipmentAddedSerial",
          message: "Added {name} ({category}), serial {serial}",
          values: { name: equipment.name, category: equipment.category, serial: equipment.serialNumber },
        }
      : /*i18n*/ { id: "activity.equipmentAdded", message: "Added {name} ({category})", values: { name: equipment.name, category: equipment.category } },
  };
}

export type EquipmentFilter = { search?: string; status?: string };

export function equipmentWhere(filter: EquipmentFilter = {}): Prisma.EquipmentWhereInput {
  const where: Prisma.EquipmentWhereInput = {};
  const search = filter.search?.trim();
  if (search) {
    where.OR = [
      { name: { contains: search, mode: "insensitive" } },
      { description: { contains: search, mode: "insensitive" } },
      { category: { contains: search, mode: "insensitive" } },
    ];
  }
  if (filter.status) where.status = parseInput(equipmentFields.status, filter.status);
  return where;
}

export async function listEquipment(deps: Deps, actor: Actor | null, filter: EquipmentFilter = {}, query: object = {}) {
  requireActor(actor);
  const orderBy = [{ name: "asc" }, { id: "asc" }] satisfies Prisma.EquipmentOrderByWithRelationInput[];
  const page = await seek(query, orderBy, (where, select) => deps.prisma.equipment.findUnique({ where: where as Prisma.EquipmentWhereUniqueInput, select }));
  if (!page) return [];
  return deps.prisma.equipment.findMany({ ...page.query, where: { AND: [equipmentWhere(filter), page.where] }, orderBy });
}

export async function countEquipment(deps: Deps, actor: Actor | null, filter: EquipmentFilter = {}) {
  requireActor(actor);
  return deps.prisma.equipment.count({ where: equipmentWhere(filter) });
}

export async function getEquipment(deps: Deps, actor: Actor | null, id: unknown) {
  requireActor(actor);
  const equipment = await deps.prisma.equipment.findUnique({ where: { id: parseId(id) } });
  if (!equipment) throw new NotFoundError(/*i18n*/ { id: "equipment.notFound", message: "Equipment not found" });
  return equipment;
}

export async function createEquipment(deps: Deps, actor: Actor | null, input: unknown): Promise<Equipment> {
  const a = requireActor(actor);
  const data = parseInput(createEquipmentInput, input);
  const assignment = assignmentOf(null, data);
  return write(deps, async (tx, emit) => {
    const equipment = await tx.equipment.create({ data: { ...data, ...assignment } });
    await logActivity(tx, a, equipmentCreatedActivity(equipment));
    await remindMaintenanceDue(tx, emit, equipment);
    emit({ type: "equipment.changed", equipmentId: equipment.id, created: true });
    return equipment;
  });
}

export async function updateEquipment(deps: Deps, actor: Actor | null, id: unknown, input: unknown): Promise<Equipment> {
  const a = requireActor(actor);
  const equipmentId = parseId(id);
  const { assignedAt: sentAssignedAt, ...data } = parseInput(updateEquipmentInput, input);
  return write(deps, async (tx, emit) => {
    const before = await lockEquipment(tx, equipmentId);
    const patch: Prisma.EquipmentUpdateInput = { ...data, ...assignmentOf(before, data, sentAssignedAt) };
    const equipment = await tx.equipment.update({ where: { id: equipmentId }, data: patch });
    await logActivity(tx, a, {
      action: "update",
      entityType: "equipment",
      entityId: equipment.id,
      details: describeChanges(before, equipment, equipmentLabels),
    });
    await remindMaintenanceDue(tx, emit, equipment);
    emit({ type: "equipment.changed", equipmentId: equipment.id });
    return equipment;
  });
}

/** available → checked_out, as one conditional UPDATE so exactly one of concurrent callers wins. */
export async function checkOutEquipment(deps: Deps, actor: Actor | null, id: unknown, input: unknown): Promise<Equipment> {
  const a = requireActor(actor);
  const equipmentId = parseId(id);
  const { assignedTo, dueBack } = parseInput(checkOutInput, input);
  return write(deps, async (tx, emit) => {
    // Checked here, not before write(): the same check-out resent with its Idempotency-Key after the
    // due day has passed must get its first answer back, not fail a check that held when it ran.
    if (dueBack && utcDay(dueBack) < utcDay(new Date())) throw new ValidationError(/*i18n*/ { id: "equipment.dueBackCannotBeIn", message: "Due back cannot be in the past" }, "dueBack");
    const equipment = await checkOutInTx(tx, a, equipmentId, assignedTo, undefined, dueBack ?? null);
    await remindDueBack(tx, emit, equipment);
    emit({ type: "equipment.changed", equipmentId, action: "checked_out" });
    return equipment;
  });
}

export async function checkOutInTx(
  tx: Tx,
  actor: Actor,
  equipmentId: number,
  assignedTo: string,
  viaRequest?: number,
  dueBack: Date | null = null,
): Promise<Equipment> {
  // The conditional UPDATE and its activity entry in one statement (the entry names what it answers).
  const now = new Date().toISOString();
  const [equipment] = await tx.$queryRaw<Equipment[]>`
    WITH src AS (
      UPDATE "Equipment" SET "status" = 'checked_out', "assignedTo" = ${assignedTo}, "assignedAt" = ${now}::timestamp(3),
        "dueBack" = ${dueBack?.toISOString() ?? null}::timestamp(3), "updatedAt" = ${now}::timestamp(3)
      WHERE id = ${equipmentId} AND "status" = 'available'
      RETURNING ${EQUIPMENT_COLUMNS}),
    ${activityCte(
      actor,
      {
        action: "checkout",
        entityType: "equipment",
        entityId: equipmentId,
        details: /*i18n*/ {
          id: "activity.equipmentCheckedOut",
          message:
            "Checked out {name} to {assignee}{request, select, none {} other { (request #{request})}}{dueBack, select, none {} other {, due back {dueBack}}}",
          values: {
            assignee: assignedTo,
            request: viaRequest ? String(viaRequest) : "none",
            dueBack: dueBack ? { day: dueBack.toISOString().slice(0, 10) } : "none",
          },
        },
      },
      { source: "src", values: { name: "name" } },
    )}
    SELECT * FROM src`;
  if (!equipment) throw await stateConflict(tx, equipmentId, "checked out");
  return equipment;
}

/** An Equipment row as Prisma answers it, from raw SQL (the enum as its text). */
const EQUIPMENT_COLUMNS = Prisma.sql`id, name, description, "serialNumber", category, status::text AS status, "assignedTo", "assignedAt", location, "purchaseDate",
  "lastMaintenance", "nextMaintenance", "maintenanceIntervalDays", "dueBack", "qrCode", "sdsFileUrl", "createdAt", "updatedAt"`;

/** checked_out → available, clearing the assignment; a conditional UPDATE like check-out. */
export async function checkInEquipment(deps: Deps, actor: Actor | null, id: unknown): Promise<Equipment> {
  const a = requireActor(actor);
  const equipmentId = parseId(id);
  return write(deps, async (tx, emit) => {
    const now = new Date().toISOString();
    const [equipment] = await tx.$queryRaw<Equipment[]>`
      WITH src AS (
        UPDATE "Equipment" SET "status" = 'available', "assignedTo" = NULL, "assignedAt" = NULL, "dueBack" = NULL, "updatedAt" = ${now}::timestamp(3)
        WHERE id = ${equipmentId} AND "status" = 'checked_out'
        RETURNING ${EQUIPMENT_COLUMNS}),
      ${activityCte(a, { action: "checkin", entityType: "equipment", entityId: equipmentId, details: /*i18n*/ { id: "activity.equipmentCheckedIn", message: "Checked in {name}", values: {} } }, { source: "src", values: { name: "name" } })}
      SELECT * FROM src`;
    if (!equipment) throw await stateConflict(tx, equipmentId, "checked in");
    emit({ type: "equipment.changed", equipmentId, action: "checked_in" });
    return equipment;
  });
}

async function stateConflict(tx: Tx, equipmentId: number, verb: "checked out" | "checked in") {
  const current = await tx.equipment.findUnique({ where: { id: equipmentId } });
  if (!current) return new NotFoundError(/*i18n*/ { id: "equipment.notFound", message: "Equipment not found" });
  const values = { name: current.name, status: current.status, assignedTo: current.assignedTo ?? "" };
  // available, maintenance or repair (checked_out names its holder); the catalogs translate each.
  return new ConflictError(
    current.status === "checked_out"
      ? verb === "checked out"
        ? /*i18n*/ { id: "equipment.alreadyCheckedOut", message: "{name} cannot be checked out: it is checked out to {assignedTo}", values }
        : /*i18n*/ { id: "equipment.checkInWhileCheckedOut", message: "{name} cannot be checked in: it is checked out to {assignedTo}", values }
      : verb === "checked out"
        ? /*i18n*/ { id: "equipment.notAvailable", message: "{name} cannot be checked out: it is {status}", values }
        : /*i18n*/ { id: "equipment.notCheckedOut", message: "{name} cannot be checked in: it is {status}", values },
  );
}

async function lockEquipment(tx: Tx, id: number): Promise<Equipment> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "Equipment" WHERE id = ${id} FOR UPDATE`;
  if (!rows.length) throw new NotFoundError(/*i18n*/ { id: "equipment.notFound", message: "Equipment not found" });
  return tx.equipment.findUniqueOrThrow({ where: { id } }).catch((err: unknown) => {
    throw isRecordNotFound(err) ? new NotFoundError(/*i18n*/ { id: "equipment.notFound", message: "Equipment not found" }) : err;
  });
}

export const equipmentLabels: FieldNames<Equipment> = {
  name: /*i18n*/ { id: "activity.field.name", message: "name" },
  description: /*i18n*/ { id: "activity.field.description", message: "description" },
  serialNumber: /*i18n*/ { id: "activity.field.serialNumber", message: "serial number" },
  category: /*i18n*/ { id: "activity.field.category", message: "category" },
  status: /*i18n*/ { id: "activity.field.status", message: "status" },
  assignedTo: /*i18n*/ { id: "activity.field.assignedTo", message: "assigned to" },
  location: /*i18n*/ { id: "activity.field.location", message: "location" },
  purchaseDate: /*i18n*/ { id: "activity.field.purchaseDate", message: "purchase date" },
  lastMaintenance: /*i18n*/ { id: "activity.field.lastMaintenance", message: "last maintenance" },
  nextMaintenance: /*i18n*/ { id: "activity.field.nextMaintenance", message: "next maintenance" },
  maintenanceIntervalDays: /*i18n*/ { id: "activity.field.maintenanceIntervalDays", message: "maintenance interval (days)" },
  qrCode: /*i18n*/ { id: "activity.field.qrCode", message: "QR code" },
  sdsFileUrl: /*i18n*/ { id: "activity.field.sdsFileUrl", message: "SDS file" },
};
