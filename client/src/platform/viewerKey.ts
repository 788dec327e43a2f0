import { ROLE_COOKIE } from "../../../schemas/roleCookie.ts";
import { kept, loadKept, type KeptKey } from "./deviceStore.ts";

/** Where the signed-in viewer is remembered on this device (viewerCache.ts, in deviceStore.ts); read by the entry too. */
export const VIEWER_KEY: KeptKey = "trapline:viewer";

export type Role = "manager" | "employee";
export const isRole = (role: unknown): role is Role => role === "manager" || role === "employee";

/**
 * The role of whoever is signed in on this device, as far as the device knows before asking: the
 * remembered viewer's (viewerCache.ts, among what the device keeps: deviceStore.ts, read here first if need be),
 * else the role cookie the server set at sign-in (schemas/roleCookie.ts); null for a visitor.
 * Small enough for the entry, which starts the first screen's code and data by it; the server confirms who it is.
 */
export async function signedInRole(): Promise<Role | null> {
  await loadKept();
  let role: unknown = null;
  try {
    role = (JSON.parse(kept(VIEWER_KEY) ?? "null") as { role?: unknown } | null)?.role;
  } catch {
    // garbled: the cookie may still say
  }
  // Only then: even the Cookie Store's first call on a page held its main thread 2-5 ms here.
  if (!isRole(role)) role = await roleCookie();
  return isRole(role) ? role : null;
}

/** The database id of the user remembered on this device (viewerCache.ts keeps the viewer), as a string: whose answers the phone keeps (keptAnswers.ts) and, the same, whose offline copy. */
export function rememberedUser(): string | null {
  try {
    const viewer = JSON.parse(kept(VIEWER_KEY) ?? "null") as { databaseId?: unknown } | null;
    return typeof viewer?.databaseId === "number" ? String(viewer.databaseId) : null;
  } catch {
    return null;
  }
}

type CookieStore = { get(name: string): Promise<{ value?: string } | null> };
/**
 * The role cookie's value. Through the Cookie Store API where the browser has one (a secure context): a page's
 * first read of `document.cookie` waits for the browser (3-15 ms of its main thread here), that call returns at
 * once and answers later (its first call took 2-5 ms here: it binds the API).
 */
async function roleCookie(): Promise<string | undefined> {
  const store = (globalThis as { cookieStore?: CookieStore }).cookieStore;
  if (store) {
    try {
      return (await store.get(ROLE_COOKIE))?.value;
    } catch {
      // refused (an opaque origin): read the document's cookies instead
    }
  }
  for (const part of document.cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === ROLE_COOKIE) return value;
  }
  return undefined;
}

/** The role cookie no longer holds (the server says nobody is signed in): it is dropped, so the next start shows the sign-in screen at once. */
export function forgetRoleCookie() {
  document.cookie = `${ROLE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
