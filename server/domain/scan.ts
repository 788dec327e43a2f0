import { z } from "zod";
import type { Equipment, InventoryItem } from "../db/generated/client.ts";
import { LABEL_PREFIX } from "../../schemas/constants.ts";
import { parseScanCode } from "../../schemas/scanCode.ts";
import { parseInput, requireActor, type Actor, type Deps } from "./context.ts";
import { NotFoundError } from "./errors.ts";
import { withTextRule } from "../../schemas/fields.ts";

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

/**
 * Resolves a scanned string (the rule in scanCode.ts): our own label payload first, then exact
 * (trimmed) matches on inventory barcode and qrCode, then equipment serial number and qrCode.
 */
export async function lookupScan(deps: Deps, actor: Actor | null, input: unknown): Promise<ScanResult> {
  requireActor(actor);
  const { qrData } = parseInput(scanInput, input);
  const scanned = parseScanCode(qrData);
  if (scanned.kind === "nothing") throw new NotFoundError(`No item found for code ${qrData}`);
  if (scanned.kind === "label") {
    if (scanned.type === "inventory") {
      const item = await deps.prisma.inventoryItem.findUnique({ where: { id: scanned.id } });
      if (item) return { type: "inventory", data: item };
    } else {
      const equipment = await deps.prisma.equipment.findUnique({ where: { id: scanned.id } });
      if (equipment) return { type: "equipment", data: equipment };
    }
    throw new NotFoundError(`No item found for code ${qrData}`);
  }
  const { code } = scanned;
  const item = await deps.prisma.inventoryItem.findFirst({ where: { OR: [{ barcode: code }, { qrCode: code }] }, orderBy: { id: "asc" } });
  if (item) return { type: "inventory", data: item };
  const equipment = await deps.prisma.equipment.findFirst({
    where: { OR: [{ serialNumber: code }, { qrCode: code }] },
    orderBy: { id: "asc" },
  });
  if (equipment) return { type: "equipment", data: equipment };
  throw new NotFoundError(`No item found for code ${code}`);
}
