// The equipment feature's public face: what other features and the app shell may use of it.
export { CheckOutDialog, type CheckOutTarget } from "./CheckOutDialog.tsx";
export { useCheckIn } from "./equipmentMoves.ts";
export { equipmentStatusLine, labelForStatus, statusColor } from "./status.ts";
export { connectionsForNewElsewhere } from "./connections.ts";
/** The add/edit form (the quick actions open it in their dialog). */
export const loadEquipmentForm = () => import("./EquipmentForm.tsx");
