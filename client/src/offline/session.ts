import { keep, kept, loadKept, type KeptKey } from "../platform/deviceStore.ts";
import { db, SDS_CACHE } from "./db.ts";
import { dropUserData } from "./outbox.ts";
import { forgetSnapshots } from "./snapshotStore.ts";

/**
 * Whose data the phone keeps. Copies are stored per user and only the signed-in user's are read,
 * so one user never sees another's; when a different user signs in on this phone, the previous
 * user's copy and opened SDS files are dropped too (their queued changes stay, unsent, until they
 * sign in again). Sign-out drops everything of the user who signs out.
 */

const OWNER_KEY: KeptKey = "trapline:offline-owner";


export async function claimOfflineData(userId: string): Promise<void> {
  await loadKept();
  const previous = kept(OWNER_KEY);
  keep(OWNER_KEY, userId);
  if (previous === null || previous === userId) return;
  const database = await db();
  for (const key of await database.getAllKeys("snapshots")) if (key !== userId) await database.delete("snapshots", key);
  forgetSnapshots();
  await caches?.delete(SDS_CACHE).catch(() => false);
}

export async function releaseOfflineData(userId: string): Promise<void> {
  keep(OWNER_KEY, null);
  forgetSnapshots();
  await Promise.all([dropUserData(userId), caches?.delete(SDS_CACHE).catch(() => false)]);
}
