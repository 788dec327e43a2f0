import { messageOfText, type Message } from "../../schemas/messages.ts";
import { render, valueIn, type Locale } from "../i18n/index.ts";

/**
 * What a refusal says: a message descriptor (`/*i18n*\/ { id, message, values }`, see
 * schemas/messages.ts), or an English text a shared zod schema produced (found again by its text).
 */
export type Said = Message | string;

type Kind = "VALIDATION" | "UNAUTHENTICATED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "RATE_LIMITED" | "IDEMPOTENCY_KEY_REUSED";

/**
 * Failures a user can cause. `kind` decides the transport's status (HTTP status, GraphQL type);
 * `code` is the message's stable id, for integrators to match on; `message` is the English text, and
 * `messageIn(locale)` the same in the reader's language. Anything else is masked.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: Kind;
  readonly code: string;
  /** The descriptor, or null for a text that has no id (said as it is in every language). */
  readonly said: Message | null;
  constructor(said: Said, codeWithoutId: string) {
    const m = typeof said === "string" ? (messageOfText(said) ?? null) : said;
    super(m ? render(m) : (said as string));
    this.said = m;
    this.code = m?.id ?? codeWithoutId;
  }

  messageIn(locale: Locale): string {
    return this.said ? render(this.said, locale) : this.message;
  }

  /** The message's parameters (a label among them in the reader's language), or undefined when it has none. */
  paramsIn(locale: Locale): Record<string, string | number> | undefined {
    const values = this.said?.values;
    if (!values || !Object.keys(values).length) return undefined;
    return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, valueIn(locale, v)]));
  }
}

export class ValidationError extends DomainError {
  readonly kind = "VALIDATION";
  constructor(
    message: Said,
    readonly field?: string,
  ) {
    super(message, "validation.invalid");
  }
}

export class UnauthenticatedError extends DomainError {
  readonly kind = "UNAUTHENTICATED";
  constructor(message: Said = /*i18n*/ { id: "auth.signInRequired", message: "You need to sign in" }) {
    super(message, "auth.unauthenticated");
  }
}

export class ForbiddenError extends DomainError {
  readonly kind = "FORBIDDEN";
  constructor(message: Said = /*i18n*/ { id: "auth.managerOnly", message: "You need manager privileges to do this" }) {
    super(message, "auth.forbidden");
  }
}

export class NotFoundError extends DomainError {
  readonly kind = "NOT_FOUND";
  constructor(message: Said) {
    super(message, "notFound");
  }
}

export class ConflictError extends DomainError {
  readonly kind = "CONFLICT";
  constructor(
    message: Said,
    readonly field?: string,
  ) {
    super(message, "conflict");
  }
}

export class RateLimitedError extends DomainError {
  readonly kind = "RATE_LIMITED";
  constructor(
    message: Said,
    readonly retryAfterSeconds: number,
  ) {
    super(message, "rateLimited");
  }
}

/** An Idempotency-Key sent again with a different request (another route or mutation, other input). */
export class IdempotencyKeyReusedError extends DomainError {
  readonly kind = "IDEMPOTENCY_KEY_REUSED";
  constructor(
    message: Said = /*i18n*/ {
      id: "idempotency.keyReused",
      message: "This Idempotency-Key was already used for a different request (another operation or other input). Send each change with a key of its own.",
    },
  ) {
    super(message, "idempotency.keyReused");
  }
}
