import { loadSignedInApp, loadSignIn } from "./app/entryChunks.ts";
import { preloadRoute } from "./app/routeChunks.ts";
import { VIEWER_KEY } from "./app/viewerKey.ts";

// The entry is tiny on purpose: it starts the current screen's code (for a returning user; a visitor
// gets the sign-in screen first) at the same time as the app's own code, whose files index.html
// already preloads (see the preload plugin in vite.config.ts), rather than after the app has run.
if (localStorage.getItem(VIEWER_KEY)) {
  void loadSignedInApp();
  preloadRoute(location.pathname);
} else void loadSignIn();
void import("./app/start.tsx");
