import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueDeliveries } from "../../server/domain/webhookDeliveries.ts";
import { createWebhook } from "../../server/domain/webhooks.ts";
import { ERR, gql, ok, until } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/** Signed webhooks: outbox rows written with the change, sent by the worker with retries, to a real local HTTP receiver. */

type Received = { headers: IncomingHttpHeaders; raw: string; body: any };

/** A local endpoint that records what it is sent and answers with the next status of `answers` (then 200). */
async function receiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.statusCode = answers.shift() ?? 200;
      res.end("ok");
    });
  });
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/hook`, received, answers, close: () => new Promise((r) => http.close(r)) };
}

let server: TestServer;
let manager: ApiClient;
const servers: TestServer[] = [];
const receivers: Awaited<ReturnType<typeof receiver>>[] = [];
const ENV = { ALLOW_PRIVATE_WEBHOOKS: "1", WEBHOOK_RETRY_BASE_MS: "100" };

beforeAll(async () => {
  server = await startServer(ENV);
  servers.push(server);
  manager = await server.as("manager");
});
afterAll(async () => {
  for (const s of servers) await s.close();
  for (const r of receivers) await r.close();
});

const CREATE = `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { ${ERR} ... on CreateWebhookPayload { secret webhook { id databaseId url events active } } } }`;
const LIST = `{ webhooks { id url events active recentDeliveries { deliveryId event status attempts lastStatusCode lastError deliveredAt } } }`;

async function register(client: ApiClient, events: string[]) {
  const r = await receiver();
  receivers.push(r);
  const data = await ok(client, CREATE, { input: { url: r.url, events } });
  expect(data.createWebhook.__typename, JSON.stringify(data)).toBe("CreateWebhookPayload");
  return { ...r, secret: data.createWebhook.secret as string, webhook: data.createWebhook.webhook };
}

const verify = (secret: string, m: Received) => m.headers["x-trapline-signature"] === "sha256=" + createHmac("sha256", secret).update(m.raw).digest("hex");
const newItem = (extra: Record<string, unknown> = {}) => ({ name: `Hook bait ${randomBytes(3).toString("hex")}`, category: "Bait", unit: "boxes", quantity: 20, minQuantity: 5, ...extra });

describe("registering", () => {
  it("returns the secret once, lists webhooks for managers only, and refuses bad URLs and events", async () => {
    const hook = await register(manager, ["inventory.changed"]);
    expect(hook.secret).toMatch(/^whsec_/);
    const list = await gql(manager, LIST);
    expect(list.text).not.toContain(hook.secret);
    expect(list.data.webhooks.find((w: any) => w.id === hook.webhook.id)).toMatchObject({ url: hook.url, events: ["inventory.changed"], active: true });

    const tech = await server.as("tech");
    expect((await ok(tech, CREATE, { input: { url: hook.url, events: ["inventory.changed"] } })).createWebhook.__typename).toBe("ForbiddenError");
    expect((await gql(tech, LIST)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    for (const [url, events, field] of [
      ["ftp://example.com/x", ["inventory.changed"], "url"],
      ["not a url", ["inventory.changed"], "url"],
      ["https://user:pw@example.com/", ["inventory.changed"], "url"],
      [hook.url, [], "events"],
      [hook.url, ["inventory.exploded"], "events.0"],
    ] as const) {
      const bad = await ok(manager, CREATE, { input: { url, events } });
      expect(bad.createWebhook, `${url} ${events}`).toMatchObject({ __typename: "ValidationError", field });
    }
  });

  it("refuses URLs that are or resolve to loopback, link-local or private addresses unless ALLOW_PRIVATE_WEBHOOKS=1", async () => {
    const strict = { ...server.app.deps, settings: { allowPrivateWebhooks: false } };
    const actor = { id: 1, username: "manager", name: "M", role: "manager" as const, department: null };
    for (const url of [
      "http://127.0.0.1:9/x",
      "http://localhost/x",
      "http://[::1]/x",
      "http://169.254.169.254/latest",
      "http://10.1.2.3/",
      "http://192.168.0.10/",
      "http://172.20.0.1/",
      "http://[fd00::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0/",
    ]) {
      await expect(createWebhook(strict, actor, { url, events: ["inventory.changed"] }), url).rejects.toMatchObject({ kind: "VALIDATION", code: "webhook.urlMustNotPointTo", field: "url" });
    }
    const before = await server.app.deps.prisma.webhook.count();
    await expect(createWebhook(strict, actor, { url: "http://93.184.215.14/hook", events: ["inventory.changed"] })).resolves.toMatchObject({ secret: expect.any(String) });
    expect(await server.app.deps.prisma.webhook.count()).toBe(before + 1);
  });
});

describe("deliveries", () => {
  it("POSTs each event signed, with its event name and delivery id, written with the change", async () => {
    const hook = await register(manager, [
      "inventory.changed",
      "inventory.low_stock",
      "equipment.checked_out",
      "equipment.checked_in",
      "request.created",
      "request.decided",
    ]);
    const item = await manager.post("/api/inventory", newItem());
    expect(item.status).toBe(201);
    expect((await manager.put(`/api/inventory/${item.body.id}`, { quantity: 2 })).status).toBe(200);
    const gear = await manager.post("/api/equipment", { name: `Hook gear ${randomBytes(3).toString("hex")}`, category: "Sprayer" });
    expect((await manager.post(`/api/equipment/${gear.body.id}/checkout`, { assignedTo: "Lee" })).status).toBe(200);
    expect((await manager.post(`/api/equipment/${gear.body.id}/checkin`)).status).toBe(200);
    const tech = await server.as("tech");
    const request = await tech.post("/api/requests", { type: "inventory", justification: "hooks", items: [{ id: item.body.id, quantity: 1 }] });
    expect(request.status).toBe(201);
    expect((await manager.put(`/api/requests/${request.body.id}/approve`)).status).toBe(200);

    const expected = ["inventory.changed", "inventory.low_stock", "equipment.checked_out", "equipment.checked_in", "request.created", "request.decided"];
    await until(() => expected.every((e) => hook.received.some((m) => m.headers["x-trapline-event"] === e)), "every event to arrive", 15_000);
    for (const m of hook.received) {
      expect(verify(hook.secret, m), m.raw).toBe(true);
      expect(m.headers["content-type"]).toBe("application/json");
      expect(m.body.id).toBe(m.headers["x-trapline-delivery"]);
      expect(m.body.event).toBe(m.headers["x-trapline-event"]);
    }
    const ids = hook.received.map((m) => m.headers["x-trapline-delivery"]);
    expect(new Set(ids).size).toBe(ids.length);
    const changed = hook.received.filter((m) => m.body.event === "inventory.changed" && m.body.data.id === item.body.id).map((m) => m.body.data.change);
    expect(changed).toEqual(expect.arrayContaining(["created", "updated"]));
    const low = hook.received.find((m) => m.body.event === "inventory.low_stock");
    expect(low!.body.data.items.some((i: any) => i.id === item.body.id)).toBe(true);
    const out = hook.received.find((m) => m.body.event === "equipment.checked_out");
    expect(out!.body.data.equipment).toMatchObject({ id: gear.body.id, status: "checked_out", assignedTo: "Lee" });
    const decided = hook.received.find((m) => m.body.event === "request.decided");
    expect(decided!.body.data.request).toMatchObject({ id: request.body.id, status: "approved" });

    // A forged or altered body does not verify.
    const tampered = { ...hook.received[0]!, raw: hook.received[0]!.raw.replace(/}$/, ' }') };
    expect(verify(hook.secret, tampered)).toBe(false);
  });

  it("sends nothing for a change that was refused or rolled back, and nothing to a paused or other-event webhook", async () => {
    const gear = await manager.post("/api/equipment", { name: `Hook gear ${randomBytes(3).toString("hex")}`, category: "Sprayer" });
    expect((await manager.post(`/api/equipment/${gear.body.id}/checkout`, { assignedTo: "Lee" })).status).toBe(200);
    const hook = await register(manager, ["equipment.checked_out"]);
    const paused = await register(manager, ["equipment.checked_out"]);
    const update = await ok(manager, `mutation($id: ID!) { updateWebhook(input: { id: $id, active: false }) { ${ERR} ... on UpdateWebhookPayload { webhook { active } } } }`, {
      id: paused.webhook.id,
    });
    expect(update.updateWebhook.webhook.active).toBe(false);
    const before = await server.app.deps.prisma.webhookDelivery.count({ where: { webhookId: hook.webhook.databaseId } });
    expect((await manager.post(`/api/equipment/${gear.body.id}/checkout`, { assignedTo: "Kim" })).status).toBe(409); // already out: rolled back
    const request = await (await server.as("tech")).post("/api/requests", { type: "equipment", justification: "x", items: [{ id: gear.body.id, quantity: 1 }] });
    if (request.status === 201) expect((await manager.put(`/api/requests/${request.body.id}/approve`)).status).toBe(409);
    expect(await server.app.deps.prisma.webhookDelivery.count({ where: { webhookId: hook.webhook.databaseId } })).toBe(before);

    const other = await manager.post("/api/equipment", { name: `Hook gear ${randomBytes(3).toString("hex")}`, category: "Sprayer" });
    expect((await manager.post(`/api/equipment/${other.body.id}/checkout`, { assignedTo: "Kim" })).status).toBe(200);
    await until(() => hook.received.length === 1, "the check-out to arrive");
    expect(hook.received[0]!.body.data.equipment.id).toBe(other.body.id);
    expect(await server.app.deps.prisma.webhookDelivery.count({ where: { webhookId: paused.webhook.databaseId } })).toBe(0);
    expect(paused.received).toEqual([]);
  });

  it("retries failures with growing waits until the endpoint answers 2xx, and shows the deliveries", async () => {
    const hook = await register(manager, ["inventory.changed"]);
    hook.answers.push(500, 503);
    const item = await manager.post("/api/inventory", newItem());
    await until(() => hook.received.length >= 3, "two retries", 15_000);
    const ids = new Set(hook.received.map((m) => m.headers["x-trapline-delivery"]));
    expect(ids.size).toBe(1);
    expect(hook.received.every((m) => m.raw === hook.received[0]!.raw && verify(hook.secret, m))).toBe(true);
    const row = await server.app.deps.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: [...ids][0] as string } });
    const settled = await (async () => {
      for (let i = 0; i < 100; i++) {
        const r = await server.app.deps.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: row.id } });
        if (r.status !== "pending") return r;
        await new Promise((res) => setTimeout(res, 50));
      }
      return row;
    })();
    expect(settled).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 200 });
    const listed = (await ok(manager, LIST)).webhooks.find((w: any) => w.id === hook.webhook.id);
    expect(listed.recentDeliveries[0]).toMatchObject({ deliveryId: row.id, event: "inventory.changed", status: "delivered", attempts: 3 });
    expect(JSON.parse(hook.received[0]!.raw).data.id).toBe(item.body.id);
  });

  it("shows the outbox's backlog on /metrics while an endpoint fails, and not once it is sent (issue 19)", async () => {
    const gauge = async (name: string) =>
      Number(new RegExp(`^${name} (\\S+)$`, "m").exec(await (await fetch(`${server.url}/metrics`)).text())?.[1]);
    const hook = await register(manager, ["inventory.changed"]);
    hook.answers.push(500, 500, 500);
    await manager.post("/api/inventory", newItem());
    await until(() => hook.received.length >= 1, "a first failed attempt", 15_000);
    expect(await gauge("trapline_webhook_deliveries_pending")).toBeGreaterThanOrEqual(1);
    expect(await gauge("trapline_webhook_oldest_pending_seconds")).toBeGreaterThanOrEqual(0);
    await until(() => hook.received.length >= 4, "the fourth attempt, answered 200", 20_000);
    await expect.poll(() => server.app.deps.prisma.webhookDelivery.count({ where: { webhookId: hook.webhook.databaseId, status: "pending" } }), { timeout: 10_000 }).toBe(0);
    const pending = await server.app.deps.prisma.webhookDelivery.count({ where: { status: "pending" } });
    await new Promise((r) => setTimeout(r, 1100)); // past the one-second reading shared by the two gauges
    expect(await gauge("trapline_webhook_deliveries_pending")).toBe(pending);
  });

  it("gives each delivery to one sender, however many run at once", async () => {
    const hook = await register(manager, ["inventory.changed"]);
    // Deliveries written straight to the outbox, so only the senders below take them.
    await server.app.deps.prisma.webhookDelivery.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({ id: `race-${randomBytes(4).toString("hex")}-${i}`, webhookId: hook.webhook.databaseId, event: "inventory.changed", body: `{"n":${i}}` })),
    });
    const settings = { allowPrivate: true, retryBaseMs: 100, pollMs: 60_000 };
    await Promise.all([1, 2, 3, 4].map(() => sendDueDeliveries(server.app.deps, settings)));
    await until(() => hook.received.length >= 30, "all 30");
    const ids = hook.received.map((m) => m.headers["x-trapline-delivery"]);
    expect(ids.length).toBe(30);
    expect(new Set(ids).size).toBe(30);
  });

  it("deletes a webhook with its deliveries", async () => {
    const hook = await register(manager, ["inventory.changed"]);
    const del = await ok(manager, `mutation($id: ID!) { deleteWebhook(input: { id: $id }) { ${ERR} ... on DeleteWebhookPayload { deletedId } } }`, { id: hook.webhook.id });
    expect(del.deleteWebhook.deletedId).toBe(hook.webhook.id);
    expect((await ok(manager, LIST)).webhooks.some((w: any) => w.id === hook.webhook.id)).toBe(false);
    const again = await ok(manager, `mutation($id: ID!) { deleteWebhook(input: { id: $id }) { ${ERR} } }`, { id: hook.webhook.id });
    expect(again.deleteWebhook.__typename).toBe("NotFoundError");
  });
});

describe("two server processes on one PostgreSQL database", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("send each delivery once", async () => {
    const b = await startServer(ENV, { databaseUrl: server.databaseUrl });
    servers.push(b);
    const hook = await register(manager, ["inventory.changed"]);
    const managerB = await b.as("manager");
    const made = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? manager : managerB).post("/api/inventory", newItem())));
    expect(made.every((r) => r.status === 201)).toBe(true);
    const settings = { allowPrivate: true, retryBaseMs: 100, pollMs: 60_000 };
    await Promise.all([sendDueDeliveries(server.app.deps, settings), sendDueDeliveries(b.app.deps, settings)]);
    await until(() => hook.received.length >= 10, "ten deliveries");
    const ids = hook.received.map((m) => m.headers["x-trapline-delivery"]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(10);
  });
});
