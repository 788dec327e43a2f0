// Builds the client into client/dist: Relay artifacts (relay-compiler reads schema.graphql), the compiled
// message catalogs, Vite (with the
// service worker and manifest), then brotli and gzip files beside every compressible asset.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clientBuildStamp } from "./build.mjs";
import { precompress } from "./precompress.mjs";

// Always a production bundle: a caller's NODE_ENV (vitest's global setup runs with "test") would
// otherwise give React's development build and JSX runtime.
const env = { ...process.env, NODE_ENV: "production" };
const stamp = clientBuildStamp(); // the inputs as they were when the build started
const run = (script, args, extraEnv = {}) => execFileSync(process.execPath, [script, ...args], { stdio: "inherit", env: { ...env, ...extraEnv } });
run("node_modules/relay-compiler/cli.js", []);
run("scripts/i18n.mjs", ["compile"]);
// Two passes (client/vite.config.ts, "The chunk plan"): the first, with the default splitting, records which
// modules the first load and the signed-in frame need; the second puts each of those sets in one chunk.
const work = mkdtempSync(join(tmpdir(), "trapline-chunk-plan-"));
try {
  const plan = join(work, "plan.json");
  const vite = "node_modules/vite/bin/vite.js";
  const build = ["build", "--config", "client/vite.config.ts", "--logLevel", "warn"];
  run(vite, [...build, "--outDir", join(work, "dist")], { TRAPLINE_CHUNK_PLAN_OUT: plan });
  run(vite, build, { TRAPLINE_CHUNK_PLAN: plan });
} finally {
  rmSync(work, { recursive: true, force: true });
}
await precompress("client/dist");
stamp.record(); // so `npm start` knows this build is current
