/** Failures a user can cause. Each transport maps `code` to its own shape; anything else is masked. */
export abstract class DomainError extends Error {
  abstract readonly code: "VALIDATION" | "UNAUTHENTICATED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "RATE_LIMITED" | "IDEMPOTENCY_KEY_REUSED";
}

export class ValidationError extends DomainError {
  readonly code = "VALIDATION";
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class UnauthenticatedError extends DomainError {
  readonly code = "UNAUTHENTICATED";
  constructor(message = "You need to sign in") {
    super(message);
  }
}

export class ForbiddenError extends DomainError {
  readonly code = "FORBIDDEN";
  constructor(message = "You need manager privileges to do this") {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly code = "NOT_FOUND";
}

export class ConflictError extends DomainError {
  readonly code = "CONFLICT";
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class RateLimitedError extends DomainError {
  readonly code = "RATE_LIMITED";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** An Idempotency-Key sent again with a different request (another route or mutation, other input). */
export class IdempotencyKeyReusedError extends DomainError {
  readonly code = "IDEMPOTENCY_KEY_REUSED";
  constructor(
    message = "This Idempotency-Key was already used for a different request (another operation or other input). Send each change with a key of its own.",
  ) {
    super(message);
  }
}
