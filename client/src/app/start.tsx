import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";

// A transition: React renders the first screen in short slices instead of one long task, so a slow
// phone stays responsive while it starts (index.html already shows 'Loading...').
startTransition(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
