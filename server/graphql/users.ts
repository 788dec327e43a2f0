import { RateLimitedError, UnauthenticatedError } from "../domain/errors.ts";
import { signIn, signOut, signOutEverywhere } from "../domain/auth.ts";
import { ROLES } from "../../schemas/constants.ts";
import { countTeamMembers, createTeamMember, findTeamMembers, type PublicUser } from "../domain/team.ts";
import { mayReadAccount, userNodeWhere } from "../domain/access.ts";
import { builder, type GraphQLContext } from "./builder.ts";
import { userErrors } from "./errors.ts";
import { ValidationError } from "../domain/errors.ts";
import { updateMyPreferences } from "../domain/preferences.ts";
import { requestLocale } from "../i18n/index.ts";

export const RoleEnum = builder.enumType("Role", { values: ROLES });

/** A field of the account itself (username, role): null unless the reader may read the account (access.ts). */
const ofAccount = <T>(value: T, user: { id: number }, ctx: GraphQLContext): T | null => (mayReadAccount(ctx.actor, user.id) ? value : null);

export const UserNode = builder.prismaNode("User", {
  nullable: true,
  id: { field: "id" },
  description: "A team member. Everyone signed in reads the name and department; username and role are null unless the reader is a manager or the user",
  // Another user's account by id: managers only (ids are sequential; usernames are not for listing).
  findUnique: (id, ctx) => userNodeWhere(ctx.actor, Number(id)),
  // Select mode: Prisma loads only the exposed columns, so the password hash is never read for GraphQL.
  select: { id: true },
  fields: (t) => ({
    databaseId: t.exposeInt("id"),
    username: t.string({ nullable: true, select: { username: true }, resolve: (u, _args, ctx) => ofAccount(u.username, u, ctx) }),
    name: t.exposeString("name"),
    role: t.field({ type: RoleEnum, nullable: true, select: { role: true }, resolve: (u, _args, ctx) => ofAccount(u.role, u, ctx) }),
    department: t.exposeString("department", { nullable: true }),
    locale: t.string({
      nullable: true,
      description: "The user's language (en-US, es-US); null: the browser's languages decide. Only the user reads their own",
      select: { locale: true },
      resolve: (u, _args, ctx) => (ctx.actor?.id === u.id ? u.locale : null),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  viewer: t.prismaField({
    type: "User",
    nullable: true,
    description: "The signed-in user, or null",
    // Signed out, id 0 matches nobody: null without skipping the query Pothos planned.
    resolve: (query, _root, _args, ctx) => ctx.deps.prisma.user.findUnique({ ...query, where: { id: ctx.actor?.id ?? 0 } }),
  }),
  teamMembers: t.prismaConnection(
    {
      type: "User",
      cursor: "id",
      maxSize: 100,
      description: "Managers only",
      args: { search: t.arg.string() },
      resolve: (query, _root, args, ctx) => findTeamMembers(ctx.deps, ctx.actor, { search: args.search ?? undefined }, query),
      totalCount: (_c, args, ctx) => countTeamMembers(ctx.deps, ctx.actor, { search: args.search ?? undefined }),
    },
  ),
}));

const SignInInput = builder.inputType("SignInInput", {
  fields: (t) => ({ username: t.string({ required: true }), password: t.string({ required: true }) }),
});
const SignOutInput = builder.inputType("SignOutInput", {
  fields: (t) => ({ everywhere: t.boolean({ description: "Also end the user's sessions on other devices" }) }),
});
const CreateTeamMemberInput = builder.inputType("CreateTeamMemberInput", {
  fields: (t) => ({
    username: t.string({ required: true }),
    password: t.string({ required: true }),
    name: t.string({ required: true }),
    role: t.field({ type: RoleEnum, defaultValue: "employee" }),
    department: t.string(),
  }),
});

const SignInPayload = builder.objectRef<{ viewer: PublicUser }>("SignInPayload").implement({
  fields: (t) => ({ viewer: t.expose("viewer", { type: UserNode }) }),
});
const SignOutPayload = builder.objectRef<{ signedOut: boolean }>("SignOutPayload").implement({
  fields: (t) => ({ signedOut: t.exposeBoolean("signedOut") }),
});
const UpdateMyPreferencesInput = builder.inputType("UpdateMyPreferencesInput", {
  fields: (t) => ({ locale: t.string({ required: false, description: "en-US or es-US; null: the browser's languages decide" }) }),
});
const UpdateMyPreferencesPayload = builder.objectRef<{ locale: string | null }>("UpdateMyPreferencesPayload").implement({
  fields: (t) => ({
    locale: t.exposeString("locale", { nullable: true }),
    viewer: t.prismaField({
      type: "User",
      nullable: true,
      resolve: (query, _payload, _args, ctx) => ctx.deps.prisma.user.findUnique({ ...query, where: { id: ctx.actor?.id ?? 0 } }),
    }),
  }),
});
const CreateTeamMemberPayload = builder.objectRef<{ user: PublicUser }>("CreateTeamMemberPayload").implement({
  fields: (t) => ({ user: t.expose("user", { type: UserNode }) }),
});

builder.mutationFields((t) => ({
  signIn: t.field({
    type: SignInPayload,
    errors: { types: [ValidationError, UnauthenticatedError, RateLimitedError] },
    args: { input: t.arg({ type: SignInInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      if (!ctx.session) throw new ValidationError(/*i18n*/ { id: "auth.signInOverHTTPNot", message: "Sign in over HTTP, not over a WebSocket" });
      const { user, sessionId, device, locale } = await signIn(ctx.deps, input, await ctx.session.signInFrom());
      await ctx.session.set(sessionId, user.role, device);
      // The rest of the answer is read as the user who just signed in (their own account).
      ctx.actor = { id: user.id, username: user.username, name: user.name, role: user.role, department: user.department, locale };
      ctx.locale = requestLocale(locale, ctx.acceptLanguage);
      return { viewer: user };
    },
  }),
  signOut: t.field({
    type: SignOutPayload,
    args: { input: t.arg({ type: SignOutInput }) },
    resolve: async (_root, { input }, ctx) => {
      if (!ctx.session) return { signedOut: false };
      if (input?.everywhere && ctx.actor) await signOutEverywhere(ctx.deps, ctx.actor);
      else await signOut(ctx.deps, await ctx.session.sessionId());
      ctx.session.clear();
      return { signedOut: true };
    },
  }),
  updateMyPreferences: t.field({
    type: UpdateMyPreferencesPayload,
    description: "The signed-in user's own preferences (their language); any signed-in user",
    errors: { types: userErrors },
    args: { input: t.arg({ type: UpdateMyPreferencesInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const preferences = await updateMyPreferences(ctx.deps, ctx.actor, input);
      // The rest of this answer (its errors too) is in the language just chosen.
      if (ctx.actor) ctx.actor = { ...ctx.actor, locale: preferences.locale };
      ctx.locale = requestLocale(preferences.locale, ctx.acceptLanguage);
      return preferences;
    },
  }),
  createTeamMember: t.field({
    type: CreateTeamMemberPayload,
    errors: { types: userErrors },
    args: { input: t.arg({ type: CreateTeamMemberInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ user: await createTeamMember(ctx.deps, ctx.actor, input) }),
  }),
}));

