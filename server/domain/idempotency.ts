import { AsyncLocalStorage } from "node:async_hooks";
import { Prisma } from "../db/generated/client.ts";
import { createHash } from "node:crypto";
import type { Tx } from "../db/client.ts";
import type { PrismaClient } from "../db/generated/client.ts";
import { IdempotencyKeyReusedError, ValidationError } from "./errors.ts";
import { say } from "../../schemas/messages.ts";

/**
 * Idempotent writes (issue 13). A client sends an `Idempotency-Key` with a write; the transport
 * checks its form, digests what the request asks (its fingerprint) and runs the request inside
 * `scope.run`. The domain's `write()` then claims the key in its own transaction, before the change:
 *
 * - the key row is inserted first, so a concurrent request with the same key (in this process or
 *   another one on the same PostgreSQL) blocks on it until the first transaction ends;
 * - the change's result (the domain answer the transports shape) is stored in the same row before
 *   commit, so there is never a change without its key nor a key without its change;
 * - a key already stored returns that answer and changes nothing; with another fingerprint it is
 *   refused (IdempotencyKeyReusedError, 422);
 * - a write that fails (validation, conflict, …) rolls its key back with it: only changes that
 *   happened are remembered, and the same key may be sent again.
 *
 * Keys belong to the signed-in user who sent them (another user's equal key is a different key).
 */

/** Keys are kept this long after their write; a client must not resend a change older than this. */
export const IDEMPOTENCY_KEY_TTL_DAYS = 8;
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

/** The form of a key (also the OpenAPI document's pattern for the header). */
export const IDEMPOTENCY_KEY_FORM = /^[A-Za-z0-9._:-]{16,128}$/;
export const KEY_FORM_MESSAGE = say(/*i18n*/ {
  id: "idempotency.keyForm",
  message: "Idempotency-Key must be 16 to 128 characters of letters, digits and . _ : - (a UUID made on the device is a good key)",
});

/** The header's value, undefined when absent; a ValidationError when it is not a usable key. */
export function parseIdempotencyKey(header: string | string[] | null | undefined): string | undefined {
  if (header === undefined || header === null) return undefined;
  const value = Array.isArray(header) ? header.join(", ") : header;
  if (!IDEMPOTENCY_KEY_FORM.test(value)) throw new ValidationError(KEY_FORM_MESSAGE, "Idempotency-Key");
  return value;
}

/** One keyed request: who sent it, its key, and the digest of what it asks. */
export type KeyedRequest = { userId: number; key: string; fingerprint: string };

/** Where keys are kept: the database of the domain's Deps (context.ts stands above this module: its write() claims keys here). */
type KeyStore = { prisma: PrismaClient };

