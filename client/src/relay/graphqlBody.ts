/**
 * What the app sends for one of its operations. relay-compiler persists every operation at build time
 * (relay.config.json `persistConfig`), so an artifact carries an id instead of its text, and the
 * request names that id (the APQ shape the server reads) with the operation's name for logs and
 * metrics. An operation with text (none of the app's, or a change queued by an older build) sends it.
 */
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
