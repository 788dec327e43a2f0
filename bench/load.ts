import autocannon from "autocannon";

export type LoadOptions = {
  url: string;
  method?: "GET" | "POST" | "PUT";
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** A 2xx body must contain this (and not `forbid`), else it counts as a mismatch. */
  expect?: string;
  forbid?: string;
  /**
   * Each request's JSON body gets its own `variables.__fresh` (a variable the operation does not
   * declare: graphql ignores it, the response cache keys by it), so no answer comes from the cache.
   */
  fresh?: boolean;
};

export type LoadResult = {
  requests: number;
  rps: number;
  /** Milliseconds, over 2xx answers, at full precision (autocannon's histogram rounds to whole ms). */
  p50: number;
  p99: number;
  mean: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** 2xx answers whose body was not what the target expects (e.g. a GraphQL `errors` list). */
  mismatches: number;
  statusCodes: Record<string, number>;
};

function matches(body: string, opts: LoadOptions): boolean {
  return body.includes(opts.expect!) && !(opts.forbid && body.includes(opts.forbid));
}

/** A request set-up that gives every request a body never sent before (see LoadOptions.fresh). */
function freshBodies(body: string) {
  const parsed = JSON.parse(body) as { variables?: Record<string, unknown> };
  let n = 0;
  return (request: autocannon.Request): autocannon.Request => ({ ...request, body: JSON.stringify({ ...parsed, variables: { ...parsed.variables, __fresh: ++n } }) });
}

/**
 * Drives `opts.url` with autocannon (closed loop: each connection sends its next request when the
 * previous one is answered). Call it from a process that does nothing else, not the server's.
 */
export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        method: opts.method ?? "GET",
        headers: opts.headers,
        body: opts.body,
        ...(opts.fresh && opts.body ? { requests: [{ setupRequest: freshBodies(opts.body) }] } : {}),
        connections: opts.connections,
        duration: opts.seconds,
        timeout: 10,
        verifyBody: opts.expect ? (body) => matches(String(body ?? ""), opts) : undefined,
      },
      (err, result) => {
        if (err) return reject(err);
        latencies.sort((a, b) => a - b);
        const at = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! : NaN);
        resolve({
          requests: result.requests.total,
          rps: result.requests.total / (result.duration || opts.seconds),
          p50: at(0.5),
          p99: at(0.99),
          mean: latencies.reduce((s, v) => s + v, 0) / (latencies.length || 1),
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          mismatches: result.mismatches,
          statusCodes,
        });
      },
    );
    // `response` carries each answer's time in fractional milliseconds.
    (instance as unknown as NodeJS.EventEmitter).on("response", (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
    });
  });
}
