/**
 * What the app sends for one of its operations. relay-compiler persists every operation at build time
 * (relay.config.json `persistConfig`), so an artifact carries an id instead of its text, and the
 * request names that id (the APQ shape the server reads) with the operation's name for logs and
 * metrics. An operation with text (none of the app's, or a change queued by an older build) sends it.
 */
import { languageHeaders } from "./locales/load.ts";

export type GraphQLRequestBody = {
  operationName: string;
  variables: Record<string, unknown>;
  query?: string;
  extensions?: { persistedQuery: { version: 1; sha256Hash: string } };
};

export function graphqlBody(operation: { name: string; id?: string | null; text?: string | null }, variables: Record<string, unknown>): GraphQLRequestBody {
  if (operation.id) return { operationName: operation.name, variables, extensions: { persistedQuery: { version: 1, sha256Hash: operation.id } } };
  return { operationName: operation.name, variables, query: operation.text ?? "" };
}

/** How the app posts to /graphql: the network layer and the entry's early requests send exactly this. */
export function postGraphQL(body: GraphQLRequestBody, headers: Record<string, string> = {}): Promise<Response> {
  return fetch("/graphql", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json", ...languageHeaders(), ...headers },
    body: JSON.stringify(body),
  });
}

/** Variables as one string, whatever their key order; a missing variable and a null one are the same request. */
export function variablesKey(variables: Record<string, unknown>): string {
  const keys = Object.keys(variables)
    .filter((k) => variables[k] !== null && variables[k] !== undefined)
    .sort();
  return JSON.stringify(keys.map((k) => [k, variables[k]]));
}
