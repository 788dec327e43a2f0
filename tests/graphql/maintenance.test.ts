import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERR, isoDay, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/** Maintenance intervals, the server's maintenanceDue, recordMaintenance, and due-back reminders. */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;

beforeAll(async () => {
  server = await startServer();
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
});
afterAll(() => server.close());

const EQUIP = "id databaseId name status assignedTo lastMaintenance nextMaintenance maintenanceIntervalDays maintenanceDue maintenanceState dueBack";

let seq = 0;
async function create(input: Record<string, unknown>, as: ApiClient = manager) {
  const data = await ok(as, `mutation ($input: CreateEquipmentInput!) { createEquipment(input: $input) { ${ERR} ... on CreateEquipmentPayload { equipment { ${EQUIP} } } } }`, {
    input: { name: `Maint gear ${++seq}`, category: "Sprayer", ...input },
  });
  return data.createEquipment;
}

async function record(id: string, date?: string, as: ApiClient = manager) {
  const data = await ok(as, `mutation ($input: RecordMaintenanceInput!) { recordMaintenance(input: $input) { ${ERR} ... on RecordMaintenancePayload { equipment { ${EQUIP} } } } }`, {
    input: { id, ...(date !== undefined ? { date } : {}) },
  });
  return data.recordMaintenance;
}

async function managerNotices(kind: string, as: ApiClient = manager) {
  const data = await ok(as, `{ notifications(first: 100) { edges { node { kind message equipment { databaseId } } } } }`);
  return data.notifications.edges.map((e: any) => e.node).filter((n: any) => n.kind === kind);
}

