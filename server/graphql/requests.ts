import { REQUEST_TYPES } from "../../schemas/constants.ts";
import { approveRequest, countRequests, createRequest, denyRequest, findRequests, type RequestWithLines } from "../domain/requests.ts";
import { signedInWhere } from "../domain/access.ts";
import { builder } from "./builder.ts";
import { userErrors } from "./errors.ts";
import { databaseId } from "./ids.ts";

export const RequestTypeEnum = builder.enumType("RequestType", { values: REQUEST_TYPES });
export const RequestStatusEnum = builder.enumType("RequestStatus", { values: ["pending", "approved", "denied"] as const });

export const RequestNode = builder.prismaNode("Request", {
  nullable: true,
  id: { field: "id" },
  findUnique: (id, ctx) => signedInWhere(ctx.actor, Number(id)),
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    type: t.expose("type", { type: RequestTypeEnum }),
    status: t.expose("status", { type: RequestStatusEnum }),
    justification: t.exposeString("justification"),
    requester: t.relation("requester"),
    approvedBy: t.relation("approvedBy", { nullable: true, description: "The manager who approved or denied it" }),
    approvedAt: t.expose("approvedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    items: t.relation("lines", { query: { orderBy: { position: "asc" } } }),
  }),
});

builder.prismaObject("RequestLine", {
  description: "One entry of a request; `name` is as it was when the request was made",
  fields: (t) => ({
    name: t.exposeString("name"),
    quantity: t.exposeInt("quantity"),
    inventoryItem: t.relation("inventoryItem", { nullable: true }),
    equipment: t.relation("equipment", { nullable: true }),
  }),
});

builder.queryFields((t) => ({
  requests: t.prismaConnection(
    {
      type: "Request",
      cursor: "id",
      maxSize: 100,
      args: { status: t.arg({ type: RequestStatusEnum }), mine: t.arg.boolean({ description: "Only the viewer's own requests" }) },
      resolve: (query, _root, args, ctx) =>
        findRequests(ctx.deps, ctx.actor, { status: args.status ?? undefined, requesterId: args.mine ? ctx.actor?.id : undefined }, query),
      totalCount: (_c, args, ctx) =>
        countRequests(ctx.deps, ctx.actor, { status: args.status ?? undefined, requesterId: args.mine ? ctx.actor?.id : undefined }),
    },
  ),
}));

const RequestLineInput = builder.inputType("RequestLineInput", {
  fields: (t) => ({
    id: t.id({ required: true, description: "An InventoryItem id (inventory request) or Equipment id (equipment request)" }),
    quantity: t.int({ description: "At least 1; equipment is always 1" }),
  }),
});
const CreateRequestInput = builder.inputType("CreateRequestInput", {
  description: "The requester is always the signed-in user",
  fields: (t) => ({
    type: t.field({ type: RequestTypeEnum, defaultValue: "inventory" }),
    justification: t.string({ required: true }),
    items: t.field({ type: [RequestLineInput], required: true }),
  }),
});
const DecideRequestInput = (name: string) => builder.inputType(name, { fields: (t) => ({ id: t.id({ required: true }) }) });
const ApproveRequestInput = builder.inputType("ApproveRequestInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    fromLocationId: t.id({ description: "The StockLocation an inventory request is issued from; default the main warehouse" }),
  }),
});

const RequestPayload = (name: string) =>
  builder.objectRef<{ request: RequestWithLines }>(name).implement({ fields: (t) => ({ request: t.expose("request", { type: RequestNode }) }) });

const REQUEST = ["Request"] as const;

builder.mutationFields((t) => ({
  createRequest: t.field({
    type: RequestPayload("CreateRequestPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: CreateRequestInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const lineType = input.type === "equipment" ? "Equipment" : "InventoryItem";
      const items = input.items.map((l, i) => ({ id: databaseId(l.id, [lineType], `items.${i}.id`).id, quantity: l.quantity ?? undefined }));
      return { request: await createRequest(ctx.deps, ctx.actor, { type: input.type, justification: input.justification, items }) };
    },
  }),
  approveRequest: t.field({
    type: RequestPayload("ApproveRequestPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: ApproveRequestInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      request: await approveRequest(ctx.deps, ctx.actor, databaseId(input.id, REQUEST).id, {
        fromLocationId: input.fromLocationId == null ? undefined : databaseId(input.fromLocationId, ["StockLocation"], "fromLocationId").id,
      }),
    }),
  }),
  denyRequest: t.field({
    type: RequestPayload("DenyRequestPayload"),
    errors: { types: userErrors },
    args: { input: t.arg({ type: DecideRequestInput("DenyRequestInput"), required: true }) },
    resolve: async (_root, { input }, ctx) => ({ request: await denyRequest(ctx.deps, ctx.actor, databaseId(input.id, REQUEST).id) }),
  }),
}));
