// `prisma generate` wants a native schema engine it would download; Prisma 7's client needs none,
// so pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file lets it run offline
// (shared/notes/prisma-offline.md).
import { execFileSync } from "node:child_process";
import { delimiter, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// The prisma-pothos-types generator is found on PATH, as under `npm run`.
const PATH = [resolve("node_modules/.bin"), process.env.PATH].filter(Boolean).join(delimiter);
const env = { ...process.env, PATH, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? fileURLToPath(import.meta.url), PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], { stdio: "inherit", env });
