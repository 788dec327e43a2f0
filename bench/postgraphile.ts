// PostGraphile 5 (a dev dependency of the bench only) served over the same PostgreSQL tables, in
// the bench's server process, for a side-by-side run of the same 50-row page.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import pg from "pg";

export type PostGraphileServer = { base: string; version: string; note: string; stop(): Promise<void> };

/** Polyfills the one Node 22 API PostGraphile 5 needs that Node 20 lacks; returns a note when it did. */
function shimPromiseWithResolvers(): string {
  const P = Promise as unknown as { withResolvers?: unknown };
  if (P.withResolvers) return "";
  P.withResolvers = function <T>() {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((a, b) => {
      resolve = a;
      reject = b;
    });
    return { promise, resolve, reject };
  };
  return `PostGraphile 5 declares node >= 22; run on Node ${process.versions.node} with a Promise.withResolvers shim`;
}

/** Starts PostGraphile (Amber preset, schema "public") on a free port; throws with the reason when it cannot. */
export async function startPostGraphile(databaseUrl: string): Promise<PostGraphileServer> {
  const note = shimPromiseWithResolvers();
  process.env.GRAPHILE_ENV ??= "production";
  const [{ postgraphile }, { PostGraphileAmberPreset }, { makePgService }, { grafserv }] = await Promise.all([
    import("postgraphile"),
    import("postgraphile/presets/amber"),
    import("postgraphile/adaptors/pg"),
    import("postgraphile/grafserv/node"),
  ]);
  // dist/index.js → package.json (the package's exports do not list its package.json).
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL("../package.json", import.meta.resolve("postgraphile"))), "utf8")) as { version: string };
  // Our own pool (the same size as the server's), ended by stop().
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on("error", () => {});
  const pgl = postgraphile({
    extends: [PostGraphileAmberPreset],
    pgServices: [makePgService({ pool, schemas: ["public"], pubsub: false })],
    grafserv: { graphqlPath: "/graphql", graphiql: false, watch: false },
  });
  const serv = pgl.createServ(grafserv);
  const server = createServer();
  serv.addTo(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    version: pkg.version,
    note,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pgl.release();
      await pool.end();
    },
  };
}
