import { randomBytes } from "node:crypto";
import { createClient, type Client } from "graphql-ws";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/**
 * Live events (graphql-ws subscriptions and the plain /ws socket), their cookie authentication, the
 * PostgreSQL LISTEN/NOTIFY fan-out between two server processes, and the SQL cost of connection pages.
 */

const WAIT_MS = 5_000;
/** How long a subscriber must stay silent when it should get nothing. */
const QUIET_MS = 600;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wsBase = (server: TestServer) => server.url.replace(/^http/, "ws");
const globalId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString("base64");

/** Resolves with `promise`, or fails naming `what` when it takes longer than `ms`. */
async function within<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(check: () => boolean, what: string, ms = WAIT_MS) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(10);
  }
}

/** Everything opened here is closed in afterAll, so vitest can exit. */
const servers: TestServer[] = [];
const gqlClients: Client[] = [];
const sockets: WebSocket[] = [];

/**
 * graphql-ws has no "subscription started" message, so tests watch the server's event bus: a
 * subscription is live once it has added its listener. (Observes only; events pass through unchanged.)
 */
type BusWatch = { added: () => number; active: () => number };
const busWatches = new WeakMap<object, BusWatch>();
function watchBus(server: TestServer): BusWatch {
  const bus = server.app.deps.events;
  let watch = busWatches.get(bus);
  if (!watch) {
    const subscribe = bus.subscribe.bind(bus);
    let added = 0;
    let active = 0;
    bus.subscribe = (listener) => {
      added++;
      active++;
      const off = subscribe(listener);
      let done = false;
      return () => {
        if (!done) active--;
        done = true;
        off();
      };
    };
    watch = { added: () => added, active: () => active };
    busWatches.set(bus, watch);
  }
  return watch;
}

/** A `ws` WebSocket that sends the session cookie with the upgrade request, as a browser would. */
function cookieWebSocket(cookie: string | undefined, opened: WebSocket[]) {
  return class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, cookie ? { headers: { cookie } } : {});
      opened.push(this);
      sockets.push(this);
    }
  };
}

type Closed = { code: number; reason: string };
/** The sockets each graphql-ws client opened. */
const socketsOf = new WeakMap<Client, WebSocket[]>();

function graphqlWsClient(server: TestServer, cookie: string | undefined, closes: Closed[] = [], acks: unknown[] = []): Client {
  const opened: WebSocket[] = [];
  const client = createClient({
    url: `${wsBase(server)}/graphql`,
    webSocketImpl: cookieWebSocket(cookie, opened),
    retryAttempts: 0,
    lazy: true,
    on: {
      connected: (_socket, payload) => void acks.push(payload ?? true),
      closed: (e) => void closes.push({ code: (e as Closed).code, reason: String((e as Closed).reason) }),
    },
  });
  gqlClients.push(client);
  socketsOf.set(client, opened);
  return client;
}

const openSubscriptions = new Set<Subscription>();

/** One graphql-ws subscription on its own connection; results are buffered until a test asks for them. */
class Subscription {
  readonly results: any[] = [];
  error: unknown;
  completed = false;
  private waiters: (() => void)[] = [];
  private readonly stop: () => void;

  constructor(
    readonly client: Client,
    query: string,
  ) {
    this.stop = client.subscribe(
      { query },
      {
        next: (result) => this.push(result),
        error: (err) => {
          this.error = err;
          this.wake();
        },
        complete: () => {
          this.completed = true;
          this.wake();
        },
      },
    );
    openSubscriptions.add(this);
  }

  private push(result: unknown) {
    this.results.push(result);
    this.wake();
  }
  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** The data of the first result (from the start of the subscription) that `match` accepts. */
  next(match: (data: any) => boolean, what: string, ms = WAIT_MS): Promise<any> {
    return within(
      new Promise<any>((resolve, reject) => {
        const check = () => {
          for (const result of this.results) {
            if (result.errors) return reject(new Error(`${what}: the subscription sent errors ${JSON.stringify(result.errors)}`));
            if (match(result.data)) return resolve(result.data);
          }
          if (this.error) return reject(new Error(`${what}: the subscription failed: ${describeError(this.error)}`));
          if (this.completed) return reject(new Error(`${what}: the subscription completed`));
          this.waiters.push(check);
        };
        check();
      }),
      what,
      ms,
    );
  }

  /** Results that arrive within `ms` after this call (the caller asserts there are none). */
  async arrivingWithin(ms = QUIET_MS): Promise<any[]> {
    const from = this.results.length;
    await sleep(ms);
    return this.results.slice(from);
  }

