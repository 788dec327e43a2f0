import type { Equipment, InventoryItem } from "../db/generated/client.ts";
import { NotFoundError, ValidationError } from "../domain/errors.ts";
import { lookupScan } from "../domain/scan.ts";
import { createSdsUpload, linkSdsFile } from "../domain/sds.ts";
import { builder } from "./builder.ts";
import { EquipmentNode } from "./equipment.ts";
import { userErrors } from "./errors.ts";
import { databaseId } from "./ids.ts";
import { InventoryItemNode } from "./inventory.ts";
import { StockLocationNode } from "./locations.ts";

const ScanResult = builder.unionType("ScanResult", {
  types: [InventoryItemNode, EquipmentNode, StockLocationNode],
  resolveType: (value) => ("quantity" in value ? "InventoryItem" : "kind" in value ? "StockLocation" : "Equipment"),
});

builder.queryFields((t) => ({
  scanLookup: t.field({
    type: ScanResult,
    description: "Resolves a scanned code: a Trapline label (item, equipment or stock location), an item's barcode or QR code, or an equipment serial number or QR code",
    errors: { types: [NotFoundError, ValidationError], directResult: false },
    args: { code: t.arg.string({ required: true }) },
    resolve: async (_root, { code }, ctx) => {
      try {
        return (await lookupScan(ctx.deps, ctx.actor, { qrData: code })).data;
      } catch (err) {
        // The domain names the REST field (qrData); here the argument is `code`.
        throw err instanceof ValidationError ? new ValidationError(err.said ?? err.message, "code") : err;
      }
    },
  }),
}));

const AttachSdsFileInput = builder.inputType("AttachSdsFileInput", {
  fields: (t) => ({
    id: t.id({ required: true, description: "An InventoryItem or Equipment id" }),
    sdsFileUrl: t.string({ description: "The objectPath of an uploaded file; null detaches" }),
  }),
});
const AttachSdsFilePayload = builder.objectRef<{ inventoryItem: InventoryItem | null; equipment: Equipment | null }>("AttachSdsFilePayload").implement({
  fields: (t) => ({
    inventoryItem: t.expose("inventoryItem", { type: InventoryItemNode, nullable: true }),
    equipment: t.expose("equipment", { type: EquipmentNode, nullable: true }),
  }),
});
const CreateSdsUploadInput = builder.inputType("CreateSdsUploadInput", {
  fields: (t) => ({
    fileName: t.string({ required: true }),
    contentType: t.string({ required: true }),
    size: t.int({ description: "The file's size in bytes: with it, an S3 store's presigned URL for exactly that many bytes (the bytes do not pass the server)" }),
  }),
});
const CreateSdsUploadPayload = builder.objectRef<{ signedUrl: string; objectPath: string }>("CreateSdsUploadPayload").implement({
  description: "PUT the file to signedUrl with the same Content-Type (and, for a presigned URL, the declared size), then attach objectPath",
  fields: (t) => ({ signedUrl: t.exposeString("signedUrl"), objectPath: t.exposeString("objectPath") }),
});

builder.mutationFields((t) => ({
  createSdsUpload: t.field({
    type: CreateSdsUploadPayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: CreateSdsUploadInput, required: true }) },
    resolve: (_root, { input }, ctx) => createSdsUpload(ctx.deps, ctx.actor, input),
  }),
  attachSdsFile: t.field({
    type: AttachSdsFilePayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: AttachSdsFileInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const target = databaseId(input.id, ["InventoryItem", "Equipment"]);
      const itemType = target.type === "InventoryItem" ? "inventory" : "equipment";
      const result = await linkSdsFile(ctx.deps, ctx.actor, { itemType, itemId: target.id, sdsFileUrl: input.sdsFileUrl ?? null });
      return itemType === "inventory"
        ? { inventoryItem: result.item as InventoryItem, equipment: null }
        : { inventoryItem: null, equipment: result.item as Equipment };
    },
  }),
}));
