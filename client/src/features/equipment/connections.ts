import { ConnectionHandler, ROOT_ID } from "relay-runtime";

/** The @connection key of the Equipment page's list; its filters are search and status. */
export const EQUIPMENT_CONNECTION_KEY = "EquipmentPage_equipment";

export type EquipmentFilters = { search: string | null; status: string | null };

export const equipmentConnectionID = (filters?: EquipmentFilters) =>
  ConnectionHandler.getConnectionID(ROOT_ID, EQUIPMENT_CONNECTION_KEY, filters ? { search: filters.search || null, status: filters.status || null } : undefined);

/** Does a record belong in the list filtered this way? Mirrors the server: name, description or category contains the text. */
export function matchesFilters(e: { name: string; description?: string | null; category: string; status: string }, f: EquipmentFilters): boolean {
  if (f.status && e.status !== f.status) return false;
  const q = f.search?.trim().toLowerCase();
  if (!q) return true;
  return [e.name, e.description ?? "", e.category].some((s) => s.toLowerCase().includes(q));
}

/** Lists a new record is inserted into: the unfiltered list always, and the filtered one on screen when it matches. */
export function connectionsForNew(e: Parameters<typeof matchesFilters>[0], current?: EquipmentFilters): string[] {
  const ids = [equipmentConnectionID()];
  if (current && (current.search || current.status) && matchesFilters(e, current)) ids.push(equipmentConnectionID(current));
  return ids;
}

let shown: EquipmentFilters | null = null;

/**
 * The Equipment page says which filters its list on screen was fetched with, so a record created
 * elsewhere (a live event) can join it. Returns the undo for unmount.
 */
export function showEquipmentList(filters: EquipmentFilters): () => void {
  shown = filters;
  return () => {
    if (shown === filters) shown = null;
  };
}

/** Lists a record created elsewhere joins: the unfiltered list, and the one on screen when it passes its filters. */
export const connectionsForNewElsewhere = (e: Parameters<typeof matchesFilters>[0]) => connectionsForNew(e, shown ?? undefined);
