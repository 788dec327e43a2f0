import { plural, t } from "@lingui/core/macro";
import { MEASURE_KIND, MEASURE_UNITS, toBase, type MeasureUnit } from "../../../schemas/measures.ts";
import { parseScanCode } from "../../../schemas/scanCode.ts";
import type { EquipmentRow, ItemRow, QueuedChange, Snapshot } from "./db.ts";
import { describeChange } from "./describeChange.ts";
import { enqueue, flushQueue, kindOf, onQueueChange } from "./outbox.ts";
import { queueOf } from "./db.ts";
import { QueuedOfflineError } from "./queuedError.ts";
import { latestSnapshot } from "./snapshotStore.ts";
import { cachedViewer } from "../platform/viewerCache.ts";

/**
 * The offline side of the app's GraphQL network layer (relay/environment.ts loads it on first use):
 * a queueable mutation that cannot reach the server is kept in the queue with its Idempotency-Key,
 * and the few reads a technician needs on a job (scan look-up, the request form's item pickers) are
 * answered from the phone's copy, with the queued changes applied and marked pending.
 */

type Variables = Record<string, unknown>;

/** Queued changes go first: a new one joins the queue while earlier ones still wait (order matters). */
export async function mustQueue(userId: string): Promise<boolean> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  return (await queueOf(userId)).some((c) => c.state === "waiting");
}

export async function queueChange(userId: string, operation: { name: string; id?: string | null; text?: string | null }, variables: Variables, key: string): Promise<never> {
  const snapshot = await latestSnapshot(userId);
  const { title, titleMessage, target } = describeChange(operation.name, variables, snapshot);
  await enqueue({ key, userId, operationName: operation.name, documentId: operation.id ?? undefined, query: operation.text ?? "", variables, title, ...(titleMessage && { titleMessage }), target });
  scheduleFlush(userId);
  throw new QueuedOfflineError(title, operation.name, variables);
}

// ---- sending the queue from the app ----

let timer: ReturnType<typeof setTimeout> | undefined;
/** Sends the queue soon (a change just joined it; if the network is there it goes at once). */
export function scheduleFlush(userId: string, delay = 200) {
  clearTimeout(timer);
  timer = setTimeout(() => void flushQueue(userId), delay);
}
export { onQueueChange };

// ---- the phone's copy, as the user expects it ----

export type Pending = { pendingKey?: string };
export type LocalView = {
  syncedAt: string;
  equipment: (EquipmentRow & Pending)[];
  inventory: (ItemRow & Pending)[];
  requests: (Snapshot["requests"][number] & Pending)[];
  team: Snapshot["team"];
};

/** The kept copy with the queued (not failed) changes applied, each changed row marked with its change's key. */
export function applyQueue(snapshot: Snapshot, queue: QueuedChange[]): LocalView {
  const equipment = new Map(snapshot.equipment.map((e) => [e.id, { ...e } as EquipmentRow & Pending]));
  const inventory = new Map(snapshot.inventory.map((i) => [i.id, { ...i } as ItemRow & Pending]));
  const requests: LocalView["requests"] = [...snapshot.requests];
  // Measured products' queued applications, in base units, taken off together at the end (see takeMeasured).
  const measured = new Map<string, { base: bigint; key: string }>();
  for (const change of queue) {
    if (change.state !== "waiting") continue;
    const input = (change.variables.input ?? {}) as Record<string, unknown>;
    switch (kindOf(change.operationName)) {
      case "check_out": {
        const e = equipment.get(String(input.id));
        if (e) Object.assign(e, { status: "checked_out", assignedTo: String(input.assignedTo), assignedAt: change.createdAt, pendingKey: change.key });
        break;
      }
      case "check_in": {
        const e = equipment.get(String(input.id));
        if (e) Object.assign(e, { status: "available", assignedTo: null, assignedAt: null, dueBack: null, pendingKey: change.key });
        break;
      }
      case "use": {
        const i = inventory.get(String(input.itemId));
        if (i) Object.assign(i, { quantity: Math.max(0, i.quantity - Number(input.quantity)), pendingKey: change.key });
        break;
      }
      case "application": {
        for (const line of (input.lines as { itemId: string; amount?: string | number; unit?: string }[] | undefined) ?? []) {
          const i = inventory.get(String(line.itemId));
          const amount = String(line.amount ?? "").trim();
          if (!i || !amount) continue;
          const base = measuredBase(i, amount, line.unit);
          if (base !== null) {
            const sum = measured.get(i.id);
            measured.set(i.id, { base: (sum?.base ?? 0n) + base, key: change.key });
          } else if (Number.isFinite(Number(amount))) Object.assign(i, { quantity: Math.max(0, i.quantity - Math.trunc(Number(amount))), pendingKey: change.key });
        }
        break;
      }
      case "request": {
        const lines = (input.items as { id: string; quantity?: number }[] | undefined) ?? [];
        requests.unshift({
          id: `pending:${change.key}`,
          databaseId: 0,
          type: String(input.type ?? "inventory"),
          status: "pending",
          justification: String(input.justification ?? ""),
          createdAt: change.createdAt,
          requesterId: Number(change.userId),
          items: lines.map((l) => ({ name: inventory.get(l.id)?.name ?? equipment.get(l.id)?.name ?? "Item", quantity: l.quantity ?? 1 })),
          pendingKey: change.key,
        });
        break;
      }
    }
  }
  for (const [id, { base, key }] of measured) takeMeasured(inventory.get(id)!, base, key);
  return { syncedAt: snapshot.syncedAt, equipment: [...equipment.values()], inventory: [...inventory.values()], requests, team: snapshot.team };
}

