// The real server as a child process (`node --import tsx server/index.ts`), for the soak and for
// the resilience tests that send it signals or run it for a while; plus small HTTP helpers.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = fileURLToPath(new URL("..", import.meta.url));

/** A port that was free a moment ago (the server is given a fixed one: it does not print PORT=0's). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The first port in from..to that is free now (for a machine that hands out a port range). */
export async function freePortIn(from: number, to: number, taken: Set<number> = new Set()): Promise<number> {
  for (let port = from; port <= to; port++) {
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${from}-${to}`);
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** Resolves once it says it is serving; rejects if it exits first or takes over the time limit. */
  serving: Promise<void>;
};

/** Spawns the server (PGlite in DATA_DIR unless DATABASE_URL is given); see `serving`. */
export function spawnServerProcess(env: Record<string, string>, timeoutMs = 45_000): ServerProcess {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    // All load comes from one address: counted as in production, but never refused.
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "silent", NODE_ENV: "test", DATABASE_URL: "", RATE_LIMIT_API_MAX: "1000000000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "?")));
  const serving = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    child.stdout!.on("data", () => {
      if (!/is serving on/.test(out)) return;
      clearTimeout(timer);
      resolve();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before serving:\n${out}`));
    });
  });
  serving.catch(() => {}); // observed by whoever awaits it
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited, serving };
}

/** Starts the server and resolves once it is serving. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 45_000): Promise<ServerProcess> {
  const server = spawnServerProcess(env, timeoutMs);
  await server.serving;
  return server;
}

/** Signs in with fetch and returns the session cookie (name=value). */
export async function signIn(url: string, username = "manager", password = "manager123"): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username, password }) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers read loosely-typed JSON answers
export type Call = { status: number; body: any } | { error: string };

/** One JSON request; a network failure is returned (not thrown) as { error }. */
export async function call(url: string, cookie: string, method: string, path: string, body?: unknown, timeoutMs = 15_000): Promise<Call> {
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return { error: e.cause?.code ?? e.name ?? String(err) };
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const ok = (c: Call): c is { status: number; body: any } => "status" in c && c.status >= 200 && c.status < 300;

/** A fresh database on the server of `base` (TEST_DATABASE_URL by default); drop() removes it, forcing its connections closed. */
export async function freshDatabase(
  prefix = "trapline_resilience",
  base = process.env.TEST_DATABASE_URL!,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Resident memory of a process in bytes (Linux /proc), or NaN where that is not available. */
export function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : NaN;
  } catch {
    return NaN;
  }
}
