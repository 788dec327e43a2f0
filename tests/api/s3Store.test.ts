import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sdsContentCheck } from "../../server/domain/sds.ts";
import { ObjectExistsError, ObjectTooLargeError } from "../../server/storage/objects.ts";
import { createS3ObjectStore, type S3ObjectStore } from "../../server/storage/s3.ts";
import { pdfFile } from "../helpers/documents.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

// Issue 19: the S3 adapter against a real S3-protocol server on this machine (s3rver, in this
// process, on a free port): upload, download, remove, the size cap and content checks, and the
// expiry of presigned URLs; then the whole server configured with OBJECT_STORE=s3.

const BUCKET = "trapline-sds";
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }; // s3rver's built-in account
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let store: S3ObjectStore;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), "trapline-s3rver-"));
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  store = createS3ObjectStore({ bucket: BUCKET, endpoint, region: "us-east-1", forcePathStyle: true, ...CREDENTIALS }, "test-secret");
}, 300_000);
afterAll(async () => {
  store?.client.destroy();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

/** Every key in the bucket, for "nothing was kept" checks. */
async function keysInBucket(): Promise<string[]> {
  const res = await store.client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}
const leftoverTempFiles = () => readdirSync(tmpdir()).filter((f) => f.startsWith("trapline-s3-"));
const bytesOf = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};
const pdfOf = (size: number) => {
  const bytes = randomBytes(size);
  bytes.write("%PDF-", 0, "latin1");
  return bytes;
};

describe("S3 object store (s3rver)", () => {
  it("stores a file, reads it back byte for byte, and removes it", async () => {
    const bytes = pdfOf(3 * 1024 * 1024 + 17);
    const key = "sds/round-trip/label.pdf";
    expect(await store.exists(key)).toBe(false);
    expect(await store.read(key)).toBeNull();
    const { size } = await store.write(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), 10 * 1024 * 1024, sdsContentCheck("application/pdf"));
    expect(size).toBe(bytes.length);
    expect(await store.exists(key)).toBe(true);
    const found = await store.read(key);
    expect(found!.size).toBe(bytes.length);
    expect((await bytesOf(found!.stream)).equals(bytes)).toBe(true);

    await store.remove(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.read(key)).toBeNull();
    expect(await keysInBucket()).not.toContain(key);
  });

  it("refuses a file over the size cap and keeps nothing, in the bucket or on disk", async () => {
    const before = await keysInBucket();
    const key = "sds/too-big/big.pdf";
    const write = store.write(key, Readable.from([pdfOf(600), randomBytes(600)]), 1000, sdsContentCheck("application/pdf"));
    await expect(write).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await store.exists(key)).toBe(false);
    expect(await keysInBucket()).toEqual(before);
    expect(leftoverTempFiles()).toEqual([]);
  });

  it("refuses bytes that are not what their type says and keeps nothing", async () => {
    const before = await keysInBucket();
    const key = "sds/not-a-pdf/fake.pdf";
    await expect(store.write(key, Readable.from([Buffer.from("MZ\x90\x00 not a pdf")]), 1000, sdsContentCheck("application/pdf"))).rejects.toThrow();
    expect(await store.exists(key)).toBe(false);
    expect(await keysInBucket()).toEqual(before);
    expect(leftoverTempFiles()).toEqual([]);
  });

  it("never overwrites: a second write of a key is refused and the first file stays", async () => {
    const key = "sds/once/first.pdf";
    const first = pdfFile("first");
    await store.write(key, Readable.from([first]), 1000);
    await expect(store.write(key, Readable.from([pdfFile("second")]), 1000)).rejects.toBeInstanceOf(ObjectExistsError);
    expect((await bytesOf((await store.read(key))!.stream)).equals(first)).toBe(true);
  });

  it("refuses keys that could leave the store", async () => {
    await expect(store.write("../escape.pdf", Readable.from([pdfFile()]), 1000)).rejects.toThrow("invalid object key");
    await expect(store.remove("sds/../../x")).rejects.toThrow("invalid object key");
    expect(await store.read("sds/%2e%2e/x")).toBeNull();
  });

  it("presigned PUT and GET go to the bucket directly", async () => {
    const key = "sds/presigned/direct.pdf";
    const bytes = pdfFile("direct");
    const put = await fetch(await store.presignUpload(key, "application/pdf"), { method: "PUT", headers: { "content-type": "application/pdf" }, body: new Uint8Array(bytes) });
    expect(put.status, await put.text()).toBe(200);
    const get = await fetch(await store.presignDownload(key));
    expect(get.status).toBe(200);
    expect(Buffer.from(await get.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("presigned URLs stop working when they expire", async () => {
    const key = "sds/presigned/expiring.pdf";
    await store.write(key, Readable.from([pdfFile("expiring")]), 1000);
    const signedLongAgo = new Date(Date.now() - 10 * 60 * 1000); // valid for 60 s from 10 minutes ago
    const get = await fetch(await store.presignDownload(key, 60, signedLongAgo));
    expect(get.status).toBe(403);
    expect(await get.text()).toMatch(/expired/i);
    const putKey = "sds/presigned/late.pdf";
    const put = await fetch(await store.presignUpload(putKey, "application/pdf", 60, signedLongAgo), {
      method: "PUT",
      headers: { "content-type": "application/pdf" },
      body: new Uint8Array(pdfFile("late")),
    });
    expect(put.status).toBe(403);
    expect(await store.exists(putKey)).toBe(false);
    // A fresh one for the same key works.
    expect((await fetch(await store.presignDownload(key, 60))).status).toBe(200);
  });
});

describe("the server with OBJECT_STORE=s3", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      OBJECT_STORE: "s3",
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    });
  }, 300_000);
  afterAll(() => server?.close());

  it("uploads through the signed link into the bucket and downloads from it; over-size and wrong bytes keep nothing", async () => {
    const tech = await server.as("tech");
    const ask = async (fileName: string) => (await tech.post("/api/objects/upload", { fileName, contentType: "application/pdf" })).body as { signedUrl: string; objectPath: string };

    const good = await ask("bucket-sds.pdf");
    const bytes = pdfOf(300 * 1024);
    const put = await tech.request("PUT", good.signedUrl, new Uint8Array(bytes), { "content-type": "application/pdf" });
    expect(put.status, put.text).toBe(200);
    const key = decodeURIComponent(good.objectPath.slice("/objects/".length));
    expect(await keysInBucket()).toContain(key);
    const got = await fetch(new URL(good.objectPath, server.url), { headers: { cookie: tech.cookie! } });
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);

    const before = await keysInBucket();
    const big = await ask("huge.pdf");
    // Declared honestly and sent in full: 10 MB is refused by the cap.
    const tooBig = await tech.request("PUT", big.signedUrl, new Uint8Array(pdfOf(10 * 1024 * 1024)), { "content-type": "application/pdf" });
    expect(tooBig.status).toBe(413);
    const fake = await ask("fake.pdf");
    const wrong = await tech.request("PUT", fake.signedUrl, "this is not a PDF", { "content-type": "application/pdf" });
    expect(wrong.status).toBe(400);
    expect(await keysInBucket()).toEqual(before);

    const link = await tech.put("/api/sds-files", { sdsFileUrl: fake.objectPath, itemId: 1, itemType: "inventory" });
    expect(link.status).toBe(400);
  });
});
