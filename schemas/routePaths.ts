/**
 * The app's route patterns (a `*.route.ts` file's `path`, React Router's syntax: `/`-separated segments, `:name`
 * matching one non-empty segment), matched the same way by the page's entry (client/src/platform/routes.ts, before
 * the router runs) and by the server that names a page's first-screen code in its document (server/http/client.ts).
 */

/** A path's parameters under a pattern and how many of the pattern's segments are literal (React Router ranks those higher), or null when it does not match. */
export function matchRoutePath(pattern: string, pathname: string): { params: Record<string, string>; statics: number } | null {
  const parts = (pathname.replace(/\/+$/, "") || "/").split("/");
  const segments = pattern.split("/");
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  let statics = 0;
  for (const [i, segment] of segments.entries()) {
    const part = parts[i]!;
    if (segment.startsWith(":")) {
      if (part === "") return null;
      params[segment.slice(1)] = decoded(part);
    } else if (segment === part) statics++;
    else return null;
  }
  return { params, statics };
}

/** A segment decoded, or as it came when it is not valid percent-encoding (as React Router leaves it). */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Where the client's build writes each route's first-screen files (client/vite.config.ts, routePreloads), under its output folder; the server reads it and never serves it. */
export const ROUTE_PRELOADS_FILE = ".vite/route-preloads.json";

/** How soon the server may look at the client's build files again (a rebuilt client is served without a restart). */
export const BUILD_RECHECK_MS = 1000;
