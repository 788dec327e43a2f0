import { join } from "node:path";
import type { Config } from "../config.ts";
import type { PrismaClient } from "../db/client.ts";
import { createLocalObjectStore, type ObjectStore } from "./objects.ts";
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
