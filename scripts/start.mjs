// `npm start`: builds what is missing or stale (scripts/build.mjs), then runs the compiled server.
import { pathToFileURL } from "node:url";
import { ensureBuilt, serverEntry } from "./build.mjs";

await ensureBuilt();
await import(pathToFileURL(serverEntry).href);
