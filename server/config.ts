import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const flag = z
  .enum(["0", "1", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["1", "true", "yes"].includes(v)));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** 1 (default): the demo company with everything it does; basic: the smaller set the test suites are written against; 0: none. */
  SEED_DEMO: z.enum(["0", "1", "true", "false", "yes", "no", "", "basic"]).optional(),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  NODE_ENV: z.string().default("development"),
  CLIENT_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("warn"),
  TRUST_PROXY: z.string().optional(),
  RATE_LIMIT_API_MAX: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_API_WINDOW: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_SIGNIN_MAX: z.coerce.number().int().min(0).default(30),
  RATE_LIMIT_SIGNIN_WINDOW: z.coerce.number().int().min(1).default(15 * 60),
  /** The first wait after too many failed sign-ins of one username (it doubles with each further failure). */
  SIGNIN_DELAY_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  GRAPHQL_PERSISTED_ONLY: flag,
  /** How long a GraphQL answer may be kept (response cache); 0 keeps none. */
  GRAPHQL_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  PERSISTED_OPERATIONS: z.string().optional(),
  OBJECT_STORE: z.enum(["local", "postgres", "s3", ""]).optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url("S3_ENDPOINT must be a URL").optional().or(z.literal("").transform(() => undefined)),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag,
  S3_DIRECT: flag,
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional().or(z.literal("").transform(() => undefined)),
  ALLOW_PRIVATE_WEBHOOKS: flag,
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(10_000),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).default(60_000),
  /** Other origins (scheme://host[:port], comma-separated) whose pages may open live connections with the session cookie. */
  ALLOWED_ORIGINS: z.string().optional(),
  /** The company named at the top of purchase-order PDFs. */
  COMPANY_NAME: z.string().trim().min(1).max(200).default("Trapline Pest Control"),
});

/**
 * Which proxies may tell the client's address (X-Forwarded-For) and protocol (X-Forwarded-Proto).
 * Unset, "", "0", "false", "no": none (the socket's address counts). "true"/"yes": any (only when
 * every request passes a proxy that overwrites those headers). A number N: the N nearest hops.
 * Otherwise a comma-separated list of proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8).
 */
