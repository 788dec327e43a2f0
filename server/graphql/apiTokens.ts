import type { ApiToken } from "../db/generated/client.ts";
import { API_TOKEN_ACCESS, createApiToken, listApiTokens, revokeApiToken } from "../domain/apiTokens.ts";
import { ownWhere } from "../domain/access.ts";
import { builder } from "./builder.ts";
import { userErrors } from "./errors.ts";
import { databaseId } from "./ids.ts";

export const ApiTokenAccessEnum = builder.enumType("ApiTokenAccess", {
  description: "READ tokens may only read; WRITE tokens may do whatever their owner may",
  values: API_TOKEN_ACCESS,
});

export const ApiTokenNode = builder.prismaNode("ApiToken", {
  nullable: true,
  id: { field: "id" },
  description: "A personal API token (`Authorization: Bearer tl_…`); its secret is shown only when it is created",
  // Another user's token is as good as missing: node(id:) answers null.
  findUnique: (id, ctx) => ownWhere(ctx.actor, Number(id)),
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    name: t.exposeString("name"),
    access: t.expose("access", { type: ApiTokenAccessEnum }),
    prefix: t.exposeString("prefix", { description: "The token's first characters, to tell tokens apart" }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    lastUsedAt: t.expose("lastUsedAt", { type: "DateTime", nullable: true, description: "Noted at most once a minute" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", nullable: true }),
    revokedAt: t.expose("revokedAt", { type: "DateTime", nullable: true }),
    active: t.boolean({
      description: "Neither revoked nor expired",
      resolve: (token) => !token.revokedAt && (!token.expiresAt || token.expiresAt.getTime() > Date.now()),
    }),
  }),
});

builder.queryFields((t) => ({
  apiTokens: t.prismaField({
    type: ["ApiToken"],
    description: "The signed-in user's API tokens, newest first (never their secrets)",
    resolve: (query, _root, _args, ctx) => listApiTokens(ctx.deps, ctx.actor, query),
  }),
}));

const CreateApiTokenInput = builder.inputType("CreateApiTokenInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    access: t.field({ type: ApiTokenAccessEnum, required: true }),
    expiresAt: t.string({ description: "ISO date or date-time; none for a token that does not expire" }),
  }),
});
const RevokeApiTokenInput = builder.inputType("RevokeApiTokenInput", { fields: (t) => ({ id: t.id({ required: true }) }) });

const CreateApiTokenPayload = builder.objectRef<{ token: string; apiToken: ApiToken }>("CreateApiTokenPayload").implement({
  fields: (t) => ({
    token: t.exposeString("token", { description: "The secret, shown this once: send it as `Authorization: Bearer <token>`" }),
    apiToken: t.expose("apiToken", { type: ApiTokenNode }),
  }),
});
const RevokeApiTokenPayload = builder.objectRef<{ apiToken: ApiToken }>("RevokeApiTokenPayload").implement({
  fields: (t) => ({ apiToken: t.expose("apiToken", { type: ApiTokenNode }) }),
});

const API_TOKEN = ["ApiToken"] as const;

builder.mutationFields((t) => ({
  createApiToken: t.field({
    type: CreateApiTokenPayload,
    errors: { types: userErrors },
    description: "Managers: a new API token for themselves (from a signed-in session only)",
    args: { input: t.arg({ type: CreateApiTokenInput, required: true }) },
    resolve: (_root, { input }, ctx) => createApiToken(ctx.deps, ctx.actor, input),
  }),
  revokeApiToken: t.field({
    type: RevokeApiTokenPayload,
    errors: { types: userErrors },
    description: "Revokes one of the signed-in user's tokens; it is refused (401) at once on every server process",
    args: { input: t.arg({ type: RevokeApiTokenInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ apiToken: await revokeApiToken(ctx.deps, ctx.actor, databaseId(input.id, API_TOKEN).id) }),
  }),
}));
