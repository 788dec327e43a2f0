/**
 * The signed-in app (router, shell, route loaders) and the sign-in screen: one or the other is
 * needed first, so the entry (src/main.tsx) starts it beside the app's main code. Kept apart from
 * routes.ts, which AppRouter imports, so that no module imports its own importer.
 */
export const loadSignedInApp = () => import("./AppRouter.tsx");
export { loadSignIn } from "../features/auth/index.ts";
