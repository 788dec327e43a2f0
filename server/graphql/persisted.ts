import { say } from "../../schemas/messages.ts";
import { existsSync, readFileSync } from "node:fs";
import { usePersistedOperations } from "@graphql-yoga/plugin-persisted-operations";
import type { DocumentNode } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";

/**
 * The app's own operations, persisted by relay-compiler at build time (`persistConfig` in
 * relay.config.json: sha256 of the text → text, kept append-only so a change queued offline by an
 * older build still resolves). Each is parsed and validated once here; a request names one by
 * `extensions.persistedQuery.sha256Hash` (the APQ shape, which Yoga's parameter check accepts) and
 * skips parsing and validation. Entries that no longer validate against the schema (an operation of
 * an older build that used a removed field) are left out, and an id not in the list is refused.
 */
export type PersistedOperations = {
  get(id: string): DocumentNode | undefined;
  readonly size: number;
  /** Only listed operations may run (GRAPHQL_PERSISTED_ONLY=1). */
  readonly only: boolean;
};

/**
 * `prepare` parses and validates one text as a request's would be (the server passes Yoga's own parse
 * and validate, so the same copy of graphql and the same limits apply) and returns its errors.
 */
export type Prepare = (text: string) => { document: DocumentNode; errors: readonly unknown[] };

export function loadPersistedOperations(prepare: Prepare, file: string, only: boolean): PersistedOperations {
  const documents = new Map<string, DocumentNode>();
  const entries: Record<string, unknown> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  for (const [id, text] of Object.entries(entries)) {
    if (typeof text !== "string") continue;
    try {
      const { document, errors } = prepare(text);
      if (errors.length === 0) documents.set(id, document);
    } catch {
      // Not parseable: not an operation this server can run.
    }
  }
  return { get: (id) => documents.get(id), size: documents.size, only };
}

/** The id of a persisted operation a request names, if it names one. */
export function persistedId(params: { extensions?: unknown }): string | null {
  const persisted = (params.extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } } | undefined)?.persistedQuery;
  return persisted && persisted.version === 1 && typeof persisted.sha256Hash === "string" ? persisted.sha256Hash : null;
}

export const PERSISTED_NOT_FOUND = say(/*i18n*/ { id: "graphql.persistedNotFound", message: "This operation is not one the app knows; send the query text" });
export const PERSISTED_ONLY = say(/*i18n*/ { id: "graphql.persistedOnly", message: "Only the app's own operations may run on this server" });

export function persistedNotFound() {
  return createGraphQLError(PERSISTED_NOT_FOUND, { extensions: { code: "PERSISTED_QUERY_NOT_FOUND", http: { status: 400 } } });
}
export function persistedOnlyError() {
  return createGraphQLError(PERSISTED_ONLY, { extensions: { code: "PERSISTED_QUERY_ONLY", http: { status: 400 } } });
}

/** Yoga over HTTP: a listed id runs its prepared document; text runs as before unless `only`. */
export function usePersisted(operations: () => PersistedOperations): Plugin {
  return usePersistedOperations({
    allowArbitraryOperations: () => !operations().only,
    extractPersistedOperationId: (params) => persistedId(params),
    getPersistedOperation: (id) => operations().get(id) ?? null,
    // Validated once when the list was loaded.
    skipDocumentValidation: true,
    customErrors: { notFound: persistedNotFound, keyNotFound: persistedOnlyError, persistedQueryOnly: persistedOnlyError },
  }) as Plugin;
}
