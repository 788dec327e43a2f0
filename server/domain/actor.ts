import type { Role } from "../db/generated/client.ts";

/**
 * The signed-in user a domain call acts for; `tokenAccess` and `tokenId` when they came in with an API
 * token (see apiTokens.ts), with `tokenExpiresAt` (epoch ms) when that token expires.
 */
export type Actor = {
  id: number;
  username: string;
  name: string;
  role: Role;
  department: string | null;
  /** The user's language preference (a tag of server/i18n LOCALES), or null. */
  locale?: string | null;
  tokenAccess?: "READ" | "WRITE";
  tokenId?: number;
  tokenExpiresAt?: number;
  /** A signed-in session's row id (the digest of its id) and expiry (epoch ms): live connections are closed when it ends. */
  sessionDigest?: string;
  sessionExpiresAt?: number;
};
