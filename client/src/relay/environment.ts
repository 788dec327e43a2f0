import type { Client } from "graphql-ws";
import {
  Environment,
  Network,
  Observable,
  RecordSource,
  ROOT_TYPE,
  Store,
  type FetchFunction,
  type MissingFieldHandler,
  type SubscribeFunction,
} from "relay-runtime";

/** `node(id:)` can be answered from the store when that record is already there (e.g. an edit dialog). */
const missingFieldHandlers: MissingFieldHandler[] = [
  {
    kind: "linked",
    handle(field, record, args) {
      if (record?.getType() === ROOT_TYPE && field.name === "node" && typeof args.id === "string") return args.id;
      return undefined;
    },
  },
];

export type ConnectionState = "connecting" | "connected" | "disconnected";
const listeners = new Set<(s: ConnectionState) => void>();
let state: ConnectionState = "connecting";
function setState(next: ConnectionState) {
  state = next;
  for (const l of listeners) l(next);
}
export function onConnectionState(listener: (s: ConnectionState) => void) {
  listeners.add(listener);
  listener(state);
  return () => void listeners.delete(listener);
}

const fetchGraphQL: FetchFunction = async (operation, variables) => {
  const response = await fetch("/graphql", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query: operation.text, variables }),
  });
  const body = await response.json();
  if (!response.ok && !body?.data) throw new Error(`${response.status}: ${body?.errors?.[0]?.message ?? response.statusText}`);
  return body;
};

let wsClient: Promise<Client> | undefined;
/** The live channel's client: its code loads with the first subscription, after the first screen. */
function ws(): Promise<Client> {
  wsClient ??= import("graphql-ws").then(({ createClient }) =>
    createClient({
      url: `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/graphql`,
      lazy: true,
      // §8: reconnect after 2^attempt seconds, up to 5 attempts.
      retryAttempts: 5,
      retryWait: (attempt) => new Promise((r) => setTimeout(r, 1000 * 2 ** attempt)),
      shouldRetry: () => true,
      on: {
        connecting: () => setState("connecting"),
        connected: () => setState("connected"),
        closed: () => setState("disconnected"),
      },
    }),
  );
  return wsClient;
}

const subscribe: SubscribeFunction = (operation, variables) =>
  Observable.create((sink) => {
    let unsubscribe: (() => void) | undefined;
    let closed = false;
    ws().then(
      (client) => {
        if (closed) return;
        unsubscribe = client.subscribe({ operationName: operation.name, query: operation.text ?? "", variables }, {
          next: (value) => sink.next(value as never),
          error: (err) => sink.error(err instanceof Error ? err : new Error("Live connection failed")),
          complete: () => sink.complete(),
        });
      },
      () => sink.error(new Error("Live connection failed")),
    );
    return () => {
      closed = true;
      unsubscribe?.();
    };
  });

export function createEnvironment() {
  return new Environment({ network: Network.create(fetchGraphQL, subscribe), store: new Store(new RecordSource()), missingFieldHandlers });
}

/** After sign-out the socket's identity is stale: close it so the next subscription reconnects as the new user. */
export function resetLiveConnection() {
  void wsClient?.then((client) => client.dispose());
  wsClient = undefined;
}
