import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERR, globalId } from "../helpers/graphql.ts";
import { countRows, gqlKeyed, newKey, sendKeyed, storedKeys } from "../helpers/idempotency.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/** Issue 13, GraphQL: a mutation sent with an Idempotency-Key happens once, whatever the repeats. */

const servers: TestServer[] = [];
let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
beforeAll(async () => {
  server = await startServer();
  servers.push(server);
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
});
afterAll(async () => {
  // Last started first: a server that joined another's database closes before that database is dropped.
  for (const s of servers.splice(0).reverse()) await s.close();
});

const CHECK_OUT = `mutation ($input: CheckOutEquipmentInput!) { checkOutEquipment(input: $input) { ${ERR}
  ... on CheckOutEquipmentPayload { equipment { id databaseId status assignedTo assignedAt dueBack updatedAt } } } }`;
const CHECK_IN = `mutation ($input: CheckInEquipmentInput!) { checkInEquipment(input: $input) { ${ERR}
  ... on CheckInEquipmentPayload { equipment { id databaseId status assignedTo assignedAt updatedAt } } } }`;
const USE = `mutation ($input: RecordChemicalUseInput!) { recordChemicalUse(input: $input) { ${ERR}
  ... on RecordChemicalUsePayload {
    item { id quantity stockStatus updatedAt }
    chemicalUse { id databaseId product quantity unit siteAddress targetPest usedAt createdAt technician { username } }
  } } }`;
const CREATE_REQUEST = `mutation ($input: CreateRequestInput!) { createRequest(input: $input) { ${ERR}
  ... on CreateRequestPayload { request { id databaseId type status justification createdAt requester { name } items { name quantity } } } } }`;

let seq = 0;
async function newEquipment(client: ApiClient, checkedOutTo?: string): Promise<number> {
  const res = await client.post("/api/equipment", { name: `Keyed GraphQL gear ${++seq}`, category: "Sprayer" });
  expect(res.status).toBe(201);
  if (checkedOutTo) expect((await client.post(`/api/equipment/${res.body.id}/checkout`, { assignedTo: checkedOutTo })).status).toBe(200);
  return res.body.id;
}

async function newProduct(client: ApiClient): Promise<number> {
  const res = await client.post("/api/inventory", { name: `Keyed termiticide ${++seq}`, category: "Chemicals", unit: "bottles", quantity: 100, minQuantity: 5 });
  expect(res.status).toBe(201);
  return res.body.id;
}

type Mutation = { query: string; variables: Record<string, unknown>; field: string; count: () => Promise<number>; check?: () => Promise<void> };

/** The mutations a technician queues offline, each on a fresh target, with how to count what it did. */
function mutations(s: () => TestServer, client: () => ApiClient): Record<string, () => Promise<Mutation>> {
  return {
    checkOutEquipment: async () => {
      const id = await newEquipment(client());
      return {
        query: CHECK_OUT,
        variables: { input: { id: globalId("Equipment", id), assignedTo: "Marcus Reyes" } },
        field: "checkOutEquipment",
        count: () => countRows(s(), { activity: { action: "checkout", entityId: id } }),
        check: async () => expect((await client().get(`/api/equipment/${id}`)).body).toMatchObject({ status: "checked_out", assignedTo: "Marcus Reyes" }),
      };
    },
    checkInEquipment: async () => {
      const id = await newEquipment(client(), "Marcus Reyes");
      return {
        query: CHECK_IN,
        variables: { input: { id: globalId("Equipment", id) } },
        field: "checkInEquipment",
        count: () => countRows(s(), { activity: { action: "checkin", entityId: id } }),
        check: async () => expect((await client().get(`/api/equipment/${id}`)).body.status).toBe("available"),
      };
    },
    recordChemicalUse: async () => {
      const itemId = await newProduct(client());
      const siteAddress = `${++seq} Keyed Lane, Springfield`;
      return {
        query: USE,
        variables: { input: { itemId: globalId("InventoryItem", itemId), quantity: 3, siteAddress, targetPest: "German cockroaches" } },
        field: "recordChemicalUse",
        count: async () => {
          const [uses, movements] = await Promise.all([countRows(s(), { chemicalUsesAt: siteAddress }), countRows(s(), { movementsOf: itemId })]);
          expect(movements).toBe(uses);
          return uses;
        },
        check: async () => expect((await client().get(`/api/inventory/${itemId}`)).body.quantity).toBe(97),
      };
    },
    createRequest: async () => {
      const itemId = await newProduct(client());
      const justification = `Offline GraphQL request ${++seq}`;
      return {
        query: CREATE_REQUEST,
        variables: { input: { type: "inventory", justification, items: [{ id: globalId("InventoryItem", itemId), quantity: 2 }] } },
        field: "createRequest",
        count: () => countRows(s(), { requestsJustified: justification }),
      };
    },
  };
}

