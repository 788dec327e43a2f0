import { z } from "zod";
import { say } from "./messages.ts";
import { REQUEST_TYPES } from "./constants.ts";
import { oneOf, recordId, withTextRule } from "./fields.ts";

export const requestLineInput = z.object({
  id: recordId(say(/*i18n*/ { id: "request.eachItemNeedsTheId", message: "Each item needs the id of an inventory item or equipment" })),
  quantity: z
    .number({ error: say(/*i18n*/ { id: "request.pleaseSelectAnItemAnd", message: "Please select an item and enter a valid quantity" }) })
    .int(say(/*i18n*/ { id: "field.notWhole", message: "{label} must be a whole number", values: { label: /*i18n*/ { id: "label.quantity", message: "Quantity" } } }))
    .min(1, say(/*i18n*/ { id: "request.pleaseSelectAnItemAnd", message: "Please select an item and enter a valid quantity" }))
    .max(1_000_000, say(/*i18n*/ { id: "request.quantityIsTooLarge", message: "Quantity is too large" }))
    .optional(),
  /** §3 entries carry their type (inventory or equipment); other values are ignored. */
  type: z.unknown().optional(),
});

/** The REST surface sends items as the spec's JSON string; GraphQL sends a list. Both land here. */
const itemsInput = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "") return [];
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return "malformed";
    }
  },
  z
    .array(requestLineInput, { error: say(/*i18n*/ { id: "request.itemsShape", message: "Items must be a list (or a JSON-encoded list) of {shape}", values: { shape: "{ id, quantity }" } }) })
    .min(1, say(/*i18n*/ { id: "request.pleaseAddAtLeastOne", message: "Please add at least one item to your request" }))
    .max(100, say(/*i18n*/ { id: "request.aRequestCanHoldAt", message: "A request can hold at most 100 items" })),
).meta({
  // The document shows both forms the preprocess takes: the list, or (§7) the same list as JSON text.
  override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    const list = { ...jsonSchema };
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    jsonSchema.anyOf = [list, { type: "string", description: "The same list as JSON text (the spec's form)", contentMediaType: "application/json", contentSchema: list }];
  },
});

/** §5: requester and items excluded from the form schema; the requester is always the actor. */
export const createRequestInput = z.object({
  type: oneOf(/*i18n*/ { id: "label.type", message: "Type" }, REQUEST_TYPES).default("inventory"),
  justification: withTextRule(
    z
      .string({ error: say(/*i18n*/ { id: "request.pleaseProvideJustificationForThis", message: "Please provide justification for this request" }) })
      .trim()
      .min(1, say(/*i18n*/ { id: "request.pleaseProvideJustificationForThis", message: "Please provide justification for this request" }))
      .max(2000, say(/*i18n*/ { id: "request.justificationMustBeAtMost", message: "Justification must be at most 2000 characters" })),
    /*i18n*/ { id: "label.justification", message: "Justification" },
    { multiline: true },
  ),
  items: itemsInput,
});

/** The request form's own field (its type and lines are picked, not typed; the lines are checked by the server's `items`). */
export const requestForm = z.object({ justification: createRequestInput.shape.justification });

/** Approving a request: where an inventory request's stock is issued from; default the main warehouse. */
export const approveRequestInput = z.object({
  fromLocationId: recordId("fromLocationId must be a location id").optional(),
});

