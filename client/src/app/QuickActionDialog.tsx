import { Dialog } from "@mui/material";
import { lazy, Suspense } from "react";
import { loadEquipmentForm } from "../features/equipment/index.ts";
import { loadInventoryItemForm } from "../features/inventory/index.ts";
import { loadRequestForm } from "../features/requests/index.ts";
import type { QuickAction, RequestPrefill } from "../platform/quickActions.ts";
import { useScreenBelow } from "../components/useScreenBelow.ts";

const InventoryItemForm = lazy(loadInventoryItemForm);
const EquipmentForm = lazy(loadEquipmentForm);
const RequestForm = lazy(loadRequestForm);

/** §4 quick-action dialog: closed, or open for one type; closes on success or dismissal. Full screen on phones. */
export default function QuickActionDialog({ state, onClose }: { state: { kind: QuickAction; prefill?: RequestPrefill } | null; onClose(): void }) {
  const fullScreen = useScreenBelow("md");
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
