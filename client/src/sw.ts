/// <reference lib="webworker" />
// Trapline's service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js).
// It precaches the app shell and every chunk of the build (scanner libraries included), so a second
// visit loads from the phone and the shell opens with no network. It never caches API, GraphQL or
// object answers: those are the user's data, and only the app's own code lives in Cache Storage.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client routes (/inventory, /scan, …) are the single-page app: answered with the precached index.html.
// Server paths are never answered from here.
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/(api|graphql|objects|ws|healthz)(\/|$)/] }));

// A new version waits until the user chooses 'Reload' in the app's 'A new version is available' toast.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
