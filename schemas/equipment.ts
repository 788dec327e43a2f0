import { z } from "zod";
import { say } from "./messages.ts";
import { EQUIPMENT_CATEGORIES, EQUIPMENT_STATUSES } from "./constants.ts";
import { oneOf, optionalDate, optionalText, requiredText, sdsFileUrlField, wholeNumber } from "./fields.ts";
import { dateInput, numberInput, textInput } from "./form.ts";

export const STATUS_RULE_MESSAGE = say(/*i18n*/ {
  id: "equipment.statusRule",
  message: "Invalid status transition: checked_out requires assignedTo, other statuses should not have assignedTo/assignedAt",
});

export const equipmentFields = {
  name: requiredText(/*i18n*/ { id: "label.name", message: "Name" }),
  description: optionalText(/*i18n*/ { id: "label.description", message: "Description" }, 2000, { multiline: true }),
  serialNumber: optionalText(/*i18n*/ { id: "label.serialNumber", message: "Serial number" }, 128),
  category: oneOf(/*i18n*/ { id: "label.category", message: "Category" }, EQUIPMENT_CATEGORIES),
  status: oneOf(/*i18n*/ { id: "label.status", message: "Status" }, EQUIPMENT_STATUSES),
  assignedTo: optionalText(/*i18n*/ { id: "label.assignedTo", message: "Assigned to" }, 200),
  location: optionalText(/*i18n*/ { id: "label.location", message: "Location" }),
  purchaseDate: optionalDate(/*i18n*/ { id: "label.purchaseDate", message: "Purchase date" }),
  lastMaintenance: optionalDate(/*i18n*/ { id: "label.lastMaintenance", message: "Last maintenance" }),
  nextMaintenance: optionalDate(/*i18n*/ { id: "label.nextMaintenance", message: "Next maintenance" }),
  maintenanceIntervalDays: wholeNumber(/*i18n*/ { id: "label.maintenanceInterval", message: "Maintenance interval" }, 1).max(3650, say(/*i18n*/ { id: "equipment.maintenanceIntervalMustBeAt", message: "Maintenance interval must be at most 3650 days" })).nullish(),
  qrCode: optionalText(/*i18n*/ { id: "label.qrCode", message: "QR code" }, 1000),
  sdsFileUrl: sdsFileUrlField,
};

/** §5: on create id, createdAt and assignedAt are not accepted (dropped); status defaults to available. */
export const createEquipmentInput = z.object({ ...equipmentFields, status: equipmentFields.status.default("available") });
/** On update every field is optional; assignedAt is accepted only to be checked against the status rule. */
export const updateEquipmentInput = z.object({ ...equipmentFields, assignedAt: optionalDate(/*i18n*/ { id: "label.assignedAt", message: "Assigned at" }) }).partial();

export const checkOutInput = z.object({
  assignedTo: requiredText(/*i18n*/ { id: "label.assignee", message: "Assignee" }).describe("the person taking the equipment"),
  dueBack: optionalDate(/*i18n*/ { id: "label.dueBack", message: "Due back" }),
});

/** Recording maintenance: the day it was done (default today). */
export const recordMaintenanceInput = z.object({ date: optionalDate(/*i18n*/ { id: "label.maintenanceDate", message: "Maintenance date" }) });

const e = equipmentFields;
/**
 * The equipment form (add and edit): each input's text read into the fields above. The assignee is
 * sent only while the status is checked out (§4: other statuses carry none).
 */
export const equipmentForm = z
  .object({
    name: e.name,
    serialNumber: e.serialNumber,
    description: e.description,
    category: textInput(e.category),
    status: textInput(e.status),
    assignedTo: e.assignedTo,
    location: e.location,
    qrCode: e.qrCode,
    purchaseDate: dateInput(e.purchaseDate),
    lastMaintenance: dateInput(e.lastMaintenance),
    nextMaintenance: dateInput(e.nextMaintenance),
    maintenanceIntervalDays: numberInput(e.maintenanceIntervalDays, null),
  })
  .transform((v) => ({ ...v, assignedTo: v.status === "checked_out" ? v.assignedTo : null }));
export type EquipmentFormValues = z.input<typeof equipmentForm>;
export type EquipmentFormOutput = z.output<typeof equipmentForm>;
/** A new record's inputs: status available (§9), the rest blank. */
export const NEW_EQUIPMENT: EquipmentFormValues = {
  name: "", serialNumber: "", description: "", category: "", status: createEquipmentInput.shape.status.parse(undefined), assignedTo: "", location: "", qrCode: "",
  purchaseDate: "", lastMaintenance: "", nextMaintenance: "", maintenanceIntervalDays: "",
};
