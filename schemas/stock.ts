import { z } from "zod";
import { say } from "./messages.ts";
import { locationQuantity } from "./stockLocations.ts";
import { numberInput } from "./form.ts";
import { recordId } from "./fields.ts";

/*
 * Stock between locations (issue 15): the transfer's and the count's input rules, checked by the
 * server (server/domain/locations.ts) and by the Transfer dialog and the Count screen alike.
 */

/** A quantity at one location: whole units, `min` or more, at most a million. */
export const stockQuantity = locationQuantity;

export const SAME_LOCATION = say(/*i18n*/ { id: "stock.sameLocation", message: "Pick two different locations" });

export const transferStockInput = z
  .object({
    itemId: recordId("itemId must be an item id"),
    fromLocationId: recordId("fromLocationId must be a location id"),
    toLocationId: recordId("toLocationId must be a location id"),
    quantity: stockQuantity(/*i18n*/ { id: "label.quantity", message: "Quantity" }, 1),
  })
  .refine((v) => v.fromLocationId !== v.toLocationId, { message: SAME_LOCATION, path: ["toLocationId"] });

/**
 * The Transfer dialog: the item, both locations (global ids, picked from lists) and the quantity as
 * typed, at most what the source holds (`available`, unknown until a source is picked).
 */
export const transferForm = (available: number | null) =>
  z
    .object({
      itemId: z.string().min(1, say(/*i18n*/ { id: "stock.chooseAnItem", message: "Choose an item" })),
      fromLocationId: z.string().min(1, say(/*i18n*/ { id: "stock.chooseWhereTheStockComes", message: "Choose where the stock comes from" })),
      toLocationId: z.string().min(1, say(/*i18n*/ { id: "stock.chooseWhereTheStockGoes", message: "Choose where the stock goes" })),
      quantity: numberInput(available === null ? stockQuantity(/*i18n*/ { id: "label.quantity", message: "Quantity" }, 1) : stockQuantity(/*i18n*/ { id: "label.quantity", message: "Quantity" }, 1).max(available, say(/*i18n*/ { id: "stock.onlyThere", message: "Only {available} there", values: { available } }))),
    })
    .refine((v) => !v.fromLocationId || v.fromLocationId !== v.toLocationId, { message: SAME_LOCATION, path: ["toLocationId"] });

/** A counted number, typed on the Count screen (0 zeroes an item that is not there). */
export const countedQuantity = stockQuantity(/*i18n*/ { id: "label.countedQuantity", message: "Counted quantity" }, 0);
export const countedQuantityInput = numberInput(countedQuantity);
