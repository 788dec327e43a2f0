import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;

beforeAll(async () => {
  server = await startServer();
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
});
afterAll(() => server.close());

const USER_KEYS = ["createdAt", "department", "id", "name", "role", "username"];

function expectNoSecrets(text: string) {
  expect(text).not.toContain("passwordHash");
  expect(text).not.toContain("$argon2");
  expect(text).not.toMatch(/"password"/);
}

describe("GET /api/team", () => {
  it("lists every user for a manager, without passwords", async () => {
    const res = await manager.get("/api/team");
    expect(res.status).toBe(200);
    expectNoSecrets(res.text);
    expect(Array.isArray(res.body)).toBe(true);
    for (const user of res.body) {
      expect(Object.keys(user).sort()).toEqual(USER_KEYS);
      expect(Number.isNaN(Date.parse(user.createdAt))).toBe(false);
    }
    const usernames = res.body.map((u: any) => u.username).sort();
    expect(usernames).toEqual(["agomez", "manager", "pnair", "tbecker", "tech"]);
    expect(res.body.find((u: any) => u.username === "manager")).toMatchObject({ name: "Dana Whitfield", role: "manager", department: "Operations" });
    expect(res.body.find((u: any) => u.username === "tech")).toMatchObject({ name: "Marcus Reyes", role: "employee", department: "Termite" });
  });

  it("?search= matches name, username and department, case-insensitively", async () => {
    const names = async (q: string) => {
      const res = await manager.get(`/api/team?search=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expectNoSecrets(res.text);
      return res.body.map((u: any) => u.username).sort();
    };
    expect(await names("priya")).toEqual(["pnair"]); // name
    expect(await names("TBECK")).toEqual(["tbecker"]); // username
    expect(await names("termite")).toEqual(["tech"]); // department
    expect(await names("rodent control")).toEqual(["tbecker"]);
    expect(await names("zzz-no-such-person")).toEqual([]);
    expect(await names("")).toHaveLength(5);
  });

  it("is refused to an employee (403) and to a visitor (401)", async () => {
    const res = await tech.get("/api/team");
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
    expect(res.text).not.toContain("Dana Whitfield");

    const anon = await server.anonymous().get("/api/team");
    expect(anon.status).toBe(401);
    expect(anon.text).not.toContain("Dana Whitfield");
  });
});

describe("POST /api/team", () => {
  it("adds an employee by default, who can then sign in", async () => {
    const res = await manager.post("/api/team", {
      username: "jsmith",
      password: "s3cure-pass",
      confirmPassword: "s3cure-pass",
      name: "Jordan Smith",
      department: "Mosquito",
    });
    expect(res.status).toBe(201);
    expectNoSecrets(res.text);
    expect(res.text).not.toContain("s3cure-pass");
    expect(Object.keys(res.body).sort()).toEqual(USER_KEYS);
    expect(res.body).toMatchObject({ username: "jsmith", name: "Jordan Smith", role: "employee", department: "Mosquito" });
    expect(typeof res.body.id).toBe("number");

    const login = await server.anonymous().post("/api/auth/login", { username: "jsmith", password: "s3cure-pass" });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ id: res.body.id, name: "Jordan Smith", role: "employee" });
    expectNoSecrets(login.text);

    const wrong = await server.anonymous().post("/api/auth/login", { username: "jsmith", password: "not-the-password" });
    expect(wrong.status).toBe(401);

    const list = await manager.get("/api/team?search=jordan");
    expect(list.body.map((u: any) => u.id)).toEqual([res.body.id]);

    // The new employee is an employee: no team list.
    const jordan = await server.as("jsmith", "s3cure-pass");
    expect((await jordan.get("/api/team")).status).toBe(403);

    const activity = await manager.get("/api/dashboard/activity?limit=20");
    expect(activity.body.some((e: any) => e.entityType === "user" && e.entityId === res.body.id && e.action === "create")).toBe(true);
  });

  it("adds a manager when asked, who can then see the team", async () => {
    const res = await manager.post("/api/team", { username: "boss2", password: "another-pass", name: "Second Boss", role: "manager" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: "boss2", role: "manager", department: null });
    const boss = await server.as("boss2", "another-pass");
    const team = await boss.get("/api/team");
    expect(team.status).toBe(200);
    expect(team.body.some((u: any) => u.username === "boss2")).toBe(true);
  });

  it("refuses a username that is taken, whatever its case", async () => {
    for (const username of ["tech", "TECH", "  Tech "]) {
      const res = await manager.post("/api/team", { username, password: "long-enough-1", name: "Impostor" });
      expect(res.status).toBe(409);
      expect(res.body.field).toBe("username");
      expect(res.body.message).toBeTruthy();
    }
    // The original account is untouched.
    const team = await manager.get("/api/team?search=tech");
    expect(team.body.filter((u: any) => u.username === "tech")).toHaveLength(1);
    expect(team.body.some((u: any) => u.name === "Impostor")).toBe(false);
    expect((await server.anonymous().post("/api/auth/login", { username: "tech", password: "long-enough-1" })).status).toBe(401);
    expect((await server.anonymous().post("/api/auth/login", { username: "tech", password: "tech123" })).status).toBe(200);
  });

  it("refuses a short password", async () => {
    const res = await manager.post("/api/team", { username: "shorty", password: "short", name: "Short Password" });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("password");
    expect(res.body.message).toMatch(/password/i);
    expect((await manager.get("/api/team?search=shorty")).body).toEqual([]);
  });

  it("requires a name", async () => {
    for (const name of [undefined, "", "   "]) {
      const res = await manager.post("/api/team", { username: "noname", password: "long-enough-1", name });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe("name");
      expect(res.body.message).toBe("Name is required");
    }
    expect((await manager.get("/api/team?search=noname")).body).toEqual([]);
  });

  it("refuses a role other than employee or manager", async () => {
    const res = await manager.post("/api/team", { username: "wannabe", password: "long-enough-1", name: "Wannabe Admin", role: "admin" });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("role");
    expect((await manager.get("/api/team?search=wannabe")).body).toEqual([]);
  });

  it("is refused to an employee (403) and a visitor (401), and creates nobody", async () => {
    const body = { username: "sneaky", password: "long-enough-1", name: "Sneaky Pete", role: "manager" };
    const res = await tech.post("/api/team", body);
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
    expect((await server.anonymous().post("/api/team", body)).status).toBe(401);
    expect((await manager.get("/api/team?search=sneaky")).body).toEqual([]);
    expect((await server.anonymous().post("/api/auth/login", { username: "sneaky", password: "long-enough-1" })).status).toBe(401);
  });
});
