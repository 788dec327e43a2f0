// The built app on a fresh demo database (scripts/e2e-server.mjs) for the scripts that look at it
// (screenshots, lighthouse): started on `port`, resolved once /healthz answers, stopped on exit.
import { spawn } from "node:child_process";

export async function startDemoServer(port) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["scripts/e2e-server.mjs", String(port)], { stdio: ["ignore", "ignore", "inherit"] });
  const stop = () => server.kill("SIGTERM");
  process.on("exit", stop);
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error("server did not start");
}
