import { loadQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import type { IEnvironment, OperationType } from "relay-runtime";
import { KEPT_ON_DEVICE } from "./keptShown.ts";
import type { PageRoute } from "./routes.ts";

/**
 * Each route's query starts loading when navigation starts, from the route's loader, at the same time
 * as the route's code (React.lazy): there is no code-then-data waterfall. Relay's loadQuery takes the
 * route file's preloadable parameters, so it sends the request by persisted id before the query itself
 * has arrived with the page, and Relay keeps the answer for it. On the first screen of a visit the
 * entry has already sent that very request (earlyQueries.ts), and the network layer takes its answer.
 * The screen reads it with usePreloadedQuery(useRouteQuery()).
 *
 * The phone keeps each route query's last answer (platform/keptAnswers.ts): the first screen of a later start
 * opens from it while the server is asked (relay/environment.ts).
 *
 * One reference per route is kept retained (the newest): going back to a screen renders from the
 * store at once while its query refreshes, and the older reference is released.
 */
export function routeLoaders(environment: IEnvironment, isManager: boolean) {
  const retained = new Map<string, PreloadedQuery<OperationType>>();
  return ({ path, query }: PageRoute) =>
    query &&
    (({ request, params }: LoaderFunctionArgs) => {
      const wanted = query({ params, search: new URL(request.url).searchParams, isManager });
      if (!wanted) return null;
      // Its answer is kept on the phone for the next start's first screen (platform/keptAnswers.ts).
      const ref = loadQuery(environment, wanted.query, wanted.variables, { fetchPolicy: "store-and-network", networkCacheConfig: { metadata: { [KEPT_ON_DEVICE]: true } } });
      release(retained.get(path));
      retained.set(path, ref);
      return ref;
    });
}

/**
 * Lets go of a reference's data without cancelling its request, which a screen still on its way out
 * may be waiting for: what useQueryLoader does (`releaseQuery` is on the object; the types omit it).
 */
function release(ref: PreloadedQuery<OperationType> | undefined) {
  if (!ref) return;
  const { releaseQuery } = ref as unknown as { releaseQuery?: () => void };
  if (releaseQuery) releaseQuery();
  else ref.dispose();
}

/** The preloaded query of the current route (its loader's result; null when the route fetched nothing for this viewer). */
export function useRouteQuery<T extends OperationType>(): PreloadedQuery<T> {
  return useLoaderData() as PreloadedQuery<T>;
}