describe.each(Object.entries(mutations(() => server, () => manager)))("%s with an Idempotency-Key", (field, setup) => {
  it("sent twice in a row: one write, the same answer; the repeat says it is a replay", async () => {
    const m = await setup();
    const key = newKey();
    const first = await gqlKeyed(tech, m.query, m.variables, key);
    expect(first.status).toBe(200);
    expect(first.body.data[field].__typename, first.text).toMatch(/Payload$/);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await gqlKeyed(tech, m.query, m.variables, key);
    expect([again.status, again.text]).toEqual([200, first.text]);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await m.count()).toBe(1);
    await m.check?.();
  });

  it("sent 10 times at once: one write, ten identical answers", async () => {
    const m = await setup();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => gqlKeyed(tech, m.query, m.variables, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers[0]!.body.data[field].__typename, answers[0]!.text).toMatch(/Payload$/);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    expect(await m.count()).toBe(1);
    await m.check?.();
  });

  it("without a key behaves as before: each send is a write of its own", async () => {
    const m = await setup();
    const first = await gqlKeyed(tech, m.query, m.variables, undefined);
    const again = await gqlKeyed(tech, m.query, m.variables, undefined);
    expect(first.body.data[field].__typename).toMatch(/Payload$/);
    const repeatable = field === "recordChemicalUse" || field === "createRequest";
    expect(again.body.data[field].__typename).toBe(repeatable ? first.body.data[field].__typename : "ConflictError");
    expect(await m.count()).toBe(repeatable ? 2 : 1);
  });
});

