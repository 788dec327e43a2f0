// The requests feature's public face: what other features and the app shell may use of it.
export { connectionsForNewRequest, DASHBOARD_PENDING_ARGS } from "./connections.ts";
export { setPendingCountFromLive } from "./pendingCount.ts";
export { useDecideRequest } from "./useDecideRequest.ts";
/** The request form (the quick actions open it in their dialog). */
export const loadRequestForm = () => import("./RequestForm.tsx");
