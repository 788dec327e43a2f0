import { writeFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { refuse } from "../http/locale.ts";
import { BACKUP_TOKEN_HEADER, backupToken, serverFile, tokenMatches } from "./archive.ts";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * GET /api/admin/backup/database: the embedded database's dump, for `npm run backup` while this
 * server holds the data folder. Only from this machine, and only with the token kept in
 * DATA_DIR/backup-token; anything else is a 404, as if the path did not exist. At listen, the
 * server's address goes to DATA_DIR/server.json so the command can find it.
 */
export function registerBackupEndpoint(http: FastifyInstance, db: Database, dataDir: string) {
  const token = backupToken(dataDir);
  http.addHook("onListen", async () => {
    const address = http.server.address();
    if (!address || typeof address === "string") return;
    const host = ["0.0.0.0", "::"].includes(address.address) ? "127.0.0.1" : address.address;
    const url = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
    writeFileSync(serverFile(dataDir), JSON.stringify({ url, pid: process.pid }) + "\n");
  });
  http.get("/api/admin/backup/database", async (req, reply) => {
    const socket = req.raw.socket;
    const local = LOOPBACK.has(socket.remoteAddress ?? "") || socket.remoteAddress === socket.localAddress;
    if (!local || !tokenMatches(token, req.headers[BACKUP_TOKEN_HEADER]) || !db.dumpDataDir) return refuse(req, reply, 404, /*i18n*/ { id: "path.notFound", message: "Not found" });
    const dump = await db.dumpDataDir();
    return reply.type("application/gzip").header("cache-control", "no-store").send(Buffer.from(dump));
  });
}
