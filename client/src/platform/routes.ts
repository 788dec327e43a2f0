import type { ComponentType } from "react";
import { matchRoutePath } from "../../../schemas/routePaths.ts";
import type { OperationType, PreloadableConcreteRequest, VariablesOf } from "relay-runtime";

/** What a visit to a route knows before its page has loaded: the path's parameters, the URL's search, the viewer's role. */
export type RouteVisit = { params: Readonly<Record<string, string | undefined>>; search: URLSearchParams; isManager: boolean };

/**
 * A query a visit starts: its preloadable parameters (relay-compiler's `<Query>$parameters` file for a
 * query marked `@preloadable`: the persisted id and name, not the query itself, which comes with the
 * page) and its variables.
 */
export type RouteQuery = { query: PreloadableConcreteRequest<OperationType>; variables: VariablesOf<OperationType> };

/** A route's query, typed by its operation. */
export function routeQuery<Q extends OperationType>(query: PreloadableConcreteRequest<Q>, variables: VariablesOf<Q>): RouteQuery {
  return { query, variables };
}

/**
 * A screen's route, in a `<Page>.route.ts` beside the page, as Relay's EntryPoints have it: the path
 * (the router's pattern), the page's code (loaded when first visited) and the query a visit starts at
 * the same time as that code, not after it; null when this viewer gets nothing (§6: managers only).
 * The router and the entry import route files, never the pages: a route file is small, and the
 * entry carries every one.
 */
export type PageRoute = {
  path: string;
  page(): Promise<{ default: ComponentType }>;
  query?(visit: RouteVisit): RouteQuery | null;
};

/** The route a path opens, with its parameters: the router's patterns, for the entry, which runs before the router (the first that matches). */
export function matchRoute(routes: readonly PageRoute[], pathname: string): { route: PageRoute; params: Record<string, string> } | null {
  for (const route of routes) {
    const match = matchRoutePath(route.path, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}
