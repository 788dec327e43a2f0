import { createApp, type App } from "./app.ts";
import { loadConfig } from "./config.ts";

/** How long a SIGTERM/SIGINT waits for in-flight requests before it cuts their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
/** The running server, once it is listening; a signal that comes earlier only sets `stopping`. */
const state: { app?: App; stopping: boolean } = { stopping: false };

// Handled from the start: a signal during start-up (migrations, seeding) must not kill the process
// with the embedded database open; it stops the server as soon as start-up is done instead.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (state.stopping) return;
    state.stopping = true;
    if (state.app) void shutdown(state.app);
  });
}

const app = await createApp(config).catch((err: unknown) => {
  // A start-up refusal that says what to do (e.g. SDS files that could not be moved) is shown as it is.
  console.error(err instanceof Error && err.message.startsWith("storage:") ? err.message : err);
  process.exit(1);
});
if (!state.stopping) {
  await app.http.listen({ port: config.port, host: config.host });
  console.log(`Trapline is serving on http://localhost:${config.port} (${app.db.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"})`);
}
state.app = app;
if (state.stopping) await shutdown(app);

/**
 * Stop accepting, let in-flight requests finish (those still running after SHUTDOWN_GRACE_MS lose
 * their connections), then close the database cleanly and exit.
 */
async function shutdown(running: App): Promise<never> {
  const grace = setTimeout(() => {
    console.error(`Shutdown: requests still running after ${SHUTDOWN_GRACE_MS / 1000} s; closing their connections`);
    running.http.server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  try {
    await running.close();
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  } finally {
    clearTimeout(grace);
  }
}
