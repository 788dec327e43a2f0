import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../db/client.ts";
import { DomainError } from "../domain/errors.ts";
import { DATABASE_UNAVAILABLE, httpStatusOf } from "../http/status.ts";

const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is larger than 1 MB",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the body as JSON (Content-Type: application/json)",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The Content-Length header does not match the body",
};

/** Every error leaves as `{ message, field? }`; a 5xx never carries internals. */
export function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    const body: { message: string; field?: string } = { message: error.message };
    if ("field" in error && typeof error.field === "string") body.field = error.field;
    if ("retryAfterSeconds" in error && typeof error.retryAfterSeconds === "number") {
      reply.header("Retry-After", String(error.retryAfterSeconds));
    }
    return reply.status(httpStatusOf(error.code)).send(body);
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const code = (error as FastifyError).code;
    const message = (code && fastifyMessages[code]) ?? (code?.startsWith("FST_ERR_CTP_INVALID_JSON") ? fastifyMessages.FST_ERR_CTP_INVALID_JSON_BODY : error.message);
    return reply.status(status).send({ message });
  }
  if (isDatabaseUnavailable(error)) {
    // Not a bug of ours or the caller's: the database is away. Say so, and when to try again.
    request.log.warn({ err: error }, "database unavailable");
    return reply.status(503).header("Retry-After", "5").send({ message: DATABASE_UNAVAILABLE });
  }
  request.log.error({ err: error }, "unexpected error");
  return reply.status(500).send({ message: "Something went wrong on our side. Please try again." });
}
