import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { Actor } from "../domain/context.ts";
import type { EventBus } from "./events.ts";
import { createAuthSockets } from "./authSockets.ts";

const HEARTBEAT_MS = 30_000;

/**
 * The spec's plain WebSocket at /ws: signed-in clients receive
 * {"type":"low_stock_alert","items":[{id,name,quantity,minQuantity,unit,urgency}]} on every low-stock event.
 */
export function createLowStockSocket(events: EventBus, actorOf: (headers: { cookie?: string; authorization?: string }) => Promise<Actor | null>) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const alive = new WeakMap<WebSocket, boolean>();
  // A connection made with an API token closes when the token is revoked or expires.
  const authSockets = createAuthSockets(events);

  const off = events.subscribe((event) => {
    if (event.type !== "stock.low") return;
    const message = JSON.stringify({ type: "low_stock_alert", items: event.items });
    for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(message);
  });

  // Sockets that miss a heartbeat are dropped.
  const heartbeat = setInterval(() => {
    for (const client of wss.clients) {
      if (alive.get(client) === false) {
        client.terminate();
        continue;
      }
      alive.set(client, false);
      client.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  wss.on("connection", (socket) => {
    alive.set(socket, true);
    socket.on("pong", () => alive.set(socket, true));
    socket.on("message", () => {}); // the channel is one-way; client messages are ignored
  });

  return {
    async handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const actor = await actorOf(request.headers).catch(() => null);
      if (!actor) {
        socket.end("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        authSockets.track(ws, actor);
        wss.emit("connection", ws, request);
      });
    },
    /** Open /ws connections (the live-subscribers gauge). */
    count: () => wss.clients.size,
    close() {
      off();
      clearInterval(heartbeat);
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
