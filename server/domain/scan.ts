import { z } from "zod";
import type { Equipment, InventoryItem } from "../db/generated/client.ts";
import { LABEL_PREFIX } from "./constants.ts";
import { parseInput, requireActor, type Actor, type Deps } from "./context.ts";
import { NotFoundError } from "./errors.ts";
import { withTextRule } from "./fields.ts";

export type ScanResult = { type: "inventory"; data: InventoryItem } | { type: "equipment"; data: Equipment };

export const scanInput = z.object({
  // Multi-line: a scanned QR code may hold several lines (it then matches nothing, rather than being refused).
  qrData: withTextRule(z.string({ error: "qrData is required" }).trim().min(1, "qrData is required").max(2000, "That code is too long"), "That code", {
    multiline: true,
  }),
});

/** The payload printed on Trapline's own labels: `trapline:equipment:<id>` or `trapline:inventory:<id>`. */
export function labelPayload(type: "inventory" | "equipment", id: number): string {
  return `${LABEL_PREFIX}:${type}:${id}`;
}

const labelPattern = new RegExp(`^${LABEL_PREFIX}:(inventory|equipment):(\\d{1,10})$`, "i");

/**
 * Resolves a scanned string: our own label payload first, then exact (trimmed) matches on
 * inventory barcode and qrCode, then equipment serial number and qrCode.
 */
export async function lookupScan(deps: Deps, actor: Actor | null, input: unknown): Promise<ScanResult> {
  requireActor(actor);
  const { qrData: code } = parseInput(scanInput, input);
  const label = labelPattern.exec(code);
  // A label's id past the 32-bit range names nothing (and the database would refuse to look it up).
  if (label && Number(label[2]) > 2_147_483_647) throw new NotFoundError(`No item found for code ${code}`);
  if (label) {
    const id = Number(label[2]);
    if (label[1]!.toLowerCase() === "inventory") {
      const item = await deps.prisma.inventoryItem.findUnique({ where: { id } });
      if (item) return { type: "inventory", data: item };
    } else {
      const equipment = await deps.prisma.equipment.findUnique({ where: { id } });
      if (equipment) return { type: "equipment", data: equipment };
    }
    throw new NotFoundError(`No item found for code ${code}`);
  }
  const item = await deps.prisma.inventoryItem.findFirst({ where: { OR: [{ barcode: code }, { qrCode: code }] }, orderBy: { id: "asc" } });
  if (item) return { type: "inventory", data: item };
  const equipment = await deps.prisma.equipment.findFirst({
    where: { OR: [{ serialNumber: code }, { qrCode: code }] },
    orderBy: { id: "asc" },
  });
  if (equipment) return { type: "equipment", data: equipment };
  throw new NotFoundError(`No item found for code ${code}`);
}
