import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../server/domain/context.ts";
import { listEquipment } from "../../server/domain/equipment.ts";
import { listInventoryItems } from "../../server/domain/inventory.ts";
import { equipmentListJson, inventoryListJson, requestListJson } from "../../server/domain/lists.ts";
import { listRequests } from "../../server/domain/requests.ts";
import { itemJson, requestJson } from "../../server/rest/shapes.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

// The REST lists are rendered as JSON by the database (server/domain/lists.ts); they must say
// exactly what the Prisma reads and REST shapes they replaced say, for every filter.
let server: TestServer;
let actor: Actor;
beforeAll(async () => {
  server = await startServer();
  const manager = await server.as("manager");
  const odd = [
    { name: 'Quote " and \\ backslash', category: "Bait", description: "tab\there\nnewline, ünïcödé ✓ 🐜", price: 0, quantity: 0, barcode: "0000" },
    { name: "50% Off_Sale", category: "Tools", description: null, price: null, supplier: "  ", location: "A/B" },
    { name: "Zeta last", category: "Chemicals", hazardous: true, qrCode: "QR-1" },
  ];
  for (const body of odd) expect((await manager.post("/api/inventory", body)).status).toBe(201);
  const dated = await manager.post("/api/equipment", {
    name: "Dated Sprayer",
    category: "Sprayer",
    purchaseDate: "2024-02-29",
    lastMaintenance: "2025-01-01T23:59:59.999Z",
    serialNumber: "SN-ODD",
  });
  expect(dated.status).toBe(201);
  // A request whose item was deleted afterwards keeps its line, with a null id.
  const doomed = await manager.post("/api/inventory", { name: "Doomed item", category: "Bait", quantity: 9 });
  const items = (await manager.get("/api/inventory")).body as { id: number }[];
  expect((await manager.post("/api/requests", { type: "inventory", justification: "mixed", items: [{ id: doomed.body.id, quantity: 2 }, { id: items[0]!.id, quantity: 1 }] })).status).toBe(201);
  expect((await manager.delete(`/api/inventory/${doomed.body.id}`)).status).toBe(204);
  const u = (await server.app.deps.prisma.user.findUniqueOrThrow({ where: { username: "manager" } }))!;
  actor = { id: u.id, username: u.username, name: u.name, role: u.role, department: u.department };
});
afterAll(() => server.close());

const same = (sqlJson: string, objects: unknown) => expect(JSON.parse(sqlJson)).toEqual(JSON.parse(JSON.stringify(objects)));

describe("REST lists rendered by the database", () => {
  it("inventory: every filter gives what listInventoryItems + itemJson gives", async () => {
    const deps = server.app.deps;
    for (const filter of [{}, { search: "bait" }, { search: "%" }, { search: "_" }, { search: "ÜNÏ" }, { category: "Tools" }, { search: "a", category: "Bait" }, { search: "   " }]) {
      same(await inventoryListJson(deps, actor, filter), (await listInventoryItems(deps, actor, filter)).map(itemJson));
    }
  });

  it("equipment: every filter gives what listEquipment gives; an unknown status is the same 400", async () => {
    const deps = server.app.deps;
    for (const filter of [{}, { status: "available" }, { status: "checked_out" }, { search: "spray" }, { search: "SN", status: "available" }]) {
      same(await equipmentListJson(deps, actor, filter), await listEquipment(deps, actor, filter));
    }
    await expect(equipmentListJson(deps, actor, { status: "broken" })).rejects.toThrow(/Status must be one of/);
  });

  it("requests: every filter gives what listRequests + requestJson gives, items string included", async () => {
    const deps = server.app.deps;
    for (const filter of [{}, { status: "pending" }, { status: "approved" }, { status: "denied" }]) {
      const sql = await requestListJson(deps, actor, filter);
      const objects = (await listRequests(deps, actor, filter)).map(requestJson);
      same(sql, objects);
      // The spec's items field is a JSON string: byte for byte what JSON.stringify wrote.
      expect((JSON.parse(sql) as { items: string }[]).map((r) => r.items)).toEqual(objects.map((r) => r.items));
    }
  });

  it("the endpoints answer JSON with the same content type and refuse signed-out callers", async () => {
    const manager = await server.as("manager");
    for (const path of ["/api/inventory", "/api/equipment", "/api/requests"]) {
      const res = await manager.get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(Array.isArray(res.body)).toBe(true);
      expect((await server.anonymous().get(path)).status).toBe(401);
    }
  });
});