  close() {
    openSubscriptions.delete(this);
    this.stop();
  }
}

function describeError(err: unknown) {
  if (err && typeof err === "object" && "code" in err) return `close ${String((err as Closed).code)} ${String((err as Closed).reason)}`;
  return err instanceof Error ? err.message : JSON.stringify(err);
}

/** Subscribes as the holder of `cookie` and waits until the server is listening for events. */
async function subscribe(server: TestServer, cookie: string | undefined, query: string): Promise<Subscription> {
  const bus = watchBus(server);
  const before = bus.added();
  const sub = new Subscription(graphqlWsClient(server, cookie), query);
  await until(() => bus.added() > before || sub.error !== undefined || sub.completed, `the subscription ${query} to start`);
  if (sub.error !== undefined) throw new Error(`subscription refused: ${describeError(sub.error)}`);
  if (sub.completed) throw new Error(`subscription completed at once: ${JSON.stringify(sub.results)}`);
  return sub;
}

/** The /ws socket: opens with the cookie and collects its JSON messages. */
async function openLowStockSocket(server: TestServer, cookie: string) {
  const socket = new WebSocket(`${wsBase(server)}/ws`, { headers: { cookie } });
  sockets.push(socket);
  const messages: any[] = [];
  const waiters: (() => void)[] = [];
  socket.on("message", (data) => {
    messages.push(JSON.parse(String(data)));
    for (const w of waiters.splice(0)) w();
  });
  await within(
    new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
      socket.once("unexpected-response", (_req, res) => reject(new Error(`/ws refused with ${res.statusCode}`)));
    }),
    "/ws to open",
  );
  return {
    socket,
    messages,
    next(match: (message: any) => boolean, what: string) {
      return within(
        new Promise<any>((resolve) => {
          const check = () => {
            const found = messages.find(match);
            if (found) resolve(found);
            else waiters.push(check);
          };
          check();
        }),
        what,
      );
    },
  };
}

/** Tries /ws and reports how the server answered the upgrade. */
function tryLowStockSocket(server: TestServer, cookie?: string): Promise<{ opened: boolean; status?: number; error?: Error }> {
  const socket = new WebSocket(`${wsBase(server)}/ws`, cookie ? { headers: { cookie } } : {});
  sockets.push(socket);
  return within(
    new Promise((resolve) => {
      socket.once("open", () => resolve({ opened: true }));
      socket.once("unexpected-response", (req, res) => {
        resolve({ opened: false, status: res.statusCode });
        req.destroy();
      });
      socket.once("error", (error) => resolve({ opened: false, error }));
    }),
    "the /ws upgrade to be answered",
  );
}

/** A connection attempt over graphql-ws: how it ended, and anything it received. */
async function tryGraphqlWs(server: TestServer, cookie: string | undefined) {
  const closes: Closed[] = [];
  const acks: unknown[] = [];
  const sub = new Subscription(graphqlWsClient(server, cookie, closes, acks), "subscription { lowStockAlert { items { id } } }");
  await until(() => sub.error !== undefined || sub.completed, "graphql-ws to end the refused connection");
  return { sub, closes, acks };
}

const LOW_STOCK = "subscription { lowStockAlert { items { id name quantity minQuantity unit urgency } } }";

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
let pnair: ApiClient;

