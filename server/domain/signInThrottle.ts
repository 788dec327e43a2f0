import type { Deps } from "./context.ts";
import { RateLimitedError } from "./errors.ts";
import type { Message } from "../../schemas/messages.ts";

/*
 * Failed sign-ins slow the next try down; nothing an attacker does can lock the real person out.
 * Following OWASP's Authentication Cheat Sheet (throttle by address and by username with growing
 * delays) and its "Slow Down Online Guessing Attacks with Device Cookies":
 *
 * - a device the user signed in on before (it carries a device cookie naming them) is slowed only
 *   by its own failures: guesses from elsewhere, however many, never reach the user's own phone;
 * - any other device is slowed per username and address (the guesser at one keyboard), and per
 *   username over all addresses (a guesser spread over many), with delays that double with each
 *   failure past the free ones, up to 15 minutes between tries;
 * - every address is also held to RATE_LIMIT_SIGNIN_* failures a window, whatever the usernames
 *   (server/http/rateLimits.ts).
 *
 * A try inside a delay is answered at once (429, Retry-After) without checking the password, so a
 * guess made too early tells nothing. Failures are forgotten an hour after the last one.
 */

export type ThrottleRule = { free: number; maxDelayMs: number };

export const THROTTLE = {
  /** One username from one address, on a device it never signed in on. */
  pair: { free: 3, maxDelayMs: 15 * 60_000 },
  /** One username from every device it never signed in on. */
  untrusted: { free: 5, maxDelayMs: 15 * 60_000 },
  /** One device the username signed in on before. */
  device: { free: 5, maxDelayMs: 15 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

export const FORGET_AFTER_MS = 60 * 60_000;

/** The wait after `failures` failures: none for the free ones, then 1 s, 2 s, 4 s … (from `firstMs`) up to the rule's most. */
export function delayAfter(failures: number, rule: ThrottleRule, firstMs = 1000): number {
  if (failures < rule.free) return 0;
  return Math.min(firstMs * 2 ** Math.min(failures - rule.free, 30), rule.maxDelayMs);
}

/** Who is trying: the client's address, and the device cookie's id when it names this username. */
export type SignInClient = { address: string; trustedDeviceId?: string };

type Key = { key: string; rule: ThrottleRule };

export function throttleKeys(username: string, client: SignInClient): Key[] {
  if (client.trustedDeviceId) return [{ key: `device:${client.trustedDeviceId}`, rule: THROTTLE.device }];
  return [
    { key: `pair:${JSON.stringify([username, client.address])}`, rule: THROTTLE.pair },
    { key: `user:${username}`, rule: THROTTLE.untrusted },
  ];
}

function waitMessage(seconds: number): Message {
  return seconds < 90
    ? /*i18n*/ {
        id: "signIn.throttled",
        message: "{n, plural, one {Too many failed sign-in attempts. Try again in # second.} other {Too many failed sign-in attempts. Try again in # seconds.}}",
        values: { n: seconds },
      }
    : /*i18n*/ {
        id: "signIn.throttledMinutes",
        message: "{n, plural, one {Too many failed sign-in attempts. Try again in # minute.} other {Too many failed sign-in attempts. Try again in # minutes.}}",
        values: { n: Math.ceil(seconds / 60) },
      };
}

/** Refuses (RateLimitedError with the seconds to wait) while any of the keys is in its delay. */
export async function refuseWhileSlowed(deps: Deps, keys: Key[]): Promise<void> {
  const rows = await deps.prisma.loginThrottle.findMany({ where: { key: { in: keys.map((k) => k.key) } } });
  const now = Date.now();
  let until = 0;
  for (const row of rows) {
    if (now - row.lastFailureAt.getTime() > FORGET_AFTER_MS) continue;
    const rule = keys.find((k) => k.key === row.key)!.rule;
    until = Math.max(until, row.lastFailureAt.getTime() + delayAfter(row.failures, rule, deps.settings?.signInDelayMs));
  }
  if (until > now) {
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    throw new RateLimitedError(waitMessage(seconds), seconds);
  }
}

/** Counts one failure on each key, atomically (concurrent failures all count); one forgotten starts again at 1. */
export async function recordFailure(deps: Deps, keys: Key[]): Promise<void> {
  for (const { key } of keys) {
    await deps.prisma.$executeRaw`
      INSERT INTO "LoginThrottle" (key, failures, "lastFailureAt") VALUES (${key}, 1, timezone('UTC', now()))
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN "LoginThrottle"."lastFailureAt" < timezone('UTC', now()) - make_interval(secs => ${FORGET_AFTER_MS / 1000}) THEN 1 ELSE "LoginThrottle".failures + 1 END,
        "lastFailureAt" = timezone('UTC', now())`;
  }
}

/**
 * After a success: the keys of this client start afresh (the person at this keyboard or on this
 * device knew the password). The username's count over unknown devices is left to fade: the real
 * user signing in tells nothing about the guesses made elsewhere.
 */
export async function forgetClient(deps: Deps, keys: Key[]): Promise<void> {
  const own = keys.filter((k) => !k.key.startsWith("user:")).map((k) => k.key);
  if (own.length) await deps.prisma.loginThrottle.deleteMany({ where: { key: { in: own } } });
}

/** Rows past their hour (the hourly sweep). */
export async function sweepThrottle(deps: Deps): Promise<number> {
  const { count } = await deps.prisma.loginThrottle.deleteMany({ where: { lastFailureAt: { lt: new Date(Date.now() - FORGET_AFTER_MS) } } });
  return count;
}
