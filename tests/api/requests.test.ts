import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
let priya: ApiClient;
let managerId: number;
let techId: number;

beforeAll(async () => {
  server = await startServer();
  [manager, tech, priya] = await Promise.all([server.as("manager"), server.as("tech"), server.as("pnair")]);
  managerId = (await manager.get("/api/auth/me")).body.user.id;
  techId = (await tech.get("/api/auth/me")).body.user.id;
});
afterAll(() => server.close());

let seq = 0;
const unique = (label: string) => `${label} ${++seq}-${Date.now()}`;

async function newItem(quantity: number, name = unique("Request Test Bait")) {
  const res = await manager.post("/api/inventory", { name, category: "Bait", quantity, minQuantity: 0, unit: "boxes" });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; quantity: number };
}

async function newEquipment(name = unique("Request Test Sprayer")) {
  const res = await manager.post("/api/equipment", { name, category: "Sprayer" });
  expect(res.status).toBe(201);
  expect(res.body.status).toBe("available");
  return res.body as { id: number; name: string };
}

async function stockOf(id: number): Promise<number> {
  const res = await manager.get(`/api/inventory/${id}`);
  expect(res.status).toBe(200);
  return res.body.quantity;
}

async function pendingCount(): Promise<number> {
  const res = await manager.get("/api/dashboard/stats");
  expect(res.status).toBe(200);
  return res.body.pendingRequests;
}

const parseItems = (r: { items: unknown }) => {
  expect(typeof r.items).toBe("string");
  return JSON.parse(r.items as string) as { id: number; name: string; quantity: number; type: string }[];
};

const REQUEST_KEYS = [
  "approvedAt",
  "approvedBy",
  "createdAt",
  "id",
  "items",
  "justification",
  "requesterDepartment",
  "requesterId",
  "requesterName",
  "status",
  "type",
].sort();