export type TrustProxy = boolean | number | string;
function parseTrustProxy(raw: string | undefined): TrustProxy {
  const v = (raw ?? "").trim().toLowerCase();
  if (["", "0", "false", "no"].includes(v)) return false;
  if (["true", "yes"].includes(v)) return true;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  if (!/^[0-9a-f.:/,\s]+$/.test(v)) {
    throw new Error("Invalid configuration: TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses/CIDR ranges");
  }
  return v.replace(/\s+/g, "");
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The demo company: "full" (every capability on show), "basic" (the tests' fixture), or none. */
  seedDemo: "full" | "basic" | false;
  admin: { username: string; password: string } | undefined;
  sessionSecret: string;
  production: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** The built client that is served (client/dist unless CLIENT_DIR names another build). */
  clientDir: string;
  trustProxy: TrustProxy;
  /** Requests per client address: max per window (ms); max 0 turns a limit off. */
  rateLimits: { api: RateLimit; signIn: RateLimit };
  /** The app's GraphQL operations by id (written by relay-compiler), and whether only those may run. */
  persistedOperations: { file: string; only: boolean };
  /** GRAPHQL_CACHE_SECONDS: how long the response cache keeps an answer (0: none). */
  responseCacheMs: number;
  /** Where SDS objects live: see `objectStoreOf`. */
  objectStore: ObjectStoreConfig;
  /** When set, GET /metrics wants `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Webhook deliveries: may endpoints resolve to private addresses; first retry delay (doubling, at most an hour); outbox poll. */
  webhooks: { allowPrivate: boolean; retryBaseMs: number; pollMs: number };
  companyName: string;
  /** SIGNIN_DELAY_MS: the first wait after failed sign-ins (server/domain/signInThrottle.ts). */
  signInDelayMs: number;
  /** ALLOWED_ORIGINS, normalised (besides the app's own origin, which is always allowed). */
  allowedOrigins: string[];
};
export type ObjectStoreConfig =
  | { kind: "local" | "postgres" }
  | { kind: "s3"; bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean; direct: boolean };

/**
 * OBJECT_STORE picks the store; unset: S3 when S3_BUCKET is given, else PostgreSQL when DATABASE_URL
 * is (every process on the database sees every file), else the local folder DATA_DIR/objects.
 */
function objectStoreOf(e: z.infer<typeof envSchema>): ObjectStoreConfig {
  const kind = e.OBJECT_STORE || (e.S3_BUCKET ? "s3" : e.DATABASE_URL ? "postgres" : "local");
  if (kind !== "s3") return { kind };
  if (!e.S3_BUCKET) throw new Error("Invalid configuration: OBJECT_STORE=s3 needs S3_BUCKET");
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) throw new Error("Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
  return {
    kind,
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION || "us-east-1",
    accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    // Browsers send and fetch SDS bytes to and from the bucket; S3_DIRECT=0 keeps them passing through the server.
    direct: e.S3_DIRECT ?? true,
  };
}
export type RateLimit = { max: number; windowMs: number };

/** Reads the environment once. The session secret, when not given, is made once and kept in DATA_DIR. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid configuration: ${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  if ((e.ADMIN_USERNAME && !e.ADMIN_PASSWORD) || (!e.ADMIN_USERNAME && e.ADMIN_PASSWORD)) {
    throw new Error("Invalid configuration: ADMIN_USERNAME and ADMIN_PASSWORD go together");
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO === "basic" ? "basic" : ["0", "false", "no"].includes(e.SEED_DEMO ?? "") ? false : "full",
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    sessionSecret: e.SESSION_SECRET ?? keptSecret(dataDir),
    clientDir: e.CLIENT_DIR ? resolve(e.CLIENT_DIR) : fileURLToPath(new URL("../client/dist", import.meta.url)),
    production: e.NODE_ENV === "production",
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: {
      api: { max: e.RATE_LIMIT_API_MAX, windowMs: e.RATE_LIMIT_API_WINDOW * 1000 },
      signIn: { max: e.RATE_LIMIT_SIGNIN_MAX, windowMs: e.RATE_LIMIT_SIGNIN_WINDOW * 1000 },
    },
    persistedOperations: {
      file: e.PERSISTED_OPERATIONS ? resolve(e.PERSISTED_OPERATIONS) : fileURLToPath(new URL("../client/persisted-operations.json", import.meta.url)),
      only: e.GRAPHQL_PERSISTED_ONLY ?? false,
    },
    responseCacheMs: e.GRAPHQL_CACHE_SECONDS * 1000,
    objectStore: objectStoreOf(e),
    metricsToken: e.METRICS_TOKEN,
    webhooks: { allowPrivate: e.ALLOW_PRIVATE_WEBHOOKS ?? false, retryBaseMs: e.WEBHOOK_RETRY_BASE_MS, pollMs: e.WEBHOOK_POLL_MS },
    companyName: e.COMPANY_NAME,
    allowedOrigins: parseOrigins(e.ALLOWED_ORIGINS),
    signInDelayMs: e.SIGNIN_DELAY_MS,
  };
}

function parseOrigins(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => {
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        throw new Error(`Invalid configuration: ALLOWED_ORIGINS: ${v} is not an origin (scheme://host[:port])`);
      }
      if (!/^https?:$/.test(url.protocol) || url.origin !== v.replace(/\/$/, "")) {
        throw new Error(`Invalid configuration: ALLOWED_ORIGINS: ${v} is not an origin (scheme://host[:port])`);
      }
      return url.origin;
    });
}

function keptSecret(dataDir: string): string {
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  return secret;
}
