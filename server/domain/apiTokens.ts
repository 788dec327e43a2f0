import { createHash, randomBytes } from "node:crypto";
import type { ApiToken, ApiTokenAccess } from "../db/generated/client.ts";
import type { DomainEvent } from "../realtime/events.ts";
import { BusGuardedCache, committed, onChange, perBus } from "./cache.ts";
import { parseId, parseInput, requireActor, requireManager, type Actor, type Deps } from "./context.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "./errors.ts";
import { createApiTokenInput, EXPIRY_IN_FUTURE } from "../../schemas/apiTokens.ts";

export { API_TOKEN_ACCESS, createApiTokenInput } from "../../schemas/apiTokens.ts";

/** Every token starts so; anything else in `Authorization: Bearer` is refused without a database look-up. */
export const TOKEN_PREFIX = "tl_";
/** How long a token's use is remembered before `lastUsedAt` is written again (one write a minute at most). */
const LAST_USED_EVERY_MS = 60_000;

/** The database keeps only this digest of a token's secret. */
const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/** Refuses a write by an actor that came in with a READ token; sessions and WRITE tokens pass. */
export function requireWriteAccess(actor: Actor | null | undefined): void {
  if (actor?.tokenAccess === "READ") throw new ForbiddenError(/*i18n*/ { id: "apiToken.thisAPITokenIsRead", message: "This API token is read-only; use a WRITE token to make changes" });
}

/**
 * A manager makes a token for themselves. The secret is returned this once; only its digest is
 * stored. A token cannot make tokens: that takes a signed-in session.
 */
export async function createApiToken(deps: Deps, actor: Actor | null, input: unknown): Promise<{ token: string; apiToken: ApiToken }> {
  const manager = requireManager(actor, /*i18n*/ { id: "apiToken.onlyManagersCanCreateAPITokens", message: "Only managers can create API tokens" });
  if (manager.tokenAccess) throw new ForbiddenError(/*i18n*/ { id: "apiToken.apiTokensCanOnlyBe", message: "API tokens can only be created from a signed-in session, not with another token" });
  const { name, access, expiresAt } = parseInput(createApiTokenInput, input);
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw new ValidationError(EXPIRY_IN_FUTURE, "expiresAt");
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const apiToken = await deps.prisma.apiToken.create({
    data: { userId: manager.id, name, access, expiresAt: expiresAt ?? null, tokenHash: digest(token), prefix: token.slice(0, TOKEN_PREFIX.length + 6) },
  });
  return { token, apiToken };
}

/**
 * Revokes one of the actor's tokens. The revocation is announced within the transaction, so every
 * process's token cache drops it when it commits; this process's at once after commit.
 */
export async function revokeApiToken(deps: Deps, actor: Actor | null, rawId: unknown): Promise<ApiToken> {
  const owner = requireActor(actor);
  const id = parseId(rawId);
  const event: DomainEvent = { type: "apiToken.revoked", tokenId: id };
  const token = await deps.prisma.$transaction(async (tx) => {
    const found = await tx.apiToken.findFirst({ where: { id, userId: owner.id } });
    if (!found) throw new NotFoundError(/*i18n*/ { id: "apiToken.notFound", message: "API token not found" });
    if (found.revokedAt) return found;
    const revoked = await tx.apiToken.update({ where: { id }, data: { revokedAt: new Date() } });
    await deps.events.publishWithin?.(tx, event);
    return revoked;
  });
  committed(deps.events, [event]);
  return token;
}

/** The actor's own tokens, newest first (never a secret: none is stored). */
export function listApiTokens<Q extends object>(deps: Deps, actor: Actor | null, query?: Q) {
  const owner = requireActor(actor);
  return deps.prisma.apiToken.findMany({ ...query, where: { userId: owner.id }, orderBy: { id: "desc" } });
}

type KnownToken = { tokenId: number; access: ApiTokenAccess; actor: Omit<Actor, "tokenAccess" | "tokenId" | "tokenExpiresAt">; expiresAt: number };

/** Valid tokens seen in the last few seconds, by digest, dropped at once when revoked (see BusGuardedCache). */
const TOKEN_CACHE_MS = 5_000;
const tokenCache = perBus((bus) => {
  const cache = new BusGuardedCache<string, KnownToken>(bus, TOKEN_CACHE_MS, 10_000);
  onChange(bus, (event) => {
    if (event?.type === "apiToken.revoked") cache.invalidate((_key, t) => t.tokenId === event.tokenId);
    if (event?.type === "user.preferencesChanged") cache.invalidate((_key, t) => t.actor.id === event.userId);
  });
  return { cache, lastUsedWritten: new Map<number, number>() };
});

/** The actor a bearer token acts as (its owner, with the owner's role and the token's access), or null when unknown, revoked or expired. */
export async function actorForApiToken(deps: Deps, token: string): Promise<Actor | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const { cache, lastUsedWritten } = tokenCache(deps.events);
  const found = await cache.through(
    digest(token),
    async () => {
      const [row] = await deps.prisma.$queryRaw<(KnownToken["actor"] & { tokenId: number; access: ApiTokenAccess; expiresAt: Date | null })[]>`
        SELECT u.id, u.username, u.name, u.role::text AS role, u.department, u.locale, t.id AS "tokenId", t.access::text AS access, t."expiresAt"
        FROM "ApiToken" t JOIN "User" u ON u.id = t."userId"
        WHERE t."tokenHash" = ${digest(token)} AND t."revokedAt" IS NULL`;
      if (!row) return null;
      const { tokenId, access, expiresAt, ...actor } = row;
      return { tokenId, access, actor, expiresAt: expiresAt ? expiresAt.getTime() : Infinity };
    },
    (t) => t.expiresAt,
  );
  if (!found || found.expiresAt <= Date.now()) return null;
  const now = Date.now();
  if ((lastUsedWritten.get(found.tokenId) ?? 0) + LAST_USED_EVERY_MS <= now) {
    if (lastUsedWritten.size >= 10_000) lastUsedWritten.clear();
    lastUsedWritten.set(found.tokenId, now);
    // Bookkeeping only: a failure to note the use must not refuse the request.
    await deps.prisma.apiToken.update({ where: { id: found.tokenId }, data: { lastUsedAt: new Date(now) } }).catch(() => {});
  }
  return {
    ...found.actor,
    tokenAccess: found.access,
    tokenId: found.tokenId,
    ...(Number.isFinite(found.expiresAt) ? { tokenExpiresAt: found.expiresAt } : {}),
  };
}
