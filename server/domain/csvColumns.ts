import { EQUIPMENT_CATEGORIES, EQUIPMENT_STATUSES, INVENTORY_CATEGORIES, UNITS } from "../../schemas/constants.ts";

/*
 * The columns of the inventory and equipment CSV files, one list per area for export and import
 * alike (and for the client's import dialog, hence no server-only imports here). Headers are the
 * REST field names; price is in integer cents, as the API has it. `required` columns must be
 * present for new rows.
 */
export type CsvImportKind = "text" | "int" | "nullableInt" | "bool" | "date" | "enum";
/** A column of the CSV files: its header (the REST field name), a label for people, and how a cell reads. */
export type CsvImportColumn = { key: string; label: string; kind: CsvImportKind; values?: readonly string[]; required?: boolean };

export const INVENTORY_COLUMNS: readonly CsvImportColumn[] = [
  { key: "name", label: "Name", kind: "text", required: true },
  { key: "description", label: "Description", kind: "text" },
  { key: "category", label: "Category", kind: "enum", values: INVENTORY_CATEGORIES, required: true },
  { key: "quantity", label: "Quantity", kind: "int" },
  { key: "minQuantity", label: "Minimum quantity", kind: "int" },
  { key: "reorderPoint", label: "Reorder point", kind: "int" },
  { key: "reorderQuantity", label: "Reorder quantity", kind: "int" },
  { key: "unit", label: "Unit", kind: "enum", values: UNITS },
  { key: "price", label: "Price (cents)", kind: "nullableInt" },
  { key: "supplier", label: "Supplier", kind: "text" },
  { key: "location", label: "Location", kind: "text" },
  { key: "barcode", label: "Barcode", kind: "text" },
  { key: "qrCode", label: "QR code", kind: "text" },
  { key: "hazardous", label: "Hazardous", kind: "bool" },
  { key: "epaRegistrationNumber", label: "EPA registration number", kind: "text" },
  { key: "activeIngredient", label: "Active ingredient", kind: "text" },
];

export const EQUIPMENT_COLUMNS: readonly CsvImportColumn[] = [
  { key: "name", label: "Name", kind: "text", required: true },
  { key: "description", label: "Description", kind: "text" },
  { key: "serialNumber", label: "Serial number", kind: "text" },
  { key: "category", label: "Category", kind: "enum", values: EQUIPMENT_CATEGORIES, required: true },
  { key: "status", label: "Status", kind: "enum", values: EQUIPMENT_STATUSES },
  { key: "assignedTo", label: "Assigned to", kind: "text" },
  { key: "location", label: "Location", kind: "text" },
  { key: "purchaseDate", label: "Purchase date", kind: "date" },
  { key: "lastMaintenance", label: "Last maintenance", kind: "date" },
  { key: "nextMaintenance", label: "Next maintenance", kind: "date" },
  { key: "maintenanceIntervalDays", label: "Maintenance interval (days)", kind: "nullableInt" },
  { key: "qrCode", label: "QR code", kind: "text" },
];


/** Headers compare without case, spaces, dashes and underscores: "Min Quantity" is minQuantity. */
export const normalHeader = (h: string) => h.replace(/[\s_-]/g, "").toLowerCase();
