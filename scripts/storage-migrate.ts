// `npm run storage:migrate [-- --keep]`: moves the SDS files of the local folder (DATA_DIR/objects)
// into the configured shared store (PostgreSQL with DATABASE_URL, or S3 with S3_BUCKET; see
// OBJECT_STORE). A file already in the store is left there; each local file is removed once it is
// stored (kept with --keep). Safe to run again, and while servers run.
import { createReadStream, existsSync, readdirSync, rmSync, type Dirent } from "node:fs";
import { join, relative, sep } from "node:path";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { createObjectStore } from "../server/storage/index.ts";
import { isValidKey } from "../server/storage/objects.ts";

const keep = process.argv.includes("--keep");
const config = loadConfig();
if (config.objectStore.kind === "local") {
  console.error("storage:migrate: the configured store is the local folder. Set DATABASE_URL (PostgreSQL) or S3_BUCKET, or OBJECT_STORE.");
  process.exit(1);
}
const root = join(config.dataDir, "objects");
const files = existsSync(root)
  ? (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[]).filter((d) => d.isFile() && !d.name.endsWith(".part")).map((d) => join(d.parentPath, d.name))
  : [];
const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const store = createObjectStore(config, db.prisma);
const counts = { moved: 0, alreadyThere: 0, skipped: 0, failed: 0 };
for (const file of files) {
  const key = relative(root, file).split(sep).join("/");
  if (!isValidKey(key)) {
    console.error(`skipped ${file}: not an object key`);
    counts.skipped++;
    continue;
  }
  try {
    if (await store.exists(key)) counts.alreadyThere++;
    else {
      await store.write(key, createReadStream(file), Number.MAX_SAFE_INTEGER);
      counts.moved++;
    }
    if (!keep) rmSync(file);
  } catch (err) {
    console.error(`failed ${key}:`, err);
    counts.failed++;
  }
}
await db.close();
console.log(
  `storage:migrate into ${config.objectStore.kind}: ${counts.moved} moved, ${counts.alreadyThere} already there, ${counts.skipped} skipped, ${counts.failed} failed` +
    (keep ? " (local files kept)" : ""),
);
process.exit(counts.failed ? 1 : 0);
