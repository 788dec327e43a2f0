import { useLingui } from "@lingui/react/macro";
import { startTransition, useEffect, useRef, useState } from "react";
import { usePaginationFragment, useRelayEnvironment, type GraphQLTaggedNode } from "react-relay";
import type { KeyType } from "react-relay/relay-hooks/helpers";
import { createOperationDescriptor, fetchQuery, getFragment, getRefetchMetadata, getSelector, type Disposable, type OperationType, type VariablesOf } from "relay-runtime";
import { useToast } from "../../platform/toast.tsx";
import { isNetworkFailure } from "../../relay/environment.ts";

/** How a list asks again: the cached rows for these filters at once then the server's (a search), or the server's only (after a change). */
export type ListFetchPolicy = "store-and-network" | "network-only";

/** A @refetchable fragment's `refetch` (usePaginationFragment's), as called here: with the store's answer only. */
type StoreRefetch<TQuery extends OperationType> = (variables: Partial<VariablesOf<TQuery>>, options: { fetchPolicy: "store-only" | "store-or-network" }) => unknown;

/**
 * A list's pagination fragment, read with Relay's `usePaginationFragment`, whose `refetch` keeps the rows on screen
 * when the server cannot answer (useRefetchKeepingRows below), with `fetching` and `failed` beside it. One call, so
 * the refetch is always the one of the fragment the rows come from.
 */
export function usePagingKeepingRows<TQuery extends OperationType, TKey extends KeyType>(fragment: GraphQLTaggedNode, key: TKey) {
  const paging = usePaginationFragment<TQuery, TKey>(fragment, key);
  const { refetch, fetching, failed } = useRefetchKeepingRows<TQuery>(fragment, key, paging.refetch);
  return { ...paging, refetch, fetching, failed };
}

/**
 * A list's refetch (a search, a filter, after an import or a live change) that keeps the rows on screen when the
 * server cannot answer. Relay's own `refetch` fetches while it renders and throws a failed answer into the screen's
 * error boundary, so a search typed without a connection took the whole screen away. Here the refetch query is
 * fetched first, with the variables Relay's `refetch` would make (its query's, the fragment's, then `variables`, and
 * the record's id); only its answer, once in the store, is rendered, in a transition. A failure leaves the list as it
 * was and says so in a toast. Of several asked one after another, only the last one's answer is rendered.
 *
 * `fetching` is true while an answer is on its way and the list still shows the rows from before (the list's busy
 * look). With "store-and-network" and the answer already in the store, it is shown at once and the server's follows.
 * `failed` says the same of an error elsewhere in the list: Load more's (Relay's `loadNext` hands it to `onComplete`
 * and shows nothing).
 */
function useRefetchKeepingRows<TQuery extends OperationType>(fragment: GraphQLTaggedNode, key: unknown, refetch: StoreRefetch<TQuery>) {
  const environment = useRelayEnvironment();
  const { t } = useLingui();
  const { toast } = useToast();
  const [waiting, setWaiting] = useState(0);
  const asked = useRef(0);
  // The last answer asked for stays in the store until the next one (or the list goes): Relay's garbage collector
  // could otherwise drop it between its arrival and the render that retains it.
  const held = useRef<Disposable | null>(null);
  // A list that goes away renders no answer and shows no failure that comes after it.
  useEffect(
    () => () => {
      held.current?.dispose();
      asked.current++;
    },
    [],
  );
  // No answer at all (no network, a dropped connection) reads as the connection; the server's error says itself.
  const failed = (error: Error) =>
    toast({ title: t`The list could not be loaded`, description: isNetworkFailure(error) ? t`Check the connection and try again.` : serverMessage(error), variant: "destructive" });
  const latest = useRef({ refetch, key, failed });
  useEffect(() => {
    latest.current = { refetch, key, failed };
  });

  const ask = (provided: Partial<VariablesOf<TQuery>>, fetchPolicy: ListFetchPolicy = "store-and-network") => {
    const operation = refetchOperation(fragment, latest.current.key, provided);
    const variables = operation.request.variables as Partial<VariablesOf<TQuery>>;
    const mine = ++asked.current;
    held.current?.dispose();
    held.current = environment.retain(operation);
    const cached = fetchPolicy === "store-and-network" && environment.check(operation).status === "available";
    // The rows for these filters are in the store already: shown now, and the server's answer updates them.
    if (cached) latest.current.refetch(variables, { fetchPolicy: "store-only" });
    else setWaiting((n) => n + 1);
    const settled = () => !cached && setWaiting((n) => n - 1);
    fetchQuery(environment, operation.request.node, variables, { fetchPolicy: "network-only" }).subscribe({
      complete: () => {
        settled();
        if (!cached && mine === asked.current) startTransition(() => void latest.current.refetch(variables, { fetchPolicy: "store-or-network" }));
      },
      error: (error: Error) => {
        settled();
        if (mine === asked.current) latest.current.failed(error);
      },
    });
  };
  return { refetch: ask, fetching: waiting > 0, failed: (error: Error | null) => error && latest.current.failed(error) };
}

/** The refetch query with the variables Relay's `refetch` makes (useRefetchableFragmentInternal): its parent query's, the fragment's, `provided`, and the record's id for a fragment on a node. */
function refetchOperation(fragment: GraphQLTaggedNode, key: unknown, provided: object) {
  const node = getFragment(fragment);
  const { refetchableRequest, identifierInfo } = getRefetchMetadata(node, "useRefetchKeepingRows");
  const selector = getSelector(node, key);
  const single = selector?.kind === "SingularReaderSelector" ? selector : null;
  const variables: Record<string, unknown> = { ...single?.owner.variables, ...single?.variables, ...provided };
  if (identifierInfo && single && !(identifierInfo.identifierQueryVariableName in provided)) variables[identifierInfo.identifierQueryVariableName] = single.dataID;
  return createOperationDescriptor(refetchableRequest, variables);
}

/** A refusal with no data reaches here as Relay's error, whose `source` holds the server's answer: its first message. */
const serverMessage = (error: Error & { source?: { errors?: { message?: string }[] } }) => error.source?.errors?.[0]?.message ?? error.message;
