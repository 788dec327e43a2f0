import { createReadStream, existsSync, readdirSync, rmSync, type Dirent } from "node:fs";
import { join, relative, sep } from "node:path";
import { isValidKey, ObjectExistsError, type ObjectStore } from "./objects.ts";

/** What a move did: files moved, files the store already had, files whose name is no object key (left alone), and failures. */
export type MoveCounts = { moved: number; alreadyThere: number; skipped: string[]; failed: { key: string; error: unknown }[] };

/** The files of the local folder (DATA_DIR/objects), by object key; what an interrupted upload left (.part) is not one. */
export function localObjectFiles(root: string): { key: string; file: string }[] {
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile() && !d.name.endsWith(".part"))
    .map((d) => join(d.parentPath, d.name))
    .map((file) => ({ file, key: relative(root, file).split(sep).join("/") }));
}

/**
 * Moves the SDS files (and purchase-order PDFs) of the local folder into a shared store (PostgreSQL
 * or S3): each one the store lacks is written there; a local file is removed once the store holds it
 * (kept with `keep`). A file the store already has is left as the store has it. Safe to run again,
 * and by several processes at once (a key written by another one counts as already there).
 */
export async function moveLocalObjects(root: string, store: ObjectStore, { keep = false }: { keep?: boolean } = {}): Promise<MoveCounts> {
  const counts: MoveCounts = { moved: 0, alreadyThere: 0, skipped: [], failed: [] };
  for (const { file, key } of localObjectFiles(root)) {
    if (!isValidKey(key)) {
      counts.skipped.push(file);
      continue;
    }
    try {
      if (await store.exists(key)) counts.alreadyThere++;
      else {
        try {
          await store.write(key, createReadStream(file), Number.MAX_SAFE_INTEGER);
          counts.moved++;
        } catch (err) {
          if (!(err instanceof ObjectExistsError)) throw err;
          counts.alreadyThere++;
        }
      }
      if (!keep) rmSync(file);
    } catch (error) {
      counts.failed.push({ key, error });
    }
  }
  return counts;
}
