import { randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/*
 * One backup file: a first line naming the format, a JSON line listing the entries (name and size),
 * then the entries' bytes one after another. Entry "database" is the database (PGlite's own data
 * directory dump, a tar.gz; or pg_dump's custom format); entries "objects/<key>" are the SDS files.
 */
const MAGIC = "TRAPLINE-BACKUP 1\n";

export type BackupKind = "pglite" | "postgresql";
export type BackupEntry = { name: string; bytes: Uint8Array };
export type BackupHeader = { createdAt: string; database: BackupKind; entries: { name: string; size: number }[] };

export function writeBackup(kind: BackupKind, entries: BackupEntry[]): Buffer {
  const header: BackupHeader = { createdAt: new Date().toISOString(), database: kind, entries: entries.map((e) => ({ name: e.name, size: e.bytes.byteLength })) };
  return Buffer.concat([Buffer.from(MAGIC + JSON.stringify(header) + "\n"), ...entries.map((e) => Buffer.from(e.bytes))]);
}

export function readBackup(file: Buffer): { header: BackupHeader; entries: BackupEntry[] } {
  if (!file.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) throw new Error("This is not a Trapline backup file");
  const end = file.indexOf(0x0a, MAGIC.length);
  const header = JSON.parse(file.subarray(MAGIC.length, end).toString("utf8")) as BackupHeader;
  let at = end + 1;
  const entries = header.entries.map(({ name, size }) => {
    const bytes = file.subarray(at, at + size);
    if (bytes.byteLength !== size) throw new Error(`The backup file is cut short (entry ${name})`);
    at += size;
    return { name, bytes };
  });
  return { header, entries };
}

/** Every file under DATA_DIR/objects as "objects/<key>" entries. */
export function objectEntries(dataDir: string): BackupEntry[] {
  const root = join(dataDir, "objects");
  if (!existsSync(root)) return [];
  const out: BackupEntry[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push({ name: `objects/${relative(root, full).split(sep).join("/")}`, bytes: readFileSync(full) });
    }
  };
  walk(root);
  return out;
}

/** Writes "objects/<key>" entries back under DATA_DIR/objects (never outside it). */
export function restoreObjects(dataDir: string, entries: BackupEntry[]): number {
  const root = resolve(dataDir, "objects");
  let n = 0;
  for (const e of entries.filter((x) => x.name.startsWith("objects/"))) {
    const full = resolve(root, e.name.slice("objects/".length));
    if (!full.startsWith(root + sep)) throw new Error(`Refusing to write ${e.name} outside the objects folder`);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, e.bytes);
    n++;
  }
  return n;
}

/*
 * A running server with the embedded database holds its data folder; the backup command asks it for
 * the dump instead. The server keeps a secret in DATA_DIR/backup-token (only whoever can read the data
 * folder can back it up) and its address in DATA_DIR/server.json.
 */
export const BACKUP_TOKEN_HEADER = "x-trapline-backup-token";

export function backupToken(dataDir: string): string {
  const file = join(dataDir, "backup-token");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

export function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const serverFile = (dataDir: string) => join(dataDir, "server.json");
