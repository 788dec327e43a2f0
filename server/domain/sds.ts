import { say } from "../../schemas/messages.ts";
import { randomUUID } from "node:crypto";
import { extname } from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { z } from "zod";
import { SDS_MAX_BYTES, SDS_TYPES } from "../../schemas/constants.ts";
import { logActivity, parseInput, requireActor, write, type Actor, type Deps } from "./context.ts";
import { NotFoundError, ValidationError } from "./errors.ts";
import { oneOf, recordId, withTextRule } from "../../schemas/fields.ts";
import { isValidKey, ObjectTooLargeError, type ObjectInspector } from "../storage/objects.ts";

export const INVALID_TYPE = say(/*i18n*/ { id: "sds.invalidType", message: "Please select a PDF, DOC, DOCX, or TXT file" });
export const TOO_LARGE = say(/*i18n*/ { id: "sds.tooLarge", message: "SDS files must be smaller than 10MB" });
export { SDS_MAX_BYTES };
/** §5: an SDS file must be smaller than 10MB, so 10MB itself is refused. */
export const MAX_SDS_BYTES = SDS_MAX_BYTES - 1;

/** A regex source matching `text` in any letter case (JSON Schema patterns take no flags). */
const caseless = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/[a-z]/gi, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`);
/** §5: a name ending in .pdf, .doc, .docx or .txt; a type among theirs (parameters such as charset allowed). */
const SDS_FILE_NAME = new RegExp(`\\.(?:${Object.keys(SDS_TYPES).map((ext) => caseless(ext.slice(1))).join("|")})\\s*$`);
const SDS_CONTENT_TYPE = new RegExp(`^\\s*(?:${[...new Set(Object.values(SDS_TYPES).flat())].map(caseless).join("|")})\\s*(?:;.*)?$`);

export const uploadInput = z.object({
  fileName: withTextRule(z.string({ error: say(/*i18n*/ { id: "sds.fileNameRequired", message: "fileName is required" }) }).trim().min(1, say(/*i18n*/ { id: "sds.fileNameRequired", message: "fileName is required" })).max(300, say(/*i18n*/ { id: "sds.fileNameTooLong", message: "fileName is too long" })).regex(SDS_FILE_NAME, INVALID_TYPE), "fileName"),
  contentType: withTextRule(
    z.string({ error: say(/*i18n*/ { id: "sds.contentTypeRequired", message: "contentType is required" }) }).trim().toLowerCase().min(1, say(/*i18n*/ { id: "sds.contentTypeRequired", message: "contentType is required" })).max(200).regex(SDS_CONTENT_TYPE, INVALID_TYPE),
    "contentType",
  ),
  /** The file's size in bytes: with it, a store that takes uploads directly (S3) gets the bytes itself. */
  size: z.number({ error: say(/*i18n*/ { id: "sds.sizeNotANumber", message: "size must be a number of bytes" }) }).int(say(/*i18n*/ { id: "sds.sizeNotWhole", message: "size must be a whole number of bytes" })).nonnegative(say(/*i18n*/ { id: "sds.sizeNotANumber", message: "size must be a number of bytes" })).optional(),
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

/**
 * §5 file rules, then a signed, expiring upload URL bound to the new object's path and content type:
 * the server's own link, or, when the store takes uploads directly and the size is given, a presigned
 * URL of the store's for exactly that many bytes (checked when the file is attached).
 */
export async function createSdsUpload(deps: Deps, actor: Actor | null, input: unknown): Promise<{ signedUrl: string; objectPath: string }> {
  requireActor(actor);
  const { fileName, contentType, size } = parseInput(uploadInput, input);
  const ext = extname(fileName).toLowerCase();
  const allowed = SDS_TYPES[ext];
  const baseType = contentType.split(";")[0]!.trim();
  if (!allowed || !allowed.includes(baseType)) throw new ValidationError(INVALID_TYPE, allowed ? "contentType" : "fileName");
  if (size !== undefined && size > MAX_SDS_BYTES) throw new ValidationError(TOO_LARGE, "size");
  const key = `sds/${randomUUID()}/${safeFileName(fileName)}`;
  const direct = deps.storage.direct;
  const signedUrl = direct && size !== undefined ? await direct.uploadUrl(key, baseType, size) : deps.storage.signUpload(key, baseType);
  return { signedUrl, objectPath: `/objects/${key}` };
}

/**
 * An upload made straight to the store: moved under its key once it passes the size cap and the
 * content checks of its type (from the key's extension), as the server's own upload link does.
 * False when nothing was uploaded.
 */
async function completeDirectUpload(deps: Deps, key: string): Promise<boolean> {
  const direct = deps.storage.direct;
  const type = SDS_TYPES[extname(key).toLowerCase()]?.[0];
  if (!direct || !type) return false;
  try {
    // A Word or PDF file is judged on its start; text must be UTF-8 to its end.
    return (await direct.complete(key, MAX_SDS_BYTES, sdsContentCheck(type), type === "text/plain" ? undefined : SNIFF_BYTES)) !== null;
  } catch (err) {
    if (err instanceof ObjectTooLargeError) throw new ValidationError(TOO_LARGE, "file");
    throw err;
  }
}

export const linkInput = z.object({
  sdsFileUrl: withTextRule(z.string({ error: say(/*i18n*/ { id: "sds.fileUrlNotText", message: "sdsFileUrl must be an /objects/ path or null" }) }).trim().max(1000), "sdsFileUrl").nullable(),
  itemId: recordId(say(/*i18n*/ { id: "id.itemIdNotPositive", message: "itemId must be a positive whole number" })),
  itemType: oneOf("itemType", ["inventory", "equipment"] as const),
});

/** Links (or, with null, unlinks) an uploaded SDS file on an inventory item or equipment. */
export async function linkSdsFile(deps: Deps, actor: Actor | null, input: unknown) {
  const a = requireActor(actor);
  const { sdsFileUrl: raw, itemId, itemType } = parseInput(linkInput, input);
  const sdsFileUrl = raw ? raw : null;
  if (sdsFileUrl) {
    const key = sdsFileUrl.startsWith("/objects/") ? decodeURIComponent(sdsFileUrl.slice("/objects/".length)) : "";
    if (!isValidKey(key) || !key.startsWith("sds/")) throw new ValidationError(/*i18n*/ { id: "sds.sdsfileurlMustBeAnUploaded", message: "sdsFileUrl must be an uploaded /objects/sds/ path" }, "sdsFileUrl");
    if (!(await deps.storage.exists(key)) && !(await completeDirectUpload(deps, key))) {
      throw new ValidationError(/*i18n*/ { id: "sds.thatSDSFileHasNot", message: "That SDS file has not been uploaded" }, "sdsFileUrl");
    }
  }
  return write(deps, async (tx, emit) => {
    const target =
      itemType === "inventory"
        ? await tx.inventoryItem.updateManyAndReturn({ where: { id: itemId }, data: { sdsFileUrl } })
        : await tx.equipment.updateManyAndReturn({ where: { id: itemId }, data: { sdsFileUrl } });
    const row = target[0];
    if (!row) throw new NotFoundError(itemType === "inventory" ? /*i18n*/ { id: "item.notFound", message: "Inventory item not found" } : /*i18n*/ { id: "equipment.notFound", message: "Equipment not found" });
    await logActivity(tx, a, {
      action: "update",
      entityType: itemType,
      entityId: itemId,
      details: sdsFileUrl
        ? /*i18n*/ { id: "activity.sdsAttached", message: "Attached SDS {file} to {name}", values: { file: sdsFileUrl.split("/").pop() ?? "", name: row.name } }
        : /*i18n*/ { id: "activity.sdsRemoved", message: "Removed SDS from {name}", values: { name: row.name } },
    });
    emit(itemType === "inventory" ? { type: "inventory.changed", itemId } : { type: "equipment.changed", equipmentId: itemId });
    return { itemType, itemId, sdsFileUrl, item: row };
  });
}

/** How much of the start of a file its type is judged on (a .docx names its parts within the first few KB). */
const SNIFF_BYTES = 64 * 1024;
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** What the first bytes of each SDS type must be, as file-type detects them; text is checked on its own. */
const expectedContent: Record<string, { detected: string; kind: string }> = {
  "application/pdf": { detected: "application/pdf", kind: "a PDF" },
  "application/msword": { detected: "application/x-cfb", kind: "a Word document (.doc)" },
  [DOCX]: { detected: DOCX, kind: "a Word document (.docx)" },
};

/** (Said through the text registry: `kind` is one of a few words, so the texts are few.) */
export const contentMismatch = (kind: string) =>
  say(/*i18n*/ { id: "sds.contentMismatch", message: "The file's contents are not {kind}, as its name and type say. It was not uploaded.", values: { kind } });
export const NOT_PLAIN_TEXT = say(/*i18n*/ { id: "sds.notPlainText", message: "The file is not plain UTF-8 text (it holds NUL characters or bytes that are not UTF-8). It was not uploaded." });

/**
 * Checks an SDS upload's bytes against its declared type as they stream (server/storage keeps
 * nothing when this throws): PDF starts with %PDF-, DOC is an OLE compound file, DOCX a ZIP holding
 * word/ parts, TXT is UTF-8 without NUL. A mismatch is a ValidationError on `file`.
 */
export function sdsContentCheck(contentType: string): ObjectInspector {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return async function* (chunks) {
    if (type === "text/plain") {
      const utf8 = new TextDecoder("utf-8", { fatal: true });
      const refuse = () => new ValidationError(NOT_PLAIN_TEXT, "file");
      for await (const chunk of chunks) {
        if (chunk.includes(0)) throw refuse();
        try {
          utf8.decode(chunk, { stream: true });
        } catch {
          throw refuse();
        }
        yield chunk;
      }
      try {
        utf8.decode();
      } catch {
        throw refuse();
      }
      return;
    }
    const expected = expectedContent[type];
    if (!expected) throw new ValidationError(INVALID_TYPE, "contentType");
    const head: Buffer[] = [];
    let size = 0;
    let judged = false;
    for await (const chunk of chunks) {
      if (judged) {
        yield chunk;
        continue;
      }
      head.push(chunk);
      size += chunk.length;
      if (size < SNIFF_BYTES) continue;
      await judge(Buffer.concat(head), expected);
      judged = true;
      yield* head;
    }
    if (!judged) {
      await judge(Buffer.concat(head), expected);
      yield* head;
    }
  };
}

async function judge(head: Buffer, expected: { detected: string; kind: string }) {
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  // file-type accepts "%PDF" alone; the PDF header is "%PDF-" followed by the version.
  const pdfHeader = expected.detected !== "application/pdf" || head.subarray(0, 5).toString("latin1") === "%PDF-";
  if (found?.mime !== expected.detected || !pdfHeader) throw new ValidationError(contentMismatch(expected.kind), "file");
}
