import type { Equipment } from "../db/generated/client.ts";
import { EQUIPMENT_STATUSES } from "../../schemas/constants.ts";
import { checkInEquipment, checkOutEquipment, countEquipment, createEquipment, listEquipment, updateEquipment } from "../domain/equipment.ts";
import { isMaintenanceDue, MAINTENANCE_WINDOW_DAYS, maintenanceState, recordMaintenance } from "../domain/maintenance.ts";
import { labelPayload } from "../domain/scan.ts";
import { signedInWhere } from "../domain/access.ts";
import { builder, type InputFields } from "./builder.ts";
import { userErrors } from "./errors.ts";
import { databaseId } from "./ids.ts";

export const EquipmentStatusEnum = builder.enumType("EquipmentStatus", { values: EQUIPMENT_STATUSES });

export const MaintenanceStateEnum = builder.enumType("MaintenanceState", { values: ["OVERDUE", "DUE", "SCHEDULED"] as const });

export const EquipmentNode = builder.prismaNode("Equipment", {
  nullable: true,
  id: { field: "id" },
  findUnique: (id, ctx) => signedInWhere(ctx.actor, Number(id)),
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The integer id used by the REST API" }),
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    serialNumber: t.exposeString("serialNumber", { nullable: true }),
    category: t.exposeString("category"),
    status: t.expose("status", { type: EquipmentStatusEnum }),
    assignedTo: t.exposeString("assignedTo", { nullable: true }),
    assignedAt: t.expose("assignedAt", { type: "DateTime", nullable: true }),
    location: t.exposeString("location", { nullable: true }),
    purchaseDate: t.expose("purchaseDate", { type: "DateTime", nullable: true }),
    lastMaintenance: t.expose("lastMaintenance", { type: "DateTime", nullable: true }),
    nextMaintenance: t.expose("nextMaintenance", { type: "DateTime", nullable: true }),
    maintenanceIntervalDays: t.exposeInt("maintenanceIntervalDays", {
      nullable: true,
      description: "Days from one maintenance to the next; recordMaintenance moves nextMaintenance by it",
    }),
    maintenanceDue: t.boolean({
      description: `True when nextMaintenance is within ${MAINTENANCE_WINDOW_DAYS} days or past (UTC calendar days)`,
      resolve: (e) => isMaintenanceDue(e.nextMaintenance),
    }),
    maintenanceState: t.field({
      type: MaintenanceStateEnum,
      nullable: true,
      description: "OVERDUE (past), DUE (within 7 days) or SCHEDULED; null without a next date",
      resolve: (e) => maintenanceState(e.nextMaintenance),
    }),
    dueBack: t.expose("dueBack", { type: "DateTime", nullable: true, description: "When checked-out equipment should come back" }),
    qrCode: t.exposeString("qrCode", { nullable: true }),
    sdsFileUrl: t.exposeString("sdsFileUrl", { nullable: true }),
    labelCode: t.string({ description: "The payload of this equipment's printed QR label", resolve: (e) => labelPayload("equipment", e.id) }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  equipment: t.prismaConnection(
    {
      type: "Equipment",
      cursor: "id",
      maxSize: 100,
      args: { search: t.arg.string(), status: t.arg({ type: EquipmentStatusEnum }) },
      resolve: (query, _root, args, ctx) =>
        listEquipment(ctx.deps, ctx.actor, { search: args.search ?? undefined, status: args.status ?? undefined }, query),
      totalCount: (_c, args, ctx) => countEquipment(ctx.deps, ctx.actor, { search: args.search ?? undefined, status: args.status ?? undefined }),
    },
  ),
}));

const equipmentFields = (t: InputFields) => ({
  description: t.string(),
  serialNumber: t.string(),
  status: t.field({ type: EquipmentStatusEnum }),
  assignedTo: t.string(),
  location: t.string(),
  purchaseDate: t.string({ description: "ISO date (YYYY-MM-DD) or date-time; null clears" }),
  lastMaintenance: t.string({ description: "ISO date (YYYY-MM-DD) or date-time; null clears" }),
  nextMaintenance: t.string({ description: "ISO date (YYYY-MM-DD) or date-time; null clears" }),
  maintenanceIntervalDays: t.int({ description: "1 to 3650 days; null clears" }),
  qrCode: t.string(),
  sdsFileUrl: t.string(),
});

const CreateEquipmentInput = builder.inputType("CreateEquipmentInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    category: t.string({
      required: true,
      description: "One of: Sprayer, Drill, Vacuum, Bait Gun, Power Tool, Hand Tool, Safety Equipment, Detection Equipment, Treatment Equipment",
    }),
    ...equipmentFields(t),
  }),
});
const UpdateEquipmentInput = builder.inputType("UpdateEquipmentInput", {
  description: "Only the fields to change",
  fields: (t) => ({ id: t.id({ required: true }), name: t.string(), category: t.string(), ...equipmentFields(t) }),
});
const CheckOutEquipmentInput = builder.inputType("CheckOutEquipmentInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    assignedTo: t.string({ required: true, description: "Who takes it (trimmed, not blank)" }),
    dueBack: t.string({ description: "ISO date (YYYY-MM-DD) it should come back; the holder is reminded a day before" }),
  }),
});
const RecordMaintenanceInput = builder.inputType("RecordMaintenanceInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    date: t.string({ description: "ISO date (YYYY-MM-DD) the maintenance was done; default today, never in the future" }),
  }),
});
const CheckInEquipmentInput = builder.inputType("CheckInEquipmentInput", { fields: (t) => ({ id: t.id({ required: true }) }) });

const EquipmentPayload = (name: string) =>
  builder.objectRef<{ equipment: Equipment }>(name).implement({ fields: (t) => ({ equipment: t.expose("equipment", { type: EquipmentNode }) }) });

const EQUIPMENT = ["Equipment"] as const;

builder.mutationFields((t) => ({
  createEquipment: t.field({
    type: EquipmentPayload("CreateEquipmentPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: CreateEquipmentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ equipment: await createEquipment(ctx.deps, ctx.actor, input) }),
  }),
  updateEquipment: t.field({
    type: EquipmentPayload("UpdateEquipmentPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: UpdateEquipmentInput, required: true }) },
    resolve: async (_root, { input: { id, ...changes } }, ctx) => ({
      equipment: await updateEquipment(ctx.deps, ctx.actor, databaseId(id, EQUIPMENT).id, changes),
    }),
  }),
  checkOutEquipment: t.field({
    type: EquipmentPayload("CheckOutEquipmentPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: CheckOutEquipmentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      equipment: await checkOutEquipment(ctx.deps, ctx.actor, databaseId(input.id, EQUIPMENT).id, {
        assignedTo: input.assignedTo,
        dueBack: input.dueBack ?? undefined,
      }),
    }),
  }),
  checkInEquipment: t.field({
    type: EquipmentPayload("CheckInEquipmentPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: CheckInEquipmentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ equipment: await checkInEquipment(ctx.deps, ctx.actor, databaseId(input.id, EQUIPMENT).id) }),
  }),
  recordMaintenance: t.field({
    type: EquipmentPayload("RecordMaintenancePayload"),
    description: "Sets lastMaintenance to the date and moves nextMaintenance by the equipment's interval",
    errors: { types: userErrors },
    args: { input: t.arg({ type: RecordMaintenanceInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      equipment: await recordMaintenance(ctx.deps, ctx.actor, databaseId(input.id, EQUIPMENT).id, { date: input.date ?? undefined }),
    }),
  }),
}));
