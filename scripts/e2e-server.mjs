// Starts the app as `npm start` does (built client, embedded database, demo data) in a fresh data folder.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { staleOutputs } from "./build.mjs";

const port = process.argv[2] ?? "3210";
// A client built from other sources than these (an edit since the last build) is built again: a browser
// test must never pass or fail against yesterday's screens.
if (staleOutputs().client) execFileSync(process.execPath, ["scripts/build-client.mjs"], { stdio: "inherit" });
const dataDir = mkdtempSync(join(tmpdir(), "trapline-e2e-"));
const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
  stdio: "inherit",
  // Webhook receivers in the e2e tests listen on 127.0.0.1, which a webhook may reach only when allowed.
  // The browser tests are written against the basic demo set (SEED_DEMO=basic); `npm start` shows the full demo company.
  env: { ...process.env, PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", ALLOW_PRIVATE_WEBHOOKS: "1", SEED_DEMO: process.env.SEED_DEMO ?? "basic" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