describe("maintenanceIntervalDays", () => {
  it("is optional, 1 to 3650 whole days, on GraphQL and REST", async () => {
    expect((await create({})).equipment.maintenanceIntervalDays).toBeNull();
    expect((await create({ maintenanceIntervalDays: 90 })).equipment.maintenanceIntervalDays).toBe(90);
    expect(await create({ maintenanceIntervalDays: 0 })).toMatchObject({ __typename: "ValidationError", field: "maintenanceIntervalDays" });
    expect(await create({ maintenanceIntervalDays: 3651 })).toMatchObject({
      __typename: "ValidationError",
      field: "maintenanceIntervalDays",
      message: "Maintenance interval must be at most 3650 days",
    });
    const rest = await manager.post("/api/equipment", { name: "REST interval", category: "Drill", maintenanceIntervalDays: 30 });
    expect(rest.status).toBe(201);
    expect(rest.body.maintenanceIntervalDays).toBe(30);
    const cleared = await manager.put(`/api/equipment/${rest.body.id}`, { maintenanceIntervalDays: null });
    expect(cleared.body.maintenanceIntervalDays).toBeNull();
    const bad = await manager.put(`/api/equipment/${rest.body.id}`, { maintenanceIntervalDays: 2.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("maintenanceIntervalDays");
  });
});

describe("maintenanceDue", () => {
  it("is computed by the server: due within 7 days or past, overdue before today", async () => {
    const cases: [number | null, boolean, string | null][] = [
      [-1, true, "OVERDUE"],
      [0, true, "DUE"],
      [7, true, "DUE"],
      [8, false, "SCHEDULED"],
      [null, false, null],
    ];
    for (const [offset, due, state] of cases) {
      const { equipment } = await create({ nextMaintenance: offset === null ? null : isoDay(offset) });
      expect([offset, equipment.maintenanceDue, equipment.maintenanceState]).toEqual([offset, due, state]);
    }
  });

  it("tells managers once per due date when a saved date falls due, not when it is later", async () => {
    const { equipment } = await create({ nextMaintenance: isoDay(20) });
    const mine = async () => (await managerNotices("MAINTENANCE_DUE")).filter((n: any) => n.equipment?.databaseId === equipment.databaseId);
    expect(await mine()).toHaveLength(0);
    const update = `mutation ($input: UpdateEquipmentInput!) { updateEquipment(input: $input) { ${ERR} } }`;
    await ok(manager, update, { input: { id: equipment.id, nextMaintenance: isoDay(3) } });
    expect(await mine()).toHaveLength(1);
    await ok(manager, update, { input: { id: equipment.id, location: "Truck 9" } });
    expect(await mine()).toHaveLength(1);
    expect((await managerNotices("MAINTENANCE_DUE", tech)).length).toBe(0);
  });
});

describe("recordMaintenance", () => {
  it("sets lastMaintenance and moves nextMaintenance by the interval from the date done; logs activity", async () => {
    const { equipment } = await create({ maintenanceIntervalDays: 30, nextMaintenance: isoDay(-2), lastMaintenance: isoDay(-40) });
    expect(equipment.maintenanceState).toBe("OVERDUE");
    const done = isoDay(-1);
    const res = await record(equipment.id, done, tech);
    expect(res.__typename).toBe("RecordMaintenancePayload");
    expect(res.equipment).toMatchObject({
      lastMaintenance: `${done}T00:00:00.000Z`,
      nextMaintenance: `${isoDay(29)}T00:00:00.000Z`,
      maintenanceDue: false,
      maintenanceState: "SCHEDULED",
    });
    const activity = await ok(manager, `{ activity(first: 1) { edges { node { action entityType entityId details user { username } } } } }`);
    expect(activity.activity.edges[0].node).toEqual({
      action: "maintenance",
      entityType: "equipment",
      entityId: equipment.databaseId,
      details: `Recorded maintenance of ${equipment.name} on ${done}; next due ${isoDay(29)}`,
      user: { username: "tech" },
    });
  });

  it("defaults to today; refuses a future date, unknown equipment and a malformed date", async () => {
    const { equipment } = await create({ maintenanceIntervalDays: 7 });
    const today = await record(equipment.id);
    expect(today.equipment.lastMaintenance).toBe(`${isoDay(0)}T00:00:00.000Z`);
    expect(today.equipment.nextMaintenance).toBe(`${isoDay(7)}T00:00:00.000Z`);
    expect(today.equipment.maintenanceState).toBe("DUE");

    expect(await record(equipment.id, isoDay(2))).toMatchObject({ __typename: "ValidationError", field: "date", message: "Maintenance date cannot be in the future" });
    expect(await record(equipment.id, "last tuesday")).toMatchObject({ __typename: "ValidationError", field: "date" });
    const missing = Buffer.from("Equipment:999999").toString("base64");
    expect(await record(missing)).toMatchObject({ __typename: "NotFoundError", message: "Equipment not found" });
  });

  it("without an interval keeps a next date still ahead and clears one already reached", async () => {
    const ahead = (await create({ nextMaintenance: isoDay(40) })).equipment;
    expect((await record(ahead.id)).equipment.nextMaintenance).toBe(`${isoDay(40)}T00:00:00.000Z`);
    const reached = (await create({ nextMaintenance: isoDay(-5) })).equipment;
    const res = await record(reached.id);
    expect(res.equipment).toMatchObject({ nextMaintenance: null, maintenanceDue: false, maintenanceState: null });
  });

  it("is refused signed out", async () => {
    const { equipment } = await create({});
    const res = await server.anonymous().post("/graphql", { query: `mutation { recordMaintenance(input: { id: "${equipment.id}" }) { __typename } }` });
    expect(res.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});

describe("due back", () => {
  const CHECK_OUT = `mutation ($input: CheckOutEquipmentInput!) { checkOutEquipment(input: $input) { ${ERR} ... on CheckOutEquipmentPayload { equipment { ${EQUIP} } } } }`;

  it("a check-out may carry a due-back date; the holder is reminded a day before; check-in clears it", async () => {
    const { equipment } = await create({});
    const past = await ok(manager, CHECK_OUT, { input: { id: equipment.id, assignedTo: "Marcus Reyes", dueBack: isoDay(-1) } });
    expect(past.checkOutEquipment).toMatchObject({ __typename: "ValidationError", field: "dueBack" });

    const out = await ok(manager, CHECK_OUT, { input: { id: equipment.id, assignedTo: "Marcus Reyes", dueBack: isoDay(1) } });
    expect(out.checkOutEquipment.equipment).toMatchObject({ status: "checked_out", dueBack: `${isoDay(1)}T00:00:00.000Z` });
    const reminders = (await managerNotices("EQUIPMENT_DUE_BACK", tech)).filter((n: any) => n.equipment?.databaseId === equipment.databaseId);
    expect(reminders).toHaveLength(1);
    expect(reminders[0].message).toBe(`${equipment.name} is due back ${isoDay(1)}`);
    expect(await managerNotices("EQUIPMENT_DUE_BACK")).toHaveLength(0);

    const back = await ok(manager, `mutation ($id: ID!) { checkInEquipment(input: { id: $id }) { ... on CheckInEquipmentPayload { equipment { status dueBack } } } }`, { id: equipment.id });
    expect(back.checkInEquipment.equipment).toEqual({ status: "available", dueBack: null });
  });

  it("a later due date is not reminded at check-out", async () => {
    const { equipment } = await create({});
    await ok(manager, CHECK_OUT, { input: { id: equipment.id, assignedTo: "Marcus Reyes", dueBack: isoDay(10) } });
    const reminders = (await managerNotices("EQUIPMENT_DUE_BACK", tech)).filter((n: any) => n.equipment?.databaseId === equipment.databaseId);
    expect(reminders).toHaveLength(0);
  });
});
