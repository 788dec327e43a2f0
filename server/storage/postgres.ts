import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PrismaClient } from "../db/client.ts";
import { assertValidKey, isValidKey, ObjectExistsError, sizeLimited, uploadSigner, type ObjectStore } from "./objects.ts";

/** Chunks of an upload that never claimed its key are left by a process that died mid-upload; swept after this. */
export const ORPHAN_CHUNKS_AFTER_MS = 24 * 60 * 60_000;

/** Bytes per chunk row: small enough that a read or write holds at most about this much in memory. */
export const CHUNK_BYTES = 256 * 1024;

/** Gathers the stream's pieces into chunks of about CHUNK_BYTES (the last may be shorter). */
async function* rechunk(pieces: AsyncIterable<Buffer>, size: number): AsyncIterable<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const piece of pieces) {
    held.push(piece);
    heldBytes += piece.length;
    while (heldBytes >= size) {
      const all = Buffer.concat(held, heldBytes);
      yield all.subarray(0, size);
      held = heldBytes > size ? [all.subarray(size)] : [];
      heldBytes -= size;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held, heldBytes);
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === "P2002" || /unique constraint/i.test(String((err as Error).message));

/**
 * SDS objects in the database (`StoredObject` + `StoredObjectChunk`, `bytea` rows of 256 KB), so every
 * server process on one PostgreSQL sees every file and a database backup holds them. Bytes stream in
 * and out a chunk at a time, never a whole file in memory. The chunks are written under a fresh
 * upload id first; the key is claimed last (its primary key decides between two writers), so a
 * refused, failed or losing upload leaves nothing behind and a reader never sees a partial file.
 */
export function createPostgresObjectStore(prisma: PrismaClient, secret: string): ObjectStore {
  const exists = async (key: string) => isValidKey(key) && (await prisma.storedObject.count({ where: { key } })) > 0;
  return {
    kind: "postgres",
    async write(key, body, maxBytes, inspect = (chunks) => chunks) {
      assertValidKey(key);
      if (await exists(key)) throw new ObjectExistsError("object exists");
      const uploadId = randomUUID();
      let size = 0;
      let claimed = false;
      try {
        const limited = sizeLimited(maxBytes, (n) => (size = n));
        await pipeline(
          body,
          (chunks: AsyncIterable<Buffer>) => rechunk(inspect(limited(chunks)), CHUNK_BYTES),
          async (chunks: AsyncIterable<Buffer>) => {
            let seq = 0;
            for await (const data of chunks) await prisma.storedObjectChunk.create({ data: { uploadId, seq: seq++, data: new Uint8Array(data) } });
          },
        );
        try {
          await prisma.storedObject.create({ data: { key, uploadId, size } });
          claimed = true;
        } catch (err) {
          throw isUniqueViolation(err) ? new ObjectExistsError("object exists") : err;
        }
      } finally {
        if (!claimed) await prisma.storedObjectChunk.deleteMany({ where: { uploadId } }).catch(() => {});
      }
      return { size };
    },
    async read(key) {
      if (!isValidKey(key)) return null;
      const row = await prisma.storedObject.findUnique({ where: { key } });
      if (!row) return null;
      async function* chunks() {
        for (let seq = 0; ; seq++) {
          const chunk = await prisma.storedObjectChunk.findUnique({ where: { uploadId_seq: { uploadId: row!.uploadId, seq } }, select: { data: true } });
          if (!chunk) return;
          yield Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
        }
      }
      return { stream: Readable.from(chunks(), { objectMode: false }), size: row.size };
    },
    exists,
    async remove(key) {
      assertValidKey(key);
      const row = await prisma.storedObject.findUnique({ where: { key } });
      if (!row) return;
      await prisma.$transaction([prisma.storedObject.deleteMany({ where: { key } }), prisma.storedObjectChunk.deleteMany({ where: { uploadId: row.uploadId } })]);
    },
    async sweep(now = new Date()) {
      // Old enough that no upload can still be writing them (an upload link lives 15 minutes).
      const cutoff = new Date(now.getTime() - ORPHAN_CHUNKS_AFTER_MS);
      return prisma.$executeRaw`DELETE FROM "StoredObjectChunk" c WHERE c."createdAt" < ${cutoff}
        AND NOT EXISTS (SELECT 1 FROM "StoredObject" o WHERE o."uploadId" = c."uploadId")`;
    },
    ...uploadSigner(secret),
  };
}
