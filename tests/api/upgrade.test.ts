import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { localObjectFiles } from "../../server/storage/moveLocal.ts";
import { ApiClient } from "../helpers/server.ts";

/*
 * Issue 32: an upgrade from an earlier release keeps every record and file. Each folder of
 * tests/fixtures/releases holds what an earlier release left (made by make.mjs there, by that release's
 * own server): its embedded data folder, or its PostgreSQL database (a pg_dump) with the SDS files it
 * kept in DATA_DIR/objects, and what its REST lists answered. The current code starts on them.
 *
 * Moving to PostgreSQL (or S3) left those files where the new store does not look, and every SDS link
 * answered 404 until someone ran `npm run storage:migrate`: now the server moves them at start, or
 * refuses to start with a message that names the command.
 */

const FIXTURES = join(import.meta.dirname, "../fixtures/releases");
const releases = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const embedded = releases.filter((r) => existsSync(join(FIXTURES, r, "embedded.tar.xz")));
const postgres = releases.filter((r) => existsSync(join(FIXTURES, r, "postgres.sql.gz")));

type Expected = {
  release: string;
  files: { itemType: "inventory" | "equipment"; itemId: number; objectPath: string; sha256: string; size: number }[];
  inventory: Record<string, unknown>[];
  equipment: Record<string, unknown>[];
  requests: Record<string, unknown>[];
  team: Record<string, unknown>[];
  activity: Record<string, unknown>[];
  chemicalUse?: { id: number; itemId: number; itemName: string; quantity: number; unit: string; siteAddress: string; targetPest: string };
};

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function dataDirWith(archive: string): string {
  const dir = mkdtempSync(join(tmpdir(), "trapline-upgrade-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  execFileSync("tar", ["-xJf", archive, "-C", dir]);
  return dir;
}

async function start(env: Record<string, string>): Promise<{ app: App; client: ApiClient; url: string }> {
  const app = await createApp(loadConfig({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", ...env }));
  cleanups.push(() => app.close());
  const url = await app.http.listen({ port: 0, host: "127.0.0.1" });
  const client = new ApiClient(() => url);
  const login = await client.post("/api/auth/login", { username: "manager", password: "manager123" });
  expect(login.status, login.text).toBe(200);
  return { app, client, url };
}

/** Every record the release listed is there with the same values (new fields may have joined them). */
async function expectRecordsKept(client: ApiClient, expected: Expected) {
  const lists = {
    inventory: (await client.get("/api/inventory")).body,
    equipment: (await client.get("/api/equipment")).body,
    requests: (await client.get("/api/requests")).body,
    team: (await client.get("/api/team")).body,
  };
  for (const [name, now] of Object.entries(lists) as [keyof typeof lists, Record<string, unknown>[]][]) {
    expect(now.length, name).toBe(expected[name].length);
    for (const before of expected[name]) {
      const after = now.find((r) => r.id === before.id);
      expect(after, `${name} ${before.id}`).toBeDefined();
      for (const [key, value] of Object.entries(before)) if (key !== "updatedAt") expect(after![key], `${name} ${before.id} ${key}`).toEqual(value);
    }
  }
  const activity = (await client.get("/api/dashboard/activity?limit=200")).body as Record<string, unknown>[];
  for (const before of expected.activity) expect(activity.find((a) => a.id === before.id), `activity ${before.id}`).toMatchObject({ details: before.details, action: before.action });
  // A chemical use recorded before issue 34 is an application record now, with what it lacked "not recorded" (null), never invented.
  const use = expected.chemicalUse;
  if (use) {
    const records = (await client.get("/api/applications")).body as Record<string, any>[];
    const converted = records.filter((r) => r.targetPests.includes(use.targetPest));
    expect(converted).toHaveLength(1);
    expect(converted[0]).toMatchObject({
      customerName: null,
      serviceAddress: { street: use.siteAddress, city: null, state: null, zip: null },
      areaTreated: null,
      method: null,
      endedAt: null,
      certificationNumber: null,
      targetPests: [use.targetPest],
      lines: [{ itemId: use.itemId, productName: use.itemName, amount: String(use.quantity), unit: use.unit, restrictedUse: false }],
    });
  }
}

/** Each SDS file the release kept downloads with the same bytes, from the link its item still carries. */
async function expectFilesKept(client: ApiClient, url: string, expected: Expected) {
  expect(expected.files.length).toBeGreaterThan(0);
  for (const file of expected.files) {
    const item = (await client.get(`/api/${file.itemType}/${file.itemId}`)).body;
    expect(item.sdsFileUrl).toBe(file.objectPath);
    const res = await fetch(new URL(file.objectPath, url), { headers: { cookie: client.cookie! } });
    expect(res.status, file.objectPath).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(file.size);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(file.sha256);
  }
}

describe.each(embedded)("the embedded data folder of release %s", (release) => {
  const expected = JSON.parse(readFileSync(join(FIXTURES, release, "expected-embedded.json"), "utf8")) as Expected;

  it("opens with the current code: migrated, every record and SDS file kept, the old passwords still sign in", async () => {
    const dataDir = dataDirWith(join(FIXTURES, release, "embedded.tar.xz"));
    const { app, client, url } = await start({ DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(app.db.kind).toBe("pglite");
    await expectRecordsKept(client, expected);
    await expectFilesKept(client, url, expected);
    // Writes work on the upgraded data, and the stock ledger reconciles.
    const made = await client.post("/api/inventory", { name: "After the upgrade", category: "Bait", quantity: 3 });
    expect(made.status).toBe(201);
    const [row] = await app.deps.prisma.$queryRaw<{ off: number }[]>`
      SELECT count(*)::int AS off FROM "InventoryItem" i WHERE i.quantity <> coalesce((SELECT sum(m.delta) FROM "StockMovement" m WHERE m."itemId" = i.id), 0)`;
    expect(row!.off).toBe(0);
  });

  it("moving its SDS files into a store that cannot take them: the server refuses to start and names the command", async () => {
    const dataDir = dataDirWith(join(FIXTURES, release, "embedded.tar.xz"));
    const before = localObjectFiles(join(dataDir, "objects")).length;
    expect(before).toBeGreaterThan(0);
    await expect(
      createApp(loadConfig({ DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent", DATABASE_URL: "", OBJECT_STORE: "s3", S3_BUCKET: "nowhere", S3_ENDPOINT: "http://127.0.0.1:9", S3_ACCESS_KEY_ID: "x", S3_SECRET_ACCESS_KEY: "y" })),
    ).rejects.toThrow(/could not be moved into the s3 store.*npm run storage:migrate/s);
    // Nothing was lost: the files are still where they were.
    expect(localObjectFiles(join(dataDir, "objects")).length).toBe(before);
  });
});

const databaseBase = process.env.TEST_DATABASE_URL;

/** A fresh database on the test server, filled from the release's pg_dump (psql's meta-commands left out). */
async function restoredDatabase(dump: string): Promise<string> {
  const name = `trapline_upgrade_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(databaseBase!);
  url.pathname = `/${name}`;
  cleanups.push(async () => {
    const a = new pg.Client({ connectionString: databaseBase });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await a.end();
  });
  const sql = gunzipSync(readFileSync(dump)).toString("utf8").split("\n").filter((line) => !line.startsWith("\\")).join("\n");
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  await db.query(sql);
  await db.end();
  return url.toString();
}

describe.skipIf(!databaseBase).each(postgres)("the PostgreSQL database of release %s, its SDS files left in DATA_DIR/objects", (release) => {
  const expected = JSON.parse(readFileSync(join(FIXTURES, release, "expected-postgres.json"), "utf8")) as Expected;

  it("starts with the current code: the files move into the database's store at start, and every record and file is kept", async () => {
    const databaseUrl = await restoredDatabase(join(FIXTURES, release, "postgres.sql.gz"));
    const dataDir = dataDirWith(join(FIXTURES, release, "objects.tar.xz"));
    expect(localObjectFiles(join(dataDir, "objects")).length).toBe(expected.files.length);
    // No OBJECT_STORE: with DATABASE_URL the files now live in PostgreSQL.
    const { app, client, url } = await start({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    expect(app.deps.storage.kind).toBe("postgres");
    expect(localObjectFiles(join(dataDir, "objects"))).toEqual([]);
    await expectRecordsKept(client, expected);
    await expectFilesKept(client, url, expected);
  });
});
