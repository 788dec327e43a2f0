import type { ChemicalUse, InventoryItem } from "../db/generated/client.ts";
import { recordChemicalUse } from "../domain/chemicalUse.ts";
import { signedInWhere } from "../domain/access.ts";
import { builder } from "./builder.ts";
import { userErrors } from "./errors.ts";
import { databaseId } from "./ids.ts";
import { InventoryItemNode } from "./inventory.ts";

export const ChemicalUseNode = builder.prismaNode("ChemicalUse", {
  nullable: true,
  id: { field: "id" },
  findUnique: (id, ctx) => signedInWhere(ctx.actor, Number(id)),
  description: "A recorded application of a product; product name, EPA number and active ingredient as they were then",
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    product: t.exposeString("itemName"),
    epaRegistrationNumber: t.exposeString("epaRegistrationNumber", { nullable: true }),
    activeIngredient: t.exposeString("activeIngredient", { nullable: true }),
    quantity: t.exposeInt("quantity"),
    unit: t.exposeString("unit"),
    siteAddress: t.exposeString("siteAddress"),
    targetPest: t.exposeString("targetPest"),
    usedAt: t.expose("usedAt", { type: "DateTime" }),
    inventoryItem: t.relation("item", { nullable: true }),
    technician: t.relation("user"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const RecordChemicalUseInput = builder.inputType("RecordChemicalUseInput", {
  fields: (t) => ({
    itemId: t.id({ required: true, description: "The InventoryItem used" }),
    quantity: t.int({ required: true, description: "Whole units of the item's unit, at least 1; taken from stock" }),
    siteAddress: t.string({ required: true, description: "Site or customer address" }),
    targetPest: t.string({ required: true }),
    date: t.string({ description: "ISO date (YYYY-MM-DD) or date-time of the application; default now, never in the future" }),
    locationId: t.id({ description: "The StockLocation it came from; default the vehicle the technician holds when it carries the item, else the main warehouse" }),
  }),
});

const RecordChemicalUsePayload = builder.objectRef<{ chemicalUse: ChemicalUse; item: InventoryItem }>("RecordChemicalUsePayload").implement({
  fields: (t) => ({
    chemicalUse: t.expose("chemicalUse", { type: ChemicalUseNode }),
    item: t.expose("item", { type: InventoryItemNode, description: "The item with its stock after the use" }),
  }),
});

builder.mutationFields((t) => ({
  recordChemicalUse: t.field({
    type: RecordChemicalUsePayload,
    description: "Takes the quantity from stock (a `used` movement) and keeps the use record, in one transaction",
    errors: { types: userErrors },
    args: { input: t.arg({ type: RecordChemicalUseInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      recordChemicalUse(ctx.deps, ctx.actor, {
        itemId: databaseId(input.itemId, ["InventoryItem"], "itemId").id,
        quantity: input.quantity,
        siteAddress: input.siteAddress,
        targetPest: input.targetPest,
        date: input.date ?? undefined,
        locationId: input.locationId == null ? undefined : databaseId(input.locationId, ["StockLocation"], "locationId").id,
      }),
  }),
}));
