import { z } from "zod";
import { say } from "./messages.ts";
import { textInput } from "./form.ts";

/** The events a webhook may subscribe to, as integrators see them (dotted names). */
export const WEBHOOK_EVENTS = [
  "inventory.low_stock",
  "inventory.changed",
  "equipment.checked_out",
  "equipment.checked_in",
  "request.created",
  "request.decided",
  "location.created",
  "location.updated",
  "location.archived",
  "stock.transferred",
  "stock_count.completed",
  "purchase_order.placed",
  "purchase_order.received",
  "purchase_order.cancelled",
  "application.recorded",
  "application.amended",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, for the Settings page. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "inventory.low_stock": "An item fell to or below its minimum",
  "inventory.changed": "An item was added, changed or deleted",
  "equipment.checked_out": "Equipment was checked out",
  "equipment.checked_in": "Equipment was checked in",
  "request.created": "A request was submitted",
  "request.decided": "A request was approved or denied",
  "location.created": "A stock location was added",
  "location.updated": "A stock location was renamed or given another holder",
  "location.archived": "A stock location was archived",
  "stock.transferred": "Stock moved between locations",
  "stock_count.completed": "A stock count was completed",
  "purchase_order.placed": "A purchase order was placed with its supplier",
  "purchase_order.received": "A delivery was received on a purchase order",
  "purchase_order.cancelled": "A purchase order was cancelled",
  "application.recorded": "A pesticide application was recorded",
  "application.amended": "A pesticide application record was amended",
};

/** http(s) only, no credentials in it. (The server also refuses hosts that resolve to private ranges.) */
export const webhookUrlField = z
  .string({ error: say(/*i18n*/ { id: "webhook.urlIsRequired", message: "URL is required" }) })
  .trim()
  .min(1, say(/*i18n*/ { id: "webhook.urlIsRequired", message: "URL is required" }))
  .max(2000, say(/*i18n*/ { id: "webhook.urlMustBeAtMost", message: "URL must be at most 2000 characters" }))
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, say(/*i18n*/ { id: "webhook.urlForm", message: "URL must be an http(s) URL without credentials" }));

export const webhookEventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: say(/*i18n*/ { id: "webhook.eventsSomeOf", message: "Events must be some of: {events}", values: { events: WEBHOOK_EVENTS.join(", ") } }) }), { error: say(/*i18n*/ { id: "webhook.eventsMustBeAList", message: "Events must be a list" }) })
  .min(1, say(/*i18n*/ { id: "webhook.chooseAtLeastOneEvent", message: "Choose at least one event" }))
  .transform((events) => [...new Set(events)]);

export const createWebhookInput = z.object({ url: webhookUrlField, events: webhookEventsField });
export const updateWebhookInput = z.object({
  url: webhookUrlField.optional(),
  events: webhookEventsField.optional(),
  active: z.boolean({ error: say(/*i18n*/ { id: "webhook.activeMustBeTrueOr", message: "Active must be true or false" }) }).optional(),
});

/** The webhook form (add and edit): its output is the create input, plus `active` when editing. */
export const webhookForm = z.object({
  url: textInput(webhookUrlField),
  events: webhookEventsField,
  active: z.boolean(),
});
export type WebhookFormValues = { url: string; events: WebhookEvent[]; active: boolean };
export type WebhookFormOutput = z.output<typeof webhookForm>;
export const NEW_WEBHOOK: WebhookFormValues = { url: "", events: [], active: true };
