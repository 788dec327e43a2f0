import { currentUser, signIn, signOut } from "../domain/auth.ts";
import { updateMyPreferences } from "../domain/preferences.ts";
import type { RestContext } from "./context.ts";
import { route } from "./route.ts";

export function authRoutes(ctx: RestContext) {
  const { deps, session, limits } = ctx;
  route(ctx, "signIn", async (request, reply) => {
    const { user, sessionId, device } = await signIn(deps, request.body, await session.signInFrom(request, limits.signInAttempts(request)));
    await session.set(request, reply, sessionId, user.role, device);
    return { user };
  });
  route(ctx, "signOut", async (request, reply) => {
    await signOut(deps, await session.sessionIdOf(request));
    session.clear(request, reply);
    return { success: true };
  });
  const me = async (request: Parameters<typeof session.actorOf>[0]) => ({ user: await currentUser(deps, await session.actorOf(request)) });
  route(ctx, "getCurrentUser", me);
  route(ctx, "updateMyPreferences", async (request) => updateMyPreferences(deps, await session.actorOf(request), request.body));
  // One reading of the spec gives the current-user path as /api/auth.
  route(ctx, "getCurrentUserAlias", me);
}
