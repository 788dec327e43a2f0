// Generated code is rebuilt on install, never committed: the Prisma client (+ Pothos types), the compiled
// message catalogs (scripts/i18n.mjs) and Relay artifacts.
import { execFileSync } from "node:child_process";

execFileSync(process.execPath, ["scripts/prisma-generate.mjs"], { stdio: "inherit" });
execFileSync(process.execPath, ["scripts/i18n.mjs", "compile"], { stdio: "inherit" });
execFileSync(process.execPath, ["node_modules/relay-compiler/cli.js"], { stdio: "inherit" });
