import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
beforeAll(async () => {
  server = await startServer();
  manager = await server.as("manager");
  tech = await server.as("tech");
});
afterAll(() => server.close());

const STATUS_RULE =
  "Invalid status transition: checked_out requires assignedTo, other statuses should not have assignedTo/assignedAt";

/** The equipment fields of SPEC §3. */
const EQUIPMENT_FIELDS = [
  "id",
  "name",
  "description",
  "serialNumber",
  "category",
  "status",
  "assignedTo",
  "assignedAt",
  "location",
  "purchaseDate",
  "lastMaintenance",
  "nextMaintenance",
  "qrCode",
  "sdsFileUrl",
  "createdAt",
];

const DEMO_NAMES = [
  "B&G 2000 Stainless Sprayer",
  "Birchmeier Iris 15 Backpack Sprayer",
  "Hilti TE 6-A22 Rotary Hammer",
  "Atrix Omega HEPA Vacuum",
  "Syngenta Advion Bait Gun",
  "Curtis Dyna-Fog Twister XL",
  "FLIR C5 Thermal Camera",
  "3M Versaflo PAPR Kit",
  "Milwaukee M18 Impact Driver",
  "Bait Station Key Set",
];

let seq = 0;
/** Creates equipment (as the manager unless told) and returns its body; fails the test on anything but 201. */
async function createEquipment(fields: Record<string, unknown> = {}, client: ApiClient = manager) {
  const res = await client.post("/api/equipment", { name: `Test gear ${++seq}`, category: "Hand Tool", ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function get(id: number) {
  const res = await manager.get(`/api/equipment/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function activityFor(id: number): Promise<any[]> {
  const res = await manager.get("/api/dashboard/activity?limit=100");
  expect(res.status).toBe(200);
  return res.body.filter((e: any) => e.entityType === "equipment" && e.entityId === id);
}

const names = (list: any[]) => list.map((e) => e.name).sort();

/** An ISO timestamp within a minute of now. */
function expectRecent(value: unknown) {
  expect(typeof value).toBe("string");
  expect(Math.abs(Date.parse(value as string) - Date.now())).toBeLessThan(60_000);
}

describe("GET /api/equipment", () => {
  it("lists the demo equipment with the §3 fields", async () => {
    const res = await tech.get("/api/equipment");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(names(res.body)).toEqual([...DEMO_NAMES].sort());
    for (const e of res.body) {
      for (const f of EQUIPMENT_FIELDS) expect(e).toHaveProperty(f);
      expect(["available", "checked_out", "maintenance", "repair"]).toContain(e.status);
    }
    const backpack = res.body.find((e: any) => e.name === "Birchmeier Iris 15 Backpack Sprayer");
    expect(backpack).toMatchObject({ status: "checked_out", assignedTo: "Marcus Reyes", serialNumber: "BM-IRIS-20931", category: "Sprayer" });
    expect(Number.isNaN(Date.parse(backpack.assignedAt))).toBe(false);
    const sprayer = res.body.find((e: any) => e.name === "B&G 2000 Stainless Sprayer");
    expect(sprayer).toMatchObject({ status: "available", assignedTo: null, assignedAt: null });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it("?status= filters by status; an unknown status is a 400", async () => {
    const out = await manager.get("/api/equipment?status=checked_out");
    expect(out.status).toBe(200);
    expect(names(out.body)).toEqual(["3M Versaflo PAPR Kit", "Birchmeier Iris 15 Backpack Sprayer"]);
    expect(names((await manager.get("/api/equipment?status=maintenance")).body)).toEqual(["Atrix Omega HEPA Vacuum"]);
    expect(names((await manager.get("/api/equipment?status=repair")).body)).toEqual(["Curtis Dyna-Fog Twister XL"]);
    const available = (await manager.get("/api/equipment?status=available")).body;
    expect(available).toHaveLength(6);
    expect(available.every((e: any) => e.status === "available")).toBe(true);

    const bad = await manager.get("/api/equipment?status=broken");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/available, checked_out, maintenance, repair/);
  });

  it("GET /:id: 404 for an unknown id, 400 for a non-numeric one", async () => {
    const missing = await manager.get("/api/equipment/999999");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/not found/i);
    const bad = await manager.get("/api/equipment/abc");
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("id");
  });
});

describe("POST /api/equipment", () => {
  it("creates with status available; id, createdAt and assignedAt in the body are ignored", async () => {
    const res = await tech.post("/api/equipment", {
      name: "New Duster",
      category: "Treatment Equipment",
      serialNumber: "DUST-001",
      id: 424242,
      createdAt: "2000-01-01T00:00:00.000Z",
      assignedAt: "2024-01-01T00:00:00.000Z",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "New Duster",
      category: "Treatment Equipment",
      serialNumber: "DUST-001",
      status: "available",
      assignedTo: null,
      assignedAt: null,
      purchaseDate: null,
    });
    for (const f of EQUIPMENT_FIELDS) expect(res.body).toHaveProperty(f);
    expect(res.body.id).not.toBe(424242);
    expectRecent(res.body.createdAt);
    expect(await get(res.body.id)).toEqual(res.body);
    const activity = await activityFor(res.body.id);
    expect(activity.find((e) => e.action === "create")).toMatchObject({ userName: "Marcus Reyes" });
  });

  it("category must be in the §9 equipment list; status one of the four", async () => {
    const bad = await manager.post("/api/equipment", { name: "Forklift", category: "Forklift" });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("category");
    expect(bad.body.message).toMatch(/category must be one of/i);
    // An inventory category is not an equipment category.
    expect((await manager.post("/api/equipment", { name: "Bait box", category: "Bait" })).body.field).toBe("category");
    const noName = await manager.post("/api/equipment", { category: "Drill" });
    expect(noName.status).toBe(400);
    expect(noName.body.field).toBe("name");

    const status = await manager.post("/api/equipment", { name: "Broken", category: "Drill", status: "broken" });
    expect(status.status).toBe(400);
    expect(status.body.field).toBe("status");
    expect(status.body.message).toMatch(/available, checked_out, maintenance, repair/);

    for (const s of ["maintenance", "repair"]) {
      const ok = await createEquipment({ status: s, category: "Vacuum" });
      expect(ok.status).toBe(s);
    }
    expect((await manager.get("/api/equipment?search=Forklift")).body).toEqual([]);
  });

  it("checked_out needs assignedTo; other statuses must not carry it (exact §5 message)", async () => {
    const noAssignee = await manager.post("/api/equipment", { name: "Ghost Drill", category: "Drill", status: "checked_out" });
    expect(noAssignee.status).toBe(400);
    expect(noAssignee.body.message).toBe(STATUS_RULE);
    expect(typeof noAssignee.body.field).toBe("string");

    const blankAssignee = await manager.post("/api/equipment", { name: "Ghost Drill", category: "Drill", status: "checked_out", assignedTo: "  " });
    expect(blankAssignee.status).toBe(400);
    expect(blankAssignee.body.message).toBe(STATUS_RULE);

    const availableWithAssignee = await manager.post("/api/equipment", { name: "Ghost Drill", category: "Drill", assignedTo: "Bob" });
    expect(availableWithAssignee.status).toBe(400);
    expect(availableWithAssignee.body.message).toBe(STATUS_RULE);
    expect((await manager.get("/api/equipment?search=Ghost")).body).toEqual([]);

    // A sent assignedAt is not accepted: the server stamps the check-out time itself.
    const out = await createEquipment({ status: "checked_out", assignedTo: "Ann Lee", assignedAt: "2020-01-01T00:00:00.000Z" });
    expect(out).toMatchObject({ status: "checked_out", assignedTo: "Ann Lee" });
    expectRecent(out.assignedAt);
  });

  it('dates accept "YYYY-MM-DD", an ISO datetime, null and "" (→ null); "not-a-date" is a 400', async () => {
    const created = await createEquipment({
      purchaseDate: "2024-03-01",
      lastMaintenance: "2024-05-10T14:30:00+02:00",
      nextMaintenance: null,
    });
    expect(created.purchaseDate).toBe("2024-03-01T00:00:00.000Z");
    expect(created.lastMaintenance).toBe("2024-05-10T12:30:00.000Z");
    expect(created.nextMaintenance).toBeNull();

    const blank = await createEquipment({ purchaseDate: "", lastMaintenance: "2024-06-01T08:00:00.000Z" });
    expect(blank.purchaseDate).toBeNull();
    expect(blank.lastMaintenance).toBe("2024-06-01T08:00:00.000Z");

    const cleared = await manager.put(`/api/equipment/${created.id}`, { purchaseDate: "", lastMaintenance: null, nextMaintenance: "2025-01-15" });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ purchaseDate: null, lastMaintenance: null, nextMaintenance: "2025-01-15T00:00:00.000Z" });

    for (const [field, value] of [
      ["purchaseDate", "not-a-date"],
      ["lastMaintenance", "2024-13-01"],
      ["nextMaintenance", 12345],
    ] as const) {
      const bad = await manager.post("/api/equipment", { name: "Bad Date", category: "Drill", [field]: value });
      expect(bad.status, `${field}=${value}`).toBe(400);
      expect(bad.body.field).toBe(field);
      expect(typeof bad.body.message).toBe("string");
    }
    const badPut = await manager.put(`/api/equipment/${created.id}`, { purchaseDate: "not-a-date" });
    expect(badPut.status).toBe(400);
    expect(badPut.body.field).toBe("purchaseDate");
    expect((await get(created.id)).nextMaintenance).toBe("2025-01-15T00:00:00.000Z");
    expect((await manager.get("/api/equipment?search=Bad Date")).body).toEqual([]);
  });

  it("a duplicate serialNumber is a 409 on field serialNumber, on create and on update", async () => {
    const dup = await manager.post("/api/equipment", { name: "Clone Sprayer", category: "Sprayer", serialNumber: "BG2000-44871" });
    expect(dup.status).toBe(409);
    expect(dup.body.field).toBe("serialNumber");
    expect(dup.body.message).toMatch(/serial number/i);
    expect((await manager.get("/api/equipment?search=Clone")).body).toEqual([]);

    const other = await createEquipment({ serialNumber: "SN-UNIQUE-1" });
    const put = await manager.put(`/api/equipment/${other.id}`, { serialNumber: "BG2000-44871" });
    expect(put.status).toBe(409);
    expect(put.body.field).toBe("serialNumber");
    expect((await get(other.id)).serialNumber).toBe("SN-UNIQUE-1");
  });
});

describe("PUT /api/equipment/:id", () => {
  it("updates only the fields sent", async () => {
    const e = await createEquipment({ description: "Old", location: "Rack 1", serialNumber: "SN-PUT-1" });
    const res = await tech.put(`/api/equipment/${e.id}`, { location: "Truck 3" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...e, location: "Truck 3", updatedAt: expect.any(String) });
  });

  it("status maintenance with assignedTo is a 400 with the §5 message, and nothing changes", async () => {
    const e = await createEquipment();
    const res = await manager.put(`/api/equipment/${e.id}`, { status: "maintenance", assignedTo: "Bob" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(STATUS_RULE);
    expect(await get(e.id)).toEqual(e);

    const noAssignee = await manager.put(`/api/equipment/${e.id}`, { status: "checked_out" });
    expect(noAssignee.status).toBe(400);
    expect(noAssignee.body.message).toBe(STATUS_RULE);
    expect((await get(e.id)).status).toBe("available");

    const badStatus = await manager.put(`/api/equipment/${e.id}`, { status: "lost" });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.field).toBe("status");
  });

  it("status checked_out with assignedTo sets assignedAt; status available clears assignedTo and assignedAt", async () => {
    const e = await createEquipment();
    const out = await manager.put(`/api/equipment/${e.id}`, { status: "checked_out", assignedTo: "Kim" });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ status: "checked_out", assignedTo: "Kim" });
    expectRecent(out.body.assignedAt);

    const back = await manager.put(`/api/equipment/${e.id}`, { status: "available" });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: "available", assignedTo: null, assignedAt: null });
    expect(await get(e.id)).toMatchObject({ status: "available", assignedTo: null, assignedAt: null });
  });

  it("moving checked-out equipment to maintenance clears the assignment", async () => {
    const e = await createEquipment();
    expect((await tech.post(`/api/equipment/${e.id}/checkout`, { assignedTo: "Lee" })).status).toBe(200);
    const res = await manager.put(`/api/equipment/${e.id}`, { status: "maintenance" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "maintenance", assignedTo: null, assignedAt: null });
  });

  it("404 for an unknown id, 400 for a non-numeric one", async () => {
    const missing = await manager.put("/api/equipment/999999", { location: "X" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/not found/i);
    const bad = await manager.put("/api/equipment/abc", { location: "X" });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("id");
  });
});

describe("check-out and check-in", () => {
  it("a blank assignee is a 400 and the equipment stays available", async () => {
    const e = await createEquipment();
    for (const body of [{ assignedTo: "   " }, { assignedTo: "" }, {}, undefined]) {
      const res = await manager.post(`/api/equipment/${e.id}/checkout`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe("assignedTo");
      expect(typeof res.body.message).toBe("string");
    }
    expect(await get(e.id)).toMatchObject({ status: "available", assignedTo: null, assignedAt: null });
  });

  it("checks out with a trimmed assignee, refuses a second check-out (409), checks in, refuses a second check-in (409)", async () => {
    const e = await createEquipment({ name: "Cycle Sprayer", category: "Sprayer" });
    const out = await manager.post(`/api/equipment/${e.id}/checkout`, { assignedTo: " Jo Smith " });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ id: e.id, status: "checked_out", assignedTo: "Jo Smith" });
    expectRecent(out.body.assignedAt);
    expect(await get(e.id)).toMatchObject({ status: "checked_out", assignedTo: "Jo Smith", assignedAt: out.body.assignedAt });

    const again = await manager.post(`/api/equipment/${e.id}/checkout`, { assignedTo: "Someone Else" });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Cycle Sprayer/);
    expect(again.body.message).toMatch(/Jo Smith/);
    expect((await get(e.id)).assignedTo).toBe("Jo Smith");

    const stats = (await manager.get("/api/dashboard/stats")).body;
    const inRes = await manager.post(`/api/equipment/${e.id}/checkin`);
    expect(inRes.status).toBe(200);
    expect(inRes.body).toMatchObject({ id: e.id, status: "available", assignedTo: null, assignedAt: null });
    expect((await manager.get("/api/dashboard/stats")).body.activeEquipment).toBe(stats.activeEquipment - 1);

    const inAgain = await manager.post(`/api/equipment/${e.id}/checkin`);
    expect(inAgain.status).toBe(409);
    expect(inAgain.body.message).toMatch(/Cycle Sprayer/);
    expect(await get(e.id)).toMatchObject({ status: "available", assignedTo: null, assignedAt: null });
  });

  it("equipment in maintenance or repair cannot be checked out (409) nor checked in (409)", async () => {
    for (const status of ["maintenance", "repair"]) {
      const e = await createEquipment({ status });
      const out = await tech.post(`/api/equipment/${e.id}/checkout`, { assignedTo: "Pat" });
      expect(out.status).toBe(409);
      expect(typeof out.body.message).toBe("string");
      expect(out.body.message.length).toBeGreaterThan(0);
      const inRes = await tech.post(`/api/equipment/${e.id}/checkin`);
      expect(inRes.status).toBe(409);
      expect(await get(e.id)).toMatchObject({ status, assignedTo: null });
    }
    const [vacuum] = (await manager.get("/api/equipment?status=maintenance&search=Atrix")).body;
    expect((await manager.post(`/api/equipment/${vacuum.id}/checkout`, { assignedTo: "Pat" })).status).toBe(409);
  });

  it("unknown id: 404 for check-out and check-in; non-numeric id: 400", async () => {
    const out = await manager.post("/api/equipment/999999/checkout", { assignedTo: "Pat" });
    expect(out.status).toBe(404);
    expect(out.body.message).toMatch(/not found/i);
    const inRes = await manager.post("/api/equipment/999999/checkin");
    expect(inRes.status).toBe(404);
    expect(inRes.body.message).toMatch(/not found/i);
    expect((await manager.post("/api/equipment/abc/checkout", { assignedTo: "Pat" })).status).toBe(400);
    expect((await manager.post("/api/equipment/abc/checkin")).status).toBe(400);
  });

  it("an employee can check out and in; both write activity entries for equipment", async () => {
    const e = await createEquipment({ name: "Tech Drill", category: "Drill" });
    const out = await tech.post(`/api/equipment/${e.id}/checkout`, { assignedTo: "Marcus Reyes" });
    expect(out.status).toBe(200);
    expect(out.body.status).toBe("checked_out");
    const inRes = await tech.post(`/api/equipment/${e.id}/checkin`);
    expect(inRes.status).toBe(200);
    expect(inRes.body.status).toBe("available");

    const entries = await activityFor(e.id);
    const checkout = entries.find((x) => x.action === "checkout");
    const checkin = entries.find((x) => x.action === "checkin");
    expect(checkout).toMatchObject({ entityType: "equipment", entityId: e.id, userName: "Marcus Reyes" });
    expect(checkout.details).toContain("Tech Drill");
    expect(checkout.details).toContain("Marcus Reyes");
    expect(checkin).toMatchObject({ entityType: "equipment", entityId: e.id, userName: "Marcus Reyes" });
    expect(checkin.details).toContain("Tech Drill");
    // Newest first: the check-in comes before the check-out.
    expect(entries.indexOf(checkin)).toBeLessThan(entries.indexOf(checkout));
  });

  it("a refused check-out writes no activity entry", async () => {
    const e = await createEquipment({ status: "repair" });
    expect((await tech.post(`/api/equipment/${e.id}/checkout`, { assignedTo: "Pat" })).status).toBe(409);
    expect((await activityFor(e.id)).filter((x) => x.action === "checkout")).toEqual([]);
  });
});

describe("no session → 401 on every equipment route", () => {
  it("rejects anonymous reads and writes, and changes nothing", async () => {
    const anon = server.anonymous();
    const e = await createEquipment({ name: "Guarded Gear" });
    const out = await createEquipment({ name: "Guarded Out", status: "checked_out", assignedTo: "Val" });
    const calls = [
      anon.get("/api/equipment"),
      anon.get("/api/equipment?status=available"),
      anon.get(`/api/equipment/${e.id}`),
      anon.post("/api/equipment", { name: "Anon Gear", category: "Drill" }),
      anon.put(`/api/equipment/${e.id}`, { location: "Nowhere" }),
      anon.post(`/api/equipment/${e.id}/checkout`, { assignedTo: "Anon" }),
      anon.post(`/api/equipment/${out.id}/checkin`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(typeof res.body.message).toBe("string");
    }
    expect(await get(e.id)).toEqual(e);
    expect(await get(out.id)).toEqual(out);
    expect((await manager.get("/api/equipment?search=Anon Gear")).body).toEqual([]);
  });
});
