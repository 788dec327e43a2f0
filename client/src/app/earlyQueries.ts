import OPERATION_IDS from "virtual:operation-ids";
import { graphqlBody, postGraphQL, variablesKey } from "../platform/graphqlBody.ts";
import { routeOfPath, routeRequest } from "./routeRequests.ts";

/**
 * A returning user's first screen asks for its data from the entry, before React, Relay and the
 * screen's code have arrived and run (on a phone that is a second or more): the viewer and the
 * screen's own query (routeRequests.ts, the rule the route loaders use), by persisted id. When Relay
 * then sends the same operation with the same variables, the network layer takes this answer instead
 * of asking again (takeEarlyAnswer). Each answer is taken once, and only while fresh.
 */
type Early = { sentAt: number; response: Promise<Response> };
const pending = new Map<string, Early>();
/** Older than this, an early answer is not used: the screen asks again. */
const FRESH_MS = 15_000;

function send(name: string, variables: Record<string, unknown>) {
  const id = OPERATION_IDS[name];
  if (!id) return;
  const response = postGraphQL(graphqlBody({ name, id }, variables));
  // A failure is handled where the answer is taken (the network layer's offline path); never unhandled here.
  response.catch(() => {});
  pending.set(`${id}:${variablesKey(variables)}`, { sentAt: Date.now(), response });
}

/** Sends the viewer's and the current screen's queries (a returning user, who is known to be signed in on this device). */
export function sendEarlyQueries(role: string, where: Pick<Location, "pathname" | "search"> = location) {
  send("AppViewerQuery", {});
  const route = routeOfPath(where.pathname);
  const wanted = route && routeRequest(route.route, new URLSearchParams(where.search), route.params, role === "manager");
  if (wanted) send(wanted.operation, wanted.variables);
}

/** The early request for this operation and these variables, if one was sent and is fresh; it is handed out once. */
export function takeEarlyAnswer(id: string | null | undefined, variables: Record<string, unknown>): Promise<Response> | undefined {
  if (!id) return undefined;
  const key = `${id}:${variablesKey(variables)}`;
  const early = pending.get(key);
  pending.delete(key);
  return early && Date.now() - early.sentAt < FRESH_MS ? early.response : undefined;
}

/** Sign-out: answers sent early for the person who was signed in are never handed to the next one. */
export function dropEarlyAnswers() {
  pending.clear();
}
