import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Actor } from "../domain/actor.ts";
import type { Message } from "../../schemas/messages.ts";
import { render, requestLocale, type Locale } from "../i18n/index.ts";

/** The language a request is answered in: the signed-in user's preference, else its Accept-Language, else English. */
export function localeOfRequest(request: { headers: Record<string, string | string[] | undefined> }, actor: Actor | null | undefined): Locale {
  const header = request.headers["accept-language"];
  return requestLocale(actor?.locale, Array.isArray(header) ? header.join(",") : header);
}

/** Finds the request's actor (resolved once per request by the session, see auth/session.ts). */
export type ActorOf = (request: FastifyRequest) => Promise<Actor | null>;

/** A REST error body for a message: `{ message, code }` in the request's language. */
export function errorBody(m: Message, locale: Locale): { message: string; code: string } {
  return { message: render(m, locale), code: m.id };
}

/**
 * Answers an error before (or outside) a route, in the language of a signed-out request: these are
 * sent before the actor is known (rate limits, hostile input, bad tokens), so Accept-Language decides.
 */
export function refuse(request: FastifyRequest, reply: FastifyReply, status: number, m: Message, extra: Record<string, unknown> = {}) {
  return reply.status(status).send({ ...errorBody(m, localeOfRequest(request, null)), ...extra });
}

const scope = new AsyncLocalStorage<Locale>();

/**
 * The language of the GraphQL request being executed, for errors shaped where the context is out of
 * reach (Yoga's maskError): set around each execution by graphql/http.ts.
 */
export const localeScope = {
  run: <T>(locale: Locale, fn: () => T): T => scope.run(locale, fn),
  current: (): Locale | undefined => scope.getStore(),
};
