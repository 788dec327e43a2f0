/**
 * A cookie the server sets beside the session cookie at sign-in and clears at sign-out
 * (server/auth/session.ts), holding only the signed-in user's role. The page's entry
 * (client/src/main.tsx) reads it when the device has no viewer of its own remembered (a new tab
 * after site data was cleared, Safari's 7-day removal of script-written storage), so a signed-in
 * user's first screen starts at once instead of after the sign-in screen's code and a round trip.
 * A hint, never trusted: the server decides from the session, and a stale role only starts the
 * wrong screen's code.
 */
export const ROLE_COOKIE = "trapline_role";
