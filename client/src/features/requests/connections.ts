import { ConnectionHandler, ROOT_ID } from "relay-runtime";

/** The @connection key of the Requests page's list; its filter is `status` (and `mine`, should a list ever ask for it). */
export const REQUESTS_CONNECTION_KEY = "RequestsPage_requests";

/**
 * The lists a new request belongs in: every list whose status filter it passes (none, or its own status),
 * and the viewer's own-request lists (`mine: true`) only when the viewer made it.
 */
export function connectionsForNewRequest(request: { status: string; requesterId: string }, viewerId: string): string[] {
  const ids: string[] = [];
  for (const status of [null, request.status])
    for (const mine of request.requesterId === viewerId ? [null, true] : [null])
      ids.push(ConnectionHandler.getConnectionID(ROOT_ID, REQUESTS_CONNECTION_KEY, { status, mine }));
  return [...new Set(ids)];
}

/** The dashboard's Pending Requests card reads this plain (non-@connection) field. */
export const DASHBOARD_PENDING_ARGS = { first: 3, status: "pending" } as const;
