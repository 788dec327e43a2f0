import { Dialog, useMediaQuery, useTheme } from "@mui/material";
import { lazy, Suspense } from "react";

export type QuickAction = "inventory" | "equipment" | "request";
export type RequestPrefill = { itemId: string; quantity: number };

const InventoryItemForm = lazy(() => import("../features/inventory/InventoryItemForm.tsx"));
const EquipmentForm = lazy(() => import("../features/equipment/EquipmentForm.tsx"));
const RequestForm = lazy(() => import("../features/requests/RequestForm.tsx"));

/** §4 quick-action dialog: closed, or open for one type; closes on success or dismissal. Full screen on phones. */
export default function QuickActionDialog({ state, onClose }: { state: { kind: QuickAction; prefill?: RequestPrefill } | null; onClose(): void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down("md"));
  return (
    <Dialog open={state !== null} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="quick-action-title">
      <Suspense fallback={null}>
        {state?.kind === "inventory" && <InventoryItemForm titleId="quick-action-title" onDone={onClose} />}
        {state?.kind === "equipment" && <EquipmentForm titleId="quick-action-title" onDone={onClose} />}
        {state?.kind === "request" && <RequestForm titleId="quick-action-title" onDone={onClose} prefill={state.prefill} />}
      </Suspense>
    </Dialog>
  );
}
