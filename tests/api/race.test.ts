import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe("races are decided by the database", () => {
  it("10 concurrent check-outs of one piece of equipment: exactly one wins", async () => {
    const clients = await Promise.all([server.as("manager"), server.as("tech"), server.as("pnair")]);
    const created = await clients[0]!.post("/api/equipment", { name: "Race Sprayer", category: "Sprayer" });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => clients[i % 3]!.post(`/api/equipment/${id}/checkout`, { assignedTo: `Tech ${i}` })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const winner = results.find((r) => r.status === 200)!;
    const after = await clients[0]!.get(`/api/equipment/${id}`);
    expect(after.body.status).toBe("checked_out");
    expect(after.body.assignedTo).toBe(winner.body.assignedTo);
    const activity = await clients[0]!.get("/api/dashboard/activity?limit=50");
    expect(activity.body.filter((e: any) => e.action === "checkout" && e.entityId === id)).toHaveLength(1);
  });

  it("10 concurrent check-ins: exactly one wins", async () => {
    const c = await server.as("tech");
    const created = await c.post("/api/equipment", { name: "Race Fogger", category: "Treatment Equipment" });
    await c.post(`/api/equipment/${created.body.id}/checkout`, { assignedTo: "Marcus" });
    const results = await Promise.all(Array.from({ length: 10 }, () => c.post(`/api/equipment/${created.body.id}/checkin`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
  });

  it("approve racing deny on one request: exactly one decision", async () => {
    const tech = await server.as("tech");
    const managers = await Promise.all([server.as("manager"), server.as("manager")]);
    const items = await tech.get("/api/inventory");
    const traps = items.body.find((i: any) => i.name.startsWith("Victor"));
    for (let round = 0; round < 3; round++) {
      const req = await tech.post("/api/requests", { type: "inventory", justification: "race", items: JSON.stringify([{ id: traps.id, quantity: 1 }]) });
      expect(req.status).toBe(201);
      const results = await Promise.all([
        managers[0]!.put(`/api/requests/${req.body.id}/approve`),
        managers[1]!.put(`/api/requests/${req.body.id}/deny`),
        managers[0]!.put(`/api/requests/${req.body.id}/deny`),
        managers[1]!.put(`/api/requests/${req.body.id}/approve`),
      ]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    }
  });

  it("concurrent approvals never take stock below zero", async () => {
    const tech = await server.as("tech");
    const manager = await server.as("manager");
    const item = await manager.post("/api/inventory", { name: "Scarce Bait", category: "Bait", quantity: 5, minQuantity: 1 });
    const requests = await Promise.all(
      Array.from({ length: 6 }, () => tech.post("/api/requests", { type: "inventory", justification: "need", items: [{ id: item.body.id, quantity: 2 }] })),
    );
    const results = await Promise.all(requests.map((r) => manager.put(`/api/requests/${r.body.id}/approve`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const after = await manager.get(`/api/inventory/${item.body.id}`);
    expect(after.body.quantity).toBe(1);
    const pending = await manager.get("/api/requests?status=pending");
    expect(pending.body.filter((r: any) => requests.some((q) => q.body.id === r.id))).toHaveLength(4);
  });
});
