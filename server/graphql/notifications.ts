import {
  countNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationMessageIn,
  unreadNotificationCount,
} from "../domain/notifications.ts";
import type { Notification } from "../db/generated/client.ts";
import { ownWhere } from "../domain/access.ts";
import { builder } from "./builder.ts";
import { userErrors } from "./errors.ts";
import { databaseId } from "./ids.ts";

export const NotificationKindEnum = builder.enumType("NotificationKind", {
  values: ["NEW_REQUEST", "REQUEST_APPROVED", "REQUEST_DENIED", "LOW_STOCK", "MAINTENANCE_DUE", "EQUIPMENT_DUE_BACK", "CERTIFICATION_EXPIRING"] as const,
});

export const NotificationNode = builder.prismaNode("Notification", {
  nullable: true,
  id: { field: "id" },
  description: "Something the signed-in user was told of; stored, so it can be read later and marked read",
  // Another user's notification is as good as missing: node(id:) answers null.
  findUnique: (id, ctx) => ownWhere(ctx.actor, Number(id)),
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    kind: t.expose("kind", { type: NotificationKindEnum }),
    message: t.string({
      description: "What happened, in the reader's language (notifications written before issue 35 as they were written)",
      resolve: (n, _args, ctx) => notificationMessageIn(n, ctx.locale),
    }),
    read: t.boolean({ resolve: (n) => n.readAt !== null }),
    readAt: t.expose("readAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    request: t.relation("request", { nullable: true, description: "The request it is about (new request, decision)" }),
    inventoryItem: t.relation("item", { nullable: true, description: "The item it is about (low stock)" }),
    equipment: t.relation("equipment", { nullable: true, description: "The equipment it is about (maintenance due, due back)" }),
  }),
});

builder.queryFields((t) => ({
  notifications: t.prismaConnection({
    type: "Notification",
    cursor: "id",
    maxSize: 100,
    description: "The signed-in user's notifications, newest first",
    args: { unreadOnly: t.arg.boolean({ description: "Only those not yet marked read" }) },
    resolve: (query, _root, args, ctx) => listNotifications(ctx.deps, ctx.actor, { unreadOnly: args.unreadOnly ?? false }, query),
    totalCount: (_c, args, ctx) => countNotifications(ctx.deps, ctx.actor, { unreadOnly: args.unreadOnly ?? false }),
  }),
  unreadNotificationCount: t.int({
    description: "How many of the signed-in user's notifications are unread",
    resolve: (_root, _args, ctx) => unreadNotificationCount(ctx.deps, ctx.actor),
  }),
}));

const MarkNotificationReadInput = builder.inputType("MarkNotificationReadInput", { fields: (t) => ({ id: t.id({ required: true }) }) });
const MarkAllNotificationsReadInput = builder.inputType("MarkAllNotificationsReadInput", {
  fields: (t) => ({
    upTo: t.id({ description: "Only notifications up to this one (the newest the user has seen); newer ones stay unread" }),
  }),
});

const MarkNotificationReadPayload = builder
  .objectRef<{ notification: Notification; unreadCount: number }>("MarkNotificationReadPayload")
  .implement({
    fields: (t) => ({
      notification: t.expose("notification", { type: NotificationNode }),
      unreadNotificationCount: t.exposeInt("unreadCount"),
    }),
  });
const MarkAllNotificationsReadPayload = builder
  .objectRef<{ markedCount: number; unreadCount: number }>("MarkAllNotificationsReadPayload")
  .implement({
    fields: (t) => ({
      markedCount: t.exposeInt("markedCount", { description: "How many were unread and are now read" }),
      unreadNotificationCount: t.exposeInt("unreadCount"),
    }),
  });

const NOTIFICATION = ["Notification"] as const;

builder.mutationFields((t) => ({
  markNotificationRead: t.field({
    type: MarkNotificationReadPayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: MarkNotificationReadInput, required: true }) },
    resolve: (_root, { input }, ctx) => markNotificationRead(ctx.deps, ctx.actor, databaseId(input.id, NOTIFICATION).id),
  }),
  markAllNotificationsRead: t.field({
    type: MarkAllNotificationsReadPayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: MarkAllNotificationsReadInput }) },
    resolve: (_root, { input }, ctx) =>
      markAllNotificationsRead(ctx.deps, ctx.actor, { upToId: input?.upTo ? databaseId(input.upTo, NOTIFICATION, "upTo").id : undefined }),
  }),
}));
