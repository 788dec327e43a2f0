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

/** The most rows a connection gives at once (the server's `maxSize`, server/graphql/): more loaded come back as this many. */
const LARGEST_PAGE = 100;

/**
 * `refetchShown(count)` asks again for the list as shown with `count` rows (network-only); `loaded` is how many it
 * shows now.
 */
export function useListCatchUp(refetchShown: (count: number) => void, loaded: number, pageSize: number): void {
  const latest = useRef({ refetchShown, loaded });
  useEffect(() => {
    latest.current = { refetchShown, loaded };
  });
  useEffect(() => {
    mounted++;
    const stop = onLiveAgain(() => startTransition(() => latest.current.refetchShown(Math.min(LARGEST_PAGE, Math.max(pageSize, latest.current.loaded)))));
    return () => {
      mounted--;
      stop();
    };
  }, [pageSize]);
}

/** A @refetchable pagination fragment's count variable: `first` on some, `count` on others. */
export function countVariableOf(fragment: GraphQLTaggedNode): string {
  const metadata = getFragment(fragment).metadata as { refetch?: { connection?: { forward?: { count?: string | null } | null } | null } } | null | undefined;
  return metadata?.refetch?.connection?.forward?.count ?? "first";
}
