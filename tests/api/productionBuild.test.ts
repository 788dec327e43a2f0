import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePortIn, signIn } from "../../bench/server-process.ts";
// @ts-expect-error -- a plain .mjs build script without type declarations
import { buildServer, serverEntry, staleOutputs } from "../../scripts/build.mjs";

// Issue 19: `npm run build` compiles the server (esbuild, dist/server/index.mjs) and `npm start`
// runs it with node, rebuilding only what is missing or stale.

const root = join(import.meta.dirname, "../..");

describe("the production build", () => {
  const cleanups: (() => void)[] = [];
  afterAll(() => cleanups.splice(0).reverse().forEach((c) => c()));

  it("records its inputs: a build is current until a server file changes", async () => {
    await buildServer();
    expect((staleOutputs() as { server: boolean }).server).toBe(false);
    const probe = join(root, "server", `.stale-probe-${process.pid}.ts`);
    cleanups.push(() => rmSync(probe, { force: true }));
    writeFileSync(probe, "export const probe = 1;\n");
    expect((staleOutputs() as { server: boolean }).server).toBe(true);
    rmSync(probe);
    expect((staleOutputs() as { server: boolean }).server).toBe(false);
  });

  it("the compiled server runs with plain node: migrates, seeds, serves the API, the client, /readyz", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "trapline-dist-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePortIn(3600, 3699);
    const child = spawn(process.execPath, [serverEntry as string], {
      cwd: tmpdir(), // paths inside the bundle (migrations, client/dist) must not depend on the working folder
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", NODE_ENV: "test" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    cleanups.push(() => child.kill("SIGKILL"));
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", () => /is serving on/.test(out) && resolve());
      child.once("exit", (code) => reject(new Error(`exited ${code}:\n${out}`)));
    });
    const url = `http://127.0.0.1:${port}`;
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    const cookie = await signIn(url, "manager", "manager123");
    const items = await fetch(`${url}/api/inventory`, { headers: { cookie } });
    expect(items.status).toBe(200);
    expect(((await items.json()) as unknown[]).length).toBeGreaterThan(0);
    const page = await fetch(`${url}/inventory`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
    child.kill("SIGTERM");
    expect(await new Promise((resolve) => child.once("exit", (code) => resolve(code)))).toBe(0);
  }, 300_000);
});
