import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { sdsContentCheck } from "../../server/domain/sds.ts";
import { ObjectExistsError, ObjectTooLargeError, type ObjectStore } from "../../server/storage/objects.ts";
import { CHUNK_BYTES } from "../../server/storage/postgres.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

// Issue 19: SDS objects in the database (the default with DATABASE_URL; OBJECT_STORE=postgres here,
// so this runs on PGlite too), streamed in 256 KB bytea chunks; and `npm run storage:migrate`.

let server: TestServer;
let store: ObjectStore;
beforeAll(async () => {
  server = await startServer({ OBJECT_STORE: "postgres" });
  store = server.app.deps.storage;
}, 300_000);
afterAll(() => server?.close());

const pdfOf = (size: number) => {
  const bytes = randomBytes(size);
  bytes.write("%PDF-", 0, "latin1");
  return bytes;
};
const bytesOf = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};
const chunkRows = () => server.app.db.prisma.storedObjectChunk.count();
const objectRows = () => server.app.db.prisma.storedObject.count();

describe("PostgreSQL object store", () => {
  it("is the store when OBJECT_STORE=postgres (and with DATABASE_URL by default)", () => {
    expect(store.kind).toBe("postgres");
    expect(loadConfig({ DATA_DIR: server.dataDir, DATABASE_URL: "postgres://x@127.0.0.1/db" }).objectStore.kind).toBe("postgres");
    expect(loadConfig({ DATA_DIR: server.dataDir }).objectStore.kind).toBe("local");
    expect(() => loadConfig({ DATA_DIR: server.dataDir, OBJECT_STORE: "s3" })).toThrow(/S3_BUCKET/);
  });

  it("stores a multi-chunk file in chunk rows and streams it back byte for byte", async () => {
    const bytes = pdfOf(2 * CHUNK_BYTES + 1234);
    const key = "sds/chunks/three.pdf";
    const chunksBefore = await chunkRows();
    // Odd-sized pieces, as a network delivers them.
    const pieces = [bytes.subarray(0, 1000), bytes.subarray(1000, 300_000), bytes.subarray(300_000)];
    const { size } = await store.write(key, Readable.from(pieces), 10 * 1024 * 1024, sdsContentCheck("application/pdf"));
    expect(size).toBe(bytes.length);
    expect((await chunkRows()) - chunksBefore).toBe(3);
    const found = await store.read(key);
    expect(found!.size).toBe(bytes.length);
    expect((await bytesOf(found!.stream)).equals(bytes)).toBe(true);

    await store.remove(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.read(key)).toBeNull();
    expect(await chunkRows()).toBe(chunksBefore);
  });

  it("keeps nothing of a file over the size cap or with the wrong bytes, even after chunks were written", async () => {
    const [chunksBefore, objectsBefore] = [await chunkRows(), await objectRows()];
    const big = pdfOf(3 * CHUNK_BYTES);
    await expect(store.write("sds/cap/big.pdf", Readable.from([big.subarray(0, CHUNK_BYTES + 10), big.subarray(CHUNK_BYTES + 10)]), 2 * CHUNK_BYTES, sdsContentCheck("application/pdf"))).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    await expect(store.write("sds/cap/fake.pdf", Readable.from([Buffer.from("not a pdf at all")]), 1000, sdsContentCheck("application/pdf"))).rejects.toThrow();
    expect([await chunkRows(), await objectRows()]).toEqual([chunksBefore, objectsBefore]);
    expect(await store.exists("sds/cap/big.pdf")).toBe(false);
  });

  it("of two writers of one key exactly one wins; the loser leaves no chunks", async () => {
    const key = "sds/race/one.pdf";
    const chunksBefore = await chunkRows();
    const results = await Promise.allSettled([pdfOf(CHUNK_BYTES + 5), pdfOf(CHUNK_BYTES + 5)].map((b) => store.write(key, Readable.from([b]), 10 * 1024 * 1024)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ObjectExistsError);
    expect((await chunkRows()) - chunksBefore).toBe(2);
  });

  it("the hourly sweep removes chunks an interrupted upload left a day ago, and nothing else", async () => {
    const prisma = server.app.db.prisma;
    const key = "sds/sweep/kept.pdf";
    await store.write(key, Readable.from([pdfOf(1000)]), 10_000);
    const kept = (await prisma.storedObject.findUniqueOrThrow({ where: { key } })).uploadId;
    const dayAndMinuteAgo = new Date(Date.now() - 24 * 60 * 60_000 - 60_000);
    await prisma.storedObjectChunk.updateMany({ where: { uploadId: kept }, data: { createdAt: dayAndMinuteAgo } });
    const data = new Uint8Array(pdfOf(100));
    await prisma.storedObjectChunk.create({ data: { uploadId: "died-mid-upload", seq: 0, data, createdAt: dayAndMinuteAgo } });
    await prisma.storedObjectChunk.create({ data: { uploadId: "still-uploading", seq: 0, data } });

    expect(await store.sweep!()).toBe(1);
    const left = (await prisma.storedObjectChunk.findMany({ where: { uploadId: { in: [kept, "died-mid-upload", "still-uploading"] } }, select: { uploadId: true } })).map((c) => c.uploadId);
    expect(left.sort()).toEqual([kept, "still-uploading"].sort());
    expect((await store.read(key))!.size).toBe(1000);
    await prisma.storedObjectChunk.deleteMany({ where: { uploadId: "still-uploading" } });
  });

  it("serves uploads through the API from the database, with the server's checks", async () => {
    const tech = await server.as("tech");
    const { signedUrl, objectPath } = (await tech.post("/api/objects/upload", { fileName: "db-sds.pdf", contentType: "application/pdf" })).body;
    const bytes = pdfOf(700 * 1024);
    const put = await tech.request("PUT", signedUrl, new Uint8Array(bytes), { "content-type": "application/pdf" });
    expect(put.status, put.text).toBe(200);
    expect(existsSync(join(server.dataDir, "objects"))).toBe(false); // nothing in the local folder
    const got = await fetch(new URL(objectPath, server.url), { headers: { cookie: tech.cookie! } });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-length")).toBe(String(bytes.length));
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe("npm run storage:migrate", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "trapline-migrate-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // The embedded database keeps both stores' data here; with TEST_DATABASE_URL the target is that
  // server's fresh database instead.
  const env = (extra: Record<string, string> = {}) => ({ DATA_DIR: dataDir, LOG_LEVEL: "silent", SEED_DEMO: "0", DATABASE_URL: server.databaseUrl ?? "", ...extra });

  it("moves files from the local folder into the database store; a second run finds nothing to move", async () => {
    const bytes = pdfOf(CHUNK_BYTES + 99);
    const key = "sds/7b6a1f0e-0000-4000-8000-000000000001/old-label.pdf";
    // A file the local store kept before the switch.
    const local = await createApp(loadConfig(env({ OBJECT_STORE: "local" })));
    await local.deps.storage.write(key, Readable.from([bytes]), 10 * 1024 * 1024);
    await local.close();
    expect(existsSync(join(dataDir, "objects", key))).toBe(true);

    const run = () => promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/storage-migrate.ts"], { env: { ...process.env, ...env({ OBJECT_STORE: "postgres" }) } });
    const first = await run();
    expect(first.stdout).toContain("1 moved, 0 already there, 0 skipped, 0 failed");
    expect(existsSync(join(dataDir, "objects", key))).toBe(false);
    expect((await run()).stdout).toContain("0 moved, 0 already there, 0 skipped, 0 failed");

    const shared = await createApp(loadConfig(env({ OBJECT_STORE: "postgres" })));
    try {
      const found = await shared.deps.storage.read(key);
      expect((await bytesOf(found!.stream)).equals(bytes)).toBe(true);
    } finally {
      await shared.close();
    }
  }, 300_000); // four database opens and two child processes: minutes on a loaded shared machine
});
