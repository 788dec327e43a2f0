// Generated code is rebuilt on install, never committed: the Prisma client (+ Pothos types), Relay artifacts
// and the compiled message catalogs.
import { execFileSync } from "node:child_process";

execFileSync(process.execPath, ["scripts/prisma-generate.mjs"], { stdio: "inherit" });
execFileSync(process.execPath, ["node_modules/relay-compiler/cli.js"], { stdio: "inherit" });
execFileSync(process.execPath, ["scripts/catalogs.mjs", "compile"], { stdio: "inherit" });
