// Builds the client into client/dist. Until the React app lands (client issue) this copies the
// placeholder page; then it runs `vite build`.
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { execFileSync } from "node:child_process";

if (existsSync("client/vite.config.ts")) {
  execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--config", "client/vite.config.ts"], { stdio: "inherit" });
} else {
  mkdirSync("client/dist", { recursive: true });
  cpSync("client/index.html", "client/dist/index.html");
}
