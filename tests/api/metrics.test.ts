import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Issue 19: GET /metrics (Prometheus text), GET /readyz, X-Request-Id on every answer and in the log lines.

/** The value of one sample line, e.g. sample(text, 'trapline_http_requests_total{method="GET",route="/healthz",status="200"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(series + " "));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics and /readyz", () => {
  let server: TestServer;
  let manager: ApiClient;
  const logLines: string[] = [];
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: "info" }, { logStream: { write: (line) => void logLines.push(line) } });
    manager = await server.as("manager");
  }, 300_000);
  afterAll(() => server?.close());

  const metrics = async () => {
    const res = await fetch(new URL("/metrics", server.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it("counts requests by route pattern (not by path) and times them", async () => {
    const before = sample(await metrics(), 'trapline_http_requests_total{method="GET",route="/api/inventory/:id",status="200"}') ?? 0;
    const items = (await manager.get("/api/inventory")).body as { id: number }[];
    for (const item of items.slice(0, 3)) expect((await manager.get(`/api/inventory/${item.id}`)).status).toBe(200);
    expect((await manager.get("/api/inventory/999999")).status).toBe(404);
    const text = await metrics();
    expect(sample(text, 'trapline_http_requests_total{method="GET",route="/api/inventory/:id",status="200"}')).toBe(before + 3);
    expect(sample(text, 'trapline_http_requests_total{method="GET",route="/api/inventory/:id",status="404"}')).toBe(1);
    expect(sample(text, 'trapline_http_request_duration_seconds_count{method="GET",route="/api/inventory/:id",status="200"}')).toBe(before + 3);
    expect(text).not.toMatch(/route="\/api\/inventory\/\d/);
  });

  it("times GraphQL requests by operation name and counts GraphQL errors by code", async () => {
    const gql = (client: ApiClient, query: string, operationName?: string) => client.post("/graphql", { query, ...(operationName ? { operationName } : {}) });
    expect((await gql(manager, "query MetricsViewer { viewer { id } }")).status).toBe(200);
    expect((await gql(manager, "query A { viewer { id } } query B { __typename }", "B")).status).toBe(200);
    const signedOut = await gql(server.anonymous(), "query Secret { dashboardStats { totalItems } }");
    expect(signedOut.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect((await gql(manager, "query Broken { noSuchField }")).body.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");

    const text = await metrics();
    expect(sample(text, 'trapline_graphql_request_duration_seconds_count{operation="MetricsViewer",status="200"}')).toBe(1);
    expect(sample(text, 'trapline_graphql_request_duration_seconds_count{operation="B",status="200"}')).toBe(1);
    expect(sample(text, 'trapline_graphql_errors_total{code="UNAUTHENTICATED"}')).toBe(1);
    expect(sample(text, 'trapline_graphql_errors_total{code="GRAPHQL_VALIDATION_FAILED"}')).toBe(1);
  });

  it("reports database query time, live subscribers and process metrics", async () => {
    const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws`, { headers: { cookie: manager.cookie! } });
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    try {
      const text = await metrics();
      expect(sample(text, 'trapline_live_subscribers{channel="ws"}')).toBe(1);
      expect(sample(text, 'trapline_live_subscribers{channel="graphql"}')).toBe(0);
      expect(sample(text, "trapline_db_query_duration_seconds_count")).toBeGreaterThan(0);
      expect(sample(text, "trapline_event_bus_connected")).toBe(1);
      expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
      expect(text).toContain("nodejs_eventloop_lag_seconds");
      if (server.databaseUrl) expect(sample(text, 'trapline_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
  });

  it("counts the subscriptions running on graphql-ws connections, not only the connections", async () => {
    const cookie = manager.cookie!;
    let onConnected = () => {};
    const connected = new Promise<void>((resolve) => (onConnected = resolve));
    const client = createClient({
      url: `${server.url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: class extends WebSocket {
        constructor(address: string | URL, protocols?: string | string[]) {
          super(address, protocols, { headers: { cookie } });
        }
      },
      retryAttempts: 0,
      lazy: false,
      on: { connected: () => onConnected() },
    });
    const until = async (test: (text: string) => boolean) => {
      for (let i = 0; i < 100; i++) {
        const text = await metrics();
        if (test(text)) return text;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error("the gauges never said so");
    };
    try {
      await connected;
      const open = await until((t) => sample(t, 'trapline_live_subscribers{channel="graphql"}') === 1);
      expect(sample(open, "trapline_graphql_ws_operations")).toBe(0);
      const stop = client.subscribe({ query: "subscription { lowStockAlert { items { name } } }" }, { next: () => {}, error: () => {}, complete: () => {} });
      await until((t) => sample(t, "trapline_graphql_ws_operations") === 1);
      stop();
      const after = await until((t) => sample(t, "trapline_graphql_ws_operations") === 0);
      expect(sample(after, 'trapline_live_subscribers{channel="graphql"}')).toBe(1);
    } finally {
      await client.dispose();
    }
  });

  it("/readyz says the server may take traffic: migrated, database up, live events connected", async () => {
    const res = await fetch(new URL("/readyz", server.url));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", migrations: "done", db: "up", bus: "connected" });
    expect((await fetch(new URL("/healthz", server.url))).status).toBe(200);
  });

  it("answers every request with an X-Request-Id, keeping a sane incoming one, and logs it with the request", async () => {
    const made = await fetch(new URL("/api/auth/me", server.url));
    expect(made.status).toBe(401);
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const notFound = await fetch(new URL("/api/nothing-here", server.url));
    expect(notFound.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(notFound.headers.get("x-request-id")).not.toBe(made.headers.get("x-request-id"));

    const kept = await fetch(new URL("/healthz", server.url), { headers: { "x-request-id": "lb-7f3a.trace:42" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.trace:42");
    for (const insane of ["has spaces in it", "x".repeat(200), "quote\"d", "<script>"]) {
      const res = await fetch(new URL("/healthz", server.url), { headers: { "x-request-id": insane } });
      expect(res.headers.get("x-request-id"), insane).toMatch(/^[0-9a-f-]{36}$/);
    }

    const lines = logLines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; res?: { statusCode: number } });
    const ofRequest = lines.filter((l) => l.reqId === "lb-7f3a.trace:42");
    expect(ofRequest.map((l) => l.msg)).toEqual(["incoming request", "request completed"]);
    expect(ofRequest[1]!.res!.statusCode).toBe(200);
  });
});

describe("METRICS_TOKEN", () => {
  let server: TestServer;
  const token = "metrics-token-0123456789abcdef";
  beforeAll(async () => {
    server = await startServer({ METRICS_TOKEN: token });
  }, 300_000);
  afterAll(() => server?.close());

  it("limits /metrics to bearers of the token", async () => {
    const get = (authorization?: string) => fetch(new URL("/metrics", server.url), { headers: authorization ? { authorization } : {} });
    const none = await get();
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: "A valid metrics token is required", code: "metrics.tokenRequired" });
    expect((await get(`Bearer ${token}x`)).status).toBe(401);
    expect((await get(`Basic ${token}`)).status).toBe(401);
    const ok = await get(`Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("trapline_http_requests_total");
    // Readiness stays open to the load balancer.
    expect((await fetch(new URL("/readyz", server.url))).status).toBe(200);
  });
});
