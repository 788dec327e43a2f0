import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { createApp, type App } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { contractProblem } from "./openapi.ts";
import { TEMPLATE_ENV } from "./serverEnv.ts";

export type TestServer = {
  url: string;
  app: App;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Closes and starts the server again on the same data (durability). */
  restart(): Promise<void>;
  close(): Promise<void>;
  /** A client signed in as one of the demo accounts (or any username/password). */
  as(username: string, password?: string): Promise<ApiClient>;
  anonymous(): ApiClient;
  /** A client without cookies that sends `Authorization: Bearer <token>` (an API token). */
  bearer(token: string): ApiClient;
};

export const DEMO_PASSWORDS: Record<string, string> = { manager: "manager123", tech: "tech123", pnair: "priya1234", tbecker: "tom12345", agomez: "alicia1234" };

/** Settings that change what a new database holds: a test that sets one gets a database made from nothing. */
const SEEDING = /^(SEED_DEMO|ADMIN_|OBJECT_STORE|S3_)/;

/**
 * Puts a copy of the template database (tests/global-setup.ts: migrated and seeded with the basic demo
 * set, as a server started with TEMPLATE_ENV makes it) into a new data folder, when this runs under
 * vitest on PGlite; a server started there with SEED_DEMO=basic opens it as its own. False when there is none.
 */
export function fromTemplate(dataDir: string): boolean {
  let pgdata: string | undefined;
  try {
    pgdata = inject("pgdataTemplate");
  } catch {
    return false;
  }
  if (!pgdata) return false;
  cpSync(pgdata, join(dataDir, "pgdata"), { recursive: true });
  return true;
}

/**
 * Starts the real server on a free port with a fresh data folder. With TEST_DATABASE_URL it uses a
 * fresh database on that PostgreSQL server (dropped at close); otherwise embedded PGlite, a copy of
 * the template database (migrated and seeded as a new server does it, made once per run) unless the
 * test's settings change what a new database holds.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: {
    onQuery?: (sql: string) => void;
    /** join this PostgreSQL database instead of making a fresh one (not dropped at close) */ databaseUrl?: string;
    /** the fresh PostgreSQL database's own time zone (`ALTER DATABASE … SET timezone`), as a server on local time has */ databaseTimeZone?: string;
    /** where the server's JSON log lines go (with LOG_LEVEL in env) */ logStream?: { write(line: string): void };
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "trapline-test-"));
  const ownsDatabase = !options.databaseUrl;
  const databaseUrl = options.databaseUrl ?? (await freshDatabase(options.databaseTimeZone));
  if (!databaseUrl && !Object.keys(env).some((k) => SEEDING.test(k))) fromTemplate(dataDir);
  const config = () =>
    // The suites are written against the basic demo set (the full demo company adds trucks, purchasing and applications).
    loadConfig({ ...TEMPLATE_ENV, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", ...env });
  let app = await createApp(config(), { onQuery: options.onQuery, logStream: options.logStream });
  let url = await app.http.listen({ port: 0, host: "127.0.0.1" });
  const server: TestServer = {
    get url() {
      return url;
    },
    get app() {
      return app;
    },
    dataDir,
    databaseUrl,
    async restart() {
      await app.close();
      app = await createApp(config(), { onQuery: options.onQuery, logStream: options.logStream });
      url = await app.http.listen({ port: 0, host: "127.0.0.1" });
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl && ownsDatabase) await dropDatabase(databaseUrl);
    },
    async as(username, password = DEMO_PASSWORDS[username] ?? "") {
      const client = new ApiClient(() => url);
      const res = await client.post("/api/auth/login", { username, password });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return client;
    },
    anonymous: () => new ApiClient(() => url),
    bearer(token) {
      const client = new ApiClient(() => url);
      client.authorization = `Bearer ${token}`;
      return client;
    },
  };
  return server;
}

async function freshDatabase(timeZone?: string): Promise<string | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `trapline_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  if (timeZone) await admin.query(`ALTER DATABASE "${name}" SET timezone = ${pg.escapeLiteral(timeZone)}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

/** A cookie-keeping HTTP client, like a browser sending credentials. */
export class ApiClient {
  /** The session cookie (`trapline_session=…`), as a browser keeps it. */
  cookie: string | undefined;
  /** The device cookie (`trapline_device=…`) a sign-in leaves: it outlives sign-out, as in a browser. */
  deviceCookie: string | undefined;
  /** Sent as the Authorization header when set. */
  authorization: string | undefined;
  constructor(private readonly base: () => string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === "string" || body instanceof Uint8Array ? (body as RequestInit["body"]) : JSON.stringify(body);
      (init.headers as Record<string, string>)["content-type"] ??= "application/json";
    }
    const cookies = [this.cookie, this.deviceCookie].filter(Boolean);
    if (cookies.length) (init.headers as Record<string, string>).cookie = cookies.join("; ");
    if (this.authorization) (init.headers as Record<string, string>).authorization ??= this.authorization;
    const res = await fetch(new URL(path, this.base()), init);
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(";");
      const value = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) ? undefined : pair;
      if (pair!.startsWith("trapline_device=")) this.deviceCookie = value;
      else if (pair!.startsWith("trapline_session=")) this.cookie = value;
      // the role cookie (schemas/roleCookie.ts) is for the page's script; the server never reads it
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    // Every answer must keep to the OpenAPI document (./openapi.ts): drift fails the test that met it.
    const problem = contractProblem(method, path, res.status, res.headers.get("content-type"), parsed, text);
    if (problem) throw new Error(`OpenAPI: ${problem}`);
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  }
  get<T = any>(path: string) {
    return this.request<T>("GET", path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>("POST", path, body);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>("PUT", path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>("DELETE", path);
  }
}
