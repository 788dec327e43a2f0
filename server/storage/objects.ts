import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { link, mkdir, rm, stat } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export class ObjectTooLargeError extends Error {}
/** Passes the bytes on as they stream, throwing to refuse them. */
export type ObjectInspector = (chunks: AsyncIterable<Buffer>) => AsyncIterable<Buffer>;
export class ObjectExistsError extends Error {}

/**
 * Where SDS files live: the local folder (embedded default), PostgreSQL (`postgres.ts`, default with
 * DATABASE_URL) or an S3-compatible store (`s3.ts`). Every adapter keeps the same promises.
 */
export type ObjectStore = {
  kind: "local" | "postgres" | "s3";
  /**
   * Stores the stream under key, atomically; nothing is kept when it exceeds maxBytes, when
   * `inspect` (which sees the bytes as they stream, after the size check) throws, or when it fails.
   */
  write(key: string, body: Readable, maxBytes: number, inspect?: ObjectInspector): Promise<{ size: number }>;
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** A URL path+query that lets its bearer PUT exactly this key with exactly this content type until expiry. */
  signUpload(key: string, contentType: string, ttlSeconds?: number): string;
  verifyUpload(key: string, contentType: string, expires: string, signature: string): boolean;
  /** Removes what interrupted uploads left behind (a process that died mid-upload); returns how much. */
  sweep?(now?: Date): Promise<number>;
  /** Present when bytes go between the browser and the store directly (S3 with presigned URLs). */
  direct?: DirectTransfers;
};

/**
 * Uploads and downloads that do not pass through the server. An upload goes to a pending place
 * that only its presigned URL can write; `complete` then moves it under its key, once it passes the
 * size cap and the content checks, so the key only ever holds checked bytes.
 */
export type DirectTransfers = {
  /** Where the browser sends and fetches the bytes (for the page's connect-src). */
  origin: string;
  /** A presigned PUT of exactly `size` bytes of `contentType`, to the key's pending place. */
  uploadUrl(key: string, contentType: string, size: number): Promise<string>;
  /**
   * Moves the pending upload under its key when it is at most maxBytes and `inspect` accepts its
   * bytes (only the first `sniffBytes` are read when given); a refused upload is deleted. Null when
   * nothing was uploaded; the size when the key holds the file (also when it already did).
   */
  complete(key: string, maxBytes: number, inspect?: ObjectInspector, sniffBytes?: number): Promise<{ size: number } | null>;
  /** A presigned GET that the browser saves as `fileName`. */
  downloadUrl(key: string, fileName: string, contentType: string): Promise<string>;
};

const segment = /^[A-Za-z0-9][A-Za-z0-9._ ()-]{0,159}$/;

/** A key is slash-separated safe segments: no "..", no absolute paths, nothing that can leave the root. */
export function isValidKey(key: string): boolean {
  const parts = key.split("/");
  return parts.length >= 1 && parts.length <= 6 && parts.every((p) => segment.test(p) && !p.includes(".."));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error("invalid object key");
}

/**
 * The server's own signed upload links (`PUT /objects/…?expires&signature`), shared by every adapter:
 * the bytes pass the server's size cap and content checks before any store keeps them.
 */
export function uploadSigner(secret: string): Pick<ObjectStore, "signUpload" | "verifyUpload"> {
  const sign = (key: string, contentType: string, expires: string) =>
    createHmac("sha256", secret).update(`PUT\n/${key}\n${contentType}\n${expires}`).digest("hex");
  return {
    signUpload(key, contentType, ttlSeconds = 15 * 60) {
      assertValidKey(key);
      const expires = String(Math.floor(Date.now() / 1000) + ttlSeconds);
      return `/objects/${key.split("/").map(encodeURIComponent).join("/")}?expires=${expires}&signature=${sign(key, contentType, expires)}`;
    },
    verifyUpload(key, contentType, expires, signature) {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) < Date.now() / 1000) return false;
      if (!/^[0-9a-f]{64}$/.test(signature)) return false;
      return timingSafeEqual(Buffer.from(sign(key, contentType, expires), "hex"), Buffer.from(signature, "hex"));
    },
  };
}

/** Counts the bytes as they pass and refuses the stream once it exceeds maxBytes (before `inspect` sees them). */
export function sizeLimited(maxBytes: number, onSize: (size: number) => void) {
  return async function* limited(chunks: AsyncIterable<Buffer>) {
    let size = 0;
    for await (const chunk of chunks) {
      size += chunk.length;
      if (size > maxBytes) throw new ObjectTooLargeError("object too large");
      onSize(size);
      yield chunk;
    }
  };
}

export function createLocalObjectStore(root: string, secret: string): ObjectStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertValidKey(key);
    const full = resolve(join(base, key));
    if (!full.startsWith(base + sep)) throw new Error("invalid object key");
    return full;
  };

  return {
    kind: "local",
    async write(key, body, maxBytes, inspect = (chunks) => chunks) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      if (await exists(target)) throw new ObjectExistsError("object exists");
      const temp = `${target}.${randomUUID()}.part`;
      let size = 0;
      const out = createWriteStream(temp, { flags: "wx" });
      try {
        const limited = sizeLimited(maxBytes, (n) => (size = n));
        await pipeline(body, (chunks: AsyncIterable<Buffer>) => inspect(limited(chunks)), out);
        // link() fails if the key exists, so of two writers of one key exactly one wins.
        await link(temp, target).catch((err: NodeJS.ErrnoException) => {
          throw err.code === "EEXIST" ? new ObjectExistsError("object exists") : err;
        });
      } finally {
        // A refused body can fail the pipeline before the temp file's open() has finished: the stream then
        // creates the file after the fact. Wait for it to close, so the removal below finds what it removes.
        if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
        await rm(temp, { force: true });
      }
      return { size };
    },
    async read(key) {
      const full = pathOf(key);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(full), size: info.size };
    },
    exists: (key) => exists(pathOf(key)),
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    ...uploadSigner(secret),
  };
}

async function exists(path: string) {
  return (await stat(path).catch(() => null)) !== null;
}
