import { db, type EquipmentRow, type ItemRow, type RequestRow, type Snapshot, type TeamRow } from "./db.ts";

/**
 * The phone's copy of what a technician needs on a job, refreshed from the REST lists while online
 * (the database renders them as JSON in one statement each, and the server compresses them). Rows
 * keep only the fields the scanner, the lists and check-out show; ids are the GraphQL ids the app's
 * mutations take (Relay's global ids: base64 of "Type:id").
 */

type Raw = Record<string, unknown>;
const globalId = (type: string, id: number) => btoa(`${type}:${id}`);
/** A row's two ids: the GraphQL one and the database's. */
const ids = (type: string, r: Raw) => ({ id: globalId(type, r.id as number), databaseId: r.id as number });
const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);

const equipmentRow = (r: Raw): EquipmentRow => ({
  ...ids("Equipment", r),
  name: String(r.name),
  serialNumber: str(r.serialNumber),
  category: String(r.category),
  status: String(r.status),
  assignedTo: str(r.assignedTo),
  assignedAt: str(r.assignedAt),
  location: str(r.location),
  qrCode: str(r.qrCode),
  dueBack: str(r.dueBack),
  sdsFileUrl: str(r.sdsFileUrl),
});
const itemRow = (r: Raw): ItemRow => ({
  ...ids("InventoryItem", r),
  name: String(r.name),
  description: str(r.description),
  category: String(r.category),
  quantity: Number(r.quantity),
  minQuantity: Number(r.minQuantity),
  unit: String(r.unit ?? "units"),
  location: str(r.location),
  barcode: str(r.barcode),
  qrCode: str(r.qrCode),
  hazardous: r.hazardous === true,
  epaRegistrationNumber: str(r.epaRegistrationNumber),
  sdsFileUrl: str(r.sdsFileUrl),
  containerSize: r.containerSize && typeof r.containerSize === "object" ? { amount: String((r.containerSize as Raw).amount), unit: String((r.containerSize as Raw).unit) } : null,
  restrictedUse: r.restrictedUse === true,
  signalWord: str(r.signalWord),
});
const requestRow = (r: Raw): RequestRow => {
  let items: { name: string; quantity: number }[] = [];
  try {
    const lines = (typeof r.items === "string" ? JSON.parse(r.items) : r.items) as { name: string; quantity: number }[];
    items = lines.map((l) => ({ name: String(l.name), quantity: Number(l.quantity) }));
  } catch {
    // an unreadable line list shows as no lines
  }
  return {
    ...ids("Request", r),
    type: String(r.type),
    status: String(r.status),
    justification: String(r.justification ?? ""),
    createdAt: String(r.createdAt),
    requesterId: Number(r.requesterId),
    items,
  };
};
const teamRow = (r: Raw): TeamRow => ({ id: Number(r.id), name: String(r.name), role: String(r.role), department: str(r.department) });

const cache = new Map<string, Snapshot>();

/** The copy last stored for `userId` (from memory after the first read). */
export async function latestSnapshot(userId: string | null): Promise<Snapshot | null> {
  if (!userId) return null;
  const known = cache.get(userId);
  if (known) return known;
  const stored = (await (await db()).get("snapshots", userId)) ?? null;
  if (stored) cache.set(userId, stored);
  return stored;
}

export function forgetSnapshots() {
  cache.clear();
}

async function getJson(path: string): Promise<Raw[]> {
  const response = await fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as Raw[];
}

/**
 * Reads the four lists and stores them as `userId`'s copy. A technician keeps their own open
 * requests; a manager also keeps the team (the check-out picker). Throws when offline.
 */
export async function refreshSnapshot(userId: string, databaseId: number, isManager: boolean): Promise<Snapshot> {
  const [equipment, inventory, requests, team] = await Promise.all([
    getJson("/api/equipment"),
    getJson("/api/inventory"),
    getJson("/api/requests"),
    isManager ? getJson("/api/team") : Promise.resolve([]),
  ]);
  const snapshot: Snapshot = {
    userId,
    syncedAt: new Date().toISOString(),
    equipment: equipment.map(equipmentRow),
    inventory: inventory.map(itemRow),
    requests: requests
      .map(requestRow)
      .filter((r) => r.requesterId === databaseId && r.status === "pending"),
    team: team.map(teamRow),
  };
  await (await db()).put("snapshots", snapshot);
  cache.set(userId, snapshot);
  return snapshot;
}
