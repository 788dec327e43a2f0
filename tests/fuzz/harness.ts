import { expect } from "vitest";
import type { TestServer } from "../helpers/server.ts";

/** How many cases each property runs: FUZZ_RUNS (e.g. 2000 for a long run), else the suite's bounded default. */
export const runs = (fallback: number) => Number(process.env.FUZZ_RUNS ?? fallback);
/** The same cases every run unless FUZZ_SEED says otherwise (a failure prints the seed and path to replay it). */
export const SEED = Number(process.env.FUZZ_SEED ?? 1414);

/** The server's own words for a masked failure, over REST and GraphQL. */
const MASKED = /Something went wrong on our side|Unexpected error/;

export type Answer = { status: number; text: string; body: unknown };

/** No 5xx, and every 4xx is the documented `{ message }` (GraphQL: no masked error). */
export function expectHandled(answer: Answer, what: string) {
  expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.text, what).not.toMatch(MASKED);
  if (answer.status >= 400) {
    expect(typeof (answer.body as { message?: unknown })?.message, `${what} → ${answer.text.slice(0, 300)}`).toBe("string");
  }
}

export async function send(server: TestServer, method: string, path: string, init: { cookie?: string; body?: string | Uint8Array; contentType?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers["content-type"] = init.contentType ?? "application/json";
  const res = await fetch(server.url + path, { method, headers, body: init.body as BodyInit | undefined });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, text, body };
}

/** Server still up, and every item's stock equal to the sum of its movements (nothing half-written). */
export async function expectHealthyAndReconciled(server: TestServer) {
  expect((await send(server, "GET", "/healthz")).status).toBe(200);
  const p = server.app.deps.prisma;
  const mismatches = await p.$queryRaw<{ id: number; quantity: number; movements: number }[]>`
    SELECT i.id, i.quantity, coalesce(sum(m.delta), 0)::int AS movements
    FROM "InventoryItem" i LEFT JOIN "StockMovement" m ON m."itemId" = i.id
    GROUP BY i.id HAVING i.quantity <> coalesce(sum(m.delta), 0)`;
  expect(mismatches).toEqual([]);
  const issued = await p.$queryRaw<{ id: number }[]>`
    SELECT r.id FROM "Request" r WHERE r.status = 'approved' AND r.type = 'inventory'
    AND coalesce((SELECT -sum(m.delta) FROM "StockMovement" m WHERE m."requestId" = r.id), 0)
        <> (SELECT coalesce(sum(l.quantity), 0) FROM "RequestLine" l WHERE l."requestId" = r.id)`;
  expect(issued).toEqual([]);
  const [equipment] = await p.$queryRaw<{ inconsistent: number }[]>`
    SELECT count(*)::int AS inconsistent FROM "Equipment" WHERE (status = 'checked_out') <> ("assignedTo" IS NOT NULL)`;
  expect(equipment!.inconsistent).toBe(0);
}

/** A query-string part: %-escaped UTF-8 when the text is well-formed, else the bytes a broken client would send. */
export function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // Lone surrogates: as CESU-8 bytes (ED A0 80 …), which are not UTF-8.
    return [...text]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          const c = ch.charCodeAt(0);
          return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
        }
      })
      .join("");
  }
}
