// Authors the next migration: diffs prisma/migrations against prisma/schema.prisma with Prisma's
// WASM schema engine on an in-memory PGlite and writes prisma/migrations/<timestamp>_<name>/.
// Usage: npm run db:migration -- <name>. Not run at start; server/db/migrate.ts applies the files.
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { SchemaEngine } from "@prisma/schema-engine-wasm";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_");
if (!name) {
  console.error("usage: npm run db:migration -- <name>");
  process.exit(2);
}
const baseDir = resolve("prisma/migrations");
mkdirSync(baseDir, { recursive: true });
const schemaPath = resolve("prisma/schema.prisma");
const files = [{ path: schemaPath, content: readFileSync(schemaPath, "utf8") }];
const migrationDirectories = readdirSync(baseDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()
  .map((dir) => ({
    path: dir,
    migrationFile: { path: "migration.sql", content: { tag: "ok" as const, value: readFileSync(join(baseDir, dir, "migration.sql"), "utf8") } },
  }));
const lockPath = join(baseDir, "migration_lock.toml");
if (!existsSync(lockPath)) writeFileSync(lockPath, 'provider = "postgresql"\n');
const lockfile = { path: "migration_lock.toml", content: readFileSync(lockPath, "utf8") };

const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(new PGlite()));
const engine = await SchemaEngine.new({ datamodels: files.map((f) => [f.path, f.content]) }, () => {}, adapter);
const result = await engine.diff({
  from: { tag: "migrations", baseDir, lockfile, shadowDbInitScript: "", migrationDirectories },
  to: { tag: "schemaDatamodel", files },
  script: true,
  exitCode: null,
  filters: { externalTables: [], externalEnums: [] },
});
const sql = result.stdout ?? "";
if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
  console.log("No schema changes: nothing written.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = join(baseDir, `${stamp}_${name}`);
mkdirSync(dir);
writeFileSync(join(dir, "migration.sql"), sql);
console.log(`Wrote ${dir}/migration.sql`);
process.exit(0);
