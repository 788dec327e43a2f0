import { startTransition, useEffect, useRef } from "react";
import { getFragment, type GraphQLTaggedNode } from "relay-runtime";
import { onLiveAgain } from "../../relay/environment.ts";

/**
 * What was sent while the live channel was down was never heard. When it is back, a list on screen asks again for
 * what it shows: with its filters as they are, and as many rows as it has loaded (a page at least). The route's own
 * query, which app/LiveUpdates.tsx asks again on the other screens, would bring a list back to its first page, and
 * under a filter (a search, a status) would not reach it at all: while a list is mounted, LiveUpdates leaves it.
 */
let mounted = 0;
export const listsCatchUp = () => mounted > 0;

/** The most rows a connection gives at once (the server's `maxSize`, server/graphql/): more loaded come back a page of this at a time. */
const LARGEST_PAGE = 100;

/**
 * A list as shown: `filters`, what it was asked with (a new value when they change); `refetch(count)` asks again for
 * it with `count` rows (network-only, its filters as they are); `loaded` is how many rows it shows now;
 * `loadNext(count, onFailed)` loads `count` more after them.
 */
export type ShownList = {
  filters: unknown;
  refetch(count: number): void;
  loaded: number;
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext(count: number, onFailed: () => void): void;
};

/** A long list being brought back: the rows it showed, under which filters, and whether its first page has come back yet. */
export type Restoring = { rows: number; filters: unknown; firstBack: boolean };

/**
 * What a long list being brought back does when it renders: `restoring` as it stands after this render (null: done,
 * or given up), and how many rows to load next (0: none now).
 */
export function restoreStep(restore: Restoring, list: Pick<ShownList, "filters" | "loaded" | "hasNext" | "isLoadingNext">): { restoring: Restoring | null; load: number } {
  // Filters changed meanwhile: the list is another one, at its own first page.
  if (list.filters !== restore.filters) return { restoring: null, load: 0 };
  // Before its first page comes back, the list still shows its old rows, more than a page.
  if (!restore.firstBack && list.loaded > LARGEST_PAGE) return { restoring: restore, load: 0 };
  const back = { ...restore, firstBack: true };
  if (list.loaded >= restore.rows || !list.hasNext) return { restoring: null, load: 0 };
  return { restoring: back, load: list.isLoadingNext ? 0 : Math.min(LARGEST_PAGE, restore.rows - list.loaded) };
}

/**
 * Asks again for `list` when the live channel is back. A list with more rows loaded than the server gives at once
 * comes back with its first LARGEST_PAGE, then loads the rest of what it showed a page at a time, each after the
 * one before is on screen (restoreStep).
 */
export function useListCatchUp(list: ShownList, pageSize: number): void {
  const latest = useRef(list);
  const restoring = useRef<Restoring | null>(null);
  useEffect(() => {
    latest.current = list;
    if (!restoring.current) return;
    const step = restoreStep(restoring.current, list);
    restoring.current = step.restoring;
    if (step.load > 0) list.loadNext(step.load, () => (restoring.current = null));
  });
  useEffect(() => {
    mounted++;
    const stop = onLiveAgain(() => {
      const rows = Math.max(pageSize, latest.current.loaded);
      restoring.current = rows > LARGEST_PAGE ? { rows, filters: latest.current.filters, firstBack: false } : null;
      startTransition(() => latest.current.refetch(Math.min(LARGEST_PAGE, rows)));
    });
    return () => {
      mounted--;
      stop();
    };
  }, [pageSize]);
}

/** What a Relay pagination hook (`usePaginationFragment`) gives that the catch-up pages with. */
export type Paging = {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext(count: number, options: { onComplete: (error: Error | null) => void }): unknown;
};

/**
 * A list as useListCatchUp takes it: the pagination hook's result `paging` (its `loadNext`'s `onFailed` runs when a
 * page could not be loaded) with the list's own `filters`, `refetch` and rows `loaded`.
 */
export function shownList(paging: Paging, list: Pick<ShownList, "filters" | "refetch" | "loaded">): ShownList {
  const { hasNext, isLoadingNext, loadNext } = paging;
  return { ...list, hasNext, isLoadingNext, loadNext: (count, onFailed) => void loadNext(count, { onComplete: (error) => error && onFailed() }) };
}

/** A @refetchable pagination fragment's count variable: `first` on some, `count` on others. */
export function countVariableOf(fragment: GraphQLTaggedNode): string {
  const metadata = getFragment(fragment).metadata as { refetch?: { connection?: { forward?: { count?: string | null } | null } | null } } | null | undefined;
  return metadata?.refetch?.connection?.forward?.count ?? "first";
}
