import { createHmac } from "node:crypto";
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { Deps } from "./context.ts";
import { hasActiveWebhooks, onDeliveriesQueued } from "./webhookOutbox.ts";
import { isForbiddenAddress } from "./webhooks.ts";

/** A delivery is retried for this long after it was written, then marked failed. */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const SEND_TIMEOUT_MS = 10_000;
/** A claimed delivery is another process's to take again only after this (a sender that died mid-send). */
const CLAIM_MS = 60_000;
const BATCH = 10;
const UTC_NOW = `timezone('UTC', now())`;

export type WebhookSettings = { allowPrivate: boolean; retryBaseMs: number; pollMs: number };

/** The outbox's backlog, for /metrics: deliveries still to send (due or waiting to retry), and the age of the oldest in seconds. */
export async function webhookQueue(deps: Pick<Deps, "prisma">): Promise<{ pending: number; oldestSeconds: number }> {
  const [row] = await deps.prisma.$queryRawUnsafe<{ pending: number; oldest: number | null }[]>(
    `SELECT count(*)::int AS pending, extract(epoch FROM (${UTC_NOW} - min("createdAt")))::float8 AS oldest FROM "WebhookDelivery" WHERE status = 'pending'`,
  );
  return { pending: row?.pending ?? 0, oldestSeconds: Math.max(0, row?.oldest ?? 0) };
}

/** The wait before attempt n+1 after n failed attempts: base·2^(n−1), at most an hour. */
export function backoffMs(failedAttempts: number, baseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, failedAttempts - 1));
}

/** `sha256=<hex HMAC-SHA256 of the raw body>`, as sent in X-Trapline-Signature. */
export function signatureOf(secret: string, body: string): string {
  return "sha256=" + createHmac("sha256", secret).update(body).digest("hex");
}

type Claimed = { id: string; event: string; body: string; attempts: number; createdAt: Date; url: string; secret: string };

/**
 * Claims due deliveries: one UPDATE over rows picked with FOR UPDATE SKIP LOCKED, so concurrent
 * senders (other processes) never take the same row; the claim lasts CLAIM_MS.
 */
async function claimDue(deps: Deps): Promise<Claimed[]> {
  return deps.prisma.$queryRawUnsafe<Claimed[]>(
    `UPDATE "WebhookDelivery" d SET "lockedUntil" = ${UTC_NOW} + interval '${CLAIM_MS} milliseconds', attempts = d.attempts + 1
     FROM "Webhook" w
     WHERE w.id = d."webhookId" AND d.id IN (
       SELECT id FROM "WebhookDelivery"
       WHERE status = 'pending' AND "nextAttemptAt" <= ${UTC_NOW} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${UTC_NOW})
       ORDER BY "nextAttemptAt", id LIMIT ${BATCH}
       FOR UPDATE SKIP LOCKED)
     RETURNING d.id, d.event, d.body, d.attempts, d."createdAt", w.url, w.secret`,
  );
}

/** Resolves like dns.lookup but refuses forbidden addresses, so a host that re-resolves to one (DNS rebinding) is not reached. */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err);
      const allowed = allowPrivate ? addresses : addresses.filter((a) => !isForbiddenAddress(a.address));
      if (!allowed.length) return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: "EFORBIDDEN" }));
      if ((options as LookupAllOptions).all) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** POSTs one delivery; resolves to the HTTP status (the body is read and dropped). */
function post(claimed: Claimed, allowPrivate: boolean): Promise<number> {
  const url = new URL(claimed.url);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && isIP(host) && isForbiddenAddress(host)) return Promise.reject(new Error("The URL points to a private address"));
  const body = Buffer.from(claimed.body);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "POST",
        lookup: guardedLookup(allowPrivate) as never,
        timeout: SEND_TIMEOUT_MS,
        headers: {
          "content-type": "application/json",
          "content-length": String(body.length),
          "user-agent": "Trapline-Webhooks/1",
          "x-trapline-event": claimed.event,
          "x-trapline-delivery": claimed.id,
          "x-trapline-signature": signatureOf(claimed.secret, claimed.body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`No answer within ${SEND_TIMEOUT_MS / 1000} s`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** Sends one claimed delivery and records the outcome: delivered on 2xx, else retried with backoff until a day has passed. */
async function sendOne(deps: Deps, claimed: Claimed, settings: WebhookSettings): Promise<void> {
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = await post(claimed, settings.allowPrivate);
    if (status < 200 || status >= 300) error = `HTTP ${status}`;
  } catch (e) {
    error = (e as Error).message.slice(0, 500) || "Sending failed";
  }
  const now = Date.now();
  if (!error) {
    await deps.prisma.webhookDelivery.update({
      where: { id: claimed.id },
      data: { status: "delivered", deliveredAt: new Date(now), lastStatusCode: status, lastError: null, lockedUntil: null },
    });
    return;
  }
  const next = now + backoffMs(claimed.attempts, settings.retryBaseMs);
  const givingUp = next > claimed.createdAt.getTime() + RETRY_FOR_MS;
  await deps.prisma.webhookDelivery.update({
    where: { id: claimed.id },
    data: { status: givingUp ? "failed" : "pending", nextAttemptAt: new Date(next), lastStatusCode: status, lastError: error, lockedUntil: null },
  });
}

/** Claims and sends due deliveries until none is due; answers how many were attempted. */
export async function sendDueDeliveries(deps: Deps, settings: WebhookSettings): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claimDue(deps);
    if (!batch.length) return sent;
    await Promise.all(batch.map((d) => sendOne(deps, d, settings)));
    sent += batch.length;
  }
}

/**
 * The worker of each server process. It sends at start, at once after a write of this process
 * queued deliveries, when the earliest retry falls due, and every `pollMs` while any webhook is
 * active (deliveries another process queued or gave up on mid-send). On PostgreSQL every process
 * runs one; SKIP LOCKED gives each delivery to one of them. On the embedded database the one
 * process is the only sender.
 */
export function startWebhookWorker(deps: Deps, settings: WebhookSettings, onError: (err: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleRetry = async () => {
    const [row] = await deps.prisma.$queryRaw<{ next: Date | null }[]>`
      SELECT min("nextAttemptAt") AS next FROM "WebhookDelivery" WHERE status = 'pending'`;
    clearTimeout(retryTimer);
    if (!row?.next || stopped) return;
    retryTimer = setTimeout(run, Math.max(0, Math.min(row.next.getTime() - Date.now(), 2 ** 31 - 1)) + 5);
    retryTimer.unref();
  };
  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = sendDueDeliveries(deps, settings)
      .then(scheduleRetry)
      .catch(onError)
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          run();
        }
      });
  }
  onDeliveriesQueued(deps.events, run);
  const poll = setInterval(() => {
    void hasActiveWebhooks(deps.events, deps.prisma).then((any) => any && run(), onError);
  }, settings.pollMs);
  poll.unref();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(retryTimer);
      onDeliveriesQueued(deps.events, () => {});
      await running;
    },
  };
}
