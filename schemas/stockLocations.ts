import { z } from "zod";
import { say, type Label } from "./messages.ts";
import { oneOf, recordId, requiredText, wholeNumber } from "./fields.ts";
import { numberInput, textInput } from "./form.ts";

/*
 * Stock locations (issue 15): the inputs the server checks (server/domain/locations.ts) and the
 * Locations screens' forms, with the same limits and messages.
 */

export const STOCK_LOCATION_KINDS = ["WAREHOUSE", "VEHICLE"] as const;
export type StockLocationKind = (typeof STOCK_LOCATION_KINDS)[number];

/** A whole number of units at one location, up to a million. */
export const locationQuantity = (label: Label | string, min: number) =>
  wholeNumber(label, min).max(1_000_000, say(/*i18n*/ { id: "field.atMost", message: "{label} must be at most {max}", values: { label, max: "1000000" } }));

const locationName = requiredText(/*i18n*/ { id: "label.name", message: "Name" }, 100);
const holderId = recordId(say(/*i18n*/ { id: "location.holderMustBeAUser", message: "Holder must be a user id" })).nullish();

export const createStockLocationInput = z.object({
  name: locationName,
  kind: oneOf(/*i18n*/ { id: "label.kind", message: "Kind" }, STOCK_LOCATION_KINDS),
  holderId,
});
export const updateStockLocationInput = z.object({
  name: locationName.optional(),
  holderId,
});
export const setLocationMinimumInput = z.object({
  locationId: recordId("locationId must be a location id"),
  itemId: recordId("itemId must be an item id"),
  /** null removes the location's minimum. */
  minQuantity: locationQuantity(/*i18n*/ { id: "label.minimumQuantity", message: "Minimum quantity" }, 0).nullable(),
});

/**
 * The add / edit location form. The holder is picked from the team by its GraphQL id ("" for none);
 * only a vehicle has one, so a warehouse's is dropped.
 */
export const stockLocationForm = z
  .object({
    name: textInput(locationName),
    kind: oneOf(/*i18n*/ { id: "label.kind", message: "Kind" }, STOCK_LOCATION_KINDS),
    holderId: z.string(),
  })
  .transform((v) => ({ name: v.name, kind: v.kind, holderId: v.kind === "VEHICLE" && v.holderId ? v.holderId : null }));
export type StockLocationFormValues = z.input<typeof stockLocationForm>;
export type StockLocationFormOutput = z.output<typeof stockLocationForm>;
export const NEW_STOCK_LOCATION: StockLocationFormValues = { name: "", kind: "VEHICLE", holderId: "" };

/** One location's own minimum for one item: blank removes it. */
export const locationMinimumForm = z.object({ minQuantity: numberInput(setLocationMinimumInput.shape.minQuantity, null) });
export type LocationMinimumFormValues = z.input<typeof locationMinimumForm>;
export type LocationMinimumFormOutput = z.output<typeof locationMinimumForm>;
