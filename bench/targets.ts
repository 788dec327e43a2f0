import { readFileSync } from "node:fs";
import type { LoadOptions } from "./load.ts";

export type Target = {
  key: string;
  label: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  /** Sent with the signed-in session cookie. */
  auth: boolean;
  /** What a good 2xx body contains (and must not contain), checked on every response. */
  expect: string;
  forbid?: string;
  /** Every request a response-cache miss (see LoadOptions.fresh): what the first read after a write costs. */
  fresh?: boolean;
};

const gql = (query: string) => JSON.stringify({ query });

/**
 * The 50-row inventory page as the client's inventory list asks for it (InventoryListItem_item),
 * at 50 rows. Like the client, it asks no totalCount: a count of a filtered set is a scan by nature.
 */
export const INVENTORY_PAGE_QUERY =
  "{ inventoryItems(first: 50) { edges { cursor node { id name description category quantity minQuantity unit location hazardous stockStatus } } pageInfo { hasNextPage endCursor } } }";

/** Stored columns only, for the side-by-side with PostGraphile (which has no stockStatus). */
const COMPARE_COLUMNS = "name description category quantity minQuantity unit price location barcode hazardous updatedAt";
export const COMPARE_PAGE_QUERY = `{ inventoryItems(first: 50, orderBy: NAME_ASC) { edges { cursor node { id ${COMPARE_COLUMNS} } } pageInfo { hasNextPage endCursor } } }`;
export const POSTGRAPHILE_PAGE_QUERY = `{ allInventoryItems(first: 50, orderBy: [NAME_ASC, PRIMARY_KEY_ASC]) { edges { cursor node { id ${COMPARE_COLUMNS} } } pageInfo { hasNextPage endCursor } } }`;

const ACTIVITY_QUERY = "{ activity(first: 50) { edges { cursor node { id action entityType details createdAt user { id name } } } pageInfo { hasNextPage endCursor } } }";

/** The app's own 50-row inventory page (InventoryPageQuery), by persisted id and, for comparison, as text. */
const PERSISTED: Record<string, string> = JSON.parse(readFileSync(new URL("../client/persisted-operations.json", import.meta.url), "utf8"));
const [APP_PAGE_ID, APP_PAGE_TEXT] = Object.entries(PERSISTED).find(([, text]) => text.startsWith("query InventoryPageQuery("))!;
const APP_PAGE_BY_ID = JSON.stringify({ operationName: "InventoryPageQuery", variables: { first: 50 }, extensions: { persistedQuery: { version: 1, sha256Hash: APP_PAGE_ID } } });
const APP_PAGE_AS_TEXT = JSON.stringify({ operationName: "InventoryPageQuery", variables: { first: 50 }, query: APP_PAGE_TEXT });

/** The GraphQL error list marker: a 200 answer carrying it is counted as a mismatch. */
const GQL_ERRORS = '"errors"';

/** Where the deep-page targets start: cursors of rows halfway down (see server-child.ts). */
export type Middle = { inventory: string; activity: string };

/** The reads whose cold cost (every request a cache miss) is measured beside the warm one (issue 20). */
const COLD = ["gqlInventory", "gqlDashboard", "gqlRequests"];

export function benchTargets(scanCode: string, middle: Middle = { inventory: "", activity: "" }): Target[] {
  return allTargets(scanCode, middle).flatMap((t) =>
    COLD.includes(t.key) ? [t, { ...t, key: `${t.key}Cold`, label: "  … cold: each request a cache miss (a first read after a write)", fresh: true }] : [t],
  );
}

/** The built client's entry script (index.html's), a small file every first load asks for; undefined without a build. */
function entryScript(): string | undefined {
  try {
    return /src="(\/assets\/index-[\w~-]+\.js)"/.exec(readFileSync(new URL("../client/dist/index.html", import.meta.url), "utf8"))?.[1];
  } catch {
    return undefined;
  }
}

