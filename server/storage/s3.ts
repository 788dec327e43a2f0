import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertValidKey, isValidKey, ObjectExistsError, sizeLimited, uploadSigner, type ObjectStore } from "./objects.ts";

export type S3Settings = {
  bucket: string;
  /** e.g. http://127.0.0.1:9000 for MinIO or s3rver; unset for AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (http://host/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
};

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

  return {
    kind: "s3",
    client,
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
    async remove(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    ...uploadSigner(secret),
    presignUpload(key, contentType, ttlSeconds = 15 * 60, signingDate) {
      assertValidKey(key);
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), { expiresIn: ttlSeconds, signingDate });
    },
    presignDownload(key, ttlSeconds = 5 * 60, signingDate) {
      assertValidKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: ttlSeconds, signingDate });
    },
  };
}
