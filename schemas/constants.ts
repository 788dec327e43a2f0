/** Business constants of SPEC §9. */
import { say } from "./messages.ts";
export const INVENTORY_CATEGORIES = ["Pesticide", "Equipment", "Safety Gear", "Tools", "Bait", "Traps", "Chemicals", "Supplies"] as const;
export const UNITS = ["units", "bottles", "gallons", "liters", "pounds", "kilograms", "boxes", "cases", "pieces"] as const;
export const EQUIPMENT_CATEGORIES = [
  "Sprayer",
  "Drill",
  "Vacuum",
  "Bait Gun",
  "Power Tool",
  "Hand Tool",
  "Safety Equipment",
  "Detection Equipment",
  "Treatment Equipment",
] as const;
/** Categories whose items are pesticide products and may carry label facts (issue 34). */
export const PRODUCT_CATEGORIES = ["Pesticide", "Chemicals", "Bait"] as const;
export const SIGNAL_WORDS = ["CAUTION", "WARNING", "DANGER"] as const;
export const SIGNAL_WORD_LABEL: Record<(typeof SIGNAL_WORDS)[number], string> = { CAUTION: "Caution", WARNING: "Warning", DANGER: "Danger" };
export { EQUIPMENT_STATUSES } from "./equipmentStatus.ts";
export const REQUEST_TYPES = ["inventory", "equipment"] as const;
export const ROLES = ["employee", "manager"] as const;

export const SDS_MAX_BYTES = 10 * 1024 * 1024;
export const SDS_TYPES: Record<string, readonly string[]> = {
  ".pdf": ["application/pdf"],
  ".txt": ["text/plain"],
  ".doc": ["application/msword"],
  ".docx": ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
};

/** The QR payload printed on Trapline's own labels. */
export const LABEL_PREFIX = "trapline";

/** EPA Reg. No. of a pesticide product: company number, product number and, for a distributor's product, a third number. */
export const EPA_REGISTRATION_NUMBER = /^[1-9]\d{0,6}-\d{1,7}(-\d{1,7})?$/;
export const EPA_REGISTRATION_NUMBER_MESSAGE = say(/*i18n*/ {
  id: "item.epaRegistrationNumberForm",
  message: "EPA registration number must look like 432-1012 (company-product) or 432-1012-5481 (with a distributor number)",
});
