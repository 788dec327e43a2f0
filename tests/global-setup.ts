import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The server serves client/dist; build it once when a fresh clone has none. */
export default function setup() {
  if (!existsSync("client/dist/index.html")) execFileSync(process.execPath, ["scripts/build-client.mjs"], { stdio: "inherit" });
}
