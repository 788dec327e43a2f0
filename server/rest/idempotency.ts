import type { FastifyRequest } from "fastify";
import { assertKeyFitsRequest, fingerprintOf, IDEMPOTENCY_KEY_HEADER, IdempotencyScope, parseIdempotencyKey } from "../domain/idempotency.ts";
import type { RestContext } from "./context.ts";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * `Idempotency-Key` on /api/* writes, for every route at once: a malformed key is a 400 and a key
 * used before for another method, path or body a 422; otherwise the route runs inside the key's
 * scope, so its domain write stores the key with its result or returns the stored one. A replay
 * is marked with `Idempotent-Replayed: true`. Signed-out requests are not keyed (the route answers
 * them as ever: 401, or a sign-in, which is never replayed). Register before the routes.
 */
export function idempotencyKeys({ app, deps, session }: RestContext) {
  const scopes = new WeakMap<FastifyRequest, IdempotencyScope>();

  async function scopeOf(req: FastifyRequest): Promise<IdempotencyScope | undefined> {
    // Signed out first: such a request is not keyed, and its route answers 401 whatever the key looks like.
    const actor = await session.actorOf(req);
    if (!actor) return undefined;
    const key = parseIdempotencyKey(req.headers[IDEMPOTENCY_KEY_HEADER]);
    if (!key) return undefined;
    const scope = new IdempotencyScope({ userId: actor.id, key, fingerprint: fingerprintOf("rest", req.method, req.url, req.body) });
    await assertKeyFitsRequest(deps, scope.request);
    return scope;
  }

  // Callback style: the rest of the request (the handler) must run inside scope.run to see the key.
  app.addHook("preHandler", (req, _reply, done) => {
    if (!WRITES.has(req.method) || !req.url.startsWith("/api/") || req.headers[IDEMPOTENCY_KEY_HEADER] === undefined) return done();
    scopeOf(req).then(
      (scope) => {
        if (!scope) return done();
        scopes.set(req, scope);
        scope.run(() => done());
      },
      (err: Error) => done(err),
    );
  });

  app.addHook("onSend", (req, reply, payload, done) => {
    if (scopes.get(req)?.replayed) void reply.header("idempotent-replayed", "true");
    done(null, payload);
  });
}
