import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";

const config = loadConfig();
const app = await createApp(config);
await app.http.listen({ port: config.port, host: config.host });
console.log(`Trapline is serving on http://localhost:${config.port} (${app.db.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"})`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Stop accepting, let in-flight requests finish, then close the database cleanly.
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
