import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertValidKey, isValidKey, ObjectExistsError, ObjectTooLargeError, sizeLimited, uploadSigner, type DirectTransfers, type ObjectStore } from "./objects.ts";

export type S3Settings = {
  bucket: string;
  /** e.g. http://127.0.0.1:9000 for MinIO or s3rver; unset for AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (http://host/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /**
   * Browsers upload to and download from the bucket through presigned URLs (S3_DIRECT, on by
   * default); the bucket's CORS rules must then allow PUT and GET from the app's origin.
   */
  direct?: boolean;
};

/** Where uploads wait for `complete`, and where it checks them (a place no presigned URL can write). */
const PENDING = "pending";
const CHECKING = "checking";
/** A pending upload older than this is abandoned: its URL (15 minutes) has long expired. */
const ABANDONED_MS = 24 * 60 * 60 * 1000;
const UPLOAD_TTL_SECONDS = 15 * 60;
const DOWNLOAD_TTL_SECONDS = 5 * 60;

/** The origin presigned URLs point at: the endpoint's, or AWS's own, path-style or virtual-hosted. */
export function bucketOrigin(settings: Pick<S3Settings, "bucket" | "endpoint" | "region" | "forcePathStyle">): string {
  const base = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  return settings.forcePathStyle ? base.origin : `${base.protocol}//${settings.bucket}.${base.host}`;
}

const copySource = (bucket: string, key: string) => `${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
/** Reads a stream to its end, keeping nothing. */
const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

export type S3ObjectStore = ObjectStore & {
  kind: "s3";
  client: S3Client;
  /** A presigned PUT straight to the bucket for exactly this key and content type (bytes do not pass the server). */
  presignUpload(key: string, contentType: string, ttlSeconds?: number, signingDate?: Date): Promise<string>;
  /** A presigned GET straight from the bucket. */
  presignDownload(key: string, ttlSeconds?: number, signingDate?: Date): Promise<string>;
};

const notFound = (err: unknown) =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode === 404 || err.name === "NoSuchKey" || err.name === "NotFound" : false;

/**
 * SDS objects in an S3-compatible bucket. Writes through the server pass the size cap and the
 * content checks as they stream, into a temporary file (never the whole file in memory), and are
 * put once accepted, so a refused upload never reaches the bucket. `presignUpload` and
 * `presignDownload` hand out URLs that go to the bucket directly.
 */
export function createS3ObjectStore(settings: S3Settings, secret: string): S3ObjectStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Plain bodies with Content-Length: the SDK's default checksummed "aws-chunked" uploads are not
    // understood by every S3-compatible server (they would store the chunk framing as content).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
  });
  const Bucket = settings.bucket;
  const exists = async (key: string) => {
    if (!isValidKey(key)) return false;
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  };

  const remove = async (key: string) => {
    assertValidKey(key);
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  };
  const sizeOf = async (key: string) => {
    try {
      return Number((await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0);
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  };
  /** Copies within the bucket; false when the source is gone. */
  const copy = async (from: string, to: string) => {
    try {
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: copySource(Bucket, from) }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  };

  const direct: DirectTransfers = {
    origin: bucketOrigin(settings),
    uploadUrl(key, contentType, size) {
      assertValidKey(key);
      // Content-Type and Content-Length are signed: S3 refuses a PUT of other bytes than those declared.
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: `${PENDING}/${key}`, ContentType: contentType, ContentLength: size }), {
        expiresIn: UPLOAD_TTL_SECONDS,
        signableHeaders: new Set(["content-type", "content-length"]),
      });
    },
    async complete(key, maxBytes, inspect = (chunks) => chunks, sniffBytes) {
      assertValidKey(key);
      const done = await sizeOf(key);
      if (done !== null) return { size: done };
      const pending = `${PENDING}/${key}`;
      // The uploader can still write the pending place while it is checked, so it is copied first to a
      // place of this call's own, and what is checked there is what is kept.
      const checking = `${CHECKING}/${randomUUID()}/${key}`;
      const declared = await sizeOf(pending);
      if (declared === null) return null;
      try {
        if (declared > maxBytes) throw new ObjectTooLargeError("object too large");
        if (!(await copy(pending, checking))) {
          // Another call completed it meanwhile.
          const size = await sizeOf(key);
          return size === null ? null : { size };
        }
        const size = await sizeOf(checking);
        if (size === null || size > maxBytes) throw new ObjectTooLargeError("object too large");
        const res = await client.send(new GetObjectCommand({ Bucket, Key: checking, ...(sniffBytes ? { Range: `bytes=0-${sniffBytes - 1}` } : {}) }));
        const limited = sizeLimited(maxBytes, () => {});
        await pipeline(res.Body as Readable, (chunks: AsyncIterable<Buffer>) => inspect(limited(chunks)), discard());
        await copy(checking, key);
        return { size };
      } finally {
        // Checked or refused, nothing stays behind but the key itself.
        await Promise.all([remove(checking), remove(pending)]);
      }
    },
    downloadUrl(key, fileName, contentType) {
      assertValidKey(key);
      const disposition = `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key, ResponseContentDisposition: disposition, ResponseContentType: contentType }), {
        expiresIn: DOWNLOAD_TTL_SECONDS,
      });
    },
  };

  return {
    kind: "s3",
    client,
    ...(settings.direct ? { direct } : {}),
    async write(key, body, maxBytes, inspect = (chunks) => chunks) {
      assertValidKey(key);
      if (await exists(key)) throw new ObjectExistsError("object exists");
      const temp = join(tmpdir(), `trapline-s3-${randomUUID()}.part`);
      let size = 0;
      const out = createWriteStream(temp, { flags: "wx" });
      try {
        const limited = sizeLimited(maxBytes, (n) => (size = n));
        await pipeline(body, (chunks: AsyncIterable<Buffer>) => inspect(limited(chunks)), out);
        // The key is a fresh UUID per upload link; a second PUT of one link finds it above. (Conditional
        // writes, If-None-Match, are not understood by every S3-compatible server, so not relied on.)
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(temp), ContentLength: size }));
      } finally {
        if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
        await rm(temp, { force: true });
      }
      return { size };
    },
    async read(key) {
      if (!isValidKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { stream: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    exists,
    remove,
    /** Deletes uploads that were never completed, and checks a process died in the middle of. */
    async sweep(now = new Date()) {
      let removed = 0;
      for (const prefix of [PENDING, CHECKING]) {
        let token: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken: token }));
          for (const object of page.Contents ?? []) {
            if (!object.Key || !object.LastModified || now.getTime() - object.LastModified.getTime() < ABANDONED_MS) continue;
            await client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }));
            removed++;
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      }
      return removed;
    },
    ...uploadSigner(secret),
    presignUpload(key, contentType, ttlSeconds = UPLOAD_TTL_SECONDS, signingDate) {
      assertValidKey(key);
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), { expiresIn: ttlSeconds, signingDate });
    },
    presignDownload(key, ttlSeconds = DOWNLOAD_TTL_SECONDS, signingDate) {
      assertValidKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: ttlSeconds, signingDate });
    },
  };
}
