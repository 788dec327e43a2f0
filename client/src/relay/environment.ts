import type { Client } from "graphql-ws";
import { startTransition } from "react";
import {
  Environment,
  Network,
  Observable,
  RecordSource,
  ROOT_TYPE,
  Store,
  type FetchFunction,
  type GraphQLResponse,
  type MissingFieldHandler,
  type RequestParameters,
  type SubscribeFunction,
  type TaskScheduler,
  type Variables,
} from "relay-runtime";
import { isQueuedOffline, notifyLiveEvent, OFFLINE_READS, offlineOwner, QUEUEABLE } from "../offline/queuedError.ts";
import { takeEarlyAnswer } from "../platform/earlyQueries.ts";
import { afterFirstScreen, firstScreenUp } from "../platform/firstScreen.ts";
import { graphqlBody, postGraphQL } from "../platform/graphqlBody.ts";
import { forgetAnswer, keepAnswer, readKeptAnswer, type KeptFor } from "../platform/keptAnswers.ts";
import { KEPT_ON_DEVICE, showKept } from "../platform/keptShown.ts";
import { activeLocale } from "../platform/locales/load.ts";

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
const liveAgain = new Set<() => void>();
/** The channel dropped since it was last connected. */
let dropped = false;
function setState(next: ConnectionState) {
  state = next;
  // Visible to tests and to whoever debugs a page: is the live channel up?
  document.documentElement.dataset.live = next;
  for (const l of listeners) l(next);
  if (next === "disconnected") dropped = true;
  else if (next === "connected" && dropped) {
    dropped = false;
    for (const back of [...liveAgain]) back();
  }
}
export function onConnectionState(listener: (s: ConnectionState) => void) {
  listeners.add(listener);
  listener(state);
  return () => void listeners.delete(listener);
}

/**
 * Calls `back` each time the live channel is up again after it dropped (what was sent meanwhile was never heard:
 * the caller asks the server again), a caller that came during the gap included; returns the unsubscribe.
 */
export function onLiveAgain(back: () => void) {
  liveAgain.add(back);
  return () => void liveAgain.delete(back);
}

/**
 * A random key for one change (122 bits, UUID v4 form). crypto.randomUUID exists only in secure
 * contexts (HTTPS, localhost), and a phone may open the app over plain HTTP on a LAN: getRandomValues
 * works everywhere.
 */
function newKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A request that never reached an answer (no network, a dropped connection), as opposed to an error the server sent. */
export const isNetworkFailure = (error: unknown) => error instanceof TypeError;
const offline = () => import("../offline/network.ts");
/** queueChange always rejects: with QueuedOfflineError when the change was kept, else (no IndexedDB) the original failure stands. */
const rethrowUnlessQueued = (original: unknown) => (error: unknown): never => {
  throw isQueuedOffline(error) ? error : original;
};

/** The server's answer to a kept query is, to the byte, the copy already on screen: nothing to publish (keptFirst). */
const UNCHANGED = Symbol("unchanged");

/**
 * Every mutation carries an Idempotency-Key made here, so sending it again (a retry, a queued resend)
 * is answered from the server's record instead of being applied twice. The changes a technician makes
 * in the field (QUEUEABLE) are kept in the phone's queue, with that key, when the network is away or
 * the request is lost in flight; the reads a job needs (OFFLINE_READS) are then answered from the
 * phone's copy. The screen learns of a kept change through a QueuedOfflineError.
 */
