import { ConflictError, DomainError, ForbiddenError, NotFoundError, RateLimitedError, UnauthenticatedError, ValidationError } from "../domain/errors.ts";
import { builder } from "./builder.ts";

/** One value a refusal's message was made with: REST's `params` as pairs (GraphQL has no map type). */
const ErrorParam = builder.objectRef<{ name: string; value: string }>("ErrorParam").implement({
  description: 'A value the message was made with, e.g. `{ name: "label", value: "Name" }` for `field.required`',
  fields: (t) => ({
    name: t.exposeString("name", { description: "The parameter's name in the message (`label`, `max`, `name`, …)" }),
    value: t.exposeString("value", { description: "Its value as text (numbers too); a field's label in the reader's language" }),
  }),
});

/**
 * The shared interface of every failure a user can cause; clients can always ask `... on Error {
 * message code params { name value } }`: the message in the reader's language, the code a stable id to
 * match on, the params the values put in the message.
 */
export const ErrorInterface = builder.interfaceRef<DomainError>("Error").implement({
  fields: (t) => ({
    message: t.string({ description: "In the signed-in user's language, else the request's Accept-Language", resolve: (e, _args, ctx) => e.messageIn(ctx.locale) }),
    code: t.string({ description: "A stable id of the refusal (e.g. `item.notFound`), the same in every language", resolve: (e) => e.code }),
    params: t.field({
      type: [ErrorParam],
      description: "The values the message was made with (REST's `params`), in the reader's language; empty when it has none",
      resolve: (e, _args, ctx) => Object.entries(e.paramsIn(ctx.locale) ?? {}).map(([name, value]) => ({ name, value: String(value) })),
    }),
  }),
});

builder.objectType(ValidationError, {
  name: "ValidationError",
  description: "Input broke a rule; `field` names the input field when there is one",
  interfaces: [ErrorInterface],
  isTypeOf: (e) => e instanceof ValidationError,
  fields: (t) => ({ field: t.string({ nullable: true, resolve: (e) => e.field ?? null }) }),
});

builder.objectType(ConflictError, {
  name: "ConflictError",
  description: "The thing changed state (taken, already decided, not enough stock) or a unique value is in use",
  interfaces: [ErrorInterface],
  isTypeOf: (e) => e instanceof ConflictError,
  fields: (t) => ({ field: t.string({ nullable: true, resolve: (e) => e.field ?? null }) }),
});

builder.objectType(ForbiddenError, {
  name: "ForbiddenError",
  description: "The signed-in user's role may not do this",
  interfaces: [ErrorInterface],
  isTypeOf: (e) => e instanceof ForbiddenError,
  fields: () => ({}),
});

builder.objectType(NotFoundError, {
  name: "NotFoundError",
  interfaces: [ErrorInterface],
  isTypeOf: (e) => e instanceof NotFoundError,
  fields: () => ({}),
});

builder.objectType(UnauthenticatedError, {
  name: "AuthenticationError",
  description: "Wrong username or password",
  interfaces: [ErrorInterface],
  isTypeOf: (e) => e instanceof UnauthenticatedError,
  fields: () => ({}),
});

builder.objectType(RateLimitedError, {
  name: "RateLimitedError",
  interfaces: [ErrorInterface],
  isTypeOf: (e) => e instanceof RateLimitedError,
  fields: (t) => ({ retryAfterSeconds: t.exposeInt("retryAfterSeconds") }),
});

/** What every mutation may answer besides its payload. */
export const userErrors = [ValidationError, ConflictError, ForbiddenError, NotFoundError];
