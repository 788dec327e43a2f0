import type { FastifyInstance } from "fastify";
import type { Deps } from "../domain/context.ts";
import type { SessionCookies } from "./session.ts";

export type RestContext = { app: FastifyInstance; deps: Deps; session: SessionCookies };
export type Params = { id: string };
export type Query = Record<string, string | undefined>;