function fetchOnce(operation: RequestParameters, variables: Variables): Promise<GraphQLResponse>;
function fetchOnce(operation: RequestParameters, variables: Variables, keep: KeptFor, shown?: string): Promise<GraphQLResponse | typeof UNCHANGED>;
async function fetchOnce(operation: RequestParameters, variables: Variables, keep?: KeptFor, shown?: string): Promise<GraphQLResponse | typeof UNCHANGED> {
  const mutation = operation.operationKind === "mutation";
  const key = mutation ? newKey() : undefined;
  const owner = offlineOwner();
  const queueable = mutation && owner !== null && QUEUEABLE.has(operation.name);
  // Without IndexedDB (a browser that refuses it) there is no queue: changes go straight to the server.
  const queueFirst = queueable && (await offline().then((m) => m.mustQueue(owner), () => false).catch(() => false));
  if (queueFirst) return (await offline()).queueChange(owner, operation, variables, key!);
  let response: Response;
  try {
    // The first screen's query may already be on its way, sent by the entry (platform/earlyQueries.ts).
    const early = mutation ? undefined : takeEarlyAnswer(operation.id, variables);
    response = await (early ?? postGraphQL(graphqlBody(operation, variables), key ? { "idempotency-key": key } : {}));
  } catch (error) {
    if (isNetworkFailure(error) && owner !== null) {
      if (queueable) return (await offline()).queueChange(owner, operation, variables, key!).catch(rethrowUnlessQueued(error));
      if (!mutation && OFFLINE_READS.has(operation.name)) {
        const answer = await offline().then((m) => m.offlineAnswer(owner, operation.name, variables)).catch(() => null);
        if (answer) return answer as never;
      }
    }
    throw error;
  }
  // The server answered: a live channel that gave up tries again.
  if (response.ok) serverAnswered();
  // A server in trouble (or a proxy without it) did not apply the change: it waits in the queue, under the same key.
  if (queueable && (response.status >= 500 || response.status === 429))
    return (await offline()).queueChange(owner, operation, variables, key!).catch(rethrowUnlessQueued(new Error(`${response.status}: ${response.statusText}`)));
  const text = await response.text();
  // A route's query: its whole answer is kept for the next start's first screen (platform/keptAnswers.ts), unless
  // its user signed out meanwhile. The same text as the copy on screen (kept only with data and without errors) is
  // kept again, for its time, and neither parsed nor published: Relay would normalise it and find nothing changed.
  const mine = keep !== undefined && offlineOwner() === keep.user && response.ok;
  if (mine && shown === text) {
    void keepAnswer(keep, variables, text);
    return UNCHANGED;
  }
  const body = JSON.parse(text);
  if (!response.ok && !body?.data) throw new Error(`${response.status}: ${body?.errors?.[0]?.message ?? response.statusText}`);
  if (mine && body?.data && !body.errors?.length) void keepAnswer(keep, variables, text);
  return body;
}

/**
 * A route's query (its loader marks it: platform/routeQueries.ts) for the first screen of a start, whose last
 * answer the phone kept for this user: that answer goes to Relay at once, and the screen opens from it, marked as
 * the phone's copy (platform/keptShown.ts); the query goes to the server once the screen is up (neither the
 * screen's code nor its first paint then shares the network or the main thread with it), and the server's answer
 * replaces the copy. With no answer from the network the copy stays, marked, and the query goes again when the
 * network is back; with an error from the server it stays, marked, and is forgotten (refused below). A browser that
 * says it is offline opens the screen as before (the offline pages, with the changes queued on the phone).
 */
