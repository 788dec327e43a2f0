import { say } from "../../schemas/messages.ts";
import { z } from "zod";
import type { Equipment, InventoryItem, StockLocation } from "../db/generated/client.ts";
import { LABEL_PREFIX } from "../../schemas/constants.ts";
import { parseScanCode, type LabelType } from "../../schemas/scanCode.ts";
import { parseInput, requireActor, type Actor, type Deps } from "./context.ts";
import { NotFoundError } from "./errors.ts";
import { withTextRule } from "../../schemas/fields.ts";

export type ScanResult =
  | { type: "inventory"; data: InventoryItem }
  | { type: "equipment"; data: Equipment }
  /** A stock location's own label (issue 15): scanning it opens the location. Archived ones too: the label may still be on the shelf. */
  | { type: "location"; data: StockLocation };

export const scanInput = z.object({
  // Multi-line: a scanned QR code may hold several lines (it then matches nothing, rather than being refused).
  qrData: withTextRule(z.string({ error: say(/*i18n*/ { id: "scan.codeRequired", message: "qrData is required" }) }).trim().min(1, say(/*i18n*/ { id: "scan.codeRequired", message: "qrData is required" })).max(2000, say(/*i18n*/ { id: "scan.codeTooLong", message: "That code is too long" })), /*i18n*/ { id: "label.thatCode", message: "That code" }, {
    multiline: true,
  }),
});

/** The payload printed on Trapline's own labels: `trapline:equipment:<id>`, `trapline:inventory:<id>` or `trapline:location:<id>`. */
export function labelPayload(type: LabelType, id: number): string {
  return `${LABEL_PREFIX}:${type}:${id}`;
}

/**
 * Resolves a scanned string (the rule in scanCode.ts): our own label payload first (an item, a piece
 * of equipment or a stock location), then exact
 * (trimmed) matches on inventory barcode and qrCode, then equipment serial number and qrCode.
 */
export async function lookupScan(deps: Deps, actor: Actor | null, input: unknown): Promise<ScanResult> {
  requireActor(actor);
  const { qrData } = parseInput(scanInput, input);
  const scanned = parseScanCode(qrData);
  if (scanned.kind === "nothing") throw new NotFoundError(/*i18n*/ { id: "scan.noItemFoundForCode", message: "No item found for code {qrData}", values: { qrData } });
  if (scanned.kind === "label") {
    if (scanned.type === "inventory") {
      const item = await deps.prisma.inventoryItem.findUnique({ where: { id: scanned.id } });
      if (item) return { type: "inventory", data: item };
    } else if (scanned.type === "equipment") {
      const equipment = await deps.prisma.equipment.findUnique({ where: { id: scanned.id } });
      if (equipment) return { type: "equipment", data: equipment };
    } else {
      const location = await deps.prisma.stockLocation.findUnique({ where: { id: scanned.id } });
      if (location) return { type: "location", data: location };
      throw new NotFoundError(/*i18n*/ { id: "scan.noStockLocationFoundFor", message: "No stock location found for code {qrData}", values: { qrData } });
    }
    throw new NotFoundError(/*i18n*/ { id: "scan.noItemFoundForCode", message: "No item found for code {qrData}", values: { qrData } });
  }
  const { code } = scanned;
  const item = await deps.prisma.inventoryItem.findFirst({ where: { OR: [{ barcode: code }, { qrCode: code }] }, orderBy: { id: "asc" } });
  if (item) return { type: "inventory", data: item };
  const equipment = await deps.prisma.equipment.findFirst({
    where: { OR: [{ serialNumber: code }, { qrCode: code }] },
    orderBy: { id: "asc" },
  });
  if (equipment) return { type: "equipment", data: equipment };
  throw new NotFoundError(/*i18n*/ { id: "scan.noItemFoundForCode", message: "No item found for code {qrData}", values: { qrData: code } });
}
