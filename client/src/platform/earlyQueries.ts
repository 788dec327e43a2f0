import type { RequestParameters } from "relay-runtime";
import { graphqlBody, postGraphQL, variablesKey } from "./graphqlBody.ts";
import { readKeptAnswer } from "./keptAnswers.ts";
import { activeLocale } from "./locales/load.ts";
import { rememberedUser } from "./viewerKey.ts";
import { matchRoute, type PageRoute } from "./routes.ts";

/**
 * A returning user's first screen asks for its data from the entry, before React, Relay and the
 * screen's code have arrived and run (on a phone that is a second or more): the screen's own query (its
 * route file's, the rule the route loaders use) and, for a device that remembers no viewer, the viewer's, by
 * persisted id. When Relay
 * then sends the same operation with the same variables, the network layer takes this answer instead
 * of asking again (takeEarlyAnswer). Each answer is taken once, and only while fresh.
 */
type Early = { sentAt: number; response: Promise<Response> };
const pending = new Map<string, Early>();
/** Older than this, an early answer is not used: the screen asks again. */
const FRESH_MS = 15_000;

function send(params: Pick<RequestParameters, "id" | "name">, variables: Record<string, unknown>) {
  if (!params.id) return;
  const response = postGraphQL(graphqlBody(params, variables));
  // A failure is handled where the answer is taken (the network layer's offline path); never unhandled here.
  response.catch(() => {});
  pending.set(`${params.id}:${variablesKey(variables)}`, { sentAt: Date.now(), response });
}

/**
 * The query of the route `where` opens (a returning user, who is known to be signed in on this device, in the
 * role remembered for them) and, where the device remembers no viewer (only the role cookie), the viewer's, each as
 * a function that sends it: the entry calls each in a task of its own (src/main.tsx), as the first fetch of a page
 * costs its main thread several milliseconds. None when the phone kept the route's last answer for the remembered
 * user (platform/keptAnswers.ts): the screen then opens from it, and its query goes once it is up.
 */
export async function earlyQueries(viewer: Pick<RequestParameters, "id" | "name">, routes: readonly PageRoute[], role: string, where: Pick<Location, "pathname" | "search">): Promise<(() => void)[]> {
  const current = matchRoute(routes, where.pathname);
  const wanted = current?.route.query?.({ params: current.params, search: new URLSearchParams(where.search), isManager: role === "manager" });
  const user = rememberedUser();
  const id = wanted?.query.params.id;
  if (user && id && (await readKeptAnswer({ user, id, locale: activeLocale() }, wanted.variables))) return [];
  // A remembered viewer renders the frame (viewerCache.ts), and its confirmation goes once the screen is up (app/App.tsx):
  // sent now, it would go ahead of the screen's own query. Without one (only the role cookie) its answer decides the screen.
  return [...(user ? [] : [() => send(viewer, {})]), ...(wanted ? [() => send(wanted.query.params, wanted.variables)] : [])];
}

/** The early request for this operation and these variables, if one was sent and is fresh; it is handed out once. */
export function takeEarlyAnswer(id: string | null | undefined, variables: Record<string, unknown>): Promise<Response> | undefined {
  if (!id) return undefined;
  const key = `${id}:${variablesKey(variables)}`;
  const early = pending.get(key);
  pending.delete(key);
  return early && Date.now() - early.sentAt < FRESH_MS ? early.response : undefined;
}

/**
 * The body of the early answer for this operation and these variables, read from a copy: the network
 * layer still takes the answer itself, once. Undefined when none was sent, or it failed or is not JSON.
 */
export async function peekEarlyAnswer(id: string | null | undefined, variables: Record<string, unknown>): Promise<unknown> {
  const early = id ? pending.get(`${id}:${variablesKey(variables)}`) : undefined;
  if (!early) return undefined;
  try {
    const response = await early.response;
    return response.ok ? await response.clone().json() : undefined;
  } catch {
    return undefined;
  }
}

/** Sign-out: answers sent early for the person who was signed in are never handed to the next one. */
export function dropEarlyAnswers() {
  pending.clear();
}
