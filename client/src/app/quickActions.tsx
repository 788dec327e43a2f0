import { Dialog, useMediaQuery, useTheme } from "@mui/material";
import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from "react";

export type QuickAction = "inventory" | "equipment" | "request";
const QuickActionContext = createContext<{ open(kind: QuickAction, prefill?: RequestPrefill): void }>({ open: () => {} });
export const useQuickActions = () => useContext(QuickActionContext);
export type RequestPrefill = { itemId: string; quantity: number };

const InventoryItemForm = lazy(() => import("../features/inventory/InventoryItemForm.tsx"));
const EquipmentForm = lazy(() => import("../features/equipment/EquipmentForm.tsx"));
const RequestForm = lazy(() => import("../features/requests/RequestForm.tsx"));

/** §4 quick-action dialog: closed, or open for one type; closes on success or dismissal. Full screen on phones. */
export function QuickActionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ kind: QuickAction; prefill?: RequestPrefill } | null>(null);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down("md"));
  const close = () => setState(null);
  return (
    <QuickActionContext.Provider value={{ open: (kind, prefill) => setState({ kind, prefill }) }}>
      {children}
      <Dialog open={state !== null} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="quick-action-title">
        <Suspense fallback={null}>
          {state?.kind === "inventory" && <InventoryItemForm titleId="quick-action-title" onDone={close} />}
          {state?.kind === "equipment" && <EquipmentForm titleId="quick-action-title" onDone={close} />}
          {state?.kind === "request" && <RequestForm titleId="quick-action-title" onDone={close} prefill={state.prefill} />}
        </Suspense>
      </Dialog>
    </QuickActionContext.Provider>
  );
}
