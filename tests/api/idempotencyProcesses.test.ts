import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePortIn, freshDatabase, signIn, spawnServerProcess, type ServerProcess } from "../../bench/server-process.ts";
import { globalId } from "../helpers/graphql.ts";
import { gqlKeyed, newKey, sendKeyed } from "../helpers/idempotency.ts";
import { ApiClient, type ApiResponse } from "../helpers/server.ts";

// Issue 13: "a repeated key (sequential, concurrent, or on another server process) returns the
// first answer and changes nothing … on PostgreSQL across two server processes too". Two real
// server processes (`server/index.ts` as child processes, not two apps in the test's process) share
// one fresh PostgreSQL database and one SESSION_SECRET, so one session cookie works on both, like a
// phone whose retries land on whichever process the load balancer picks. What was written is
// counted straight from the database, so a double write fails the test.

const base = process.env.TEST_DATABASE_URL;

/** Kills a server process and waits until it is gone (its data folder and database go next). */
async function stop(server: ServerProcess) {
  server.child.kill("SIGKILL");
  await server.exited;
}

describe.skipIf(!base)("Idempotency-Key across two server processes on one PostgreSQL database", () => {
  const cleanups: (() => unknown)[] = [];
  let db: pg.Client;
  let a: ServerProcess;
  let b: ServerProcess;
  /** The same technician's session on process A and on process B (one cookie). */
  let techA: ApiClient;
  let techB: ApiClient;
  let managerA: ApiClient;

  beforeAll(async () => {
    const database = await freshDatabase("trapline_offsrv");
    cleanups.push(() => database.drop());
    const clientDir = mkdtempSync(join(tmpdir(), "trapline-noclient-")); // no built client needed: the API is what is tested
    cleanups.push(() => rmSync(clientDir, { recursive: true, force: true }));
    const ports = new Set<number>(); // 3400-3499: the range this suite may use on a shared machine
    const SESSION_SECRET = randomBytes(32).toString("hex");
    const env = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "trapline-procs-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      return { DATA_DIR: dataDir, PORT: String(await freePortIn(3400, 3499, ports)), DATABASE_URL: database.url, SESSION_SECRET, CLIENT_DIR: clientDir };
    };
    // A migrates and seeds the demo data; B starts on the finished database.
    a = spawnServerProcess(await env());
    cleanups.push(() => stop(a));
    await a.serving;
    b = spawnServerProcess(await env());
    cleanups.push(() => stop(b));
    await b.serving;

    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanups.push(() => db.end());

    techA = new ApiClient(() => a.url);
    techA.cookie = await signIn(a.url, "tech", "tech123");
    techB = new ApiClient(() => b.url);
    techB.cookie = techA.cookie;
    managerA = new ApiClient(() => a.url);
    managerA.cookie = await signIn(a.url, "manager", "manager123");
    // The cookie made on A is a session on B too (or every request below would be a 401).
    expect((await techB.get("/api/auth/me")).body).toMatchObject({ user: { username: "tech" } });
  });

  afterAll(async () => {
    // Last made first: the processes go before their database is dropped. Each step runs even if one fails.
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (err) {
        console.error("cleanup failed", err);
      }
    }
  });

  const count = async (sql: string, params: unknown[]) => Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);
  const checkouts = (equipmentId: number) =>
    count(`SELECT count(*) AS n FROM "ActivityEntry" WHERE action = 'checkout' AND "entityType" = 'equipment' AND "entityId" = $1`, [equipmentId]);
  const requestsJustified = (justification: string) => count(`SELECT count(*) AS n FROM "Request" WHERE justification = $1`, [justification]);
  const keysStored = (key: string) => count(`SELECT count(*) AS n FROM "IdempotencyKey" WHERE key = $1`, [key]);

  let seq = 0;
  /** A fresh, available piece of equipment (made on A), so each case starts from nothing. */
  async function availableEquipment(): Promise<number> {
    const res = await managerA.post("/api/equipment", { name: `Two-process sprayer ${++seq}`, category: "Sprayer" });
    expect(res.status, res.text).toBe(201);
    expect(await checkouts(res.body.id)).toBe(0);
    return res.body.id;
  }

  /** Answers that must be one answer: the same status and body, all but the first marked as replays. */
  function expectOneAnswer(answers: ApiResponse[], status: number) {
    expect(answers.map((r) => r.status), answers[0]!.text).toEqual(Array(answers.length).fill(status));
    expect(new Set(answers.map((r) => r.text)).size, answers.map((r) => r.text).join("\n")).toBe(1);
    expect(answers.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(answers.length - 1);
  }

  describe("REST", () => {
    it("a check-out sent to process A, then the same key to process B: B replays A's answer and nothing is written twice", async () => {
      const id = await availableEquipment();
      const key = newKey();
      const body = { assignedTo: "Marcus Reyes" };
      const first = await sendKeyed(techA, "POST", `/api/equipment/${id}/checkout`, body, key);
      expect(first.status, first.text).toBe(200);
      expect(first.body).toMatchObject({ id, status: "checked_out", assignedTo: "Marcus Reyes" });
      expect(first.headers.get("idempotent-replayed")).toBeNull();

      const again = await sendKeyed(techB, "POST", `/api/equipment/${id}/checkout`, body, key);
      expect([again.status, again.text]).toEqual([first.status, first.text]);
      expect(again.headers.get("idempotent-replayed")).toBe("true");

      expect(await checkouts(id)).toBe(1);
      expect(await keysStored(key)).toBe(1);
      expect((await techB.get(`/api/equipment/${id}`)).body).toMatchObject({ status: "checked_out", assignedTo: "Marcus Reyes", assignedAt: first.body.assignedAt });
    });

    it("a check-out sent 10 times at once, split over both processes: one write, ten identical answers", async () => {
      const id = await availableEquipment();
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => sendKeyed(i % 2 ? techB : techA, "POST", `/api/equipment/${id}/checkout`, { assignedTo: "Marcus Reyes" }, key)),
      );
      expectOneAnswer(answers, 200);
      expect(answers[0]!.body).toMatchObject({ id, status: "checked_out", assignedTo: "Marcus Reyes" });
      expect(await checkouts(id)).toBe(1);
      expect(await keysStored(key)).toBe(1);
      expect((await techA.get(`/api/equipment/${id}`)).body).toMatchObject({ status: "checked_out", assignedTo: "Marcus Reyes" });
    });

    it("POST /api/requests filed on A and resent to B is filed once", async () => {
      const key = newKey();
      const justification = `Two-process request ${++seq}`;
      const traps = (await techA.get("/api/inventory")).body.find((i: { name: string }) => i.name.startsWith("Victor"));
      const body = { type: "inventory", justification, items: [{ id: traps.id, quantity: 2 }] };
      const first = await sendKeyed(techA, "POST", "/api/requests", body, key);
      expect(first.status, first.text).toBe(201);
      const again = await sendKeyed(techB, "POST", "/api/requests", body, key);
      expect([again.status, again.text, again.headers.get("idempotent-replayed")]).toEqual([201, first.text, "true"]);
      expect(await requestsJustified(justification)).toBe(1);
    });
  });

  describe("GraphQL: POST /graphql", () => {
    const CHECK_OUT = `mutation ($input: CheckOutEquipmentInput!) { checkOutEquipment(input: $input) { __typename
      ... on Error { message } ... on CheckOutEquipmentPayload { equipment { id databaseId status assignedTo assignedAt updatedAt } } } }`;
    const CREATE_REQUEST = `mutation ($input: CreateRequestInput!) { createRequest(input: $input) { __typename
      ... on Error { message } ... on CreateRequestPayload { request { id databaseId status justification createdAt requester { name } items { name quantity } } } } }`;

    it("checkOutEquipment on A, then the same key on B: B replays A's answer; one check-out", async () => {
      const id = await availableEquipment();
      const key = newKey();
      const variables = { input: { id: globalId("Equipment", id), assignedTo: "Marcus Reyes" } };
      const first = await gqlKeyed(techA, CHECK_OUT, variables, key);
      expect(first.status).toBe(200);
      expect(first.body.data.checkOutEquipment.__typename, first.text).toBe("CheckOutEquipmentPayload");
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      const again = await gqlKeyed(techB, CHECK_OUT, variables, key);
      expect([again.status, again.text]).toEqual([200, first.text]);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await checkouts(id)).toBe(1);
      expect(await keysStored(key)).toBe(1);
    });

    it("checkOutEquipment 10 times at once over both processes: one check-out, ten identical answers", async () => {
      const id = await availableEquipment();
      const key = newKey();
      const variables = { input: { id: globalId("Equipment", id), assignedTo: "Marcus Reyes" } };
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => gqlKeyed(i % 2 ? techB : techA, CHECK_OUT, variables, key)));
      expectOneAnswer(answers, 200);
      expect(answers[0]!.body.data.checkOutEquipment.__typename, answers[0]!.text).toBe("CheckOutEquipmentPayload");
      expect(await checkouts(id)).toBe(1);
      expect((await techB.get(`/api/equipment/${id}`)).body).toMatchObject({ status: "checked_out", assignedTo: "Marcus Reyes" });
    });

    it("createRequest 10 times at once over both processes: one request, ten identical answers", async () => {
      const key = newKey();
      const justification = `Two-process GraphQL request ${++seq}`;
      const traps = (await techA.get("/api/inventory")).body.find((i: { name: string }) => i.name.startsWith("Victor"));
      const variables = { input: { type: "inventory", justification, items: [{ id: globalId("InventoryItem", traps.id), quantity: 3 }] } };
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => gqlKeyed(i % 2 ? techB : techA, CREATE_REQUEST, variables, key)));
      expectOneAnswer(answers, 200);
      expect(answers[0]!.body.data.createRequest.__typename, answers[0]!.text).toBe("CreateRequestPayload");
      expect(await requestsJustified(justification)).toBe(1);
      expect(await keysStored(key)).toBe(1);
    });
  });
});
