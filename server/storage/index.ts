import { join } from "node:path";
import type { Config } from "../config.ts";
import type { PrismaClient } from "../db/client.ts";
import { createLocalObjectStore, type ObjectStore } from "./objects.ts";
import { localObjectFiles, moveLocalObjects } from "./moveLocal.ts";
import { createPostgresObjectStore } from "./postgres.ts";
import { createS3ObjectStore } from "./s3.ts";

/** The configured object store (config.objectStore); upload links are signed with a key derived from SESSION_SECRET. */
export function createObjectStore(config: Pick<Config, "objectStore" | "dataDir" | "sessionSecret">, prisma: PrismaClient): ObjectStore {
  const secret = `objects:${config.sessionSecret}`;
  const store = config.objectStore;
  if (store.kind === "s3") return createS3ObjectStore(store, secret);
  if (store.kind === "postgres") return createPostgresObjectStore(prisma, secret);
  return createLocalObjectStore(join(config.dataDir, "objects"), secret);
}

/**
 * An upgrade from the embedded default to a shared store (DATABASE_URL, S3_BUCKET) leaves the SDS
 * files and purchase-order PDFs in DATA_DIR/objects, where the new store does not look: they would
 * answer 404. At start they are moved into the configured store (the same move as `npm run
 * storage:migrate`); if any cannot be, the server does not start, and says which command finishes it.
 */
export async function adoptLocalObjects(config: Pick<Config, "objectStore" | "dataDir">, store: ObjectStore, log: (line: string) => void = console.warn): Promise<void> {
  if (store.kind === "local") return;
  const root = join(config.dataDir, "objects");
  if (localObjectFiles(root).length === 0) return;
  const counts = await moveLocalObjects(root, store);
  if (counts.moved) log(`storage: moved ${counts.moved} file${counts.moved === 1 ? "" : "s"} from ${root} into the ${store.kind} store`);
  if (counts.failed.length) {
    const first = counts.failed[0]!;
    throw new Error(
      `storage: ${counts.failed.length} file${counts.failed.length === 1 ? "" : "s"} in ${root} could not be moved into the ${store.kind} store ` +
        `(${first.key}: ${first.error instanceof Error ? first.error.message : String(first.error)}). Their links would answer 404, so the server does not start. ` +
        `Make the store reachable and start again, or move them with \`npm run storage:migrate\`.`,
    );
  }
}
