import { localeScope } from "../http/locale.ts";
import { DEFAULT_LOCALE } from "../i18n/index.ts";
import { Kind, getOperationAST, valueFromASTUntyped, type DocumentNode, type FieldNode, type SelectionSetNode } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import { DomainError, ValidationError } from "../domain/errors.ts";
import { assertKeyFitsRequest, fingerprintOf, IDEMPOTENCY_KEY_HEADER, IdempotencyScope, parseIdempotencyKey } from "../domain/idempotency.ts";
import { httpStatusOf } from "../http/status.ts";
import type { GraphQLContext } from "./builder.ts";

/** Root fields of a selection, through fragments, without `__typename`. */
function rootFieldNodes(document: DocumentNode, set: SelectionSetNode, out: FieldNode[] = []): FieldNode[] {
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) {
      if (s.name.value !== "__typename") out.push(s);
    } else if (s.kind === Kind.INLINE_FRAGMENT) rootFieldNodes(document, s.selectionSet, out);
    else {
      const fragment = document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === s.name.value);
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION) rootFieldNodes(document, fragment.selectionSet, out);
    }
  }
  return out;
}

/** A failure of the key itself, as a GraphQL error with the HTTP status REST would answer. */
export function keyErrorResult(error: DomainError) {
  const field = error instanceof ValidationError && error.field ? { field: error.field } : {};
  const message = error.messageIn(localeScope.current() ?? DEFAULT_LOCALE);
  return { errors: [createGraphQLError(message, { extensions: { code: error.kind, errorCode: error.code, ...field, http: { status: httpStatusOf(error.kind) } } })] };
}

/**
 * `Idempotency-Key` on a mutation over HTTP: one mutation field per keyed request; its fingerprint
 * is the field's name and arguments (not the selection, so a client may ask for other fields when
 * it resends). The mutation runs inside the key's scope, so its domain write stores or replays it;
 * a replay is marked with `Idempotent-Replayed: true`. Queries ignore the header.
 */
export function useIdempotencyKeys(): Plugin<GraphQLContext> {
  const replays = new WeakSet<Request>();
  return {
    async onExecute({ args, executeFn, setExecuteFn, setResultAndStopExecution }) {
      const ctx = args.contextValue;
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== "mutation" || !ctx.actor || !ctx.request) return;
      try {
        const key = parseIdempotencyKey(ctx.request.headers.get(IDEMPOTENCY_KEY_HEADER));
        if (!key) return;
        const fields = rootFieldNodes(args.document, operation.selectionSet);
        if (fields.length !== 1) {
          throw new ValidationError(/*i18n*/ { id: "idempotency.anIdempotencyKeyCoversOne", message: "An Idempotency-Key covers one mutation: send each keyed mutation in a request of its own" }, "Idempotency-Key");
        }
        const field = fields[0]!;
        const variables = args.variableValues ?? undefined;
        const input = Object.fromEntries((field.arguments ?? []).map((a) => [a.name.value, valueFromASTUntyped(a.value, variables)]));
        const scope = new IdempotencyScope({ userId: ctx.actor.id, key, fingerprint: fingerprintOf("graphql", field.name.value, input) });
        await assertKeyFitsRequest(ctx.deps, scope.request);
        const request = ctx.request;
        setExecuteFn((execArgs) =>
          scope.run(async () => {
            const result = await executeFn(execArgs);
            if (scope.replayed) replays.add(request);
            return result;
          }),
        );
      } catch (err) {
        if (err instanceof DomainError) return setResultAndStopExecution(keyErrorResult(err));
        throw err;
      }
    },
    onResponse({ request, response }) {
      if (replays.has(request)) response.headers.set("idempotent-replayed", "true");
    },
  };
}
