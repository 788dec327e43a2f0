// npm run soak [-- --seconds 300 --users 20]
//
// Mixed load from simulated users against the real server (a child process; PGlite in a temporary
// DATA_DIR, or a fresh PostgreSQL database when DATABASE_URL is set), then a clean stop and a
// reconciliation of stock totals with stock-movement sums. Every 10 s the users pause and each one's
// reads are compared with the same reads made fresh (the response cache's correctness under load). Prints errors, the server's resident
// memory at the start (after warm-up) and the end, and exits non-zero on an unexpected error, a
// reconciliation mismatch, or memory growth beyond the bound (see memoryBound in soak-lib.ts).
import { fmt, mb, numberArg, parseArgs, table } from "./lib.ts";
import { memoryBound, runSoak } from "./soak-lib.ts";

const args = parseArgs(process.argv.slice(2));
const seconds = numberArg(args, "seconds", 300);
const users = Math.round(numberArg(args, "users", 20));
const databaseUrl = process.env.DATABASE_URL || undefined;

console.log(`Trapline soak: ${users} users for ${seconds} s on ${databaseUrl ? "PostgreSQL (a fresh database)" : "PGlite (a temporary DATA_DIR)"}`);
const report = await runSoak({ seconds, users, databaseUrl, log: (m) => console.log(m) });

console.log(
  "\n" +
    table(
      ["action", "count", "p50 ms", "p99 ms", "answers"],
      Object.entries(report.actions).map(([name, a]) => [
        name,
        String(a.count),
        fmt(a.p50, 1),
        fmt(a.p99, 1),
        Object.entries(a.statuses)
          .map(([k, v]) => `${k}×${v}`)
          .join(" "),
      ]),
    ),
);
const r = report.reconciliation;
const bound = memoryBound(report.rss.start);
const growth = report.rss.end - report.rss.start;
console.log(`\n${report.requests} requests (${fmt(report.requests / report.seconds, 0)}/s), ${report.conflicts} conflicts (409: races lost, expected), ${report.unexpected.length} unexpected answers`);
for (const u of report.unexpected.slice(0, 10)) console.log(`  unexpected: ${u.action}: ${u.answer}`);
console.log(`server rss: ${mb(report.rss.start)} after warm-up, ${mb(report.rss.end)} at the end (peak ${mb(report.rss.peak)}); growth ${mb(growth)}, bound ${mb(bound)}`);
console.log(`server exit code after SIGTERM: ${report.exitCode}`);
console.log(
  `reconciliation: ${r.items} items, ${r.movements} stock movements, ${r.requestsApproved} approved requests; ` +
    `${r.stockMismatches.length} items whose stock differs from the sum of their movements, ${r.issueMismatches.length} approved requests not issued exactly, ` +
    `${r.undecidedWithMovements} movements of undecided requests, ${r.equipmentInconsistent} inconsistent equipment`,
);
const c = report.cacheCheck;
console.log(
  `response cache: ${c.checks} checks with the users paused, ${c.reads} reads compared with the same reads made fresh from the database ` +
    `(${c.cachedReads} of them answered from the cache); ${c.mismatches.length} stale answers`,
);
for (const m of c.mismatches.slice(0, 5)) console.log(`  stale: ${m.user}'s ${m.read}:\n    cached ${m.cached}\n    fresh  ${m.fresh}`);
const failed = c.mismatches.length > 0 || report.unexpected.length > 0 || growth > bound || r.stockMismatches.length + r.issueMismatches.length + r.undecidedWithMovements + r.equipmentInconsistent > 0 || report.exitCode !== 0;
console.log(failed ? "\nSOAK FAILED" : "\nsoak passed");
process.exit(failed ? 1 : 0);
