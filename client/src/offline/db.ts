import type { MessageDescriptor } from "@lingui/core";
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { OFFLINE_DB } from "../platform/storageNames.ts";

/**
 * What the phone keeps for field work without signal (issue 13), in one IndexedDB database:
 * - `snapshots`: per user, the lists a technician needs on a job (equipment, inventory, their
 *   requests, the team for a manager's check-out picker) and when they were last synced;
 * - `queue`: changes made on the phone (check-out, check-in, chemical use, a new request), in the
 *   order they were made, each with the id made on the phone that the server keys it by.
 * Used by the app and by the service worker (Background Sync), so it imports nothing from React.
 */

export type EquipmentRow = {
  id: string;
  databaseId: number;
  name: string;
  serialNumber: string | null;
  category: string;
  status: string;
  assignedTo: string | null;
  assignedAt: string | null;
  location: string | null;
  qrCode: string | null;
  dueBack: string | null;
  sdsFileUrl: string | null;
};

export type ItemRow = {
  id: string;
  databaseId: number;
  name: string;
  description: string | null;
  category: string;
  quantity: number;
  minQuantity: number;
  unit: string;
  location: string | null;
  barcode: string | null;
  qrCode: string | null;
  hazardous: boolean;
  epaRegistrationNumber: string | null;
  sdsFileUrl: string | null;
  /** Label facts (issue 34), for the scan card and for recording an application without signal; absent in copies kept before them. */
  containerSize?: { amount: string; unit: string } | null;
  restrictedUse?: boolean;
  signalWord?: string | null;
};

export type RequestRow = {
  id: string;
  databaseId: number;
  type: string;
  status: string;
  justification: string;
  createdAt: string;
  requesterId: number;
  items: { name: string; quantity: number }[];
};

export type TeamRow = { id: number; name: string; role: string; department: string | null };

export type Snapshot = {
  userId: string;
  syncedAt: string;
  equipment: EquipmentRow[];
  inventory: ItemRow[];
  requests: RequestRow[];
  team: TeamRow[];
};

/** A change waiting to reach the server: a GraphQL mutation as the app made it, and its Idempotency-Key. */
export type QueuedChange = {
  /** Made on the phone; sent as the Idempotency-Key header, so a resend never applies twice. */
  key: string;
  /** Order of making (ms since epoch, made unique). */
  seq: number;
  userId: string;
  operationName: string;
  /** The operation's persisted id (what the app sends); changes queued by older builds have `query` text instead. */
  documentId?: string;
  query: string;
  variables: Record<string, unknown>;
  /** What it does, in words, in the language of the moment it was made ("Check out Backpack Sprayer A to Mike Johnson"). */
  title: string;
  /** The same as a message, said in the app's language when shown (offline/describeChange.ts); absent in changes queued before it was kept. */
  titleMessage?: TitleMessage;
  /** The record it changes (a later change of the same record waits for it). */
  target: string | null;
  createdAt: string;
  state: "waiting" | "failed";
  /** Why the server refused it (a failed change stays until retried or discarded). */
  error: string | null;
};

/** A queued change's title as a Lingui message (id, English text, values); a value may be a message or a list of them (a product line, a fallback word). */
export type TitleMessage = MessageDescriptor;
export type TitleValue = string | number | TitleMessage | TitleValue[];

interface OfflineDB extends DBSchema {
  snapshots: { key: string; value: Snapshot };
  queue: { key: string; value: QueuedChange; indexes: { byUser: string } };
}

// Its name is platform/storageNames.ts's, checked by the type: a value import from there would join this chunk
// to the entry's in a circle (the build refuses it).
const DB_NAME: typeof OFFLINE_DB = "trapline-offline";
let opened: Promise<IDBPDatabase<OfflineDB>> | undefined;

export function db(): Promise<IDBPDatabase<OfflineDB>> {
  opened ??= openDB<OfflineDB>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore("snapshots", { keyPath: "userId" });
      database.createObjectStore("queue", { keyPath: "key" }).createIndex("byUser", "userId");
    },
    // Another tab (or the service worker) upgrading: let it, and reopen on next use.
    blocking() {
      void opened?.then((d) => d.close());
      opened = undefined;
    },
  });
  return opened;
}

/** The changes of one user, oldest first. */
export async function queueOf(userId: string): Promise<QueuedChange[]> {
  const rows = await (await db()).getAllFromIndex("queue", "byUser", userId);
  return rows.sort((a, b) => a.seq - b.seq);
}

/** The Cache Storage cache of SDS files a user has opened (the service worker fills it). */
export const SDS_CACHE = "trapline-sds";