async function newItem(as: ApiClient, fields: Record<string, unknown>) {
  const res = await as.post("/api/inventory", { category: "Bait", unit: "boxes", ...fields, name: `${fields.name} ${randomBytes(3).toString("hex")}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; quantity: number; minQuantity: number; reorderPoint: number; unit: string };
}

async function fileRequest(as: ApiClient, items: { id: number; quantity: number }[], type = "inventory") {
  const res = await as.post("/api/requests", { type, justification: "live test", items });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; requesterId: number; status: string };
}

async function decide(as: ApiClient, requestId: number, decision: "approve" | "deny") {
  const res = await as.put(`/api/requests/${requestId}/${decision}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

beforeAll(async () => {
  server = await startServer();
  servers.push(server);
  [manager, tech, pnair] = await Promise.all([server.as("manager"), server.as("tech"), server.as("pnair")]);
});

// A failed test leaves its subscriptions open; later tests (the bus listener count, the SQL count) need them gone.
afterEach(() => {
  for (const sub of openSubscriptions) sub.close();
});

afterAll(async () => {
  await Promise.allSettled(gqlClients.map((c) => c.dispose()));
  for (const s of sockets) s.terminate();
  // Servers that joined another's database close first; the owner then drops it.
  for (const s of servers.reverse()) await s.close();
});

describe("graphql-ws authentication", () => {
  it("refuses a connection without a session cookie with 4403", async () => {
    const { sub, closes, acks } = await tryGraphqlWs(server, undefined);
    expect((sub.error as Closed).code).toBe(4403);
    expect(closes.map((c) => c.code)).toContain(4403);
    expect(acks).toEqual([]); // refused at connection_init, never acknowledged
    expect(sub.results).toEqual([]);
  });

  it("refuses a forged or tampered cookie", async () => {
    const cookie = manager.cookie!;
    const eq = cookie.indexOf("=");
    const [name, value] = [cookie.slice(0, eq), cookie.slice(eq + 1)];
    const middle = Math.floor(value.length / 2);
    const tampered = value.slice(0, middle) + (value[middle] === "A" ? "B" : "A") + value.slice(middle + 1);
    for (const forged of [`${name}=forged`, `${name}=${tampered}`, "some_other_cookie=1"]) {
      const { sub, closes, acks } = await tryGraphqlWs(server, forged);
      expect((sub.error as Closed).code, forged).toBe(4403);
      expect(closes.map((c) => c.code)).toContain(4403);
      expect(acks).toEqual([]);
    }
  });

  it("refuses the cookie of a session that signed out", async () => {
    const user = await server.as("tbecker");
    const cookie = user.cookie!;
    const accepted = await subscribe(server, cookie, LOW_STOCK); // works while signed in
    accepted.close();
    expect((await user.post("/api/auth/logout")).status).toBeLessThan(300);
    const { sub } = await tryGraphqlWs(server, cookie);
    expect((sub.error as Closed).code).toBe(4403);
  });
});

describe("lowStockAlert", () => {
  it("an approval that takes items to or below their minimum alerts with new quantities and urgency", async () => {
    // high: at/below minimum but above the reorder point; critical: at/below the reorder point.
    const high = await newItem(manager, { name: "Live High Bait", quantity: 12, minQuantity: 10, reorderPoint: 5 });
    const critical = await newItem(manager, { name: "Live Critical Bait", quantity: 20, minQuantity: 10, reorderPoint: 5 });
    const sub = await subscribe(server, manager.cookie, LOW_STOCK);

    const request = await fileRequest(tech, [
      { id: high.id, quantity: 3 },
      { id: critical.id, quantity: 15 },
    ]);
    // Filing takes no stock, so it raises no alert.
    expect(await sub.arrivingWithin()).toEqual([]);

    await decide(manager, request.id, "approve");
    const data = await sub.next((d) => d.lowStockAlert.items.some((i: any) => i.id === globalId("InventoryItem", high.id)), "the low-stock alert");
    const byId = new Map(data.lowStockAlert.items.map((i: any) => [i.id, i]));
    expect(byId.get(globalId("InventoryItem", high.id))).toEqual({
      id: globalId("InventoryItem", high.id),
      name: high.name,
      quantity: 9,
      minQuantity: 10,
      unit: "boxes",
      urgency: "high",
    });
    expect(byId.get(globalId("InventoryItem", critical.id))).toEqual({
      id: globalId("InventoryItem", critical.id),
      name: critical.name,
      quantity: 5,
      minQuantity: 10,
      unit: "boxes",
      urgency: "critical",
    });
    expect(data.lowStockAlert.items).toHaveLength(2);
    sub.close();
  });

  it("a REST PUT lowering the quantity alerts; a change that stays above the minimum does not", async () => {
    const item = await newItem(manager, { name: "Live Put Bait", quantity: 30, minQuantity: 10, reorderPoint: 4, unit: "pieces" });
    const sub = await subscribe(server, manager.cookie, LOW_STOCK);
    const changes = await subscribe(server, manager.cookie, "subscription { inventoryChanged { item { id quantity } } }");
    const id = globalId("InventoryItem", item.id);

    // 30 → 15: still above the minimum (the inventoryChanged event shows the write went through).
    expect((await tech.put(`/api/inventory/${item.id}`, { quantity: 15 })).status).toBe(200);
    await changes.next((d) => d.inventoryChanged.item?.id === id && d.inventoryChanged.item.quantity === 15, "inventoryChanged for 15");
    expect(await sub.arrivingWithin()).toEqual([]);

    // 15 → 7: low, above the reorder point.
    expect((await tech.put(`/api/inventory/${item.id}`, { quantity: 7 })).status).toBe(200);
    const first = await sub.next((d) => d.lowStockAlert.items.some((i: any) => i.id === id), "the alert for 7");
    expect(first.lowStockAlert.items).toEqual([{ id, name: item.name, quantity: 7, minQuantity: 10, unit: "pieces", urgency: "high" }]);

    // 7 → 3: at/below the reorder point.
    expect((await manager.put(`/api/inventory/${item.id}`, { quantity: 3 })).status).toBe(200);
    const second = await sub.next((d) => d.lowStockAlert.items.some((i: any) => i.id === id && i.quantity === 3), "the alert for 3");
    expect(second.lowStockAlert.items).toEqual([{ id, name: item.name, quantity: 3, minQuantity: 10, unit: "pieces", urgency: "critical" }]);
    expect(sub.results).toHaveLength(2);
    sub.close();
    changes.close();
  });
});

describe("change events", () => {
  it("inventoryChanged delivers creations, updates and deletions by other users", async () => {
    const sub = await subscribe(server, manager.cookie, "subscription { inventoryChanged { item { id name quantity stockStatus } deletedId created } }");
    const item = await newItem(tech, { name: "Live Inventory Event", quantity: 40, minQuantity: 10 });
    const id = globalId("InventoryItem", item.id);
    const created = await sub.next((d) => d.inventoryChanged.item?.id === id, "inventoryChanged for the new item");
    expect(created.inventoryChanged).toEqual({ item: { id, name: item.name, quantity: 40, stockStatus: "IN_STOCK" }, deletedId: null, created: true });

    expect((await tech.put(`/api/inventory/${item.id}`, { quantity: 14 })).status).toBe(200);
    const updated = await sub.next((d) => d.inventoryChanged.item?.id === id && d.inventoryChanged.item.quantity === 14, "the update");
    expect(updated.inventoryChanged.item.stockStatus).toBe("WARNING");
    expect(updated.inventoryChanged.created).toBe(false);

    expect((await manager.delete(`/api/inventory/${item.id}`)).status).toBe(204);
    const deleted = await sub.next((d) => d.inventoryChanged.deletedId === id, "the deletion");
    expect(deleted.inventoryChanged.item).toBeNull();
    expect(deleted.inventoryChanged.created).toBe(false);
    sub.close();
  });

  it("equipmentChanged delivers a creation and a REST check-out by another user", async () => {
    const sub = await subscribe(server, manager.cookie, "subscription { equipmentChanged { equipment { id name status assignedTo } created } }");
    const created = await tech.post("/api/equipment", { name: `Live Sprayer ${randomBytes(3).toString("hex")}`, category: "Sprayer" });
    expect(created.status).toBe(201);
    const id = globalId("Equipment", created.body.id);
    const added = await sub.next((d) => d.equipmentChanged?.equipment.id === id, "equipmentChanged for the new equipment");
    expect(added.equipmentChanged).toEqual({ equipment: { id, name: created.body.name, status: "available", assignedTo: null }, created: true });

    const out = await tech.post(`/api/equipment/${created.body.id}/checkout`, { assignedTo: "Marcus Reyes" });
    expect(out.status).toBe(200);
    const data = await sub.next((d) => d.equipmentChanged?.equipment.id === id && d.equipmentChanged.equipment.status === "checked_out", "the check-out");
    expect(data.equipmentChanged).toEqual({ equipment: { id, name: created.body.name, status: "checked_out", assignedTo: "Marcus Reyes" }, created: false });

    expect((await tech.post(`/api/equipment/${created.body.id}/checkin`)).status).toBe(200);
    await sub.next((d) => d.equipmentChanged?.equipment.id === id && d.equipmentChanged.equipment.status === "available", "the check-in");
    sub.close();
  });

  it("requestChanged delivers a new request and its decision", async () => {
    const item = await newItem(manager, { name: "Live Request Event", quantity: 50, minQuantity: 5 });
    const sub = await subscribe(
      server,
      pnair.cookie,
      "subscription { requestChanged { created pendingRequests request { id databaseId status requester { name } approvedBy { name } items { name quantity inventoryItem { id } } } } }",
    );
    const pendingBefore = (await manager.post("/graphql", { query: "{ dashboardStats { pendingRequests } }" })).body.data.dashboardStats.pendingRequests as number;
    const request = await fileRequest(tech, [{ id: item.id, quantity: 4 }]);
    const filed = await sub.next((d) => d.requestChanged?.request.databaseId === request.id, "requestChanged for the new request");
    expect(filed.requestChanged.created).toBe(true);
    expect(filed.requestChanged.pendingRequests).toBe(pendingBefore + 1);
    expect(filed.requestChanged.request).toEqual({
      id: globalId("Request", request.id),
      databaseId: request.id,
      status: "pending",
      requester: { name: "Marcus Reyes" },
      approvedBy: null,
      items: [{ name: item.name, quantity: 4, inventoryItem: { id: globalId("InventoryItem", item.id) } }],
    });
    await decide(manager, request.id, "deny");
    const denied = await sub.next((d) => d.requestChanged?.request.databaseId === request.id && d.requestChanged.request.status === "denied", "the denial");
    expect(denied.requestChanged.request.approvedBy).toEqual({ name: "Dana Whitfield" });
    expect(denied.requestChanged.created).toBe(false);
    expect(denied.requestChanged.pendingRequests).toBe(pendingBefore);
    sub.close();
  });
});

describe("subscription lifecycle", () => {
  it("a subscriber that completes, or whose socket dies, releases its listener on the event bus", async () => {
    const bus = watchBus(server);
    // Every subscription of the tests above has been closed by now.
    await until(() => bus.active() === 0, "earlier subscriptions to release their listeners");

    const completed = await subscribe(server, manager.cookie, LOW_STOCK);
    expect(bus.active()).toBe(1);
    completed.close();
    await until(() => bus.active() === 0, "a completed subscription to release its listener");

    const dropped = await subscribe(server, manager.cookie, "subscription { requestChanged { request { id } } }");
    await subscribe(server, tech.cookie, "subscription { inventoryChanged { deletedId } } ");
    expect(bus.active()).toBe(2);
    socketsOf.get(dropped.client)![0]!.terminate();
    await until(() => bus.active() === 1, "a dropped socket's subscription to release its listener");
  });
});

describe("notification", () => {
  const NOTIFICATION = "subscription { notification { kind message request { databaseId status requester { name } } } }";

  it("managers hear of new requests from others, requesters of decisions on their own, nobody else", async () => {
    const second = await manager.post("/api/team", { username: "livemanager", password: "livemanager123", name: "Lena Manager", role: "manager" });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const manager2 = await server.as("livemanager", "livemanager123");
    const item = await newItem(manager, { name: "Live Notification Bait", quantity: 100, minQuantity: 5 });

    const forManager = await subscribe(server, manager.cookie, NOTIFICATION);
    const forManager2 = await subscribe(server, manager2.cookie, NOTIFICATION);
    const forTech = await subscribe(server, tech.cookie, NOTIFICATION);
    const forPnair = await subscribe(server, pnair.cookie, NOTIFICATION);

    // An employee files: both managers are told; the requester and other employees are not.
    const request = await fileRequest(tech, [{ id: item.id, quantity: 2 }]);
    const isNew = (d: any) => d.notification?.request.databaseId === request.id;
    for (const sub of [forManager, forManager2]) {
      const data = await sub.next(isNew, "NEW_REQUEST for a manager");
      expect(data.notification).toMatchObject({ kind: "NEW_REQUEST", request: { databaseId: request.id, status: "pending", requester: { name: "Marcus Reyes" } } });
      expect(data.notification.message).toContain("Marcus Reyes");
    }
    expect(await forTech.arrivingWithin()).toEqual([]);
    expect(forPnair.results).toEqual([]);

    // A manager files: the other manager is told, the filing manager is not.
    const own = await fileRequest(manager, [{ id: item.id, quantity: 1 }]);
    await forManager2.next((d) => d.notification?.request.databaseId === own.id, "NEW_REQUEST for the other manager");
    const quiet = await forManager.arrivingWithin();
    expect(quiet).toEqual([]);
    expect(forManager.results).toHaveLength(1);

    // Approval: the requester hears REQUEST_APPROVED; another employee and the managers hear nothing.
    await decide(manager, request.id, "approve");
    const approved = await forTech.next((d) => d.notification?.request.databaseId === request.id, "REQUEST_APPROVED");
    expect(approved.notification).toMatchObject({ kind: "REQUEST_APPROVED", request: { status: "approved" } });
    expect(approved.notification.message).toContain("approved");
    expect(await forPnair.arrivingWithin()).toEqual([]);
    expect(forManager.results).toHaveLength(1);
    expect(forManager2.results).toHaveLength(2);

    // Denial of another of the tech's requests: REQUEST_DENIED to the tech only.
    const second2 = await fileRequest(tech, [{ id: item.id, quantity: 3 }]);
    await forManager.next((d) => d.notification?.request.databaseId === second2.id, "NEW_REQUEST for the second request");
    await decide(manager2, second2.id, "deny");
    const denied = await forTech.next((d) => d.notification?.request.databaseId === second2.id, "REQUEST_DENIED");
    expect(denied.notification).toMatchObject({ kind: "REQUEST_DENIED", request: { status: "denied" } });
    expect(denied.notification.message).toContain("denied");
    expect(await forPnair.arrivingWithin()).toEqual([]);
    expect(forTech.results).toHaveLength(2);

    // The manager's own request decided by the other manager reaches the filing manager as a requester.
    await decide(manager2, own.id, "deny");
    const ownDecision = await forManager.next((d) => d.notification?.request.databaseId === own.id, "REQUEST_DENIED for the manager's own request");
    expect(ownDecision.notification.kind).toBe("REQUEST_DENIED");
    expect(forPnair.results).toEqual([]);

    for (const sub of [forManager, forManager2, forTech, forPnair]) sub.close();
  });
});

describe("/ws low-stock socket", () => {
  it("refuses an upgrade without a session or with a forged cookie (401)", async () => {
    const without = await tryLowStockSocket(server);
    expect(without).toMatchObject({ opened: false, status: 401 });
    const forged = await tryLowStockSocket(server, "trapline_session=forged");
    expect(forged).toMatchObject({ opened: false, status: 401 });
  });

  it("sends {type: low_stock_alert, items} to a signed-in client when stock goes low", async () => {
    const item = await newItem(manager, { name: "Live Socket Bait", quantity: 25, minQuantity: 8, reorderPoint: 3, unit: "cases" });
    const ws = await openLowStockSocket(server, tech.cookie!);
    expect((await manager.put(`/api/inventory/${item.id}`, { quantity: 6 })).status).toBe(200);
    const message = await ws.next((m) => m.items?.some((i: any) => i.id === item.id), "the /ws low-stock alert");
    expect(Object.keys(message).sort()).toEqual(["items", "type"]);
    expect(message.type).toBe("low_stock_alert");
    expect(message.items).toEqual([{ id: item.id, name: item.name, quantity: 6, minQuantity: 8, unit: "cases", urgency: "high" }]);
    expect(Number.isInteger(message.items[0].id)).toBe(true);

    // An approval taking it to the reorder point: critical.
    const request = await fileRequest(pnair, [{ id: item.id, quantity: 4 }]);
    await decide(manager, request.id, "approve");
    const critical = await ws.next((m) => m.items?.some((i: any) => i.id === item.id && i.quantity === 2), "the critical alert");
    expect(critical).toEqual({ type: "low_stock_alert", items: [{ id: item.id, name: item.name, quantity: 2, minQuantity: 8, unit: "cases", urgency: "critical" }] });
    ws.socket.close();
  });
});

describe("two server processes on one PostgreSQL database", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("deliver each other's events over LISTEN/NOTIFY", async () => {
    const env = { SESSION_SECRET: randomBytes(32).toString("hex") };
    const a = await startServer(env);
    servers.push(a);
    const b = await startServer(env, { databaseUrl: a.databaseUrl });
    servers.push(b);
    expect(b.databaseUrl).toBe(a.databaseUrl);

    const managerA = await a.as("manager");
    const techA = await a.as("tech");
    const managerB = await b.as("manager");

    const item = await newItem(managerA, { name: "Fanout Bait", quantity: 12, minQuantity: 10, reorderPoint: 5 });
    const id = globalId("InventoryItem", item.id);

    // A cookie issued by A works on B (same secret, same session table).
    const lowOnB = await subscribe(b, managerA.cookie, LOW_STOCK);
    const requestsOnB = await subscribe(b, managerA.cookie, "subscription { requestChanged { request { databaseId status requester { name } } } }");
    const requestsOnA = await subscribe(a, managerA.cookie, "subscription { requestChanged { request { databaseId status } } }");
    const socketOnA = await openLowStockSocket(a, techA.cookie!);

    // Writes on A reach the subscribers on B.
    const request = await fileRequest(techA, [{ id: item.id, quantity: 3 }]);
    const filed = await requestsOnB.next((d) => d.requestChanged?.request.databaseId === request.id, "requestChanged on B for a request filed on A");
    expect(filed.requestChanged.request).toEqual({ databaseId: request.id, status: "pending", requester: { name: "Marcus Reyes" } });
    await decide(managerA, request.id, "approve");
    await requestsOnB.next((d) => d.requestChanged?.request.databaseId === request.id && d.requestChanged.request.status === "approved", "the approval on B");
    const alert = await lowOnB.next((d) => d.lowStockAlert.items.some((i: any) => i.id === id), "lowStockAlert on B for an approval on A");
    expect(alert.lowStockAlert.items).toEqual([{ id, name: item.name, quantity: 9, minQuantity: 10, unit: "boxes", urgency: "high" }]);

    // A write on B reaches the /ws client on A.
    expect((await managerB.put(`/api/inventory/${item.id}`, { quantity: 4 })).status).toBe(200);
    const message = await socketOnA.next((m) => m.items?.some((i: any) => i.id === item.id && i.quantity === 4), "the /ws alert on A for a write on B");
    expect(message).toEqual({ type: "low_stock_alert", items: [{ id: item.id, name: item.name, quantity: 4, minQuantity: 10, unit: "boxes", urgency: "critical" }] });

    // Each process delivers each event once: the publisher hears its own NOTIFY, not a second local copy.
    await sleep(QUIET_MS);
    expect(socketOnA.messages.filter((m) => m.items.some((i: any) => i.id === item.id))).toHaveLength(2);
    expect(requestsOnA.results.filter((r) => r.data.requestChanged?.request.databaseId === request.id)).toHaveLength(2);
    expect(requestsOnB.results.filter((r) => r.data.requestChanged?.request.databaseId === request.id)).toHaveLength(2);
    expect(lowOnB.results).toHaveLength(2);

    for (const sub of [lowOnB, requestsOnB, requestsOnA]) sub.close();
    socketOnA.socket.close();
  });
});

describe("no N+1: a connection page costs a constant, small number of SQL statements", () => {
  let cost: TestServer;
  let counting = false;
  let statements: string[] = [];

  const REQUESTS =
    "{ requests(first: 50) { edges { node { id status requester { name department } approvedBy { name } items { name quantity inventoryItem { name quantity } equipment { name status } } } } } }";
  const ITEMS =
    "{ inventoryItems(first: 50) { edges { node { id databaseId name quantity minQuantity unit stockStatus urgency priceDisplay labelCode } } } }";
  const ACTIVITY = "{ activity(first: 50) { edges { node { id action details user { name } } } } }";

  /** Runs one query as `as` and returns how many statements it sent to the database (and its page size). */
  async function measure(as: ApiClient, query: string) {
    statements = [];
    counting = true;
    const res = await as.post("/graphql", { query });
    await sleep(100); // a log event still in flight would otherwise be missed
    counting = false;
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const connection = Object.values(res.body.data)[0] as { edges: unknown[] };
    return { statements: statements.length, sql: [...statements], size: connection.edges.length, data: res.body.data };
  }

  beforeAll(async () => {
    // The session lookup is per request, not per page, and cached for a few seconds: not counted.
    cost = await startServer({}, { onQuery: (sql) => void (counting && !sql.includes('FROM "Session"') && statements.push(sql)) });
    servers.push(cost);
  });

  it("requests, inventoryItems and activity pages", async () => {
    const [mgr, ...employees] = await Promise.all(["manager", "tech", "pnair", "tbecker", "agomez"].map((u) => cost.as(u)));
    const m = mgr!;

    // Round 0: the demo data only.
    const activity0 = await measure(m, ACTIVITY);
    const requests0 = await measure(m, REQUESTS);

    const extra = await m.post("/api/team", { username: "costmanager", password: "costmanager123", name: "Cody Cost", role: "manager" });
    expect(extra.status).toBe(201);
    const managers = [m, await cost.as("costmanager", "costmanager123")];
    const stock = await Promise.all([1, 2, 3].map((n) => newItem(m, { name: `Cost Stock ${n}`, quantity: 100_000, minQuantity: 1 })));
    const tools: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await m.post("/api/equipment", { name: `Cost Tool ${n}`, category: "Hand Tool" });
      expect(res.status).toBe(201);
      tools.push(res.body.id);
    }

    let made = 0;
    async function makeRequests(count: number) {
      for (let i = 0; i < count; i++, made++) {
        const by = employees[made % employees.length]!;
        if (made % 4 === 3) {
          await fileRequest(by, [{ id: tools[made % 3]!, quantity: 1 }, { id: tools[(made + 1) % 3]!, quantity: 1 }], "equipment");
          continue;
        }
        const lines = stock.slice(0, 2 + (made % 2)).map((s, j) => ({ id: s.id, quantity: 1 + ((made + j) % 3) }));
        const request = await fileRequest(by, lines);
        if (made % 4 === 1) await decide(managers[(made >> 2) % 2]!, request.id, "approve");
        if (made % 4 === 2) await decide(managers[((made >> 2) + 1) % 2]!, request.id, "deny");
      }
    }
    async function makeItems(count: number) {
      for (let i = 0; i < count; i++) await newItem(employees[i % employees.length]!, { name: `Cost Item ${i}`, quantity: i, minQuantity: 5, price: 100 + i });
    }

    // Round 1: 10 requests and 10 items more.
    await makeRequests(10);
    await makeItems(10);
    const requests1 = await measure(m, REQUESTS);
    const items1 = await measure(m, ITEMS);

    // Round 2: 40 requests and 40 items more, so every page is full.
    await makeRequests(40);
    await makeItems(40);
    const requests2 = await measure(m, REQUESTS);
    const items2 = await measure(m, ITEMS);
    const activity2 = await measure(m, ACTIVITY);

    // The pages really grew (so an N+1 would show) …
    expect(requests0.size).toBeLessThan(10);
    expect(requests1.size).toBeGreaterThanOrEqual(10);
    expect(requests1.size).toBeLessThan(50);
    expect(requests2.size).toBe(50);
    expect(items1.size).toBeLessThan(50);
    expect(items2.size).toBe(50);
    expect(activity0.size).toBeLessThan(50);
    expect(activity2.size).toBe(50);
    // … and exercised every relation.
    const nodes = requests2.data.requests.edges.map((e: any) => e.node);
    expect(new Set(nodes.map((n: any) => n.requester.name)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(nodes.map((n: any) => n.approvedBy?.name).filter(Boolean)).size).toBe(2);
    expect(nodes.some((n: any) => n.items.some((l: any) => l.equipment?.status === "available"))).toBe(true);
    expect(nodes.some((n: any) => n.items.length === 3 && n.items.every((l: any) => l.inventoryItem?.quantity > 0))).toBe(true);
    expect(new Set(activity2.data.activity.edges.map((e: any) => e.node.user.name)).size).toBeGreaterThanOrEqual(4);

    // The cost does not depend on the page size.
    expect(requests1.statements, requests1.sql.join("\n")).toBe(requests0.statements);
    expect(requests2.statements, requests2.sql.join("\n")).toBe(requests1.statements);
    expect(items2.statements, items2.sql.join("\n")).toBe(items1.statements);
    expect(activity2.statements, activity2.sql.join("\n")).toBe(activity0.statements);
    for (const r of [requests2, items2, activity2]) {
      expect(r.statements, r.sql.join("\n")).toBeGreaterThan(0);
      expect(r.statements, r.sql.join("\n")).toBeLessThanOrEqual(10);
    }
  });

  it("a change event loads its record and the pending count once, however many clients subscribe", async () => {
    const users = await Promise.all(["manager", "tech", "pnair"].map((u) => cost.as(u)));
    const query = "subscription { requestChanged { pendingRequests request { id status items { name quantity } } } }";
    // One at a time: subscribe() waits for its own listener by the bus's listener count.
    const subs: Subscription[] = [];
    for (const u of users) subs.push(await subscribe(cost, u.cookie, query));
    const stock = await newItem(users[0]!, { name: "Fan-out Gel", quantity: 50, minQuantity: 1 });

    statements = [];
    counting = true;
    const filed = await fileRequest(users[1]!, [{ id: stock.id, quantity: 1 }]);
    const id = globalId("Request", filed.id);
    const seen = await Promise.all(subs.map((sub) => sub.next((d) => d.requestChanged?.request.id === id, "the new request's event")));
    await sleep(100); // a log event still in flight would otherwise be missed
    counting = false;

    expect(new Set(seen.map((d) => d.requestChanged.pendingRequests)).size).toBe(1);
    const pendingCounts = statements.filter((sql) => /count\(/i.test(sql) && sql.includes('"Request"'));
    expect(pendingCounts, statements.join("\n")).toHaveLength(1);
    for (const sub of subs) sub.close();
  });
});
