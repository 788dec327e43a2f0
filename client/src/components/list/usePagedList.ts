import { useRef, useTransition } from "react";
import type { GraphQLTaggedNode } from "react-relay";
import type { KeyType, KeyTypeData } from "react-relay/relay-hooks/helpers";
import type { OperationType, VariablesOf } from "relay-runtime";
import { countVariableOf, shownList, useListCatchUp } from "./listCatchUp.ts";
import { usePagingKeepingRows, type ListFetchPolicy } from "./refetchKeepingRows.ts";

type Connection<N> = { readonly edges: ReadonlyArray<{ readonly node: N | null | undefined } | null | undefined> };

/** What a list screen shows of its connection (ListPage's `list`): the nodes, whether a reload runs, Load more. */
export type PagedList<N> = { items: N[]; busy: boolean; more: { hasNext: boolean; isLoadingNext: boolean; loadNext(): void } };

/**
 * A list screen's connection, read with its pagination fragment (`connection` picks it out of the
 * fragment's data): its nodes, Load more (`pageSize` at a time), and `reload`, a refetch from the
 * first page, so the rows on screen stay (dimmed, `busy`) until the answer is in, and stay if none comes
 * (refetchKeepingRows.ts). When the live channel is back after a drop, the list as shown is asked again (listCatchUp.ts).
 */
export function usePagedList<TQuery extends OperationType, TKey extends KeyType, N>(
  fragment: GraphQLTaggedNode,
  key: TKey,
  pageSize: number,
  connection: (data: KeyTypeData<TKey>) => Connection<N>,
) {
  const [busy, startTransition] = useTransition();
  const paging = usePagingKeepingRows<TQuery, TKey>(fragment, key);
  const { data, hasNext, isLoadingNext, loadNext, refetch, fetching, failed } = paging;
  const list: PagedList<N> = {
    items: connection(data).edges.flatMap((e) => (e?.node ? [e.node] : [])),
    busy: busy || fetching,
    more: { hasNext, isLoadingNext, loadNext: () => void loadNext(pageSize, { onComplete: failed }) },
  };
  // The variables the list on screen was last asked with (its filters): asked again with them when the live channel is back.
  const shownWith = useRef<Partial<VariablesOf<TQuery>>>({});
  const reload = (variables: Partial<VariablesOf<TQuery>>, fetchPolicy: ListFetchPolicy = "store-and-network") =>
    startTransition(() => {
      shownWith.current = variables;
      refetch(variables, fetchPolicy);
    });
  const count = countVariableOf(fragment);
  useListCatchUp(
    shownList(paging, {
      filters: shownWith.current,
      refetch: (n) => refetch({ ...shownWith.current, [count]: n } as Partial<VariablesOf<TQuery>>, "network-only"),
      loaded: list.items.length,
    }),
    pageSize,
  );
  return { data, list, reload };
}