/** A queued line's amount in the product's base units when the product is measured (a container size) and the unit is of its kind; else null. */
function measuredBase(item: ItemRow, amount: string, unit: string | undefined): bigint | null {
  const container = item.containerSize;
  if (!container || !unit || !(MEASURE_UNITS as readonly string[]).includes(unit) || !(MEASURE_UNITS as readonly string[]).includes(container.unit)) return null;
  if (MEASURE_KIND[unit as MeasureUnit] !== MEASURE_KIND[container.unit as MeasureUnit]) return null;
  try {
    return toBase(amount, unit as MeasureUnit);
  } catch {
    return null;
  }
}

/**
 * A measured product's quantity is its whole (unopened) containers, and the copy does not keep what is
 * left in an open one: queued applications take off the containers they need opened, rounded up (what
 * the server will show when no container was open; never more stock than there is).
 */
function takeMeasured(item: ItemRow & Pending, base: bigint, key: string) {
  const container = toBase(item.containerSize!.amount, item.containerSize!.unit as MeasureUnit);
  if (container <= 0n || base <= 0n) return;
  const containers = Number((base + container - 1n) / container);
  Object.assign(item, { quantity: Math.max(0, item.quantity - containers), pendingKey: key });
}

export async function localView(userId: string): Promise<LocalView | null> {
  const snapshot = await latestSnapshot(userId);
  return snapshot ? applyQueue(snapshot, await queueOf(userId)) : null;
}

/** The server's look-up rule (schemas/scanCode.ts) over the kept copy. */
export function findCode(view: LocalView, raw: string): { kind: "equipment"; row: EquipmentRow } | { kind: "inventory"; row: ItemRow } | null {
  const scanned = parseScanCode(raw);
  if (scanned.kind === "nothing") return null;
  if (scanned.kind === "label") {
    if (scanned.type === "inventory") {
      const row = view.inventory.find((i) => i.databaseId === scanned.id);
      return row ? { kind: "inventory", row } : null;
    }
    // Stock locations are not in the phone's copy.
    if (scanned.type === "location") return null;
    const row = view.equipment.find((e) => e.databaseId === scanned.id);
    return row ? { kind: "equipment", row } : null;
  }
  // Lowest id first, as the server's findFirst ordered by id.
  const { code } = scanned;
  const byId = <T extends { databaseId: number }>(rows: T[]) => [...rows].sort((a, b) => a.databaseId - b.databaseId);
  const item = byId(view.inventory).find((i) => i.barcode === code || i.qrCode === code);
  if (item) return { kind: "inventory", row: item };
  const equipment = byId(view.equipment).find((e) => e.serialNumber === code || e.qrCode === code);
  return equipment ? { kind: "equipment", row: equipment } : null;
}

