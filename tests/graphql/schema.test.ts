import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("schema.graphql", () => {
  it("is what printedSchema() prints from the server's schema", () => {
    // In a plain Node process (as `npm run schema` runs): under vitest, graphql is loaded twice
    // (ESM and CommonJS) and printing a Pothos-built schema trips graphql's one-realm check.
    const printed = execFileSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", `process.stdout.write((await import("./server/graphql/schema.ts")).printedSchema())`],
      { cwd: root, encoding: "utf8", maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NODE_ENV: "production" } },
    );
    expect(printed).toContain("type Query");
    const checkedIn = readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8");
    expect(checkedIn, "schema.graphql is stale: run `npm run schema` and commit the result").toBe(printed);
  });
});
