// Builds the client into client/dist: Relay artifacts (relay-compiler reads schema.graphql), Vite (with the
// service worker and manifest), then brotli and gzip files beside every compressible asset.
import { execFileSync } from "node:child_process";
import { clientBuildStamp } from "./build.mjs";
import { precompress } from "./precompress.mjs";

// Always a production bundle: a caller's NODE_ENV (vitest's global setup runs with "test") would
// otherwise give React's development build and JSX runtime.
const env = { ...process.env, NODE_ENV: "production" };
const stamp = clientBuildStamp(); // the inputs as they were when the build started
const run = (script, args) => execFileSync(process.execPath, [script, ...args], { stdio: "inherit", env });
run("node_modules/relay-compiler/cli.js", []);
run("node_modules/vite/bin/vite.js", ["build", "--config", "client/vite.config.ts", "--logLevel", "warn"]);
await precompress("client/dist");
stamp.record(); // so `npm start` knows this build is current
