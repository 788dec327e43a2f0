import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { z } from "zod";
import { requireActor } from "../domain/context.ts";
import { ValidationError } from "../domain/errors.ts";
import type { RestContext } from "./context.ts";
import { operation, type Operation, type OperationId } from "./openapi.ts";

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
/** A route's query and path parameters, parsed with the contract's own schemas. */
export type RouteInput<K extends OperationId> = {
  query: Parsed<Operation<K> extends { query: infer Q } ? Q : never>;
  params: Parsed<Operation<K> extends { params: infer P } ? P : never>;
};

function parse(schema: z.ZodType | undefined, value: unknown): Record<string, unknown> {
  if (!schema) return {};
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data as Record<string, unknown>;
  const issue = result.error.issues[0]!;
  throw new ValidationError(issue.message, issue.path.length ? issue.path.map(String).join(".") : undefined);
}

/**
 * Registers the route of one operation of the REST contract (./openapi.ts) with its method and
 * path, and, before the handler runs: a signed-out caller of a signed-in operation gets 401, then
 * the query and path parameters are parsed with the contract's schemas (400 naming the parameter),
 * and a required body that is missing is a 400. The body itself is the domain's to validate, with
 * the same zod schema the document shows. So the document states exactly what the route accepts.
 */
export function route<K extends OperationId>(
  ctx: RestContext,
  id: K,
  handler: (req: FastifyRequest, reply: FastifyReply, input: RouteInput<K>) => unknown,
  options: RouteShorthandOptions = {},
) {
  const spec = operation(id);
  ctx.app.route({
    ...options,
    method: spec.method.toUpperCase() as "GET" | "POST" | "PUT" | "DELETE",
    url: spec.path.replace(/\{(\w+)\}/g, ":$1"),
    handler: async (req, reply) => {
      if (spec.access !== "public") requireActor(await ctx.session.actorOf(req));
      const input = { query: parse(spec.query, req.query), params: parse(spec.params, req.params) } as RouteInput<K>;
      if (spec.body?.required && req.body === undefined) {
        if (spec.body.contentType === "text/csv") throw new ValidationError(/*i18n*/ { id: "request.sendTheCSVFileAs", message: "Send the CSV file as the body" });
        // No body reads as an empty one: its first missing field is named (as the domain would), and
        // where every field may be left out (an update) an absent body is still an error.
        parse(spec.body.schema, {});
        throw new ValidationError(/*i18n*/ { id: "request.thisRequestNeedsAJSON", message: "This request needs a JSON body with the fields to change" });
      }
      return handler(req, reply, input);
    },
  });
}