/** sha256 of the parts as canonical JSON (object keys sorted), so key order in a body does not matter. */
export function fingerprintOf(...parts: unknown[]): string {
  return createHash("sha256").update(canonicalJson(parts)).digest("base64url");
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const current = new AsyncLocalStorage<IdempotencyScope>();

/** The key of one request, in reach of the domain writes the request makes while `run` lasts. */
export class IdempotencyScope {
  /** True once a write of this request returned the stored answer instead of changing anything. */
  replayed = false;
  private taken = false;

  constructor(readonly request: KeyedRequest) {}

  run<T>(fn: () => T): T {
    return current.run(this, fn);
  }

  /** For write(): the key of the request it runs for, if any. One key covers one write. */
  static take(): IdempotencyScope | undefined {
    const scope = current.getStore();
    if (!scope) return undefined;
    if (scope.taken) throw new Error("An Idempotency-Key covers one write, and this request made a second one");
    scope.taken = true;
    return scope;
  }

  /**
   * Inside write()'s transaction: claims the key, then runs the change and stores its result with
   * the key; or, when the key was already used for this request, returns the stored result.
   */
  async once<T>(tx: Tx, change: () => Promise<T>): Promise<T> {
    const { userId, key, fingerprint } = this.request;
    // An expired row that the sweep has not reached yet is taken over as if it were gone.
    const claimed = await tx.$queryRaw<unknown[]>`
      INSERT INTO "IdempotencyKey" ("userId", "key", "fingerprint", "expiresAt")
      VALUES (${userId}, ${key}, ${fingerprint}, now() + make_interval(days => ${IDEMPOTENCY_KEY_TTL_DAYS}))
      ON CONFLICT ("userId", "key") DO UPDATE
        SET "fingerprint" = EXCLUDED."fingerprint", "answer" = NULL, "createdAt" = now(), "expiresAt" = EXCLUDED."expiresAt"
        WHERE "IdempotencyKey"."expiresAt" <= now()
      RETURNING 1 AS claimed`;
    if (claimed.length) {
      const result = await change();
      await tx.idempotencyKey.update({ where: { userId_key: { userId, key } }, data: { answer: encodeAnswer(result) } });
      return result;
    }
    // The key is another transaction's, committed (the insert waited for it): answer as it did.
    const stored = await tx.idempotencyKey.findUniqueOrThrow({ where: { userId_key: { userId, key } }, select: { fingerprint: true, answer: true } });
    if (stored.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
    if (stored.answer === null) throw new Error("A committed idempotency key has no answer");
    this.replayed = true;
    return decodeAnswer(stored.answer) as T;
  }
}

/**
 * Refuses, before anything runs, a key already used for a different request. The transaction in
 * write() checks again (a request racing the first one is seen there); this check answers 422 even
 * when the new request would fail its own validation first.
 */
export async function assertKeyFitsRequest(deps: KeyStore, request: KeyedRequest, now = new Date()): Promise<void> {
  const stored = await deps.prisma.idempotencyKey.findUnique({
    where: { userId_key: { userId: request.userId, key: request.key } },
    select: { fingerprint: true, expiresAt: true },
  });
  if (stored && stored.expiresAt > now && stored.fingerprint !== request.fingerprint) throw new IdempotencyKeyReusedError();
}

/** Deletes expired keys; safe on every process at once. Returns how many went. */
export async function sweepExpiredIdempotencyKeys(deps: KeyStore, now = new Date()): Promise<number> {
  const { count } = await deps.prisma.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

type Path = (string | number)[];

/**
 * JSON with the paths of its Dates, BigInts (a measured product's exact amounts) and Decimals (an
 * application's amounts) beside it, so a replay hands the transports the same types the first answer had.
 */
function encodeAnswer(value: unknown): string {
  const dates: Path[] = [];
  const bigints: Path[] = [];
  const decimals: Path[] = [];
  const plain = (v: unknown, path: Path): unknown => {
    if (v instanceof Date) {
      dates.push(path);
      return v.toISOString();
    }
    if (typeof v === "bigint") {
      bigints.push(path);
      return v.toString();
    }
    if (Prisma.Decimal.isDecimal(v)) {
      decimals.push(path);
      return (v as Prisma.Decimal).toString();
    }
    if (Array.isArray(v)) return v.map((x, i) => plain(x, [...path, i]));
    if (v !== null && typeof v === "object") {
      const proto = Object.getPrototypeOf(v) as object | null;
      if (proto !== Object.prototype && proto !== null) throw new Error(`A keyed write's result must be plain data, not ${proto.constructor.name}`);
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x, [...path, k])]));
    }
    if (typeof v === "function" || typeof v === "symbol") throw new Error(`A keyed write's result cannot hold a ${typeof v}`);
    return v;
  };
  const encoded = plain(value, []);
  return JSON.stringify({ value: encoded, dates, ...(bigints.length ? { bigints } : {}), ...(decimals.length ? { decimals } : {}) });
}

function decodeAnswer(text: string): unknown {
  const { value, dates, bigints = [], decimals = [] } = JSON.parse(text) as { value: unknown; dates: Path[]; bigints?: Path[]; decimals?: Path[] };
  const root: Record<string | number, unknown> = { value };
  const revive = (paths: Path[], as: (text: string) => unknown) => {
    for (const path of paths) {
      let parent = root;
      let at: string | number = "value";
      for (const step of path) {
        parent = parent[at] as Record<string | number, unknown>;
        at = step;
      }
      parent[at] = as(parent[at] as string);
    }
  };
  revive(dates, (t) => new Date(t));
  revive(bigints, (t) => BigInt(t));
  revive(decimals, (t) => new Prisma.Decimal(t));
  return root.value;
}
