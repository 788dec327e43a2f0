import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ERR, globalId, isoDay, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/*
 * Certifications as GraphQL reads them (issue 34): `User.certification` comes with the users' own
 * query, however many users are listed; `expiringCertifications` reads what it is asked for, and
 * nothing it was asked is left unread.
 */

let server: TestServer;
let manager: ApiClient;
let tech: ApiClient;
const sql: string[] = [];
let recording = false;

beforeAll(async () => {
  server = await startServer({}, { onQuery: (q) => void (recording && sql.push(q)) });
  [manager, tech] = await Promise.all([server.as("manager"), server.as("tech")]);
  const team = (await manager.get("/api/team")).body as { id: number; username: string }[];
  for (const [i, u] of team.entries()) {
    const data = await ok(manager, `mutation ($i: SetCertificationInput!) { setCertification(input: $i) { ${ERR} } }`, {
      i: { userId: globalId("User", u.id), number: `TX-${u.username.toUpperCase()}`, state: "TX", categories: ["Structural"], expiresOn: isoDay(10 + i * 40) },
    });
    expect(data.setCertification.__typename, JSON.stringify(data)).toBe("SetCertificationPayload");
  }
});
afterAll(() => server.close());

const certificationQueries = () => sql.filter((q) => /^\s*SELECT/i.test(q) && q.includes('"Certification"'));

describe("User.certification", () => {
  it("the team list with every member's certification reads certifications in at most one query, not one per member", async () => {
    sql.length = 0;
    recording = true;
    // Prisma may batch findUnique calls made in one tick into one statement; the resolver makes none at all.
    const perUser = vi.spyOn(server.app.deps.prisma.certification, "findUnique");
    const data = await ok(manager, `{ teamMembers(first: 50) { edges { node { databaseId username certification { number expiresOn valid } } } } }`);
    recording = false;
    expect(perUser).not.toHaveBeenCalled();
    perUser.mockRestore();
    const members = data.teamMembers.edges.map((e: any) => e.node);
    expect(members.length).toBeGreaterThanOrEqual(4);
    for (const m of members) expect(m.certification?.number, m.username).toBe(`TX-${m.username.toUpperCase()}`);
    expect(certificationQueries().length).toBeLessThanOrEqual(1);
    // The whole answer is a fixed handful of statements, whatever the team's size.
    expect(sql.filter((q) => /^\s*SELECT/i.test(q)).length).toBeLessThan(members.length);
  });

  it("a technician reads their own certification only", async () => {
    const me = await ok(tech, `{ viewer { username certification { number } } }`);
    expect(me.viewer.certification).toEqual({ number: "TX-TECH" });
    const managerId = ((await manager.get("/api/team")).body as { id: number; username: string }[]).find((u) => u.username === "manager")!.id;
    const other = await ok(tech, `query ($id: ID!) { node(id: $id) { ... on User { certification { number } } } }`, { id: globalId("User", managerId) });
    expect(other.node?.certification ?? null).toBeNull();
  });
});

describe("expiringCertifications", () => {
  it("answers with the users asked for, and leaves no query of the resolver unused", async () => {
    const warn = vi.spyOn(console, "warn");
    try {
      const data = await ok(manager, `{ expiringCertifications { number expiresOn user { databaseId name } } }`);
      const rows = data.expiringCertifications as { number: string; expiresOn: string; user: { name: string } }[];
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r.user.name).toBeTruthy();
      expect(rows.map((r) => r.expiresOn)).toEqual([...rows.map((r) => r.expiresOn)].sort());
      expect(rows.every((r) => r.expiresOn <= isoDay(61))).toBe(true);
      expect(warn.mock.calls.map((c) => String(c[0])).filter((m) => /unused/i.test(m))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
