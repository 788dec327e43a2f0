import AppViewerQuery from "./__generated__/AppViewerQuery$parameters.ts";
import { loadSignedInApp, loadSignIn } from "./app/entryChunks.ts";
import { routes } from "./app/routes.ts";
import { earlyQueries } from "./platform/earlyQueries.ts";
import { matchRoute } from "./platform/routes.ts";
import { signedInRole } from "./platform/viewerKey.ts";
import { startCatalog } from "./platform/locales/load.ts";
import { holdModulePreloads, inBatches } from "./platform/modulePreloads.ts";
import { restoreStyles } from "./platform/styleSnapshot.ts";

// The entry is tiny on purpose: for a returning user it sends the current screen's data request and
// starts the screen's code at the same time as the app's own code, whose files index.html already
// preloads (see the preload plugin in vite.config.ts), rather than after the app has run. A visitor
// gets the sign-in screen first. Both come from the screen's route file (app/routes.ts). Returning: the
// device remembers the viewer, or at least the server's role cookie says someone signed in here.
// Each import() appends a modulepreload link for every chunk it needs that index.html does not preload
// (Vite's preload helper): a dozen and more for the frame and a screen, a millisecond and more each where a
// service worker serves them (15 ms for 20 links here, 7 ms without one). Each import starts in a task of
// its own, and the links it appended go in LINKS_PER_TASK to a task after it (the screen's 16 links on
// /inventory were one task of 9-41 ms at full speed here, 36-164 ms at Lighthouse's 4x): short tasks, not
// one long one. The import itself has started: a chunk the browser asks for before its link is in comes once.
const steps: (() => unknown)[] = [];
/** The code's steps: the first screen's imports (the frame's and the route's screen's, or the sign-in screen's), the kept styles, the app. */
function codeSteps(signedIn: boolean) {
  steps.push(...(signedIn ? [loadSignedInApp, () => matchRoute(routes, location.pathname)?.route.page().catch(() => {})] : [loadSignIn]));
  // The style rules this device's app wrote before go back in (platform/styleSnapshot.ts): read from Cache
  // Storage from this step on, which does not hold the page up, then a slice per task while the code
  // downloads; the app's style cache (app/start.tsx), made once they are all in, then compiles only styles
  // it has not met.
  steps.push(() => restoreStyles(__STYLE_ENGINE__));
  // The runtime libraries' import (app/librariesFirst.ts), then the app, which starts even if that file could not
  // load. Where the frame's and the screen's imports above wait for the same runtime file (a returning user), the
  // libraries are evaluated with them all the same (README, "Phone first").
  const app = () => import("./app/start.tsx");
  steps.push(() => import("./app/librariesFirst.ts").then(app, app));
}
const LINKS_PER_TASK = 4;
/** One step per task, then its held links a few per task; all at once in a tab opened in the background, whose timers wait a second each. */
function start(all = false) {
  do {
    const step = steps.shift();
    if (step) {
      const links = holdModulePreloads(document.head, step);
      steps.unshift(...inBatches(links, LINKS_PER_TASK).map((batch) => () => document.head.append(...batch)));
    }
  } while (all && steps.length);
  if (steps.length) setTimeout(() => start(), 0);
}
// A tab opened in the background paints no frames and its timers wait a second each: there everything runs at once.
const hidden = document.visibilityState === "hidden";
const soon = (work: () => void) => (hidden ? work() : void setTimeout(work, 0));
// The screen's data is asked for at once, before the first frame as a rule: two small requests, and their
// answer is what the screen waits for longest. Who is signed in (and the language chosen here) is read from what
// the device keeps (platform/deviceStore.ts, IndexedDB) and, without a remembered viewer, the role cookie (the
// Cookie Store API): calls that return at once and answer later, where the synchronous reads they replace
// (localStorage, document.cookie) waited on the browser, 1-25 ms each here. The time inside the page's storage
// calls fell by a quarter to a half (`npm run bench:pages -- --storage`). They start in a task of their own, after
// the evaluation (which only schedules: with them in it, index.html's 'Loading...' painted later), and each
// request then goes in a task of its own: the page's first fetch cost its main thread 4-17 ms here (30-120 ms at
// Lighthouse's 4x).
soon(
  () =>
    void signedInRole().then((role) => {
      if (role) void earlyQueries(AppViewerQuery.params, routes, role, location).then((sends) => sends.forEach(soon));
      // The language's catalog is fetched beside the screen's code (platform/i18n.ts waits for it before the first render).
      startCatalog();
      codeSteps(Boolean(role));
      // Paint first: a slow phone shows index.html's 'Loading...' before this opens a dozen requests and the
      // work that follows (just after the first frame).
      if (hidden) start(true);
      else requestAnimationFrame(() => setTimeout(() => start(), 0));
    }),
);
