import { say } from "../../schemas/messages.ts";
import { createHash, randomBytes } from "node:crypto";
import { dummyHash, hashPassword, verifyPassword } from "../auth/password.ts";
import type { DomainEvent } from "../realtime/events.ts";
import { BusGuardedCache, committed, onChange, perBus } from "./cache.ts";
import { parseInput, type Actor, type Deps } from "./context.ts";
import { UnauthenticatedError } from "./errors.ts";
import { forgetClient, recordFailure, refuseWhileSlowed, throttleKeys } from "./signInThrottle.ts";
import { publicUserSelect, type PublicUser } from "./team.ts";
import { signInInput } from "../../schemas/auth.ts";
import { passwordField, usernameField } from "../../schemas/team.ts";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const SIGN_IN_FAILED = say(/*i18n*/ { id: "auth.signInFailed", message: "Invalid username or password" });

/** The cookie carries the session id; the database keeps only its hash, so a leaked table opens nothing. */
const digest = (sessionId: string) => createHash("sha256").update(sessionId).digest("hex");

/**
 * Failed sign-ins counted by where they come from (the transport knows the client's address; see
 * server/http/rateLimits.ts): `before` throws a RateLimitedError once there were too many, `failed`
 * counts one more.
 */
export type SignInAttempts = { before(): Promise<void>; failed(): Promise<void> };

/**
 * A browser's device cookie (sealed by the transport): an id of its own and the usernames that
 * signed in on it. A try for one of those usernames is throttled as that device only (see
 * signInThrottle.ts), so guesses from elsewhere never slow the user's own phone.
 */
export type SignInDevice = { id: string; usernames: string[] };
const DEVICE_USERNAMES = 10;

/** Who is signing in, as the transport sees it. */
export type SignInFrom = { attempts?: SignInAttempts; address?: string; device?: SignInDevice | null };

/**
 * Checks the password (argon2id) and opens a server-side session, unless this client must wait
 * after earlier failures (by address, by username and address, by username from unknown devices,
 * or by this device: signInThrottle.ts). Answers the device to remember, with this username in it.
 */
export async function signIn(deps: Deps, input: unknown, from: SignInFrom = {}): Promise<{ user: PublicUser; sessionId: string; device: SignInDevice; locale: string | null }> {
  const { username, password } = parseInput(signInInput, input);
  await from.attempts?.before();
  const trusted = from.device?.usernames.includes(username) ? from.device.id : undefined;
  const keys = throttleKeys(username, { address: from.address ?? "unknown", trustedDeviceId: trusted });
  await refuseWhileSlowed(deps, keys);
  const found = await deps.prisma.user.findUnique({ where: { username } });
  const ok = await verifyPassword(found?.passwordHash ?? (await dummyHash()), password);
  if (!found || !ok) {
    await from.attempts?.failed();
    await recordFailure(deps, keys);
    throw new UnauthenticatedError(SIGN_IN_FAILED);
  }
  await forgetClient(deps, keys);
  const sessionId = randomBytes(32).toString("base64url");
  await deps.prisma.session.create({
    data: { id: digest(sessionId), userId: found.id, expiresAt: new Date(Date.now() + SESSION_TTL_MS) },
  });
  const { passwordHash: _omit, locale, ...user } = found;
  void _omit;
  const device = {
    id: from.device?.id ?? randomBytes(18).toString("base64url"),
    usernames: [username, ...(from.device?.usernames ?? []).filter((u) => u !== username)].slice(0, DEVICE_USERNAMES),
  };
  return { user, sessionId, device, locale };
}

export async function signOut(deps: Deps, sessionId: string | undefined): Promise<void> {
  if (!sessionId) return;
  const sessionDigest = digest(sessionId);
  await revokeSessions(deps, { id: sessionDigest }, { type: "session.revoked", sessionDigest });
}

/** Ends every session of the user (sign out on all devices). */
export async function signOutEverywhere(deps: Deps, actor: Actor): Promise<void> {
  await revokeSessions(deps, { userId: actor.id }, { type: "session.revoked", userId: actor.id });
}

/**
 * Deletes the sessions and, in the same transaction, tells the other processes (their session
 * caches hear it the moment it commits); this process forgets them right after commit.
 */
async function revokeSessions(deps: Deps, where: { id: string } | { userId: number }, event: DomainEvent & { type: "session.revoked" }) {
  await deps.prisma.$transaction(async (tx) => {
    await tx.session.deleteMany({ where });
    await deps.events.publishWithin?.(tx, event);
  });
  committed(deps.events, [event]);
}

/**
 * Signed-in sessions seen in the last few seconds, by digest. Kept only while the event bus
 * delivers every process's revocations (see BusGuardedCache); a revocation drops them at once.
 */
const SESSION_CACHE_MS = 5_000;
const sessionCache = perBus((bus) => {
  const cache = new BusGuardedCache<string, { actor: Actor; expiresAt: number }>(bus, SESSION_CACHE_MS, 10_000);
  onChange(bus, (event) => {
    if (event?.type === "user.preferencesChanged") cache.invalidate((_key, session) => session.actor.id === event.userId);
    if (event?.type !== "session.revoked") return;
    if (event.sessionDigest) cache.invalidate((key) => key === event.sessionDigest);
    if (event.userId !== undefined) cache.invalidate((_key, session) => session.actor.id === event.userId);
  });
  return cache;
});

/** The actor behind a session id, or null when it is unknown, revoked or expired. */
export async function actorForSession(deps: Deps, sessionId: string | undefined): Promise<Actor | null> {
  if (!sessionId) return null;
  const key = digest(sessionId);
  const session = await sessionCache(deps.events).through(
    key,
    async () => {
      // Every signed-in request without a cached session asks this: one query (a join) rather than the session and then its user.
      const [row] = await deps.prisma.$queryRaw<(Actor & { expiresAt: Date })[]>`
        SELECT u.id, u.username, u.name, u.role::text AS role, u.department, u.locale, s."expiresAt"
        FROM "Session" s JOIN "User" u ON u.id = s."userId"
        WHERE s.id = ${key}`;
      if (!row) return null;
      const { id, username, name, role, department, locale, expiresAt } = row;
      return { actor: { id, username, name, role, department, locale, sessionDigest: key, sessionExpiresAt: expiresAt.getTime() }, expiresAt: expiresAt.getTime() };
    },
    (found) => found.expiresAt,
  );
  if (!session || session.expiresAt <= Date.now()) return null;
  return session.actor;
}

export async function currentUser(deps: Deps, actor: Actor | null): Promise<PublicUser> {
  if (!actor) throw new UnauthenticatedError(/*i18n*/ { id: "auth.notSignedIn", message: "Not signed in" });
  const user = await deps.prisma.user.findUnique({ where: { id: actor.id }, select: publicUserSelect });
  if (!user) throw new UnauthenticatedError(/*i18n*/ { id: "auth.notSignedIn", message: "Not signed in" });
  return user;
}

/** First manager for an empty database started with SEED_DEMO=0 and ADMIN_USERNAME/ADMIN_PASSWORD. */
export async function ensureAdmin(deps: Deps, admin: { username: string; password: string }): Promise<boolean> {
  const username = parseInput(usernameField, admin.username);
  const password = parseInput(passwordField, admin.password);
  if ((await deps.prisma.user.count({ where: { role: "manager" } })) > 0) return false;
  await deps.prisma.user.create({
    data: { username, passwordHash: await hashPassword(password), name: "Administrator", role: "manager", department: null },
  });
  return true;
}
