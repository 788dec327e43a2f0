import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { ApiClient, startServer, type TestServer } from "../helpers/server.ts";

const run = promisify(execFile);
/** Runs `npm run backup` / `npm run restore` (their scripts) with the given data folder and database. */
function command(script: "backup" | "restore", args: string[], env: { DATA_DIR: string; DATABASE_URL?: string }) {
  return run(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: "", ...env },
    timeout: 120_000,
  });
}

let server: TestServer;
let manager: ApiClient;
const work = mkdtempSync(join(tmpdir(), "trapline-backup-test-"));
beforeAll(async () => {
  server = await startServer();
  manager = await server.as("manager");
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `trapline_restore_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

describe("npm run backup / npm run restore", () => {
  it("backs up a running server under write load; the restore holds every write acknowledged before it, and the SDS files", async () => {
    // An SDS file and some items, all acknowledged before the backup starts.
    const upload = (await manager.post("/api/objects/upload", { fileName: "backup-sds.txt", contentType: "text/plain" })).body as { signedUrl: string; objectPath: string };
    const sdsText = `Safety data sheet kept by the backup ${Date.now()}\n`;
    expect((await manager.request("PUT", upload.signedUrl, sdsText, { "content-type": "text/plain" })).status).toBeLessThan(300);
    const acknowledged: number[] = [];
    const create = async (name: string) => {
      const res = await manager.post("/api/inventory", { name, category: "Traps", quantity: 3, sdsFileUrl: upload.objectPath });
      if (res.status !== 201) throw new Error(`create answered ${res.status}`);
      return res.body.id as number;
    };
    for (let i = 0; i < 5; i++) acknowledged.push(await create(`Before backup ${i}`));

    // Writes keep coming while the backup runs, from three writers.
    let loading = true;
    const duringBackup: number[] = [];
    const writer = async (w: number) => {
      for (let i = 0; loading; i++) duringBackup.push(await create(`Under load ${w}-${i}`));
    };
    const writers = [writer(1), writer(2), writer(3)];
    await new Promise((r) => setTimeout(r, 200)); // let the load start
    const startedAt = [...duringBackup];
    const file = join(work, "trapline.backup");
    const backup = await command("backup", ["--out", file], { DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl });
    loading = false;
    await Promise.all(writers);
    // With PostgreSQL the SDS objects are stored in the database (issue 19), so they travel inside the
    // dump and the folder holds none; the embedded database keeps them in DATA_DIR/objects.
    const folderFiles = server.databaseUrl ? 0 : 1;
    expect(backup.stdout).toMatch(new RegExp(`^Backup written to .*: database \\d+ kB \\((PGlite|pg_dump)\\), ${folderFiles} SDS files`));
    expect(duringBackup.length).toBeGreaterThan(startedAt.length); // writes went on during the backup

    // Restore into a new, empty folder (and database), then start a server on it.
    const target = join(work, "restored");
    const database = await emptyDatabase();
    const env = { DATA_DIR: target, DATABASE_URL: database?.url ?? "" };
    try {
      const restored = await command("restore", [file], env);
      expect(restored.stdout).toMatch(new RegExp(`^Restored the .* and ${folderFiles} SDS files`));
      // A second restore into the now non-empty target is refused without --force.
      const again = await command("restore", [file], env).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(again?.code).toBe(1);
      expect(again?.stderr).toMatch(/is not empty; restore into an empty one, or add --force to replace it/);
      await command("restore", [file, "--force"], env);

      const app: App = await createApp(loadConfig({ ...env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" }));
      try {
        const url = await app.http.listen({ port: 0, host: "127.0.0.1" });
        const client = new ApiClient(() => url);
        expect((await client.post("/api/auth/login", { username: "manager", password: "manager123" })).status).toBe(200);
        const items = (await client.get("/api/inventory")).body as { id: number; name: string; sdsFileUrl: string | null }[];
        const ids = new Set(items.map((i) => i.id));
        for (const id of [...acknowledged, ...startedAt]) expect(ids.has(id), `item ${id} acknowledged before the backup`).toBe(true);
        // Each restored item came with its activity entry (the copy is of committed transactions only).
        const restoredLoad = items.filter((i) => i.name.startsWith("Under load") || i.name.startsWith("Before backup"));
        const logged = await app.deps.prisma.activityEntry.count({ where: { action: "create", entityType: "inventory", entityId: { in: restoredLoad.map((i) => i.id) } } });
        expect(logged).toBe(restoredLoad.length);
        const sds = await fetch(new URL(upload.objectPath, url), { headers: { cookie: client.cookie! } });
        expect(sds.status).toBe(200);
        expect(await sds.text()).toBe(sdsText);
      } finally {
        await app.close();
      }
    } finally {
      await database?.drop();
    }
  }, 300_000); // five commands, each starting Node, on a shared machine

  it("the backup path of a running server answers only with the data folder's token", async () => {
    const res = await fetch(new URL("/api/admin/backup/database", server.url), { headers: { "x-trapline-backup-token": "guess" } });
    expect(res.status).toBe(404);
    expect((await manager.get("/api/admin/backup/database")).status).toBe(404);
  });
});
