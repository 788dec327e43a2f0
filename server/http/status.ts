import type { DomainError } from "../domain/errors.ts";
import type { Message } from "../../schemas/messages.ts";

/*
 * What both HTTP transports (REST under /api and GraphQL over HTTP) say about a failure: kept here,
 * below both, so neither imports the other.
 */
export const DATABASE_UNAVAILABLE: Message = /*i18n*/ {
  id: "server.databaseUnavailable",
  message: "The database is unavailable at the moment. Please try again shortly.",
};
export const SOMETHING_WENT_WRONG: Message = /*i18n*/ { id: "server.unexpected", message: "Something went wrong on our side. Please try again." };

function assertUnreachable(x: never): never {
  throw new Error(`unhandled error code ${String(x)}`);
}

/** The one mapping from a domain error code to an HTTP status. */
export function httpStatusOf(kind: DomainError["kind"]): number {
  switch (kind) {
    case "VALIDATION":
      return 400;
    case "UNAUTHENTICATED":
      return 401;
    case "FORBIDDEN":
      return 403;
    case "NOT_FOUND":
      return 404;
    case "CONFLICT":
      return 409;
    case "RATE_LIMITED":
      return 429;
    case "IDEMPOTENCY_KEY_REUSED":
      return 422;
    default:
      return assertUnreachable(kind);
  }
}
