import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server.ts";

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});
async function start(env?: Record<string, string>) {
  const s = await startServer(env);
  servers.push(s);
  return s;
}

describe("a fresh start", () => {
  it("migrates, seeds the demo data and reports healthy", async () => {
    const server = await start();
    const health = await server.anonymous().get("/healthz");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok", db: "up" });

    const manager = await server.as("manager");
    const items = (await manager.get("/api/inventory")).body as any[];
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((i) => i.category)).size).toBe(8);
    const statuses = new Set(items.map((i) => (i.quantity <= i.minQuantity ? "low" : i.quantity <= i.minQuantity * 1.5 ? "warning" : "ok")));
    expect(statuses).toEqual(new Set(["low", "warning", "ok"]));
    expect(items.some((i) => i.hazardous)).toBe(true);
    for (const i of items.filter((x) => x.barcode)) expect(validEan13(i.barcode)).toBe(true);

    const equipment = (await manager.get("/api/equipment")).body as any[];
    expect(equipment.length).toBeGreaterThanOrEqual(8);
    expect(new Set(equipment.map((e) => e.status))).toEqual(new Set(["available", "checked_out", "maintenance", "repair"]));
    expect(equipment.every((e) => e.serialNumber)).toBe(true);

    const requests = (await manager.get("/api/requests")).body as any[];
    expect(requests.length).toBeGreaterThanOrEqual(4);
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(["pending", "approved", "denied"]));
    const team = (await manager.get("/api/team")).body as any[];
    expect(team.length).toBeGreaterThanOrEqual(4);
    expect(team.find((u) => u.username === "tech")).toMatchObject({ role: "employee" });
    expect((await manager.get("/api/dashboard/activity")).body.length).toBeGreaterThan(4);

    // Stock reconciles with the movement history from the first day.
    const sums = await server.app.deps.prisma.stockMovement.groupBy({ by: ["itemId"], _sum: { delta: true } });
    for (const item of items) expect(sums.find((s) => s.itemId === item.id)?._sum.delta ?? 0).toBe(item.quantity);
  });

  it("keeps every write across a restart, and migrations run again idempotently", async () => {
    const server = await start();
    const manager = await server.as("manager");
    const created = await manager.post("/api/inventory", { name: "Durable Gel", category: "Bait", quantity: 7 });
    expect(created.status).toBe(201);
    await server.restart();
    const again = await server.as("manager");
    const item = await again.get(`/api/inventory/${created.body.id}`);
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({ name: "Durable Gel", quantity: 7 });
    const migrations = await server.app.deps.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "_prisma_migrations"`;
    expect(Number(migrations[0]!.n)).toBeGreaterThanOrEqual(1);
    // The demo data was not seeded twice.
    expect((await again.get("/api/team")).body.filter((u: any) => u.username === "manager")).toHaveLength(1);
  });

  it("SEED_DEMO=0 starts empty, with ADMIN_USERNAME/ADMIN_PASSWORD as the first manager", async () => {
    const server = await start({ SEED_DEMO: "0", ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "correct-horse-battery" });
    const owner = await server.as("owner", "correct-horse-battery");
    expect((await owner.get("/api/auth/me")).body.user.role).toBe("manager");
    expect((await owner.get("/api/inventory")).body).toEqual([]);
    expect((await owner.get("/api/equipment")).body).toEqual([]);
    expect((await owner.get("/api/team")).body).toHaveLength(1);
    expect((await server.anonymous().post("/api/auth/login", { username: "manager", password: "manager123" })).status).toBe(401);
  });

  it("generates the session secret once and keeps it in DATA_DIR", async () => {
    const server = await start();
    const file = join(server.dataDir, "session-secret");
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8").trim().length).toBeGreaterThanOrEqual(32);
  });

  it("answers unknown API paths with a JSON 404, and client paths with the page", async () => {
    const server = await start();
    const api = await server.anonymous().get("/api/nothing-here");
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: "Not found", code: "path.notFound" });
    const root = await server.anonymous().get("/");
    expect(root.status).toBe(200);
    expect(root.headers.get("content-type")).toMatch(/text\/html/);
    const deep = await server.anonymous().get("/inventory");
    expect(deep.status).toBe(200);
    expect(deep.text).toBe(root.text);
  });

  it("says 503 on /healthz while the database does not answer", async () => {
    const server = await start();
    await server.app.db.close();
    const res = await server.anonymous().get("/healthz");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "unavailable", db: "down" });
    // Re-open so close() in afterAll works on a live database.
    await server.restart();
    expect((await server.anonymous().get("/healthz")).status).toBe(200);
  });

  it("never shows a stack trace for an unexpected failure", async () => {
    const server = await start();
    const manager = await server.as("manager");
    await server.app.db.close();
    const res = await manager.get("/api/inventory");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: "Something went wrong on our side. Please try again.", code: "server.unexpected" });
    await server.restart();
  });
});

function validEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}
