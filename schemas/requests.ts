import { z } from "zod";
import { REQUEST_TYPES } from "./constants.ts";
import { oneOf, recordId, withTextRule } from "./fields.ts";

export const requestLineInput = z.object({
  id: recordId("Each item needs the id of an inventory item or equipment"),
  quantity: z
    .number({ error: "Please select an item and enter a valid quantity" })
    .int("Quantity must be a whole number")
    .min(1, "Please select an item and enter a valid quantity")
    .max(1_000_000, "Quantity is too large")
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
    .array(requestLineInput, { error: "Items must be a list (or a JSON-encoded list) of { id, quantity }" })
    .min(1, "Please add at least one item to your request")
    .max(100, "A request can hold at most 100 items"),
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
  type: oneOf("Type", REQUEST_TYPES).default("inventory"),
  justification: withTextRule(
    z
      .string({ error: "Please provide justification for this request" })
      .trim()
      .min(1, "Please provide justification for this request")
      .max(2000, "Justification must be at most 2000 characters"),
    "Justification",
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

