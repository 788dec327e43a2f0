import { describe, expect, it } from "vitest";
import { memoryBound, runSoak } from "../../bench/soak-lib.ts";

// The short soak (`npm run soak` runs the 5-minute one): 20 users of mixed load for 20 s against the
// real server (a child process; PostgreSQL too when TEST_DATABASE_URL is set), then a clean stop.
// No unexpected answer (a 409 is a race lost, which is expected), resident memory after warm-up
// grows by less than memoryBound (64 MB + a quarter of the warm-up figure), the stock reconciles, and
// the response cache's answers, checked with the users paused every 10 s, equal fresh reads (issue 20).
const targets = [{ name: "PGlite", url: undefined }, ...(process.env.TEST_DATABASE_URL ? [{ name: "PostgreSQL", url: process.env.TEST_DATABASE_URL }] : [])];

describe.each(targets)("soak on $name", ({ url }) => {
  it("20 users for 20 s: no unexpected answer, bounded memory, stock that reconciles", { timeout: 90_000 }, async () => {
    const report = await runSoak({ seconds: 20, users: 20, databaseUrl: url });
    expect(report.unexpected).toEqual([]);
    expect(report.requests).toBeGreaterThan(100); // ~2,000 on an idle 2-core machine; a loaded one does far fewer
    expect(report.actions["POST …/checkout"]?.count ?? 0).toBeGreaterThan(0);
    expect(report.actions["PUT …/approve"]?.count ?? 0).toBeGreaterThan(0);
    expect(report.rss.end - report.rss.start).toBeLessThan(memoryBound(report.rss.start));
    expect(report.exitCode).toBe(0);
    // The response cache under the load: every paused check's reads equal fresh ones. (How many of them were
    // cached answers depends on whether any survived the last writes: often none, so it is reported, not required.)
    expect(report.cacheCheck.checks).toBeGreaterThan(0);
    expect(report.cacheCheck.reads).toBeGreaterThan(0);
    expect(report.cacheCheck.mismatches).toEqual([]);
    const r = report.reconciliation;
    expect(r.stockMismatches).toEqual([]);
    expect(r.issueMismatches).toEqual([]);
    expect(r.undecidedWithMovements).toBe(0);
    expect(r.equipmentInconsistent).toBe(0);
    expect(r.movements).toBeGreaterThan(r.items); // approvals and restocks moved stock
  });
});
