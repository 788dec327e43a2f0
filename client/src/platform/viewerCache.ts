import { createOperationDescriptor, type IEnvironment } from "relay-runtime";
import AppViewerQueryNode from "../__generated__/AppViewerQuery.graphql.ts";
import type { Viewer } from "./session.ts";
import { keep, kept } from "./deviceStore.ts";
import { forgetRoleCookie, isRole, VIEWER_KEY } from "./viewerKey.ts";

/**
 * Who was signed in on this device, so a returning user's app opens at once (and without signal)
 * while the server confirms the session in the background. Only the viewer's own name, role, department and
 * language are kept (deviceStore.ts, read by the entry before the app starts); sign-out, or a server that no longer knows
 * the session, clears it.
 */

export function cachedViewer(): Viewer | null {
  try {
    const raw = kept(VIEWER_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Viewer;
    return typeof v?.id === "string" && typeof v.name === "string" && isRole(v.role) ? v : null;
  } catch {
    return null;
  }
}

export function rememberViewer(viewer: Viewer | null) {
  if (!viewer) forgetRoleCookie();
  keep(VIEWER_KEY, viewer ? JSON.stringify({ id: viewer.id, databaseId: viewer.databaseId, name: viewer.name, role: viewer.role, department: viewer.department ?? null, locale: viewer.locale ?? null }) : null);
}

/** Puts the remembered viewer into a new store, as if the viewer query had answered; true when there was one. */
export function primeViewer(environment: IEnvironment): boolean {
  const viewer = cachedViewer();
  if (!viewer) return false;
  const operation = createOperationDescriptor(AppViewerQueryNode, {});
  // Every field of the viewer query, the language chosen too: the server's confirmation, which comes once the first
  // screen is up (app/App.tsx), then changes nothing in the store, and renders nothing again.
  environment.commitPayload(operation, { viewer: { ...viewer, department: viewer.department ?? null, locale: viewer.locale ?? null } });
  // Kept while the app runs: nothing may garbage-collect the viewer the store was primed with.
  environment.retain(operation);
  return true;
}
