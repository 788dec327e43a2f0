// `npm run bench -- --writes [--old DIR | --release 3d7d27d] [--writers 4] [--seconds 8] [--rounds 2]`:
// the write path of an earlier release and of this checkout, side by side on the embedded database.
// Each server is the real one (`node --import tsx server/index.ts` in its own checkout, fresh data
// folder); W writers each, for S seconds: item creates (POST /api/inventory), then check-out and
// check-in cycles of one piece of equipment per writer (POST …/checkout, …/checkin). Rounds alternate
// which server goes first. Only the ratios within one run mean anything on a shared machine.
//
// Without --old, the release is checked out once into .tmp/bench-release-<commit> (git clone of this
// repository, `npm install` there) and kept for later runs.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { spawn } from "node:child_process";
import { freePort } from "./server-process.ts";

type Args = { old?: string; release?: string; writers?: string; seconds?: string; rounds?: string };
type Rates = { creates: number; moves: number };

function checkout(commit: string): string {
  const dir = resolve(`.tmp/bench-release-${commit}`);
  if (!existsSync(join(dir, "node_modules"))) {
    rmSync(dir, { recursive: true, force: true });
    execFileSync("git", ["clone", "-q", resolve("."), dir], { stdio: "inherit" });
    execFileSync("git", ["-C", dir, "checkout", "-q", commit], { stdio: "inherit" });
    execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
  }
  return dir;
}

async function start(dir: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "trapline-writes-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", NODE_ENV: "production", SEED_DEMO: "1", RATE_LIMIT_API_MAX: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (i > 600 || child.exitCode !== null) throw new Error(`server in ${dir} did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
      // The files it wrote reach the disk now, not during the next server's measure.
      execFileSync("sync");
      await new Promise((r) => setTimeout(r, 1500));
    },
  };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "manager", password: "manager123" }) });
  if (!res.ok) throw new Error(`sign-in: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** W writers, each repeating `step` until the time is up; answers the successful steps per second. */
async function rate(writers: number, seconds: number, step: (writer: number, i: number) => Promise<boolean>): Promise<number> {
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  const counts = await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      let ok = 0;
      for (let i = 0; performance.now() < end; i++) if (await step(w, i)) ok++;
      return ok;
    }),
  );
  return counts.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000);
}

async function measure(dir: string, writers: number, seconds: number, label: string): Promise<Rates> {
  const server = await start(dir);
  try {
    const cookie = await signIn(server.url);
    const post = (path: string, body?: unknown) =>
      fetch(server.url + path, { method: "POST", headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
    // Warm-up: a few of each, not counted.
    for (let i = 0; i < 5; i++) await (await post("/api/inventory", { name: `warm ${label} ${i}`, category: "Supplies", quantity: 3 })).text();
    const creates = await rate(writers, seconds, async (w, i) => {
      const res = await post("/api/inventory", { name: `Bench item ${label} ${w}-${i}`, category: "Supplies", quantity: 5, minQuantity: 1 });
      await res.text();
      return res.status === 201;
    });
    const pieces: number[] = [];
    for (let w = 0; w < writers; w++) {
      const res = await post("/api/equipment", { name: `Bench sprayer ${label} ${w}`, category: "Sprayer" });
      pieces.push(((await res.json()) as { id: number }).id);
    }
    const moves = await rate(writers, seconds, async (w, i) => {
      const res = i % 2 === 0 ? await post(`/api/equipment/${pieces[w]}/checkout`, { assignedTo: "Bench Tech" }) : await post(`/api/equipment/${pieces[w]}/checkin`);
      await res.text();
      return res.status === 200;
    });
    return { creates, moves };
  } finally {
    await server.stop();
  }
}

export async function benchWrites(args: Args) {
  const release = args.release ?? "3d7d27d";
  const old = args.old ? resolve(args.old) : checkout(release);
  const writers = Number(args.writers ?? 4);
  const seconds = Number(args.seconds ?? 8);
  const rounds = Number(args.rounds ?? 2);
  console.log(`Writes on the embedded database, ${writers} writers each, ${seconds} s a measure: ${args.old ? old : release} (then) and this checkout (now).\n`);
  const rows: { round: number; then: Rates; now: Rates }[] = [];
  for (let round = 1; round <= rounds; round++) {
    // Alternate which goes first, so neither always meets a warmer (or busier) machine.
    const first = round % 2 === 1;
    const a = await measure(first ? old : resolve("."), writers, seconds, first ? "then" : "now");
    const b = await measure(first ? resolve(".") : old, writers, seconds, first ? "now" : "then");
    const then = first ? a : b;
    const now = first ? b : a;
    rows.push({ round, then, now });
    console.log(
      `round ${round}: item creates ${then.creates.toFixed(1)} → ${now.creates.toFixed(1)} /s (${(now.creates / then.creates).toFixed(2)}×); ` +
        `check-out/in ${then.moves.toFixed(1)} → ${now.moves.toFixed(1)} /s (${(now.moves / then.moves).toFixed(2)}×)`,
    );
  }
  const ratio = (k: keyof Rates) => rows.map((r) => r.now[k] / r.then[k]);
  // Geometric mean: rounds alternate which server goes first, so the mean cancels an order effect.
  const mean = (list: number[]) => Math.exp(list.reduce((a, b) => a + Math.log(b), 0) / list.length).toFixed(2);
  console.log(
    `\nRatios now/then: item creates ${ratio("creates").map((r) => r.toFixed(2)).join(", ")} (geometric mean ${mean(ratio("creates"))}); ` +
      `check-out/in ${ratio("moves").map((r) => r.toFixed(2)).join(", ")} (geometric mean ${mean(ratio("moves"))})`,
  );
  return rows;
}
