import { msg, t } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";

/** §4 dashboard labels per equipment status, in the app's language at the time of the call. */
export function equipmentStatusLine(status: string, assignedTo: string | null | undefined): string {
  const person = assignedTo ?? "";
  switch (status) {
    case "available":
      return t`Available for checkout`;
    case "checked_out":
      return t`Checked out to ${person}`;
    case "maintenance":
      return t`Maintenance scheduled`;
    case "repair":
      return t`Repair needed`;
    default:
      return t`${status} Status unknown`;
  }
}

export function statusColor(status: string): string {
  return { available: "#2e7d32", checked_out: "#1565c0", maintenance: "#ef6c00", repair: "#c62828" }[status] ?? "#757575";
}

const statusLabel: Record<string, MessageDescriptor> = {
  available: msg`Available`,
  checked_out: msg`Checked Out`,
  maintenance: msg`Maintenance`,
  repair: msg`Repair`,
};

/** §4 statuses and §9 categories, from the one module the server validates against. */
import { EQUIPMENT_STATUSES } from "../../../../schemas/constants.ts";
export { EQUIPMENT_CATEGORIES, EQUIPMENT_STATUSES } from "../../../../schemas/constants.ts";
export type EquipmentStatusValue = (typeof EQUIPMENT_STATUSES)[number];

/** A readable label for any status value (in the app's language at the time of the call), raw for unknown ones. */
export const labelForStatus = (status: string): string => {
  const label = statusLabel[status];
  return label ? i18n._(label) : status;
};

/** Soft chip colours: dark text on a tint of the status colour (contrast ≥ 4.5:1); background, text. */
const chipColors: Record<string, [string, string]> = {
  available: ["#e8f5e9", "#1b5e20"],
  checked_out: ["#e3f2fd", "#0d47a1"],
  maintenance: ["#fff3e0", "#8a3a00"],
  repair: ["#ffebee", "#b71c1c"],
};
const otherChip: [string, string] = ["#eeeeee", "#424242"];

/** The class of a status's chip (a `CardChip`), from the rules of `statusChipRules`. */
export const statusChipClass = (status: string): string => `tl-status-${status in chipColors ? status : "other"}`;

/** The status chips' colours as rules (written once, with the card parts: `useSheet`). */
export const statusChipRules = (): string[] =>
  Object.entries({ ...chipColors, other: otherChip }).map(([status, [bg, fg]]) => `.tl-chip.tl-status-${status}{background-color:${bg};color:${fg};font-weight:600}`);
