import pg from "pg";
import { createLocalEventBus, type DomainEvent, type EventBus } from "./events.ts";

const CHANNEL = "trapline_events";
/** NOTIFY payloads must stay under 8000 bytes; big low-stock lists are sent in parts. */
const MAX_PAYLOAD = 7000;

/**
 * Fans events out through PostgreSQL LISTEN/NOTIFY so every server process on one database delivers
 * every event; each process (the publisher too) hands what it hears to its local listeners.
 */
export async function createPgEventBus(url: string, log: (msg: string, err?: unknown) => void = () => {}): Promise<EventBus> {
  const local = createLocalEventBus();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on("error", () => {});
  let listener: pg.Client | undefined;
  let closing = false;
  let attempt = 0;
  // Delivery is trusted only while the LISTEN connection is up; each change of that state is a new epoch.
  let listening = false;
  let epoch = 0;
  const setListening = (up: boolean) => {
    if (listening !== up) epoch++;
    listening = up;
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        local.publish(JSON.parse(msg.payload) as DomainEvent);
      } catch (err) {
        log("ignored a malformed event", err);
      }
    });
    client.on("error", (err) => {
      if (listener === client) setListening(false);
      log("event listener connection failed", err);
    });
    client.on("end", () => {
      if (listener === client) setListening(false);
      if (closing) return;
      // Reconnect with backoff; events published meanwhile by other processes are missed (clients refetch on reconnect).
      const delay = Math.min(30_000, 500 * 2 ** attempt++);
      setTimeout(() => void connect().catch((err) => log("event listener reconnect failed", err)), delay).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    attempt = 0;
    listener = client;
    setListening(true);
  }
  await connect();

  return {
    publish(event) {
      for (const part of split(event)) {
        pool.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify(part)]).catch((err) => log("could not publish an event", err));
      }
    },
    async publishWithin(tx, event) {
      for (const part of split(event)) await tx.$executeRawUnsafe("SELECT pg_notify($1, $2)", CHANNEL, JSON.stringify(part));
    },
    subscribe: local.subscribe,
    delivering: () => listening && !closing,
    epoch: () => epoch,
    async close() {
      closing = true;
      setListening(false);
      await listener?.end().catch(() => {});
      await pool.end().catch(() => {});
      await local.close();
    },
  };
}

function split(event: DomainEvent): DomainEvent[] {
  if (event.type !== "stock.low" || JSON.stringify(event).length <= MAX_PAYLOAD) return [event];
  const parts: DomainEvent[] = [];
  for (let i = 0; i < event.items.length; i += 40) parts.push({ type: "stock.low", items: event.items.slice(i, i + 40) });
  return parts;
}
