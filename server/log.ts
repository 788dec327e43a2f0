import { AsyncLocalStorage } from "node:async_hooks";

/** The few logger calls the server makes (Fastify's pino logger has them). */
export type Log = {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
};

type Scope = { requestId: string; log: Log };
const scope = new AsyncLocalStorage<Scope>();
let processLog: Log = {
  error: (obj, msg) => console.error(msg ?? "", obj),
  warn: (obj, msg) => console.warn(msg ?? "", obj),
  info: () => {},
};

/** The process-wide logger (Fastify's, once the app has one), for work outside a request. */
export function setProcessLog(log: Log) {
  processLog = log;
}

/** Runs fn (and everything it starts) as part of one request: `log()` then carries its id. */
export function runInRequest<T>(requestId: string, log: Log, fn: () => T): T {
  return scope.run({ requestId, log }, fn);
}

/** The current request's id, if any. */
export const currentRequestId = (): string | undefined => scope.getStore()?.requestId;

/**
 * The logger to use anywhere (domain included): inside a request it is the request's child logger,
 * whose JSON lines carry `reqId` (the id answered as X-Request-Id); outside, the process logger.
 */
export function log(): Log {
  return scope.getStore()?.log ?? processLog;
}

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** An incoming X-Request-Id is kept when it is 1-128 safe characters; otherwise a fresh UUID is made. */
export function requestIdFrom(header: string | string[] | undefined, make: () => string): string {
  return typeof header === "string" && SANE_ID.test(header) ? header : make();
}
