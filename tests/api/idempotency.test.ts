import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sweepExpiredIdempotencyKeys } from "../../server/domain/idempotency.ts";
import { countRows, newKey, sendKeyed, storedKeys } from "../helpers/idempotency.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/** Issue 13, REST: a write sent with an Idempotency-Key happens once, whatever the repeats. */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
let trapsId: number;
beforeAll(async () => {
  server = await startServer();
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
  trapsId = (await tech.get("/api/inventory")).body.find((i: any) => i.name.startsWith("Victor")).id;
});
afterAll(() => server.close());

let seq = 0;
async function newEquipment(checkedOutTo?: string): Promise<number> {
  const res = await manager.post("/api/equipment", { name: `Keyed gear ${++seq}`, category: "Hand Tool" });
  expect(res.status).toBe(201);
  if (checkedOutTo) expect((await manager.post(`/api/equipment/${res.body.id}/checkout`, { assignedTo: checkedOutTo })).status).toBe(200);
  return res.body.id;
}

type Write = { method: string; path: string; body: unknown; status: number; count: () => Promise<number>; check?: () => Promise<void> };

/** The writes a technician queues offline, each on a fresh target, with how to count what it did. */
const writes: Record<string, () => Promise<Write>> = {
  "check out": async () => {
    const id = await newEquipment();
    return {
      method: "POST",
      path: `/api/equipment/${id}/checkout`,
      body: { assignedTo: "Marcus Reyes" },
      status: 200,
      count: () => countRows(server, { activity: { action: "checkout", entityId: id } }),
      check: async () => expect((await manager.get(`/api/equipment/${id}`)).body).toMatchObject({ status: "checked_out", assignedTo: "Marcus Reyes" }),
    };
  },
  "check in": async () => {
    const id = await newEquipment("Marcus Reyes");
    return {
      method: "POST",
      path: `/api/equipment/${id}/checkin`,
      body: undefined,
      status: 200,
      count: () => countRows(server, { activity: { action: "checkin", entityId: id } }),
      check: async () => expect((await manager.get(`/api/equipment/${id}`)).body).toMatchObject({ status: "available", assignedTo: null }),
    };
  },
  "create request": async () => {
    const justification = `Offline request ${++seq}`;
    return {
      method: "POST",
      path: "/api/requests",
      body: { type: "inventory", justification, items: [{ id: trapsId, quantity: 2 }] },
      status: 201,
      count: () => countRows(server, { requestsJustified: justification }),
    };
  },
};

describe.each(Object.entries(writes))("%s with an Idempotency-Key", (_name, setup) => {
  it("sent twice in a row: one write, the same status and body; the repeat says it is a replay", async () => {
    const w = await setup();
    const key = newKey();
    const first = await sendKeyed(tech, w.method, w.path, w.body, key);
    expect(first.status, first.text).toBe(w.status);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await sendKeyed(tech, w.method, w.path, w.body, key);
    expect([again.status, again.text]).toEqual([first.status, first.text]);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await w.count()).toBe(1);
    await w.check?.();
  });

  it("sent 10 times at once: one write, ten identical answers", async () => {
    const w = await setup();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendKeyed(tech, w.method, w.path, w.body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(w.status));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    expect(await w.count()).toBe(1);
    await w.check?.();
  });

  it("without a key behaves as before: each send is a write of its own", async () => {
    const w = await setup();
    const first = await sendKeyed(tech, w.method, w.path, w.body, undefined);
    const again = await sendKeyed(tech, w.method, w.path, w.body, undefined);
    expect(first.status).toBe(w.status);
    // A second check-out or check-in of the same equipment conflicts; a second request is filed.
    expect(again.status).toBe(w.path === "/api/requests" ? 201 : 409);
    expect(await w.count()).toBe(w.path === "/api/requests" ? 2 : 1);
  });
});

