// `npm run storage:migrate [-- --keep]`: moves the SDS files of the local folder (DATA_DIR/objects)
// into the configured shared store (PostgreSQL with DATABASE_URL, or S3 with S3_BUCKET; see
// OBJECT_STORE). A file already in the store is left there; each local file is removed once it is
// stored (kept with --keep). Safe to run again, and while servers run. The server does the same at
// start (server/storage/moveLocal.ts); this command is for moving files without a restart.
import { join } from "node:path";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { createObjectStore } from "../server/storage/index.ts";
import { moveLocalObjects } from "../server/storage/moveLocal.ts";

const keep = process.argv.includes("--keep");
const config = loadConfig();
if (config.objectStore.kind === "local") {
  console.error("storage:migrate: the configured store is the local folder. Set DATABASE_URL (PostgreSQL) or S3_BUCKET, or OBJECT_STORE.");
  process.exit(1);
}
const root = join(config.dataDir, "objects");
const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const store = createObjectStore(config, db.prisma);
const counts = await moveLocalObjects(root, store, { keep });
for (const file of counts.skipped) console.error(`skipped ${file}: not an object key`);
for (const { key, error } of counts.failed) console.error(`failed ${key}:`, error);
await db.close();
console.log(
  `storage:migrate into ${config.objectStore.kind}: ${counts.moved} moved, ${counts.alreadyThere} already there, ${counts.skipped.length} skipped, ${counts.failed.length} failed` +
    (keep ? " (local files kept)" : ""),
);
process.exit(counts.failed.length ? 1 : 0);