function keptFirst(operation: RequestParameters, variables: Variables, keep: KeptFor): Observable<GraphQLResponse> {
  return Observable.create((sink) => {
    let closed = false;
    let cancel = () => {};
    let mark: ReturnType<typeof showKept> | undefined;
    /** The copy's text, once it is on screen. */
    let shown: string | undefined;
    const ask = () =>
      void fetchOnce(operation, variables, keep, shown).then(
        (body) => {
          if (closed) return;
          // The server's answer is the copy on screen: nothing to hand to Relay.
          if (body !== UNCHANGED) {
            // An answer with errors and no data (the server refused the query): as an error, below.
            if (mark && !("data" in body && body.data)) return refused();
            sink.next(body);
          }
          // The query's end renders in a transition too, as the answer's publishing does (inTransition, below). The
          // screen's lists wait for it before they offer Load more (Relay's useIsOperationNodeActive), so each list
          // renders again with all its rows. Outside a transition that render went with the mark's (keptShown.ts, a
          // store React renders at once) into one blocking render after the first screen: 8-28 ms at full speed on
          // /inventory here (4 loads), 32-112 ms at Lighthouse's 4x. In a transition it renders in slices of a few ms.
          startTransition(() => {
            sink.complete();
            mark?.done();
          });
        },
        (error: unknown) => {
          if (closed) return;
          if (!mark) return sink.error(error instanceof Error ? error : new Error(String(error)));
          if (!isNetworkFailure(error)) return refused();
          mark.failed();
          addEventListener("online", ask, { once: true });
          cancel = () => removeEventListener("online", ask);
        },
      );
    // The server answered the copy's query with an error: the copy stays on screen, marked as not updated (an error
    // thrown into a screen the user is already using would take it away at their next tap), and is forgotten so
    // that the next start asks the server first. The next visit to the screen asks again.
    const refused = () => {
      mark!.failed();
      // The mark outlives this request: it goes when the user leaves the screen (keptShown.ts, leftPage).
      mark = undefined;
      void forgetAnswer(keep, variables);
      sink.complete();
    };
    const fromPhone = !firstScreenUp() && navigator.onLine !== false ? readKeptAnswer(keep, variables) : Promise.resolve(undefined);
    void fromPhone.then((kept) => {
      if (closed) return;
      if (!kept) return ask();
      mark = showKept(kept.at, location.pathname);
      shown = kept.text;
      sink.next(kept.body as GraphQLResponse);
      cancel = afterFirstScreen(ask);
    });
    return () => {
      closed = true;
      cancel();
      mark?.done();
    };
  });
}

const fetchGraphQL: FetchFunction = (operation, variables, cacheConfig) => {
  const user = offlineOwner();
  // The language is the one the request asks for (postGraphQL's Accept-Language), as the entry reads it (earlyQueries.ts).
  const keep = operation.operationKind === "query" && operation.id && user !== null && cacheConfig.metadata?.[KEPT_ON_DEVICE] === true ? { user, id: operation.id, locale: activeLocale() } : undefined;
  return keep ? keptFirst(operation, variables, keep) : fetchOnce(operation, variables);
};

let wsClient: Promise<Client> | undefined;
/** The live channel's client: its code loads with the first subscription, after the first screen. */
function ws(): Promise<Client> {
  // A new client is a new round of attempts.
  if (!wsClient) answeredInRound = false;
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
        connected: () => {
          // Answers from before count for no later round (graphql-ws's own attempts after a drop are one).
          answeredInRound = false;
          blockedRounds = 0;
          answerStartsRoundAt = 0;
          setState("connected");
        },
        closed: () => setState("disconnected"),
      },
    }),
  );
  return wsClient;
}

/**
 * graphql-ws gives up after §8's five attempts (1 + 2 + 4 + 8 + 16 s) and ends every subscription with the last
 * close. A phone out of reach for longer than that (a basement, a crawl space) would then hear nothing live until
 * its screens mounted again. Instead the subscriptions wait here for a sign that the server can be reached again,
 * and a new round of five attempts starts with a new client: the network is back (`online`), the app is in front
 * again, or the server has just answered one of the app's requests (a phone whose signal came back without ever
 * going offline). One round at a time: the subscriptions wait again only once the round has given up too.
 *
 * A network that lets the app's requests through but no WebSocket (some proxies, some guest and captive networks)
 * would otherwise see a round after each of the server's answers, five attempts in 31 s, for as long as the app is
 * open. A round given up on while the server answered the app's requests says that this is such a network: after
 * it, an answer starts the next round only once a wait has passed, one minute after the first such round, doubling
 * with each one after it, 15 minutes at most. The network coming back, the app in front again and a screen that
 * subscribes still start a round at once, and a round that connects ends the wait.
 */
