import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/**
 * The CSV columns' fields as people read them in the import dialog (the mapping's choices, the preview's
 * headers, the problems' fields), in the app's language: server/domain/csvColumns.ts names each column by
 * its header and an English label, which is how a file's header is recognised and stays English.
 */
export const COLUMN_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  name: msg`Name`,
  description: msg`Description`,
  category: msg`Category`,
  quantity: msg`Quantity`,
  minQuantity: msg`Minimum quantity`,
  reorderPoint: msg`Reorder point`,
  reorderQuantity: msg`Reorder quantity`,
  unit: msg`Unit`,
  price: msg`Price (cents)`,
  supplier: msg`Supplier`,
  location: msg`Location`,
  barcode: msg`Barcode`,
  qrCode: msg`QR code`,
  hazardous: msg`Hazardous`,
  epaRegistrationNumber: msg`EPA registration number`,
  activeIngredient: msg`Active ingredient`,
  serialNumber: msg`Serial number`,
  status: msg`Status`,
  assignedTo: msg`Assigned to`,
  purchaseDate: msg`Purchase date`,
  lastMaintenance: msg`Last maintenance`,
  nextMaintenance: msg`Next maintenance`,
  maintenanceIntervalDays: msg`Maintenance interval (days)`,
};
