import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PGlite data folder, migrated and seeded with the basic demo set, that startServer copies (see tests/helpers/server.ts). */
    pgdataTemplate: string;
  }
}

/**
 * The server serves client/dist; build it once when a fresh clone has none. Then one embedded database
 * is created, migrated and seeded the way every test server's is: PGlite's initdb runs in WebAssembly
 * and took 28-45 s of each test server's start here (2 cores, under load), opening a copy takes ~5 s.
 */
export default function setup(project: TestProject) {
  if (!existsSync("client/dist/index.html")) execFileSync(process.execPath, ["scripts/build-client.mjs"], { stdio: "inherit" });
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), "trapline-template-"));
  execFileSync(process.execPath, ["--import", "tsx", "tests/helpers/template.ts", dir], { stdio: "inherit" });
  project.provide("pgdataTemplate", join(dir, "pgdata"));
  return () => rmSync(dir, { recursive: true, force: true });
}
