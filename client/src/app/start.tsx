import { CacheProvider } from "@emotion/react";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18nReady } from "../platform/i18n.ts";
import { App, loadFirstScreen } from "./App.tsx";
import { createStyleCache, keepStyles } from "./styleCache.ts";

// A transition: React renders the first screen in short slices instead of one long task, so a slow
// phone stays responsive while it starts (index.html already shows 'Loading...').
// The language's catalog (started by src/main.tsx) is in by then as a rule; nothing renders without it,
// nor before the first screen's code (started there too) is in, so that none of it suspends on code.
// The style cache starts from the rules this device wrote before (src/main.tsx restores them meanwhile).
void Promise.all([i18nReady(), loadFirstScreen(), createStyleCache()]).then(([, , styles]) => {
  keepStyles(styles, __STYLE_ENGINE__);
  startTransition(() => {
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <CacheProvider value={styles}>
          <App />
        </CacheProvider>
      </StrictMode>,
    );
  });
});
