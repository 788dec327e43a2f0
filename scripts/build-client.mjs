// Builds the client into client/dist: Relay artifacts (relay-compiler reads schema.graphql), then Vite.
import { execFileSync } from "node:child_process";

const run = (script, args) => execFileSync(process.execPath, [script, ...args], { stdio: "inherit" });
run("node_modules/relay-compiler/cli.js", []);
run("node_modules/vite/bin/vite.js", ["build", "--config", "client/vite.config.ts", "--logLevel", "warn"]);
