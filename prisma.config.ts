import { defineConfig } from "prisma/config";

// No datasource url: the app connects through driver adapters (PGlite or pg) chosen at start,
// and migrations are applied by server/db/migrate.ts (see shared/notes/prisma-offline.md).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
