import { z } from "zod";
import { say } from "./messages.ts";
import { optionalDate, recordId, requiredText, wholeNumber } from "./fields.ts";
import { numberInput } from "./form.ts";

/** What a technician records when applying a product: the record regulators ask a company to keep. */
export const recordChemicalUseInput = z.object({
  itemId: recordId(say(/*i18n*/ { id: "chemicalUse.chooseTheProductThatWas", message: "Choose the product that was used" })),
  quantity: wholeNumber(/*i18n*/ { id: "label.quantity", message: "Quantity" }, 1),
  siteAddress: requiredText(/*i18n*/ { id: "label.siteAddress", message: "Site address" }, 300),
  targetPest: requiredText(/*i18n*/ { id: "label.targetPest", message: "Target pest" }, 120),
  /** The day (or moment) of application; default now. */
  date: optionalDate(/*i18n*/ { id: "label.dateOfUse", message: "Date of use" }),
  /** Where the product came from; default the vehicle the technician holds when it carries the product, else the main warehouse. */
  locationId: recordId("locationId must be a location id").optional(),
});

export const FUTURE_USE = say(/*i18n*/ { id: "chemicalUse.futureDate", message: "Date of use cannot be in the future" });

/**
 * The 'Record use' form: the same fields, read from the inputs' text, plus what the form knows
 * beforehand (the stock on hand, `available`, and the user's `today`, YYYY-MM-DD).
 */
export const recordUseForm = (available: number, today: string) =>
  z.object({
    quantity: numberInput(recordChemicalUseInput.shape.quantity.max(available, say(/*i18n*/ { id: "chemicalUse.onlyInStock", message: "Only {available} in stock", values: { available } }))),
    siteAddress: recordChemicalUseInput.shape.siteAddress,
    targetPest: recordChemicalUseInput.shape.targetPest,
    date: z.string().min(1, say(/*i18n*/ { id: "chemicalUse.dateIsRequired", message: "Date is required" })).refine((day) => day <= today, FUTURE_USE),
  });
