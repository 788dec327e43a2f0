/// <reference lib="webworker" />
// Trapline's service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js).
// It precaches the app shell and every chunk of the build (scanner libraries included), so a second
// visit loads from the phone and the shell opens with no network. It never caches API, GraphQL or
// object answers (the user's data) with one exception: an SDS file a user has opened stays readable
// offline (cache "trapline-sds", dropped at sign-out and when another user signs in).
// With Background Sync it also sends the changes queued offline when the network returns.
import { addRoute, cleanupOutdatedCaches, createHandlerBoundToURL, precache } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import type { RouteHandlerCallback } from "workbox-core";
import { NetworkFirst } from "workbox-strategies";
import { flushQueue, SYNC_TAG } from "./offline/outbox.ts";
import { SDS_CACHE } from "./offline/db.ts";
import { cachedStyles, STYLES_MESSAGE, type StylesMessage } from "./platform/styleStore.ts";
import { chosenLocaleNow } from "./platform/locales/load.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precache>[0] };

// The precache's own route (the build's files; addRoute below) comes after the app's pages' route: it would
// answer `/` itself, with index.html as it is.
precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The build's files (/assets/…, hashed and precached above) straight from the precache, without starting or
// running this worker's code for each one: a static route (Chromium 123+; other browsers go on through the
// precache route below). Where a file is not in the cache the browser fetches it. In traces of /inventory
// opened again, a file's answer took 35-260 ms through the fetch handler (the worker answering 30 requests
// while it starts) and 4-45 ms from the route. The API's and GraphQL's requests, which this worker never
// answers, go to the network by a route too, without waking it.
type StaticRoute = { condition: { urlPattern?: string; requestMethod?: string; or?: { urlPattern: string }[] }; source: "cache" | "network" };
self.addEventListener("install", (event) => {
  const install = event as ExtendableEvent & { addRoutes?: (rules: StaticRoute[]) => Promise<void> };
  // A browser that refuses them goes on through this worker's own routes: nothing to report.
  install
    .addRoutes?.([
      { condition: { urlPattern: "/assets/*", requestMethod: "GET" }, source: "cache" },
      { condition: { or: [{ urlPattern: "/graphql" }, { urlPattern: "/api/*" }] }, source: "network" },
    ])
    .catch(() => {});
});

// Client routes (/inventory, /scan, …) are the single-page app: answered with the precached index.html.
// Server paths are never answered from here.
// index.html carries the language chosen on this device (platform/deviceStore.ts) on its root element, for boot.js:
// the first 'Loading...' speaks it before any of the app's code runs, as when boot.js read it from localStorage,
// whose first use on a page blocked the page's main thread. Read beside the precache's answer: the page waits for
// the slower of the two, not for both.
const appShell = createHandlerBoundToURL("/index.html");
const inChosenLocale: RouteHandlerCallback = async (options) => {
  const [response, chosen] = await Promise.all([appShell(options), chosenLocaleNow()]);
  if (!chosen || !response.ok) return response;
  const html = (await response.text()).replace(/<html\b/, `<html data-locale="${chosen}"`);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
};
registerRoute(new NavigationRoute(inChosenLocale, { denylist: [/^\/(api|graphql|objects|ws|healthz)(\/|$)/] }));
addRoute();

// SDS files (/objects/sds/…): the network first, so a replaced sheet is seen at once; the last copy opened when offline.
registerRoute(
  ({ url, request }) => request.method === "GET" && url.origin === self.location.origin && url.pathname.startsWith("/objects/sds/"),
  new NetworkFirst({
    cacheName: SDS_CACHE,
    networkTimeoutSeconds: 10,
    plugins: [
      // Only a whole, successful answer is kept (not a 401 after the session ended, nor a 206 range).
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      { cacheKeyWillBeUsed: async ({ request }) => request.url.split("?")[0]! },
    ],
  }),
);

// Background Sync (where the browser has it): the queue is sent when the network returns, even with the app closed.
// A run stopped by no network or a server in trouble fails, so the browser tries again later.
self.addEventListener("sync", (event: Event) => {
  const sync = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    flushQueue().then((outcome) => {
      if (outcome?.stopped === "offline" || outcome?.stopped === "server") throw new Error("The queue waits for the network");
    }),
  );
});

// A new version waits until the user chooses 'Reload' in the app's 'A new version is available' toast.
// The style rules the app compiled are kept for its next start (platform/styleSnapshot.ts): the page sends
// them as it is left, and this worker writes them, which the page, gone by then, could not finish.
self.addEventListener("message", (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
  if (data?.type === STYLES_MESSAGE) {
    const { json } = data as StylesMessage;
    if (typeof json === "string") event.waitUntil(cachedStyles().write(json));
    else if (json === null) event.waitUntil(cachedStyles().remove());
  }
});