describe("GET /api/requests", () => {
  it("lists requests with the spec's fields, items as a JSON string, requester name and department", async () => {
    const res = await tech.get("/api/requests");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThanOrEqual(4);
    for (const r of res.body) expect(Object.keys(r).sort()).toEqual(REQUEST_KEYS);

    const inventory = await manager.get("/api/inventory");
    const byName = (n: string) => inventory.body.find((i: any) => i.name === n);
    const mine = res.body.find((r: any) => r.requesterId === techId);
    expect(mine).toMatchObject({
      type: "inventory",
      status: "pending",
      justification: "Running low on the truck for this week's cockroach clean-outs",
      approvedBy: null,
      approvedAt: null,
      requesterName: "Marcus Reyes",
      requesterDepartment: "Termite",
    });
    expect(parseItems(mine)).toEqual([
      { id: byName("Advion Cockroach Gel Bait").id, name: "Advion Cockroach Gel Bait", quantity: 2, type: "inventory" },
      { id: byName("Demand CS Insecticide").id, name: "Demand CS Insecticide", quantity: 1, type: "inventory" },
    ]);

    const approved = res.body.find((r: any) => r.status === "approved");
    expect(approved.approvedBy).toBe(managerId);
    expect(Number.isNaN(Date.parse(approved.approvedAt))).toBe(false);
    expect(approved.requesterName).toBe("Tom Becker");

    const equipment = res.body.find((r: any) => r.type === "equipment");
    const camera = (await manager.get("/api/equipment")).body.find((e: any) => e.name === "FLIR C5 Thermal Camera");
    expect(equipment.requesterName).toBe("Priya Nair");
    expect(parseItems(equipment)).toEqual([{ id: camera.id, name: "FLIR C5 Thermal Camera", quantity: 1, type: "equipment" }]);
  });

  it("lists newest first", async () => {
    const item = await newItem(5);
    const created = await tech.post("/api/requests", { type: "inventory", justification: "newest", items: JSON.stringify([{ id: item.id, quantity: 1 }]) });
    expect(created.status).toBe(201);
    const res = await tech.get("/api/requests");
    expect(res.body[0].id).toBe(created.body.id);
    const times = res.body.map((r: any) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("filters by ?status=", async () => {
    const all = (await manager.get("/api/requests")).body as any[];
    for (const status of ["pending", "approved", "denied"]) {
      const res = await manager.get(`/api/requests?status=${status}`);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.every((r: any) => r.status === status)).toBe(true);
      expect(res.body.map((r: any) => r.id).sort()).toEqual(all.filter((r) => r.status === status).map((r) => r.id).sort());
    }
    const bad = await manager.get("/api/requests?status=whatever");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/status/i);
  });

  it("GET /api/requests/:id returns one request; unknown id is 404, non-numeric id 400", async () => {
    const list = (await tech.get("/api/requests")).body as any[];
    const one = await tech.get(`/api/requests/${list[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(list[0]);
    expect((await tech.get("/api/requests/999999")).status).toBe(404);
    expect((await tech.get("/api/requests/abc")).status).toBe(400);
  });

  it("needs a session", async () => {
    const res = await server.anonymous().get("/api/requests");
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });
});

describe("POST /api/requests", () => {
  it("creates a pending request for the signed-in user, ignoring a requesterId in the body", async () => {
    const item = await newItem(20);
    const res = await tech.post("/api/requests", {
      type: "inventory",
      justification: "  Restock truck 4  ",
      requesterId: managerId,
      items: JSON.stringify([{ id: item.id, name: item.name, quantity: 3, type: "inventory" }]),
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(REQUEST_KEYS);
    expect(res.body).toMatchObject({
      requesterId: techId,
      type: "inventory",
      status: "pending",
      justification: "Restock truck 4",
      approvedBy: null,
      approvedAt: null,
      requesterName: "Marcus Reyes",
      requesterDepartment: "Termite",
    });
    expect(parseItems(res.body)).toEqual([{ id: item.id, name: item.name, quantity: 3, type: "inventory" }]);
    expect(Math.abs(Date.parse(res.body.createdAt) - Date.now())).toBeLessThan(60_000);
    // Creating a request does not touch stock.
    expect(await stockOf(item.id)).toBe(20);

    const listed = (await manager.get("/api/requests")).body.find((r: any) => r.id === res.body.id);
    expect(listed).toEqual(res.body);
  });

  it("accepts items as an array too, and the type defaults to inventory", async () => {
    const item = await newItem(20);
    const res = await tech.post("/api/requests", { justification: "array form", items: [{ id: item.id, quantity: 2 }] });
    expect(res.status).toBe(201);
    expect(res.body.type).toBe("inventory");
    expect(parseItems(res.body)).toEqual([{ id: item.id, name: item.name, quantity: 2, type: "inventory" }]);
  });

  it("sums the quantities when the same item is listed twice", async () => {
    const a = await newItem(20);
    const b = await newItem(20);
    const res = await tech.post("/api/requests", {
      type: "inventory",
      justification: "duplicates",
      items: JSON.stringify([
        { id: a.id, quantity: 2 },
        { id: b.id, quantity: 1 },
        { id: a.id, quantity: 3 },
      ]),
    });
    expect(res.status).toBe(201);
    const lines = parseItems(res.body);
    expect(lines).toHaveLength(2);
    expect(lines.find((l) => l.id === a.id)!.quantity).toBe(5);
    expect(lines.find((l) => l.id === b.id)!.quantity).toBe(1);
  });

  it("requires a justification", async () => {
    const item = await newItem(5);
    for (const justification of [undefined, "", "   "]) {
      const res = await tech.post("/api/requests", { type: "inventory", justification, items: [{ id: item.id, quantity: 1 }] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: "Please provide justification for this request", code: "request.pleaseProvideJustificationForThis", field: "justification" });
    }
  });

  it("requires at least one item", async () => {
    for (const items of ["[]", [], undefined]) {
      const res = await tech.post("/api/requests", { type: "inventory", justification: "nothing", items });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please add at least one item to your request");
      expect(res.body.field).toBe("items");
    }
  });

  it("rejects a quantity of 0 or below", async () => {
    const item = await newItem(5);
    for (const quantity of [0, -2]) {
      const res = await tech.post("/api/requests", { type: "inventory", justification: "zero", items: JSON.stringify([{ id: item.id, quantity }]) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please select an item and enter a valid quantity");
    }
  });

  it("rejects items that are not valid JSON", async () => {
    const res = await tech.post("/api/requests", { type: "inventory", justification: "broken", items: "[{id: 1, quantity: " });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("items");
    expect(res.body.message).toBeTruthy();
  });

  it("rejects an unknown item id", async () => {
    const res = await tech.post("/api/requests", { type: "inventory", justification: "ghost", items: [{ id: 987654, quantity: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("items");
    expect(res.body.message).toContain("987654");
  });

  it("rejects equipment listed in an inventory request", async () => {
    const inventoryIds = new Set((await manager.get("/api/inventory")).body.map((i: any) => i.id));
    // Equipment whose id is no inventory item's id.
    let equipment = await newEquipment();
    for (let i = 0; i < 50 && inventoryIds.has(equipment.id); i++) equipment = await newEquipment();
    expect(inventoryIds.has(equipment.id)).toBe(false);
    const res = await tech.post("/api/requests", { type: "inventory", justification: "wrong kind", items: [{ id: equipment.id, quantity: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("items");

    // An entry marked as equipment is refused even when an inventory item happens to share its id.
    const shared = (await manager.get("/api/equipment")).body.find((e: any) => inventoryIds.has(e.id));
    expect(shared).toBeDefined();
    const before = (await manager.get("/api/requests")).body.length;
    const marked = await tech.post("/api/requests", {
      type: "inventory",
      justification: "wrong kind",
      items: JSON.stringify([{ id: shared.id, name: shared.name, quantity: 1, type: "equipment" }]),
    });
    expect(marked.status).toBe(400);
    expect(marked.body.field).toBe("items");
    // …and the other way round: an inventory entry in an equipment request.
    const reversed = await tech.post("/api/requests", {
      type: "equipment",
      justification: "wrong kind",
      items: JSON.stringify([{ id: shared.id, name: "Some bait", quantity: 1, type: "inventory" }]),
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.field).toBe("items");
    expect((await manager.get("/api/requests")).body.length).toBe(before);
  });

  it("refuses an equipment request for equipment that is checked out", async () => {
    const sprayer = (await manager.get("/api/equipment")).body.find((e: any) => e.name === "Birchmeier Iris 15 Backpack Sprayer");
    expect(sprayer.status).toBe("checked_out");
    const res = await tech.post("/api/requests", { type: "equipment", justification: "need it", items: JSON.stringify([{ id: sprayer.id }]) });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("Birchmeier Iris 15 Backpack Sprayer");
  });

  it("needs a session", async () => {
    const item = await newItem(5);
    const res = await server.anonymous().post("/api/requests", { type: "inventory", justification: "anon", items: [{ id: item.id, quantity: 1 }] });
    expect(res.status).toBe(401);
  });
});

describe("approving and denying", () => {
  async function inventoryRequest(lines: { id: number; quantity: number }[], who = tech) {
    const res = await who.post("/api/requests", { type: "inventory", justification: "for the job", items: JSON.stringify(lines) });
    expect(res.status).toBe(201);
    return res.body as { id: number };
  }

  it("an employee cannot approve or deny", async () => {
    const item = await newItem(10);
    const req = await inventoryRequest([{ id: item.id, quantity: 1 }]);
    for (const action of ["approve", "deny"]) {
      const res = await tech.put(`/api/requests/${req.id}/${action}`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBeTruthy();
    }
    expect((await manager.get(`/api/requests/${req.id}`)).body.status).toBe("pending");
    expect(await stockOf(item.id)).toBe(10);
  });

  it("a manager approves: status, approver, time, stock of every line issued, activity entry", async () => {
    const a = await newItem(10);
    const b = await newItem(7);
    const req = await inventoryRequest([
      { id: a.id, quantity: 4 },
      { id: b.id, quantity: 7 },
    ]);
    const res = await manager.put(`/api/requests/${req.id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: req.id, status: "approved", approvedBy: managerId, requesterId: techId });
    expect(Math.abs(Date.parse(res.body.approvedAt) - Date.now())).toBeLessThan(60_000);
    expect(await stockOf(a.id)).toBe(6);
    expect(await stockOf(b.id)).toBe(0);

    const stored = await tech.get(`/api/requests/${req.id}`);
    expect(stored.body).toMatchObject({ status: "approved", approvedBy: managerId });

    const activity = await manager.get("/api/dashboard/activity?limit=50");
    const entry = activity.body.find((e: any) => e.action === "approve" && e.entityType === "request" && e.entityId === req.id);
    expect(entry).toBeDefined();
    expect(entry.userName).toBe("Dana Whitfield");
    expect(entry.details).toContain(a.name);
  });

  it("approving or denying an already approved request is a conflict and changes nothing", async () => {
    const item = await newItem(10);
    const req = await inventoryRequest([{ id: item.id, quantity: 3 }]);
    expect((await manager.put(`/api/requests/${req.id}/approve`)).status).toBe(200);
    expect(await stockOf(item.id)).toBe(7);
    const again = await manager.put(`/api/requests/${req.id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already approved/);
    const deny = await manager.put(`/api/requests/${req.id}/deny`);
    expect(deny.status).toBe(409);
    expect(await stockOf(item.id)).toBe(7);
    expect((await manager.get(`/api/requests/${req.id}`)).body.status).toBe("approved");
  });

  it("a manager denies: status denied, stock unchanged, cannot be approved afterwards", async () => {
    const item = await newItem(10);
    const req = await inventoryRequest([{ id: item.id, quantity: 3 }]);
    const res = await manager.put(`/api/requests/${req.id}/deny`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: req.id, status: "denied" });
    expect(await stockOf(item.id)).toBe(10);
    const activity = await manager.get("/api/dashboard/activity?limit=50");
    expect(activity.body.some((e: any) => e.action === "deny" && e.entityId === req.id && e.entityType === "request")).toBe(true);
    const approve = await manager.put(`/api/requests/${req.id}/approve`);
    expect(approve.status).toBe(409);
    expect(await stockOf(item.id)).toBe(10);
  });

  it("approving more than the stock is a conflict naming the item, and nothing changes", async () => {
    const plenty = await newItem(10);
    const scarce = await newItem(2, unique("Scarce Glue Boards"));
    const req = await inventoryRequest([
      { id: plenty.id, quantity: 3 },
      { id: scarce.id, quantity: 5 },
    ]);
    const res = await manager.put(`/api/requests/${req.id}/approve`);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(scarce.name);
    expect(res.body.message).not.toContain(plenty.name);

    const stored = await manager.get(`/api/requests/${req.id}`);
    expect(stored.body).toMatchObject({ status: "pending", approvedBy: null, approvedAt: null });
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(scarce.id)).toBe(2);
    const activity = await manager.get("/api/dashboard/activity?limit=50");
    expect(activity.body.some((e: any) => e.action === "approve" && e.entityId === req.id)).toBe(false);

    // Once stock arrives the same request can still be approved.
    expect((await manager.put(`/api/inventory/${scarce.id}`, { quantity: 5 })).status).toBe(200);
    const retry = await manager.put(`/api/requests/${req.id}/approve`);
    expect(retry.status).toBe(200);
    expect(await stockOf(plenty.id)).toBe(7);
    expect(await stockOf(scarce.id)).toBe(0);
  });

  it("approving an equipment request checks the equipment out to the requester", async () => {
    const equipment = await newEquipment();
    const created = await priya.post("/api/requests", { type: "equipment", justification: "inspection", items: JSON.stringify([{ id: equipment.id }]) });
    expect(created.status).toBe(201);
    expect(parseItems(created.body)).toEqual([{ id: equipment.id, name: equipment.name, quantity: 1, type: "equipment" }]);
    expect((await manager.get(`/api/equipment/${equipment.id}`)).body.status).toBe("available");

    const res = await manager.put(`/api/requests/${created.body.id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("approved");
    const after = await manager.get(`/api/equipment/${equipment.id}`);
    expect(after.body).toMatchObject({ status: "checked_out", assignedTo: "Priya Nair" });
    expect(after.body.assignedAt).toBeTruthy();
    const activity = await manager.get("/api/dashboard/activity?limit=50");
    expect(activity.body.some((e: any) => e.action === "checkout" && e.entityType === "equipment" && e.entityId === equipment.id)).toBe(true);
  });

  it("approving an equipment request whose equipment was checked out meanwhile is a conflict", async () => {
    const equipment = await newEquipment();
    const created = await tech.post("/api/requests", { type: "equipment", justification: "job", items: [{ id: equipment.id, quantity: 1 }] });
    expect(created.status).toBe(201);
    expect((await priya.post(`/api/equipment/${equipment.id}/checkout`, { assignedTo: "Priya Nair" })).status).toBe(200);

    const res = await manager.put(`/api/requests/${created.body.id}/approve`);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(equipment.name);
    expect((await manager.get(`/api/requests/${created.body.id}`)).body.status).toBe("pending");
    expect((await manager.get(`/api/equipment/${equipment.id}`)).body).toMatchObject({ status: "checked_out", assignedTo: "Priya Nair" });
  });

  it("unknown id is 404, non-numeric id 400, no session 401", async () => {
    for (const action of ["approve", "deny"]) {
      const missing = await manager.put(`/api/requests/999999/${action}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe("Request not found");
      expect((await manager.put(`/api/requests/abc/${action}`)).status).toBe(400);
      expect((await server.anonymous().put(`/api/requests/1/${action}`)).status).toBe(401);
    }
  });

  it("dashboard pendingRequests goes up on create and down on approve or deny", async () => {
    const item = await newItem(10);
    const start = await pendingCount();
    const first = await inventoryRequest([{ id: item.id, quantity: 1 }]);
    expect(await pendingCount()).toBe(start + 1);
    const second = await inventoryRequest([{ id: item.id, quantity: 1 }], priya);
    expect(await pendingCount()).toBe(start + 2);
    expect((await manager.put(`/api/requests/${first.id}/approve`)).status).toBe(200);
    expect(await pendingCount()).toBe(start + 1);
    expect((await manager.put(`/api/requests/${second.id}/deny`)).status).toBe(200);
    expect(await pendingCount()).toBe(start);
  });
});
