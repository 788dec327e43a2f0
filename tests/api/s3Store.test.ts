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
import { bucketOrigin, createS3ObjectStore, type S3ObjectStore } from "../../server/storage/s3.ts";
import { chromium } from "playwright-core";
import { contentMismatch, TOO_LARGE } from "../../server/domain/sds.ts";
import { pdfFile } from "../helpers/documents.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

// Issue 19: the S3 adapter against a real S3-protocol server on this machine (s3rver, in this
// process, on a free port): upload, download, remove, the size cap and content checks, and the
// expiry of presigned URLs; then the whole server configured with OBJECT_STORE=s3.

const BUCKET = "trapline-sds";
/** What a deployment with direct transfers sets on its bucket: the app's pages may PUT and GET. */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }; // s3rver's built-in account
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let store: S3ObjectStore;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), "trapline-s3rver-"));
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [CORS] }] });
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

/** A server keeping SDS files in the s3rver bucket (S3_DIRECT left at its default: on). */
const s3Settings = () => ({
  OBJECT_STORE: "s3",
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
});

describe("the server with OBJECT_STORE=s3", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(s3Settings());
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

describe("direct transfers: the browser and the bucket, the server only checks (S3_DIRECT, the default with S3)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(s3Settings());
  }, 300_000);
  afterAll(() => server?.close());

  type Target = { signedUrl: string; objectPath: string };
  const keyOf = (objectPath: string) => decodeURIComponent(objectPath.slice("/objects/".length));
  const putTo = (url: string, body: Uint8Array<ArrayBuffer> | string, contentType = "application/pdf") => fetch(url, { method: "PUT", headers: { "content-type": contentType }, body });
  /** What the bucket holds besides the files kept before: nothing pending or being checked may stay. */
  const strays = async () => (await keysInBucket()).filter((k) => k.startsWith("pending/") || k.startsWith("checking/"));

  it("hands out a presigned PUT for the declared size; the file is kept only once attached and checked, and downloads from the bucket", async () => {
    const tech = await server.as("tech");
    const bytes = pdfOf(200 * 1024);
    const res = await tech.post("/api/objects/upload", { fileName: "direct label.pdf", contentType: "application/pdf", size: bytes.length });
    expect(res.status).toBe(200);
    const target = res.body as Target;
    const url = new URL(target.signedUrl);
    expect(url.origin).toBe(endpoint);
    expect(url.origin).toBe(bucketOrigin({ bucket: BUCKET, endpoint, region: "us-east-1", forcePathStyle: true }));
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toMatch(/content-length/);
    expect((await putTo(target.signedUrl, new Uint8Array(bytes))).status).toBe(200);
    const key = keyOf(target.objectPath);
    // Uploaded, not yet checked: not under its key.
    expect(await keysInBucket()).not.toContain(key);
    expect((await fetch(new URL(target.objectPath, server.url), { headers: { cookie: tech.cookie! }, redirect: "manual" })).status).toBe(404);

    const link = await tech.put("/api/sds-files", { sdsFileUrl: target.objectPath, itemId: 1, itemType: "inventory" });
    expect(link.status, link.text).toBe(200);
    expect(await keysInBucket()).toContain(key);
    expect(await strays()).toEqual([]);

    const download = await fetch(new URL(target.objectPath, server.url), { headers: { cookie: tech.cookie! }, redirect: "manual" });
    expect(download.status).toBe(302);
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    const location = download.headers.get("location")!;
    expect(new URL(location).origin).toBe(endpoint);
    const got = await fetch(location);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-disposition")).toContain('filename="direct_label.pdf"');
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    // Signed in or nothing: the redirect is handed out only to a session.
    expect((await fetch(new URL(target.objectPath, server.url), { redirect: "manual" })).status).toBe(401);

    // The presigned PUT still works for a while, but what it writes now is never taken for the file.
    expect((await putTo(target.signedUrl, "not a PDF any more")).status).toBe(200);
    expect((await tech.put("/api/sds-files", { sdsFileUrl: target.objectPath, itemId: 1, itemType: "inventory" })).status).toBe(200);
    const again = await fetch((await fetch(new URL(target.objectPath, server.url), { headers: { cookie: tech.cookie! }, redirect: "manual" })).headers.get("location")!);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    // That late PUT waits in its pending place for the sweep (below); cleared here for the next tests' counts.
    expect(await strays()).toEqual([`pending/${key}`]);
    await store.remove(`pending/${key}`);
  });

  it("refuses a declared size of 10MB or more before handing out a URL", async () => {
    const tech = await server.as("tech");
    const res = await tech.post("/api/objects/upload", { fileName: "huge.pdf", contentType: "application/pdf", size: 10 * 1024 * 1024 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(TOO_LARGE);
  });

  it("a file over the cap, bytes that are not their type, or text that is not UTF-8 to its end: refused on attach, nothing kept", async () => {
    const tech = await server.as("tech");
    const before = (await keysInBucket()).filter((k) => k.startsWith("sds/"));
    const attempt = async (fileName: string, contentType: string, declared: number, body: Uint8Array<ArrayBuffer> | string) => {
      const target = (await tech.post("/api/objects/upload", { fileName, contentType, size: declared })).body as Target;
      // s3rver does not hold a PUT to its signed Content-Length (S3 itself refuses it): the server's check is what counts here.
      expect((await putTo(target.signedUrl, body, contentType)).status).toBe(200);
      const link = await tech.put("/api/sds-files", { sdsFileUrl: target.objectPath, itemId: 1, itemType: "inventory" });
      expect(link.status).toBe(400);
      return JSON.stringify(link.body);
    };
    expect(await attempt("big.pdf", "application/pdf", 1000, new Uint8Array(pdfOf(10 * 1024 * 1024)))).toContain(TOO_LARGE);
    expect(await attempt("fake.pdf", "application/pdf", 17, "this is not a PDF")).toContain(contentMismatch("a PDF"));
    // 100 kB of good text, then a byte that is not UTF-8: the whole text is read, not only its start.
    const text = Buffer.concat([Buffer.from("a".repeat(100 * 1024)), Buffer.from([0xff])]);
    expect(await attempt("notes.txt", "text/plain", text.length, new Uint8Array(text))).toContain("not plain UTF-8 text");
    expect((await keysInBucket()).filter((k) => k.startsWith("sds/"))).toEqual(before);
    expect(await strays()).toEqual([]);
  });

  it("the page's connect-src allows the bucket, and Chromium uploads to it from the app's origin (CORS and CSP)", async () => {
    const page0 = await fetch(new URL("/healthz", server.url));
    expect(page0.headers.get("content-security-policy")).toMatch(new RegExp(`connect-src [^;]*${endpoint.replace(/[.]/g, "\\.")}`));
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
    });
    try {
      const page = await browser.newPage();
      // Any page of the server carries the app's policy.
      await page.goto(new URL("/healthz", server.url).href);
      const result = await page.evaluate(async () => {
        const post = (path: string, body: unknown, method = "POST") =>
          fetch(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
        await post("/api/auth/login", { username: "tech", password: "tech123" });
        const file = new Blob(["%PDF-1.4\n% from the browser\n"], { type: "application/pdf" });
        const target = (await post("/api/objects/upload", { fileName: "browser.pdf", contentType: "application/pdf", size: file.size })).body;
        const put = await fetch(target.signedUrl, { method: "PUT", headers: { "content-type": "application/pdf" }, body: file });
        const link = await post("/api/sds-files", { sdsFileUrl: target.objectPath, itemId: 2, itemType: "inventory" }, "PUT");
        const download = await fetch(target.objectPath);
        return { signedUrl: target.signedUrl as string, put: put.status, link: link.status, download: download.status, redirected: download.redirected, text: await download.text() };
      });
      expect(new URL(result.signedUrl).origin).toBe(endpoint);
      expect(result).toMatchObject({ put: 200, link: 200, download: 200, redirected: true, text: "%PDF-1.4\n% from the browser\n" });
    } finally {
      await browser.close();
    }
  }, 60_000);

  it("the hourly sweep removes uploads never attached, after a day", async () => {
    const direct = createS3ObjectStore({ bucket: BUCKET, endpoint, region: "us-east-1", forcePathStyle: true, direct: true, ...CREDENTIALS }, "test-secret");
    const url = await direct.direct!.uploadUrl("sds/abandoned/left.pdf", "application/pdf", 10);
    expect((await putTo(url, new Uint8Array(pdfFile("left")))).status).toBe(200);
    expect(await strays()).toEqual(["pending/sds/abandoned/left.pdf"]);
    expect(await direct.sweep!(new Date())).toBe(0);
    expect(await direct.sweep!(new Date(Date.now() + 25 * 60 * 60 * 1000))).toBe(1);
    expect(await strays()).toEqual([]);
    direct.client.destroy();
  });
});