function allTargets(scanCode: string, middle: Middle): Target[] {
  const entry = entryScript();
  return [
    { key: "healthz", label: "GET /healthz (floor)", method: "GET", path: "/healthz", auth: false, expect: '"db":"up"' },
    // A build file, as each of a first load's two dozen scripts is served (server/http/client.ts).
    ...(entry ? [{ key: "asset", label: "GET /assets/index-….js (a build file)", method: "GET" as const, path: entry, auth: false, expect: "import" }] : []),
    {
      key: "gqlInventory",
      label: "GraphQL inventoryItems(first: 50)",
      method: "POST",
      path: "/graphql",
      body: gql(INVENTORY_PAGE_QUERY),
      auth: true,
      expect: '"hasNextPage"',
      forbid: GQL_ERRORS,
    },
    {
      key: "gqlAppPage",
      label: "  … the app's InventoryPageQuery by persisted id",
      method: "POST",
      path: "/graphql",
      body: APP_PAGE_BY_ID,
      auth: true,
      expect: '"hasNextPage"',
      forbid: GQL_ERRORS,
    },
    {
      key: "gqlAppPageText",
      label: "  … the same operation sent as text",
      method: "POST",
      path: "/graphql",
      body: APP_PAGE_AS_TEXT,
      auth: true,
      expect: '"hasNextPage"',
      forbid: GQL_ERRORS,
    },
    {
      key: "gqlInventoryDeep",
      label: "  … the page halfway down (after:)",
      method: "POST",
      path: "/graphql",
      body: JSON.stringify({ query: INVENTORY_PAGE_QUERY.replace("first: 50", "first: 50, after: $after").replace("{ inventoryItems", "query($after: String) { inventoryItems"), variables: { after: middle.inventory } }),
      auth: true,
      expect: '"hasNextPage"',
      forbid: GQL_ERRORS,
    },
    {
      key: "gqlDashboard",
      label: "GraphQL dashboardStats",
      method: "POST",
      path: "/graphql",
      body: gql("{ dashboardStats { totalItems lowStockItems activeEquipment totalEquipment pendingRequests utilization } }"),
      auth: true,
      expect: '"totalItems"',
      forbid: GQL_ERRORS,
    },
    {
      key: "gqlActivity",
      label: "GraphQL activity(first: 50)",
      method: "POST",
      path: "/graphql",
      body: gql(ACTIVITY_QUERY),
      auth: true,
      expect: '"hasNextPage"',
      forbid: GQL_ERRORS,
    },
    {
      key: "gqlActivityDeep",
      label: "  … the feed halfway back (after:)",
      method: "POST",
      path: "/graphql",
      body: JSON.stringify({ query: ACTIVITY_QUERY.replace("first: 50", "first: 50, after: $after").replace("{ activity", "query($after: String) { activity"), variables: { after: middle.activity } }),
      auth: true,
      expect: '"hasNextPage"',
      forbid: GQL_ERRORS,
    },
    {
      key: "gqlRequests",
      label: "GraphQL requests(first: 50) + lines",
      method: "POST",
      path: "/graphql",
      body: gql(
        "{ requests(first: 50) { edges { cursor node { id type status justification createdAt approvedAt requester { id name department } items { name quantity } } } pageInfo { hasNextPage endCursor } } }",
      ),
      auth: true,
      expect: '"hasNextPage"',
      forbid: GQL_ERRORS,
    },
    {
      key: "gqlScan",
      label: "GraphQL scanLookup(code)",
      method: "POST",
      path: "/graphql",
      body: gql(`{ scanLookup(code: ${JSON.stringify(scanCode)}) { __typename ... on ScanLookupSuccess { data { __typename ... on InventoryItem { id name category quantity minQuantity unit location barcode } ... on Equipment { id name serialNumber category status assignedTo assignedAt location } } } } }`),
      auth: true,
      expect: '"ScanLookupSuccess"',
      forbid: GQL_ERRORS,
    },
    { key: "restInventory", label: "GET /api/inventory (whole list)", method: "GET", path: "/api/inventory", auth: true, expect: '"barcode"' },
    { key: "restEquipment", label: "GET /api/equipment (whole list)", method: "GET", path: "/api/equipment", auth: true, expect: '"serialNumber"' },
    { key: "restRequests", label: "GET /api/requests (whole list)", method: "GET", path: "/api/requests", auth: true, expect: '"requesterName"' },
    {
      key: "login",
      label: "POST /api/auth/login (argon2id)",
      method: "POST",
      path: "/api/auth/login",
      body: JSON.stringify({ username: "tech", password: "tech123" }),
      auth: false,
      expect: '"user"',
    },
  ];
}

export function loadOptions(target: Target, base: string, cookie: string, connections: number, seconds: number): LoadOptions {
  const headers: Record<string, string> = {};
  if (target.body) headers["content-type"] = "application/json";
  if (target.auth) headers.cookie = cookie;
  return {
    url: new URL(target.path, base).toString(),
    method: target.method,
    headers,
    body: target.body,
    connections,
    seconds,
    expect: target.expect,
    forbid: target.forbid,
    fresh: target.fresh,
  };
}

/** One request with fetch, to fail loudly (with the body) before a load run measures garbage. */
export async function checkTarget(target: Target, base: string, cookie: string): Promise<void> {
  const res = await fetch(new URL(target.path, base), {
    method: target.method,
    headers: { ...(target.body ? { "content-type": "application/json" } : {}), ...(target.auth ? { cookie } : {}) },
    body: target.body,
  });
  const text = await res.text();
  if (res.status < 200 || res.status > 299 || !text.includes(target.expect) || (target.forbid && text.includes(target.forbid))) {
    throw new Error(`${target.label}: unexpected answer ${res.status} ${text.slice(0, 500)}`);
  }
}
