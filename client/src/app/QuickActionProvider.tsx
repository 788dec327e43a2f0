import { lazy, useState, type ReactNode } from "react";
import { MountWhenOpened } from "../components/deferred.tsx";
import { QuickActionContext, type QuickAction, type RequestPrefill } from "../platform/quickActions.ts";

// The dialog and its forms load when a quick action is first chosen.
const QuickActionDialog = lazy(() => import("./QuickActionDialog.tsx"));

export function QuickActionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ kind: QuickAction; prefill?: RequestPrefill } | null>(null);
  return (
    <QuickActionContext.Provider value={{ open: (kind, prefill) => setState({ kind, prefill }) }}>
      {children}
      <MountWhenOpened open={state !== null}>
        <QuickActionDialog state={state} onClose={() => setState(null)} />
      </MountWhenOpened>
    </QuickActionContext.Provider>
  );
}