/** What `ScanPageLookupQuery` would have answered, from the kept copy (null when nothing is kept). */
export async function scanAnswer(userId: string, typed: string) {
  const view = await localView(userId);
  if (!view) return null;
  const found = findCode(view, typed);
  const code = typed.trim();
  const notFound = { __typename: "NotFoundError", __isError: "NotFoundError", message: t`No item found for code ${code}` };
  if (!found) return { data: { scanLookup: notFound } };
  const data =
    found.kind === "equipment"
      ? (({ id, name, serialNumber, category, status, assignedTo, assignedAt, location }) => ({
          __typename: "Equipment", __isNode: "Equipment", id, name, serialNumber, category, status, assignedTo, assignedAt, location,
        }))(found.row)
      : (({ id, name, category, quantity, minQuantity, unit, location, barcode, epaRegistrationNumber, restrictedUse, signalWord, containerSize }) => ({
          __typename: "InventoryItem", __isNode: "InventoryItem", id, name, category, quantity, minQuantity, unit, location, barcode,
          // The label facts the scan card shows; the copy keeps whole counts only (a measured product's whole containers, not an open one's remainder).
          epaRegistrationNumber, restrictedUse: restrictedUse ?? false, signalWord: signalWord ?? null, containerSize: containerSize ?? null, stockText: stockTextOf(found.row),
        }))(found.row);
  return { data: { scanLookup: { __typename: "ScanLookupSuccess", data } } };
}

/**
 * The stock in words as the server says it (`stockText`), in the app's language now, from the copy's
 * whole counts: a measured product's containers, plural-correct as the server's `stock.containers`
 * ("1 container", "3 containers"; "1 envase", "3 envases"), anything else its count and its unit as
 * entered ("12 boxes": data, never translated, as the server leaves it).
 */
export function stockTextOf(item: Pick<ItemRow, "quantity" | "unit" | "containerSize">): string {
  return item.containerSize ? plural(item.quantity, { one: "# container", other: "# containers" }) : `${item.quantity} ${item.unit}`;
}

const matches = (search: unknown, ...fields: (string | null)[]) => {
  const s = typeof search === "string" ? search.trim().toLowerCase() : "";
  return !s || fields.some((f) => f?.toLowerCase().includes(s));
};

/** The item pickers' search (the kept copy has no prices) and the request form's available equipment, from the kept copy. */
export async function pickerAnswer(userId: string, operationName: string, variables: Variables) {
  const view = await localView(userId);
  if (!view) return null;
  const first = Number(variables.first) || 20;
  if (operationName === "useItemSearchQuery") {
    const nodes = view.inventory.filter((i) => matches(variables.search, i.name, i.description, i.category)).slice(0, first);
    return { data: { inventoryItems: { edges: nodes.map(({ id, name, quantity, unit }) => ({ node: { id, name, unit, price: null, quantity } })) } } };
  }
  const nodes = view.equipment.filter((e) => e.status === "available" && matches(variables.search, e.name, e.category)).slice(0, first);
  return { data: { equipment: { edges: nodes.map(({ id, name, serialNumber, status }) => ({ node: { id, name, serialNumber, status } })) } } };
}

/**
 * 'Record application' without signal (issue 34): the form's own query (the viewer, no recent
 * customers, the team for a manager; licences are checked by the server when the record is sent)
 * and a product's label facts, from the kept copy (its product search is the pickers', above).
 */
export async function applicationAnswer(userId: string, operationName: string, variables: Variables) {
  const view = await localView(userId);
  if (!view) return null;
  if (operationName === "RecordApplicationPageQuery") {
    const viewer = cachedViewer();
    if (!viewer) return null;
    const team = view.team.map((u) => ({ id: btoa(`User:${u.id}`), name: u.name, certification: null }));
    return {
      data: {
        viewer: { id: viewer.id, name: viewer.name, certification: null },
        applications: { edges: [] },
        ...(variables.isManager === true && { teamMembers: { edges: team.map((node) => ({ node })) } }),
      },
    };
  }
  const item = view.inventory.find((i) => i.id === variables.id);
  if (!item) return { data: { node: null } };
  const stockText = stockTextOf(item);
  return {
    data: {
      node: {
        __typename: "InventoryItem", __isNode: "InventoryItem", id: item.id, name: item.name, unit: item.unit, category: item.category,
        epaRegistrationNumber: item.epaRegistrationNumber, restrictedUse: item.restrictedUse ?? false, signalWord: item.signalWord ?? null,
        containerSize: item.containerSize ?? null, stockText, stockLevels: [],
      },
    },
  };
}

/** Answers one of the reads above from the kept copy, or null. */
export async function offlineAnswer(userId: string, operationName: string, variables: Variables) {
  if (operationName === "ScanPageLookupQuery" || operationName === "productsScanQuery") return scanAnswer(userId, String(variables.code ?? ""));
  if (operationName === "RecordApplicationPageQuery" || operationName === "productsProductQuery") return applicationAnswer(userId, operationName, variables);
  if (operationName === "useItemSearchQuery" || operationName === "RequestFormEquipmentSearchQuery") return pickerAnswer(userId, operationName, variables);
  return null;
}

