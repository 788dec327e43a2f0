import type { ReactNode } from "react";
import { usePreloadedQuery, type GraphQLTaggedNode, type PreloadedQuery } from "react-relay";
import type { OperationType } from "relay-runtime";
import { useRouteQuery } from "../platform/routeQueries.ts";
import { useSession } from "../platform/session.ts";
import { AccessDenied } from "./AccessDenied.tsx";

/** A managers-only route's query (§6): null for anyone else, for whom the route fetched nothing. */
export function useManagerRouteQuery<Q extends OperationType>(): PreloadedQuery<Q> | null {
  const { isManager } = useSession();
  const queryRef = useRouteQuery<Q>() as PreloadedQuery<Q> | null;
  return isManager ? queryRef : null;
}

/**
 * A managers-only screen: anyone else is told why (`denied`); a manager gets the screen with its
 * route's query read (`query`, the page's own, started by its route file).
 */
export function ManagerPage<Q extends OperationType>({ denied, query, children }: { denied: string; query: GraphQLTaggedNode; children(data: Q["response"]): ReactNode }) {
  const queryRef = useManagerRouteQuery<Q>();
  if (!queryRef) return <AccessDenied text={denied} />;
  return <Preloaded query={query} queryRef={queryRef} render={children} />;
}

function Preloaded<Q extends OperationType>({ query, queryRef, render }: { query: GraphQLTaggedNode; queryRef: PreloadedQuery<Q>; render(data: Q["response"]): ReactNode }) {
  return render(usePreloadedQuery<Q>(query, queryRef));
}
