// npm run backup -- --out FILE
//
// Writes one file holding the whole database and the SDS files of the Trapline configured by the
// environment (DATA_DIR, DATABASE_URL, as for `npm start`), while the server runs or not.
// - Embedded database: PGlite's own dump of its data directory. When a server holds the folder
//   (DATA_DIR/server.json names it and it answers), the dump is taken by that server, between two
//   statements, through its local-only backup path; otherwise the folder is opened here.
// - PostgreSQL: pg_dump's custom format (one consistent snapshot).
// SDS files are copied after the database, so every file the database names is in the backup.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { BACKUP_TOKEN_HEADER, backupToken, objectEntries, serverFile, writeBackup, type BackupEntry } from "../server/backup/archive.ts";

function outArg(argv: string[]): string {
  const i = argv.indexOf("--out");
  const out = i >= 0 ? argv[i + 1] : undefined;
  if (!out) {
    console.error("usage: npm run backup -- --out FILE");
    process.exit(2);
  }
  return resolve(out);
}

async function dumpFromServer(dataDir: string): Promise<Uint8Array | null> {
  const file = serverFile(dataDir);
  if (!existsSync(file)) return null;
  const { url } = JSON.parse(readFileSync(file, "utf8")) as { url: string };
  let res: Response;
  try {
    res = await fetch(`${url}/api/admin/backup/database`, { headers: { [BACKUP_TOKEN_HEADER]: backupToken(dataDir) } });
  } catch {
    return null; // no server there any more: the folder is free
  }
  if (res.status !== 200) throw new Error(`The running server at ${url} refused the backup (${res.status}). Is it serving this DATA_DIR?`);
  return new Uint8Array(await res.arrayBuffer());
}

async function dumpFolder(dataDir: string): Promise<Uint8Array> {
  const pgdata = join(dataDir, "pgdata");
  if (!existsSync(join(pgdata, "PG_VERSION"))) throw new Error(`No embedded database in ${pgdata}`);
  const db = await PGlite.create({ dataDir: pgdata });
  try {
    await db.exec("CHECKPOINT");
    return new Uint8Array(await (await db.dumpDataDir("gzip")).arrayBuffer());
  } finally {
    await db.close();
  }
}

const out = outArg(process.argv.slice(2));
const dataDir = resolve(process.env.DATA_DIR || "./data");
const databaseUrl = process.env.DATABASE_URL || "";
const started = Date.now();
let database: BackupEntry;
if (databaseUrl) {
  const bytes = execFileSync("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--dbname=${databaseUrl}`], { maxBuffer: 1024 ** 3 });
  database = { name: "database", bytes };
} else {
  database = { name: "database", bytes: (await dumpFromServer(dataDir)) ?? (await dumpFolder(dataDir)) };
}
const objects = objectEntries(dataDir);
writeFileSync(out, writeBackup(databaseUrl ? "postgresql" : "pglite", [database, ...objects]));
console.log(`Backup written to ${out}: database ${(database.bytes.byteLength / 1024).toFixed(0)} kB (${databaseUrl ? "pg_dump" : "PGlite"}), ${objects.length} SDS files, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(0);
