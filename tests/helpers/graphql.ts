import { createClient, type Client, type SubscribePayload } from "graphql-ws";
import { expect } from "vitest";
import WebSocket from "ws";
import type { ApiClient, TestServer } from "./server.ts";

/** GraphQL over HTTP and graphql-ws for the suites of issue 7 (notifications, maintenance, chemical use, reports). */

export type Gql = { status: number; data: any; errors: any[] | undefined; text: string };

export async function gql(client: ApiClient, query: string, variables?: Record<string, unknown>): Promise<Gql> {
  const res = await client.post("/graphql", variables ? { query, variables } : { query });
  const body = res.body && typeof res.body === "object" ? res.body : {};
  return { status: res.status, data: body.data, errors: body.errors, text: res.text };
}

/** Runs an operation that must succeed and returns its data. */
export async function ok(client: ApiClient, query: string, variables?: Record<string, unknown>): Promise<any> {
  const res = await gql(client, query, variables);
  expect(res.status, res.text).toBe(200);
  expect(res.errors, res.text).toBeUndefined();
  return res.data;
}

/** What a mutation result that may fail is asked for. */
export const ERR = "__typename ... on Error { message } ... on ValidationError { field } ... on ConflictError { field }";

export const globalId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString("base64");

export const isoDay = (offsetDays = 0, from = new Date()) => new Date(from.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(check: () => boolean, what: string, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(10);
  }
}

/** One graphql-ws subscription with the holder's cookie; results are buffered for `next`. */
export class LiveSubscription {
  readonly results: any[] = [];
  private readonly client: Client;
  private readonly stop: () => void;
  failure: unknown;

  private constructor(server: TestServer, cookie: string | undefined, query: string | SubscribePayload) {
    this.client = createClient({
      url: `${server.url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: class extends WebSocket {
        constructor(address: string | URL, protocols?: string | string[]) {
          super(address, protocols, cookie ? { headers: { cookie } } : {});
        }
      },
      retryAttempts: 0,
      lazy: true,
    });
    this.stop = this.client.subscribe(
      typeof query === "string" ? { query } : query,
      { next: (r) => void this.results.push(r), error: (e) => void (this.failure = e ?? "error"), complete: () => {} },
    );
  }

  /** Subscribes and waits until the server listens on its event bus. */
  static async open(server: TestServer, cookie: string | undefined, query: string | SubscribePayload): Promise<LiveSubscription> {
    const bus = server.app.deps.events;
    const original = bus.subscribe.bind(bus);
    let listening = false;
    bus.subscribe = (listener) => {
      listening = true;
      return original(listener);
    };
    try {
      const sub = new LiveSubscription(server, cookie, query);
      await until(() => listening || sub.failure !== undefined, "the subscription to start");
      if (sub.failure !== undefined) {
        // A closed socket fails with its CloseEvent (code and reason), a refused operation with its errors.
        const { code, reason } = (sub.failure ?? {}) as { code?: number; reason?: string };
        throw new Error(`subscription refused: ${code ? `${code} ${reason ?? ""} ` : ""}${JSON.stringify(sub.failure)}`);
      }
      return sub;
    } finally {
      bus.subscribe = original;
    }
  }

  async next(match: (data: any) => boolean, what: string, ms = 5_000): Promise<any> {
    let found: any;
    await until(() => {
      const errors = this.results.find((r) => r.errors);
      if (errors) throw new Error(`${what}: ${JSON.stringify(errors.errors)}`);
      found = this.results.find((r) => match(r.data));
      return found !== undefined;
    }, what, ms);
    return found.data;
  }

  async close() {
    this.stop();
    await this.client.dispose();
  }
}
