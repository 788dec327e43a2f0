import type { Webhook } from "../db/generated/client.ts";
import { createWebhook, deleteWebhook, listWebhooks, RECENT_DELIVERIES, updateWebhook, WEBHOOK_EVENTS, webhookEventNames } from "../domain/webhooks.ts";
import { managersOnlyWhere } from "../domain/access.ts";
import { builder } from "./builder.ts";
import { userErrors } from "./errors.ts";
import { databaseId } from "./ids.ts";

const DeliveryStatusEnum = builder.enumType("WebhookDeliveryStatus", {
  description: "pending: not yet sent or waiting for a retry; delivered: the endpoint answered 2xx; failed: no 2xx within a day",
  values: ["pending", "delivered", "failed"] as const,
});

builder.prismaObject("WebhookDelivery", {
  description: "One POST of one event to one endpoint, with its retries",
  fields: (t) => ({
    deliveryId: t.exposeString("id", { description: "As sent in X-Trapline-Delivery" }),
    event: t.exposeString("event"),
    status: t.expose("status", { type: DeliveryStatusEnum }),
    attempts: t.exposeInt("attempts"),
    lastStatusCode: t.exposeInt("lastStatusCode", { nullable: true }),
    lastError: t.exposeString("lastError", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    nextAttemptAt: t.expose("nextAttemptAt", { type: "DateTime", description: "When a pending delivery is tried (again)" }),
    deliveredAt: t.expose("deliveredAt", { type: "DateTime", nullable: true }),
  }),
});

export const WebhookNode = builder.prismaNode("Webhook", {
  nullable: true,
  id: { field: "id" },
  description: "An integrator's endpoint, POSTed the events it names (managers only)",
  findUnique: (id, ctx) => managersOnlyWhere(ctx.actor, Number(id)),
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    url: t.exposeString("url"),
    events: t.exposeStringList("events", { description: `Some of: ${WEBHOOK_EVENTS.join(", ")}` }),
    active: t.exposeBoolean("active"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    recentDeliveries: t.relation("deliveries", {
      description: `The latest ${RECENT_DELIVERIES} deliveries, newest first`,
      query: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: RECENT_DELIVERIES },
    }),
  }),
});

builder.queryFields((t) => ({
  webhooks: t.prismaField({
    type: ["Webhook"],
    description: "Managers: the registered webhooks, newest first",
    resolve: (query, _root, _args, ctx) => listWebhooks(ctx.deps, ctx.actor, query),
  }),
  webhookEvents: t.stringList({ description: "The events a webhook may subscribe to (managers)", resolve: (_root, _args, ctx) => webhookEventNames(ctx.actor) }),
}));

const CreateWebhookInput = builder.inputType("CreateWebhookInput", {
  fields: (t) => ({
    url: t.string({ required: true, description: "http(s); not a loopback, link-local or private address" }),
    events: t.stringList({ required: true, description: `Some of: ${WEBHOOK_EVENTS.join(", ")}` }),
  }),
});
const UpdateWebhookInput = builder.inputType("UpdateWebhookInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    url: t.string(),
    events: t.stringList(),
    active: t.boolean({ description: "false pauses deliveries for new events" }),
  }),
});
const DeleteWebhookInput = builder.inputType("DeleteWebhookInput", { fields: (t) => ({ id: t.id({ required: true }) }) });

const CreateWebhookPayload = builder.objectRef<{ secret: string; webhook: Webhook }>("CreateWebhookPayload").implement({
  fields: (t) => ({
    secret: t.exposeString("secret", { description: "The signing secret, shown this once: X-Trapline-Signature is sha256=<hex HMAC-SHA256 of the raw body>" }),
    webhook: t.expose("webhook", { type: WebhookNode }),
  }),
});
const UpdateWebhookPayload = builder.objectRef<{ webhook: Webhook }>("UpdateWebhookPayload").implement({
  fields: (t) => ({ webhook: t.expose("webhook", { type: WebhookNode }) }),
});
const DeleteWebhookPayload = builder.objectRef<{ deletedId: string }>("DeleteWebhookPayload").implement({
  fields: (t) => ({ deletedId: t.exposeID("deletedId") }),
});

const WEBHOOK = ["Webhook"] as const;
const strip = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: CreateWebhookPayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: CreateWebhookInput, required: true }) },
    resolve: (_root, { input }, ctx) => createWebhook(ctx.deps, ctx.actor, input),
  }),
  updateWebhook: t.field({
    type: UpdateWebhookPayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: UpdateWebhookInput, required: true }) },
    resolve: async (_root, { input: { id, ...changes } }, ctx) => ({
      webhook: await updateWebhook(ctx.deps, ctx.actor, databaseId(id, WEBHOOK).id, strip(changes)),
    }),
  }),
  deleteWebhook: t.field({
    type: DeleteWebhookPayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: DeleteWebhookInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await deleteWebhook(ctx.deps, ctx.actor, databaseId(input.id, WEBHOOK).id);
      return { deletedId: String(input.id) };
    },
  }),
}));
