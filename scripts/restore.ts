// npm run restore -- FILE [--force]
//
// Restores a backup of `npm run backup` into the Trapline configured by the environment (DATA_DIR,
// DATABASE_URL). The target must be empty: no embedded database and no SDS files in DATA_DIR, or a
// PostgreSQL database without tables; --force replaces what is there. Stop the server first.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { readBackup, restoreObjects } from "../server/backup/archive.ts";

const args = process.argv.slice(2);
const force = args.includes("--force");
const fileArg = args.find((a) => !a.startsWith("--"));
if (!fileArg) {
  console.error("usage: npm run restore -- FILE [--force]");
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR || "./data");
const databaseUrl = process.env.DATABASE_URL || "";
const { header, entries } = readBackup(readFileSync(resolve(fileArg)));
const database = entries.find((e) => e.name === "database");
if (!database) throw new Error("The backup holds no database");
const target = databaseUrl ? "postgresql" : "pglite";
if (header.database !== target) {
  console.error(`This backup is of ${header.database === "pglite" ? "an embedded database" : "PostgreSQL"}; restore it with ${header.database === "pglite" ? "DATABASE_URL unset" : "DATABASE_URL set"}.`);
  process.exit(1);
}

function refuse(what: string): never {
  console.error(`${what} is not empty; restore into an empty one, or add --force to replace it.`);
  process.exit(1);
}

mkdirSync(dataDir, { recursive: true });
const objectsDir = join(dataDir, "objects");
const hasObjects = existsSync(objectsDir) && readdirSync(objectsDir).length > 0;
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'");
  await client.end();
  if ((Number(rows[0]?.n) > 0 || hasObjects) && !force) refuse("The database (or DATA_DIR/objects)");
  const file = join(dataDir, `.restore-${process.pid}.dump`);
  writeFileSync(file, database.bytes);
  try {
    execFileSync("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", ...(force ? ["--clean", "--if-exists"] : []), `--dbname=${databaseUrl}`, file], { stdio: "inherit" });
  } finally {
    rmSync(file, { force: true });
  }
} else {
  const pgdata = join(dataDir, "pgdata");
  if ((existsSync(pgdata) && readdirSync(pgdata).length > 0) || hasObjects) {
    if (!force) refuse(`The data folder ${dataDir}`);
    rmSync(pgdata, { recursive: true, force: true });
  }
  const db = await PGlite.create({ dataDir: pgdata, loadDataDir: new Blob([new Uint8Array(database.bytes)]) });
  await db.exec("SELECT 1");
  await db.close();
}
if (force) rmSync(objectsDir, { recursive: true, force: true });
const files = restoreObjects(dataDir, entries);
console.log(`Restored the ${target === "pglite" ? "embedded database" : "PostgreSQL database"} and ${files} SDS files of ${header.createdAt} into ${databaseUrl ? "DATABASE_URL" : dataDir}`);
process.exit(0);
