import { randomBytes } from "node:crypto";
import pg from "pg";

/** `--name value` and `--flag` pairs from argv. */
export function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith("--")) continue;
    const [key, inline] = a.slice(2).split("=", 2) as [string, string | undefined];
    if (inline !== undefined) out[key] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith("--")) out[key] = argv[++i]!;
    else out[key] = "1";
  }
  return out;
}

export function numberArg(args: Record<string, string>, name: string, fallback: number): number {
  if (args[name] === undefined) return fallback;
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

/** A fresh database on the server of `baseUrl` (which must allow CREATE DATABASE); drop() removes it. */
export async function freshPgDatabase(baseUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Signs in over HTTP and returns the session cookie (name=value). */
export async function signInCookie(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(new URL("/api/auth/login", base), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${username} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0];
  if (!cookie) throw new Error("sign-in set no cookie");
  return cookie.split(";")[0]!;
}

export const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
export const fmt = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : "-");

/** A plain-text table with right-aligned cells after the first column. */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
