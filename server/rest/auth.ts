import { currentUser, signIn, signOut } from "../domain/auth.ts";
import type { RestContext } from "./context.ts";

export function authRoutes({ app, deps, session, limits }: RestContext) {
  app.post("/api/auth/login", async (request, reply) => {
    const { user, sessionId, device } = await signIn(deps, request.body, await session.signInFrom(request, limits.signInAttempts(request)));
    await session.set(request, reply, sessionId, device);
    return { user };
  });

  app.post("/api/auth/logout", async (request, reply) => {
    await signOut(deps, await session.sessionIdOf(request));
    session.clear(request, reply);
    return { success: true };
  });

  const me = async (request: Parameters<typeof session.actorOf>[0]) => ({ user: await currentUser(deps, await session.actorOf(request)) });
  app.get("/api/auth/me", me);
  // One reading of the spec gives the current-user path as /api/auth.
  app.get("/api/auth", me);
}