const waitingForRound = new Set<() => void>();
function newRound() {
  const resume = [...waitingForRound];
  waitingForRound.clear();
  for (const subscribeAgain of resume) subscribeAgain();
}
/** The server answered one of the app's requests during the round under way (or the answer started it). */
let answeredInRound = false;
/** Rounds given up on, one after another, while the server answered: the channel is blocked, not the network. */
let blockedRounds = 0;
/** Before this time (Date.now()) an answer from the server starts no round. */
let answerStartsRoundAt = 0;
const BLOCKED_WAIT_MS = 60_000;
const BLOCKED_WAIT_MAX_MS = 15 * 60_000;
function serverAnswered() {
  if (state === "connected") return;
  if (!waitingForRound.size) answeredInRound = true;
  else if (Date.now() >= answerStartsRoundAt) {
    newRound();
    answeredInRound = true;
  }
}
let roundSigns = false;
/** `client` gave up: it is forgotten (it holds no socket), and `subscribeAgain` waits for the next round. */
function waitForRound(client: Promise<Client>, subscribeAgain: () => void) {
  if (wsClient === client) {
    wsClient = undefined;
    if (answeredInRound) {
      blockedRounds++;
      answerStartsRoundAt = Date.now() + Math.min(BLOCKED_WAIT_MAX_MS, BLOCKED_WAIT_MS * 2 ** (blockedRounds - 1));
    }
  }
  waitingForRound.add(subscribeAgain);
  if (roundSigns) return;
  roundSigns = true;
  addEventListener("online", newRound);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && newRound());
}
/** A close of the socket (the connection lost), as opposed to the server's errors for the operation itself. */
const isClose = (err: unknown) => typeof err === "object" && err !== null && !Array.isArray(err) && "code" in err && typeof err.code === "number";

const subscribe: SubscribeFunction = (operation, variables) =>
  Observable.create((sink) => {
    let unsubscribe: (() => void) | undefined;
    let closed = false;
    const start = () => {
      const client = ws();
      // A subscription that starts (a screen opened) starts a new round itself: those waiting join it.
      if (waitingForRound.size) newRound();
      client.then(
        (live) => {
          if (closed) return;
          // graphql-ws wants a query string: empty when the operation is named by its persisted id.
          unsubscribe = live.subscribe({ query: "", ...graphqlBody(operation, variables) }, {
            next: (value) => {
              sink.next(value as never);
              notifyLiveEvent();
            },
            error: (err) => {
              if (closed) return;
              if (isClose(err)) waitForRound(client, start);
              else sink.error(err instanceof Error ? err : new Error("Live connection failed"));
            },
            complete: () => sink.complete(),
          });
        },
        // The client's code did not load (no network, and no service worker to answer it): as a lost connection.
        () => void (closed || waitForRound(client, start)),
      );
    };
    start();
    return () => {
      closed = true;
      waitingForRound.delete(start);
      unsubscribe?.();
    };
  });

/**
 * Relay publishes each answer from the network (and each local update) through this scheduler: at once, as
 * without one, but inside a React transition. The components that read the changed records re-render in
 * React's time-sliced mode, in slices of a few ms, instead of one blocking render: React's profiling build
 * showed a 335 ms blocking render on a cold /scan (95 ms on /inventory; 4x CPU slowdown) when an answer (the
 * viewer's confirmation, a count) arrived while the first screen was mounting, since it mounted the whole
 * route with it. A component that suspends in such an update keeps showing what it had rather than its fallback.
 */
const inTransition: TaskScheduler = {
  schedule(task) {
    startTransition(task);
    return "";
  },
  cancel() {},
};

export function createEnvironment() {
  return new Environment({
    network: Network.create(fetchGraphQL, subscribe),
    store: new Store(new RecordSource()),
    missingFieldHandlers,
    scheduler: inTransition,
  });
}

/** After sign-out the socket's identity is stale: close it so the next subscription reconnects as the new user. */
export function resetLiveConnection() {
  // dispose() waits for a connection still being made, and rejects with its CloseEvent when that socket
  // closed before it opened (most likely refused: the session it came with has just ended). Nothing is
  // left to close then.
  void wsClient?.then((client) => client.dispose()).catch(() => {});
  wsClient = undefined;
}
