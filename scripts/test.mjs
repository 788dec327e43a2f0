// `npm test`: type-check, lint, the message catalogs (scripts/i18n.mjs), the layering rules (dependency-cruiser, .dependency-cruiser.cjs), unit/API/GraphQL
// suites (vitest), browser suite (Playwright).
// Every stage runs even when an earlier one fails, so one run shows everything; the exit code is
// non-zero if any stage failed. Under CI each runner also writes a JSON report into .tmp/ that
// .ci/run sums into its closing line.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

const ci = Boolean(process.env.CI);
mkdirSync(".tmp", { recursive: true });
const bin = (name) => `node_modules/.bin/${name}`;
const stages = [
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", bin("eslint"), ["."]],
  // Every message id the code says has its text in every catalog, and no catalog keeps an unused id.
  ["catalogs", process.execPath, ["scripts/i18n.mjs", "check"]],
  ["layers", bin("depcruise"), ["client/src", "server", "schemas", "--config", ".dependency-cruiser.cjs"]],
  ["vitest", bin("vitest"), ["run", ...(ci ? ["--reporter=default", "--reporter=json", "--outputFile=.tmp/vitest-embedded.json"] : [])]],
  ["playwright", bin("playwright"), ["test"]],
];
const failed = [];
for (const [name, cmd, args] of stages) {
  console.log(`\n== ${name}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) failed.push(name);
}
console.log(failed.length ? `\nFailed stages: ${failed.join(", ")}` : "\nAll stages passed");
// For .ci/run's closing list: which stages failed (a type-check or lint failure has no test to name).
if (ci) writeFileSync(".tmp/test-stages.json", JSON.stringify({ failed }));
process.exit(failed.length ? 1 : 0);