describe("a key reused for a different request", () => {
  it("with another body is refused with 422 and a clear message, and changes nothing", async () => {
    const key = newKey();
    const justification = `Reused key ${++seq}`;
    const first = await sendKeyed(tech, "POST", "/api/requests", { type: "inventory", justification, items: [{ id: trapsId, quantity: 1 }] }, key);
    expect(first.status).toBe(201);
    const other = await sendKeyed(tech, "POST", "/api/requests", { type: "inventory", justification, items: [{ id: trapsId, quantity: 5 }] }, key);
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/Idempotency-Key was already used for a different request/);
    // …even when the other body would not pass validation: the key is looked at first.
    const invalid = await sendKeyed(tech, "POST", "/api/requests", { justification: "" }, key);
    expect(invalid.status).toBe(422);
    expect(await countRows(server, { requestsJustified: justification })).toBe(1);
  });

  it("on another route is refused with 422", async () => {
    const id = await newEquipment();
    const key = newKey();
    expect((await sendKeyed(tech, "POST", `/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes" }, key)).status).toBe(200);
    const checkin = await sendKeyed(tech, "POST", `/api/equipment/${id}/checkin`, undefined, key);
    expect(checkin.status).toBe(422);
    expect((await manager.get(`/api/equipment/${id}`)).body.status).toBe("checked_out");
  });

  it("the same body with its keys in another order is the same request", async () => {
    const key = newKey();
    const justification = `Key order ${++seq}`;
    const first = await sendKeyed(tech, "POST", "/api/requests", { type: "inventory", justification, items: [{ id: trapsId, quantity: 1 }] }, key);
    const again = await sendKeyed(tech, "POST", "/api/requests", { items: [{ quantity: 1, id: trapsId }], justification, type: "inventory" }, key);
    expect([again.status, again.text]).toEqual([201, first.text]);
    expect(await countRows(server, { requestsJustified: justification })).toBe(1);
  });

  it("racing the first with another body: one of them is written, the other gets 422", async () => {
    const id = await newEquipment();
    const key = newKey();
    const [a, b] = await Promise.all([
      sendKeyed(tech, "POST", `/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes" }, key),
      sendKeyed(tech, "POST", `/api/equipment/${id}/checkout`, { assignedTo: "Priya Nair" }, key),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    expect(await countRows(server, { activity: { action: "checkout", entityId: id } })).toBe(1);
  });
});

describe("the key's form", () => {
  it.each([
    ["too short", "abc123"],
    ["too long", "k".repeat(129)],
    ["with spaces", "not a valid key at all"],
    ["empty", ""],
    ["with other characters", "key/with/slashes-123456"],
  ])("%s: 400 with a clear message, and nothing is written", async (_what, key) => {
    const id = await newEquipment();
    const res = await sendKeyed(tech, "POST", `/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes" }, key);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(/^Idempotency-Key must be 16 to 128 characters/), code: "idempotency.keyForm", field: "Idempotency-Key" });
    expect((await manager.get(`/api/equipment/${id}`)).body.status).toBe("available");
  });

  it("UUIDs, ULIDs and other URL-safe ids are accepted; reads ignore the header", async () => {
    for (const key of [newKey(), "01HZX3N7Q8R9S0T1V2W3X4Y5Z6", "V1StGXR8_Z5jdHi6B-myT", "phone:42:queue.7"]) {
      const id = await newEquipment();
      expect((await sendKeyed(tech, "POST", `/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes" }, key)).status).toBe(200);
    }
    expect((await sendKeyed(tech, "GET", "/api/equipment", undefined, "bad key")).status).toBe(200);
  });
});

describe("keys belong to the user who sent them", () => {
  it("another user's equal key is a key of their own: their write happens, with their answer", async () => {
    const pnair = await server.as("pnair");
    const key = newKey();
    const justification = `Shared key ${++seq}`;
    const body = { type: "inventory", justification, items: [{ id: trapsId, quantity: 1 }] };
    const mine = await sendKeyed(tech, "POST", "/api/requests", body, key);
    const theirs = await sendKeyed(pnair, "POST", "/api/requests", body, key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.requesterName).toBe("Priya Nair");
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(await countRows(server, { requestsJustified: justification })).toBe(2);
    const mineAgain = await sendKeyed(tech, "POST", "/api/requests", body, key);
    expect([mineAgain.status, mineAgain.text]).toEqual([201, mine.text]);
    expect(await countRows(server, { requestsJustified: justification })).toBe(2);
  });

  it("a signed-out request with a key is refused as before (401), and no key is kept", async () => {
    const key = newKey();
    const res = await sendKeyed(server.anonymous(), "POST", "/api/requests", { justification: "x" }, key);
    expect(res.status).toBe(401);
    expect(await storedKeys(server, key)).toEqual([]);
  });
});

describe("what is remembered", () => {
  it("a write that failed (a conflict) keeps no key: sent again later, it is tried again", async () => {
    const id = await newEquipment("Priya Nair");
    const key = newKey();
    const conflict = await sendKeyed(tech, "POST", `/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes" }, key);
    expect(conflict.status).toBe(409);
    expect(await storedKeys(server, key)).toEqual([]);
    expect((await manager.post(`/api/equipment/${id}/checkin`)).status).toBe(200);
    const retried = await sendKeyed(tech, "POST", `/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes" }, key);
    expect(retried.status).toBe(200);
    expect(retried.body.assignedTo).toBe("Marcus Reyes");
    expect(await storedKeys(server, key)).toHaveLength(1);
  });

  it("a check-out resent after its due day has passed still gets its first answer", async () => {
    const id = await newEquipment();
    const key = newKey();
    const today = new Date().toISOString().slice(0, 10);
    const first = await sendKeyed(tech, "POST", `/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes", dueBack: today }, key);
    expect(first.status, first.text).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 86_400_000 });
    try {
      const again = await sendKeyed(tech, "POST", `/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes", dueBack: today }, key);
      expect([again.status, again.text]).toEqual([200, first.text]);
    } finally {
      vi.useRealTimers();
    }
  });

  it(`keeps a key for 8 days; after that it counts as unused, and the sweep deletes it`, async () => {
    const key = newKey();
    const justification = `Expiring key ${++seq}`;
    const body = { type: "inventory", justification, items: [{ id: trapsId, quantity: 1 }] };
    expect((await sendKeyed(tech, "POST", "/api/requests", body, key)).status).toBe(201);
    const [stored] = await storedKeys(server, key);
    const days = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(8, 3);

    const prisma = server.app.deps.prisma;
    const expire = () => prisma.idempotencyKey.updateMany({ where: { key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expire();
    // Expired but not swept yet: the key is free again.
    expect((await sendKeyed(tech, "POST", "/api/requests", body, key)).status).toBe(201);
    expect(await countRows(server, { requestsJustified: justification })).toBe(2);
    expect(await storedKeys(server, key)).toHaveLength(1);

    await expire();
    const fresh = newKey();
    expect((await sendKeyed(tech, "POST", "/api/requests", { ...body, justification: `${justification} (fresh)` }, fresh)).status).toBe(201);
    expect(await sweepExpiredIdempotencyKeys(server.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await storedKeys(server, key)).toEqual([]);
    expect(await storedKeys(server, fresh)).toHaveLength(1);
  });

  it("the sweep runs when the server starts (and hourly after)", async () => {
    const key = newKey();
    expect((await sendKeyed(tech, "POST", "/api/requests", { type: "inventory", justification: `Swept ${++seq}`, items: [{ id: trapsId, quantity: 1 }] }, key)).status).toBe(201);
    const { count } = await server.app.deps.prisma.idempotencyKey.updateMany({ where: { key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(count).toBe(1);
    await server.restart();
    expect(await storedKeys(server, key)).toEqual([]);
    [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
  });
});
