import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { Message } from "../../schemas/messages.ts";
import { isDatabaseUnavailable } from "../db/client.ts";
import { DomainError } from "../domain/errors.ts";
import { errorBody, localeOfRequest, type ActorOf } from "../http/locale.ts";
import { DATABASE_UNAVAILABLE, SOMETHING_WENT_WRONG, httpStatusOf } from "../http/status.ts";

const fastifyMessages: Record<string, Message> = {
  FST_ERR_CTP_INVALID_JSON_BODY: /*i18n*/ { id: "request.invalidJson", message: "The request body is not valid JSON" },
  FST_ERR_CTP_BODY_TOO_LARGE: /*i18n*/ { id: "request.bodyTooLarge", message: "The request body is larger than 1 MB" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: /*i18n*/ { id: "request.notJson", message: "Send the body as JSON (Content-Type: application/json)" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: /*i18n*/ { id: "request.contentLengthMismatch", message: "The Content-Length header does not match the body" },
};

type ErrorBody = { message: string; code: string; field?: string; params?: Record<string, string | number> };

/**
 * Every error leaves as `{ message, code, field?, params? }`: `code` the stable id of the message, `message`
 * in the signed-in user's language (else the request's Accept-Language); a 5xx never carries internals.
 */
export function createSendError(actorOf: ActorOf) {
  return async function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
    if (error instanceof DomainError) {
      const locale = localeOfRequest(request, await actorOf(request).catch(() => null));
      const body: ErrorBody = { message: error.messageIn(locale), code: error.code };
      if ("field" in error && typeof error.field === "string") body.field = error.field;
      const params = error.paramsIn(locale);
      if (params) body.params = params;
      if ("retryAfterSeconds" in error && typeof error.retryAfterSeconds === "number") {
        reply.header("Retry-After", String(error.retryAfterSeconds));
      }
      return reply.status(httpStatusOf(error.kind)).send(body);
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = (error as FastifyError).code;
      const known = (code && fastifyMessages[code]) ?? (code?.startsWith("FST_ERR_CTP_INVALID_JSON") ? fastifyMessages.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
      const locale = localeOfRequest(request, await actorOf(request).catch(() => null));
      // A message of Fastify's own that we have no words for is passed on as it is, under a generic code.
      return reply.status(status).send(known ? errorBody(known, locale) : { message: error.message, code: "request.invalid" });
    }
    // Not a bug of ours or the caller's: the database is away. Say so, and when to try again. The
    // language is the request's own (looking up a session needs the database).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.status(503).header("Retry-After", "5").send(errorBody(DATABASE_UNAVAILABLE, localeOfRequest(request, null)));
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send(errorBody(SOMETHING_WENT_WRONG, localeOfRequest(request, null)));
  };
}
