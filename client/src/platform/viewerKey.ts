import { ROLE_COOKIE } from "../../../schemas/roleCookie.ts";

/** Where the signed-in viewer is remembered on this device (viewerCache.ts); read by the entry too. */
export const VIEWER_KEY = "trapline:viewer";

/**
 * The role of whoever is signed in on this device, as far as the device knows before asking: the
 * remembered viewer's (viewerCache.ts), else the role cookie the server set at sign-in
 * (schemas/roleCookie.ts); null for a visitor. Small enough for the entry, which starts the first
 * screen's code and data by it; the server confirms who it is.
 */
export function signedInRole(): "manager" | "employee" | null {
  let role: unknown = null;
  try {
    role = JSON.parse(localStorage.getItem(VIEWER_KEY) ?? "null")?.role;
  } catch {
    // storage unavailable or garbled: the cookie may still say
  }
  if (role !== "manager" && role !== "employee") role = roleCookie();
  return role === "manager" || role === "employee" ? role : null;
}

function roleCookie(): string | undefined {
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
