import type { FastifyInstance } from "fastify";
import type { Deps } from "../domain/context.ts";
import type { RateLimits } from "../http/rateLimits.ts";
import type { SessionCookies } from "../auth/session.ts";

export type RestContext = { app: FastifyInstance; deps: Deps; session: SessionCookies; limits: Pick<RateLimits, "signInAttempts"> };
export type Params = { id: string };
export type Query = Record<string, string | undefined>;