describe("what counts as the same mutation", () => {
  it("other variables: 422 with a clear error the client can read, and nothing changes", async () => {
    const id = await newEquipment(manager);
    const key = newKey();
    expect((await gqlKeyed(tech, CHECK_OUT, { input: { id: globalId("Equipment", id), assignedTo: "Marcus Reyes" } }, key)).status).toBe(200);
    const other = await gqlKeyed(tech, CHECK_OUT, { input: { id: globalId("Equipment", id), assignedTo: "Priya Nair" } }, key);
    expect(other.status).toBe(422);
    expect(other.body.data).toBeUndefined();
    expect(other.body.errors).toEqual([
      { message: expect.stringMatching(/Idempotency-Key was already used for a different request/), extensions: { code: "IDEMPOTENCY_KEY_REUSED", errorCode: "idempotency.keyReused" } },
    ]);
    expect((await manager.get(`/api/equipment/${id}`)).body.assignedTo).toBe("Marcus Reyes");
  });

  it("another mutation: 422", async () => {
    const id = await newEquipment(manager);
    const key = newKey();
    expect((await gqlKeyed(tech, CHECK_OUT, { input: { id: globalId("Equipment", id), assignedTo: "Marcus Reyes" } }, key)).status).toBe(200);
    const checkIn = await gqlKeyed(tech, CHECK_IN, { input: { id: globalId("Equipment", id) } }, key);
    expect(checkIn.status).toBe(422);
    expect(checkIn.body.errors[0].extensions.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect((await manager.get(`/api/equipment/${id}`)).body.status).toBe("checked_out");
  });

  it("the same change asked for other fields, or written with literals instead of variables, is a replay", async () => {
    const id = await newEquipment(manager);
    const key = newKey();
    const first = await gqlKeyed(tech, CHECK_OUT, { input: { id: globalId("Equipment", id), assignedTo: "Marcus Reyes" } }, key);
    const fewer = await gqlKeyed(
      tech,
      `mutation { checkOutEquipment(input: { id: "${globalId("Equipment", id)}", assignedTo: "Marcus Reyes" }) { ... on CheckOutEquipmentPayload { equipment { status assignedAt } } } }`,
      {},
      key,
    );
    expect(fewer.status).toBe(200);
    expect(fewer.headers.get("idempotent-replayed")).toBe("true");
    expect(fewer.body.data.checkOutEquipment.equipment).toEqual({ status: "checked_out", assignedAt: first.body.data.checkOutEquipment.equipment.assignedAt });
    expect(await countRows(server, { activity: { action: "checkout", entityId: id } })).toBe(1);
  });

  it("racing the first with other variables: one is written, the other gets 422", async () => {
    const id = await newEquipment(manager);
    const key = newKey();
    const answers = await Promise.all(
      ["Marcus Reyes", "Priya Nair"].map((assignedTo) => gqlKeyed(tech, CHECK_OUT, { input: { id: globalId("Equipment", id), assignedTo } }, key)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.body.errors[0].extensions.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await countRows(server, { activity: { action: "checkout", entityId: id } })).toBe(1);
  });

  it("the same key on REST and on GraphQL names two different requests: the second is refused", async () => {
    const id = await newEquipment(manager);
    const key = newKey();
    expect((await sendKeyed(tech, "POST", `/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes" }, key)).status).toBe(200);
    const viaGraphQL = await gqlKeyed(tech, CHECK_OUT, { input: { id: globalId("Equipment", id), assignedTo: "Marcus Reyes" } }, key);
    expect(viaGraphQL.status).toBe(422);
  });
});

describe("the key's form and reach", () => {
  it("a malformed key: 400 with the rule, and nothing is written", async () => {
    const id = await newEquipment(manager);
    for (const key of ["short", "has spaces in it, sadly", "x".repeat(200)]) {
      const res = await gqlKeyed(tech, CHECK_OUT, { input: { id: globalId("Equipment", id), assignedTo: "Marcus Reyes" } }, key);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { message: expect.stringMatching(/^Idempotency-Key must be 16 to 128 characters/), extensions: { code: "VALIDATION", errorCode: "idempotency.keyForm", field: "Idempotency-Key" } },
      ]);
    }
    expect((await manager.get(`/api/equipment/${id}`)).body.status).toBe("available");
  });

  it("one key covers one mutation: two mutation fields with a key are refused (400) before either runs", async () => {
    const [a, b] = [await newEquipment(manager), await newEquipment(manager)];
    const res = await gqlKeyed(
      tech,
      `mutation ($a: CheckOutEquipmentInput!, $b: CheckOutEquipmentInput!) {
        a: checkOutEquipment(input: $a) { __typename } b: checkOutEquipment(input: $b) { __typename } }`,
      { a: { id: globalId("Equipment", a), assignedTo: "Marcus Reyes" }, b: { id: globalId("Equipment", b), assignedTo: "Marcus Reyes" } },
      newKey(),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/covers one mutation/);
    for (const id of [a, b]) expect((await manager.get(`/api/equipment/${id}`)).body.status).toBe("available");
  });

  it("queries ignore the header", async () => {
    const res = await gqlKeyed(tech, "query { viewer { username } }", {}, "not a key");
    expect([res.status, res.body.data.viewer.username]).toEqual([200, "tech"]);
  });

  it("a typed user error (conflict) keeps no key: resent after the conflict is gone, it applies", async () => {
    const id = await newEquipment(manager, "Priya Nair");
    const key = newKey();
    const variables = { input: { id: globalId("Equipment", id), assignedTo: "Marcus Reyes" } };
    const conflict = await gqlKeyed(tech, CHECK_OUT, variables, key);
    expect(conflict.body.data.checkOutEquipment).toMatchObject({ __typename: "ConflictError", message: expect.stringContaining("checked out to Priya Nair") });
    expect(await storedKeys(server, key)).toEqual([]);
    expect((await manager.post(`/api/equipment/${id}/checkin`)).status).toBe(200);
    const retried = await gqlKeyed(tech, CHECK_OUT, variables, key);
    expect(retried.body.data.checkOutEquipment.equipment).toMatchObject({ status: "checked_out", assignedTo: "Marcus Reyes" });
    expect(await storedKeys(server, key)).toHaveLength(1);
  });
});

describe("two server processes on one PostgreSQL database", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("the same key sent to both at once: one write, the same answer from each", async () => {
    const env = { SESSION_SECRET: randomBytes(32).toString("hex") };
    const a = await startServer(env);
    servers.push(a);
    const b = await startServer(env, { databaseUrl: a.databaseUrl });
    servers.push(b);
    const onA = await a.as("tech");
    const onB = b.anonymous();
    onB.cookie = onA.cookie; // the same phone, its requests spread over two processes
    const managerA = await a.as("manager");

    for (const [field, setup] of Object.entries(mutations(() => a, () => managerA))) {
      const m = await setup();
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => gqlKeyed(i % 2 ? onB : onA, m.query, m.variables, key)));
      expect(answers.map((r) => r.status), field).toEqual(Array(10).fill(200));
      expect(answers[0]!.body.data[field].__typename, answers[0]!.text).toMatch(/Payload$/);
      expect(new Set(answers.map((r) => r.text)).size, field).toBe(1);
      expect(await m.count(), field).toBe(1);
      await m.check?.();
    }

    const id = await newEquipment(managerA);
    const key = newKey();
    const rest = await Promise.all(
      Array.from({ length: 10 }, (_, i) => sendKeyed(i % 2 ? onB : onA, "POST", `/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes" }, key)),
    );
    expect(rest.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(rest.map((r) => r.text)).size).toBe(1);
    expect(await countRows(a, { activity: { action: "checkout", entityId: id } })).toBe(1);
  });
});
