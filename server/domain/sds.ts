import { randomUUID } from "node:crypto";
import { extname } from "node:path";
import { z } from "zod";
import { SDS_MAX_BYTES, SDS_TYPES } from "./constants.ts";
import { logActivity, parseInput, requireActor, write, type Actor, type Deps } from "./context.ts";
import { NotFoundError, ValidationError } from "./errors.ts";
import { oneOf, withTextRule } from "./fields.ts";
import { isValidKey } from "../storage/objects.ts";

export const INVALID_TYPE = "Please select a PDF, DOC, DOCX, or TXT file";
export const TOO_LARGE = "SDS files must be smaller than 10MB";
export { SDS_MAX_BYTES };

const uploadInput = z.object({
  fileName: withTextRule(z.string({ error: "fileName is required" }).trim().min(1, "fileName is required").max(300, "fileName is too long"), "fileName"),
  contentType: withTextRule(z.string({ error: "contentType is required" }).trim().toLowerCase().min(1, "contentType is required").max(200), "contentType"),
});

/** Keeps letters, digits, dot, dash, underscore; the extension decides the type. */
function safeFileName(name: string): string {
  const ext = extname(name).toLowerCase();
  const stem = name
    .slice(0, name.length - ext.length)
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._-]+/, "")
    .slice(0, 100);
  return `${stem || "sds"}${ext}`;
}

/** §5 file rules, then a signed, expiring upload URL bound to the new object's path and content type. */
export function createSdsUpload(deps: Deps, actor: Actor | null, input: unknown): { signedUrl: string; objectPath: string } {
  requireActor(actor);
  const { fileName, contentType } = parseInput(uploadInput, input);
  const ext = extname(fileName).toLowerCase();
  const allowed = SDS_TYPES[ext];
  const baseType = contentType.split(";")[0]!.trim();
  if (!allowed || !allowed.includes(baseType)) throw new ValidationError(INVALID_TYPE, allowed ? "contentType" : "fileName");
  const key = `sds/${randomUUID()}/${safeFileName(fileName)}`;
  return { signedUrl: deps.storage.signUpload(key, baseType), objectPath: `/objects/${key}` };
}

const linkInput = z.object({
  sdsFileUrl: withTextRule(z.string({ error: "sdsFileUrl must be an /objects/ path or null" }).trim().max(1000), "sdsFileUrl").nullable(),
  itemId: z.number({ error: "itemId must be a number" }).int().positive("itemId must be a positive number"),
  itemType: oneOf("itemType", ["inventory", "equipment"] as const),
});

/** Links (or, with null, unlinks) an uploaded SDS file on an inventory item or equipment. */
export async function linkSdsFile(deps: Deps, actor: Actor | null, input: unknown) {
  const a = requireActor(actor);
  const { sdsFileUrl: raw, itemId, itemType } = parseInput(linkInput, input);
  const sdsFileUrl = raw ? raw : null;
  if (sdsFileUrl) {
    const key = sdsFileUrl.startsWith("/objects/") ? decodeURIComponent(sdsFileUrl.slice("/objects/".length)) : "";
    if (!isValidKey(key) || !key.startsWith("sds/")) throw new ValidationError("sdsFileUrl must be an uploaded /objects/sds/ path", "sdsFileUrl");
    if (!(await deps.storage.exists(key))) throw new ValidationError("That SDS file has not been uploaded", "sdsFileUrl");
  }
  return write(deps, async (tx, emit) => {
    const target =
      itemType === "inventory"
        ? await tx.inventoryItem.updateManyAndReturn({ where: { id: itemId }, data: { sdsFileUrl } })
        : await tx.equipment.updateManyAndReturn({ where: { id: itemId }, data: { sdsFileUrl } });
    const row = target[0];
    if (!row) throw new NotFoundError(itemType === "inventory" ? "Inventory item not found" : "Equipment not found");
    await logActivity(tx, a, {
      action: "update",
      entityType: itemType,
      entityId: itemId,
      details: sdsFileUrl ? `Attached SDS ${sdsFileUrl.split("/").pop()} to ${row.name}` : `Removed SDS from ${row.name}`,
    });
    emit(itemType === "inventory" ? { type: "inventory.changed", itemId } : { type: "equipment.changed", equipmentId: itemId });
    return { itemType, itemId, sdsFileUrl, item: row };
  });
}
