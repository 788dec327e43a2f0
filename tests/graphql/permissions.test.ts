import { readFileSync } from "node:fs";
import { buildSchema, isInterfaceType, isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { OPERATIONS } from "../../server/rest/openapi.ts";
import { gql, globalId, isoDay, LiveSubscription } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { applicationVisit } from "../helpers/visit.ts";

/*
 * Issue 32: the README's permission table ("Who may do what") is the one written answer to "who may
 * see or do this?". This suite reads it, checks that every GraphQL root field, every node type and
 * every REST operation stands in exactly one row, and tries every row as a signed-out visitor, an
 * employee (pnair, who holds Truck 2) and a manager, comparing what the server does with the cell:
 * `yes` (every operation of the row answers), `no` (each is refused: 401 / UNAUTHENTICATED, 403 /
 * FORBIDDEN / ForbiddenError, or null by id), `own` or `part` (the row's own probe checks the limit).
 */

type Role = "signedOut" | "employee" | "manager";
type Verdict = "yes" | "no" | "own" | "part";
type Row = { capability: string; operations: string[]; cells: Record<Role, Verdict>; text: Record<Role, string> };

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

function permissionTable(): Row[] {
  const section = README.slice(README.indexOf("### Who may do what"));
  // The header and the |---| line, then the rows until the table ends.
  const lines = section.split("\n").filter((l) => l.startsWith("|")).slice(2);
  const rows: Row[] = [];
  for (const line of lines) {
    const cells = line.split(" | ").map((c) => c.replace(/^\|\s*|\s*\|$/g, "").trim());
    if (cells.length !== 5) break;
    const [capability, ops, signedOut, employee, manager] = cells as [string, string, string, string, string];
    const verdict = (cell: string) => cell.split(":")[0]!.trim() as Verdict;
    rows.push({
      capability,
      operations: [...ops.matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
      cells: { signedOut: verdict(signedOut), employee: verdict(employee), manager: verdict(manager) },
      text: { signedOut, employee, manager },
    });
  }
  return rows;
}

let server: TestServer;
const as = {} as Record<Role, ApiClient>;
let fx: Record<string, any>;

const run = async (client: ApiClient, query: string, variables?: Record<string, unknown>) => gql(client, query, variables);

/** The verdict of one GraphQL operation: refused (UNAUTHENTICATED, FORBIDDEN, a ForbiddenError or AuthenticationError result) or not. */
async function gqlVerdict(client: ApiClient, query: string, variables?: Record<string, unknown>): Promise<"yes" | "no"> {
  const r = await run(client, query, variables);
  const codes = (r.errors ?? []).map((e: any) => e.extensions?.code);
  if (codes.some((c: string) => c === "UNAUTHENTICATED" || c === "FORBIDDEN")) return "no";
  if (r.errors?.length) throw new Error(`probe failed: ${query} ${JSON.stringify(r.errors)}`);
  const roots = Object.values(r.data ?? {}) as any[];
  if (roots.some((v) => v && (v.__typename === "ForbiddenError" || v.__typename === "AuthenticationError"))) return "no";
  return "yes";
}

/** The verdict of one REST call: 401/403 refused; a 5xx is a broken probe. */
async function restVerdict(client: ApiClient, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<"yes" | "no"> {
  const res = await client.request(method, path, body, headers);
  expect(res.status, `${method} ${path}`).toBeLessThan(500);
  return res.status === 401 || res.status === 403 ? "no" : "yes";
}

/** All of a row's operations agree, or the row's answer is mixed (a failure). */
function all(verdicts: string[]): Verdict {
  if (verdicts.every((v) => v === "yes")) return "yes";
  if (verdicts.every((v) => v === "no")) return "no";
  return `mixed: ${verdicts.join(", ")}` as Verdict;
}

let seq = 0;
const unique = (s: string) => `${s} ${++seq}-${Math.random().toString(36).slice(2, 6)}`;

async function newItem(extra: Record<string, unknown> = {}): Promise<{ id: string; databaseId: number }> {
  const r = await run(as.manager, `mutation ($i: CreateInventoryItemInput!) { createInventoryItem(input: $i) { ... on CreateInventoryItemPayload { item { id databaseId } } } }`, {
    i: { name: unique("Probe item"), category: "Supplies", quantity: 50, minQuantity: 0, ...extra },
  });
  return r.data.createInventoryItem.item;
}
async function newEquipment(): Promise<{ id: string; databaseId: number }> {
  const r = await run(as.manager, `mutation ($i: CreateEquipmentInput!) { createEquipment(input: $i) { ... on CreateEquipmentPayload { equipment { id databaseId } } } }`, {
    i: { name: unique("Probe sprayer"), category: "Sprayer" },
  });
  return r.data.createEquipment.equipment;
}
async function pendingRequest(): Promise<{ id: string; databaseId: number }> {
  const r = await run(as.manager, `mutation ($item: ID!) { createRequest(input: { type: inventory, justification: "probe", items: [{ id: $item, quantity: 1 }] }) { ... on CreateRequestPayload { request { id databaseId } } } }`, {
    item: fx.item.id,
  });
  return r.data.createRequest.request;
}
async function newLocation(kind: "WAREHOUSE" | "VEHICLE", holderId?: string): Promise<{ id: string; databaseId: number }> {
  const r = await run(as.manager, `mutation ($i: CreateStockLocationInput!) { createStockLocation(input: $i) { ... on CreateStockLocationPayload { location { id databaseId } } } }`, {
    i: { name: unique(kind === "VEHICLE" ? "Probe truck" : "Probe store"), kind, holderId: holderId ?? null },
  });
  return r.data.createStockLocation.location;
}
async function newSupplier(): Promise<{ id: string }> {
  const r = await run(as.manager, `mutation ($n: String!) { createSupplier(input: { name: $n }) { ... on CreateSupplierPayload { supplier { id } } } }`, { n: unique("Probe supplier") });
  return r.data.createSupplier.supplier;
}
async function placedOrder(): Promise<{ id: string; lineId: string }> {
  const supplier = await newSupplier();
  const r = await run(
    as.manager,
    `mutation ($s: ID!, $item: ID!) { createPurchaseOrder(input: { supplierId: $s, lines: [{ itemId: $item, quantity: 5, unitCostCents: 100 }] }) { ... on CreatePurchaseOrderPayload { purchaseOrder { id lines { id } } } } }`,
    { s: supplier.id, item: fx.item.id },
  );
  const order = r.data.createPurchaseOrder.purchaseOrder;
  await run(as.manager, `mutation ($id: ID!) { placePurchaseOrder(input: { id: $id }) { __typename } }`, { id: order.id });
  return { id: order.id, lineId: order.lines[0].id };
}

beforeAll(async () => {
  server = await startServer({ ALLOW_PRIVATE_WEBHOOKS: "1", RATE_LIMIT_API_MAX: "0" });
  [as.manager, as.employee] = await Promise.all([server.as("manager"), server.as("pnair")]);
  as.signedOut = server.anonymous();
  const ids = async (client: ApiClient) => (await client.get("/api/auth/me")).body.user.id as number;
  const locations = (await run(as.manager, `{ stockLocations(first: 50) { edges { node { id databaseId name holder { databaseId } } } } }`)).data.stockLocations.edges.map((e: any) => e.node);
  const techId = (await server.as("tech").then(ids)) as number;
  fx = {
    managerId: await ids(as.manager),
    employeeId: await ids(as.employee),
    techId,
    main: locations.find((l: any) => l.name === "Main Warehouse"),
    truck: locations.find((l: any) => l.name === "Truck 2"),
  };
  fx.item = await newItem({ barcode: unique("PROBE").replace(/\W/g, "") });
  fx.itemBarcode = (await as.manager.get(`/api/inventory/${fx.item.databaseId}`)).body.barcode;
  fx.otherTruck = await newLocation("VEHICLE", globalId("User", techId));
  // Stock on the trucks, for transfers and counts.
  await run(as.manager, `mutation ($i: TransferStockInput!) { transferStock(input: $i) { __typename } }`, { i: { itemId: fx.item.id, fromLocationId: fx.main.id, toLocationId: fx.truck.id, quantity: 10 } });
  await run(as.manager, `mutation ($i: TransferStockInput!) { transferStock(input: $i) { __typename } }`, { i: { itemId: fx.item.id, fromLocationId: fx.main.id, toLocationId: fx.otherTruck.id, quantity: 10 } });
  // Managers' business in the feed, and an item with purchasing fields.
  fx.order = await placedOrder();
  await run(as.manager, `mutation ($item: ID!, $s: ID!) { setItemPreferredSupplier(input: { itemId: $item, supplierId: $s }) { __typename } }`, { item: fx.item.id, s: (await newSupplier()).id });
  // Notifications for both: the employee files a request (managers hear of it), the manager decides it (the employee hears).
  const filed = await run(as.employee, `mutation ($item: ID!) { createRequest(input: { type: inventory, justification: "probe", items: [{ id: $item, quantity: 1 }] }) { ... on CreateRequestPayload { request { id } } } }`, { item: fx.item.id });
  await run(as.manager, `mutation ($id: ID!) { denyRequest(input: { id: $id }) { __typename } }`, { id: filed.data.createRequest.request.id });
  const note = async (client: ApiClient) => (await run(client, `{ notifications(first: 1) { edges { node { id } } } }`)).data.notifications.edges[0].node.id as string;
  fx.managerNote = await note(as.manager);
  fx.employeeNote = await note(as.employee);
  // A second manager with a token of their own.
  expect((await as.manager.post("/api/team", { username: "probe.boss", password: "probeboss123", confirmPassword: "probeboss123", name: "Probe Boss", role: "manager" })).status).toBe(201);
  const boss = await server.as("probe.boss", "probeboss123");
  fx.otherToken = (await run(boss, `mutation { createApiToken(input: { name: "theirs", access: READ }) { ... on CreateApiTokenPayload { apiToken { id } } } }`)).data.createApiToken.apiToken.id;
  fx.count = (await run(as.manager, `mutation ($l: ID!) { startStockCount(input: { locationId: $l }) { ... on StartStockCountPayload { count { id } } } }`, { l: fx.main.id })).data.startStockCount.count.id;
  await run(as.manager, `mutation ($c: ID!) { abandonStockCount(input: { countId: $c }) { __typename } }`, { c: fx.count });
  // A measured product, a certification for the employee and an application by someone else (tech).
  fx.product = (
    await run(as.manager, `mutation { createInventoryItem(input: { name: "Probe Termidor", category: "Pesticide", quantity: 20, containerSize: { amount: "1", unit: GAL } }) { ... on CreateInventoryItemPayload { item { id databaseId } } } }`)
  ).data.createInventoryItem.item;
  await run(as.manager, `mutation ($u: ID!) { setCertification(input: { userId: $u, number: "TX-PROBE", state: "TX", expiresOn: "2030-01-01" }) { __typename } }`, { u: globalId("User", fx.employeeId) });
  fx.techsApplication = (await run(await server.as("tech"), RECORD, { i: applicationProbe() })).data.recordApplication.application;
  fx.chemicalUse = (
    await run(as.manager, `mutation ($i: RecordChemicalUseInput!) { recordChemicalUse(input: $i) { ... on RecordChemicalUsePayload { chemicalUse { id } } } }`, {
      i: { itemId: fx.item.id, quantity: 1, siteAddress: "1 Probe St", targetPest: "Ants", locationId: fx.main.id },
    })
  ).data.recordChemicalUse.chemicalUse.id;
}, 120_000);
afterAll(() => server.close());

const RECORD = `mutation ($i: RecordApplicationInput!) { recordApplication(input: $i) { __typename ... on RecordApplicationPayload { application { id databaseId lines { id } } } } }`;
function applicationProbe(extra: Record<string, unknown> = {}) {
  return applicationVisit({ lines: [{ itemId: fx.product.id, amount: "1", unit: "FL_OZ", locationId: fx.main.id }], ...extra });
}

const node = (id: string, fields = "id") => [`query ($id: ID!) { node(id: $id) { ${fields} } }`, { id }] as const;
/** node(id:) as a verdict: null is "no". */
async function nodeVerdict(client: ApiClient, id: string): Promise<"yes" | "no"> {
  const r = await run(client, node(id)[0], node(id)[1]);
  if (r.errors?.some((e: any) => e.extensions?.code === "UNAUTHENTICATED")) return "no";
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.node ? "yes" : "no";
}

/** Whether a subscription (or /ws) opens for the client. */
async function liveVerdict(client: ApiClient, query: string): Promise<"yes" | "no"> {
  try {
    const sub = await LiveSubscription.open(server, client.cookie, query);
    await sub.close();
    return "yes";
  } catch (err) {
    // Refused for who is asking (not signed in, or not theirs), never for a broken probe.
    if (/UNAUTHENTICATED|FORBIDDEN|sign in|44\d\d/i.test(String(err))) return "no";
    throw err;
  }
}
async function plainWsVerdict(client: ApiClient): Promise<"yes" | "no"> {
  const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws`, client.cookie ? { headers: { cookie: client.cookie } } : {});
  const opened = await new Promise<boolean>((resolve) => {
    socket.once("open", () => resolve(true));
    socket.once("error", () => resolve(false));
    socket.once("unexpected-response", () => resolve(false));
  });
  socket.terminate();
  return opened ? "yes" : "no";
}

const MANAGERS_ONLY = /supplier|PO-\d|team member/i;

/** A fresh session of the same kind as `role` (sign-out must not end the shared ones). */
async function freshClient(role: Role): Promise<ApiClient> {
  if (role === "signedOut") return server.anonymous();
  return server.as(role === "manager" ? "manager" : "pnair");
}

const probes: Record<string, (role: Role, c: ApiClient) => Promise<Verdict>> = {
  "Sign in and out": async (role) => {
    const a = await freshClient(role);
    const b = await freshClient(role);
    return all([
      await gqlVerdict(a, `mutation { signIn(input: { username: "tbecker", password: "tom12345" }) { __typename } }`),
      await gqlVerdict(a, `mutation { signOut { signedOut } }`),
      await restVerdict(b, "POST", "/api/auth/login", { username: "tbecker", password: "tom12345" }),
      await restVerdict(b, "POST", "/api/auth/logout"),
    ]);
  },
  "Who am I": async (role, c) => {
    const viewer = (await run(c, `{ viewer { id } }`)).data.viewer;
    const rest = [(await c.get("/api/auth/me")).status, (await c.get("/api/auth")).status];
    if (role === "signedOut") return viewer === null && rest.every((s) => s === 401) ? "part" : ("mixed" as Verdict);
    return viewer && rest.every((s) => s === 200) ? "yes" : "no";
  },
  "API documents": async (_role, c) => all([await restVerdict(c, "GET", "/api/openapi.json"), await restVerdict(c, "GET", "/api/docs"), await restVerdict(c, "GET", "/api/docs/start.js")]),
  "Dashboard counts": async (_role, c) => all([await gqlVerdict(c, `{ dashboardStats { totalItems } }`), await restVerdict(c, "GET", "/api/dashboard/stats")]),
  "Activity feed": async (role, c) => {
    if (role === "signedOut") return all([await gqlVerdict(c, `{ activity(first: 5) { totalCount } }`), await restVerdict(c, "GET", "/api/dashboard/activity")]);
    const feed = (await run(c, `{ activity(first: 100) { edges { node { id details } } } }`)).data.activity.edges.map((e: any) => e.node);
    const rest = (await c.get("/api/dashboard/activity?limit=200")).body as { details: string }[];
    const managers = (await run(as.manager, `{ activity(first: 100) { edges { node { id details } } } }`)).data.activity.edges.map((e: any) => e.node);
    const hidden = managers.filter((n: any) => MANAGERS_ONLY.test(n.details));
    expect(hidden.length).toBeGreaterThan(0);
    const seesAll = feed.some((n: any) => MANAGERS_ONLY.test(n.details)) && rest.some((n) => MANAGERS_ONLY.test(n.details));
    const seesNone = !feed.some((n: any) => MANAGERS_ONLY.test(n.details)) && !rest.some((n) => MANAGERS_ONLY.test(n.details)) && (await nodeVerdict(c, hidden[0].id)) === "no";
    return seesAll ? "yes" : seesNone && feed.length > 0 ? "part" : ("mixed" as Verdict);
  },
  "Read inventory": async (_role, c) =>
    all([
      await gqlVerdict(c, `{ inventoryItems(first: 1) { totalCount } lowStockItems { id } reorderSuggestions { urgency } }`),
      await nodeVerdict(c, fx.item.id),
      await restVerdict(c, "GET", "/api/inventory"),
      await restVerdict(c, "GET", `/api/inventory/${fx.item.databaseId}`),
      await restVerdict(c, "GET", "/api/inventory/low-stock"),
      await restVerdict(c, "GET", "/api/inventory/reorder-suggestions"),
    ]),
  "An item's purchasing fields": async (role, c) => {
    const r = await run(c, node(fx.item.id, "... on InventoryItem { onOrder preferredSupplier { name } }")[0], { id: fx.item.id });
    if (role === "signedOut") return r.errors?.[0]?.extensions?.code === "UNAUTHENTICATED" ? "no" : ("mixed" as Verdict);
    const { onOrder, preferredSupplier } = r.data.node;
    if (onOrder > 0 && preferredSupplier) return "yes";
    return onOrder === 0 && preferredSupplier === null ? "part" : ("mixed" as Verdict);
  },
  "Add and edit inventory": async (_role, c) => {
    const made = await run(c, `mutation ($n: String!) { createInventoryItem(input: { name: $n, category: "Tools" }) { __typename ... on CreateInventoryItemPayload { item { id databaseId } } } }`, { n: unique("Probe") });
    const createdVerdict = made.errors ? "no" : made.data.createInventoryItem.__typename === "CreateInventoryItemPayload" ? "yes" : "no";
    const target = made.data?.createInventoryItem?.item ?? (await newItem());
    return all([
      createdVerdict,
      await gqlVerdict(c, `mutation ($id: ID!) { updateInventoryItem(input: { id: $id, location: "Shelf 2" }) { __typename } }`, { id: target.id }),
      await restVerdict(c, "POST", "/api/inventory", { name: unique("Probe"), category: "Tools" }),
      await restVerdict(c, "PUT", `/api/inventory/${target.databaseId}`, { location: "Shelf 3" }),
    ]);
  },
  "Delete inventory": async (_role, c) => {
    const [a, b] = [await newItem(), await newItem()];
    return all([await gqlVerdict(c, `mutation ($id: ID!) { deleteInventoryItem(input: { id: $id }) { __typename } }`, { id: a.id }), await restVerdict(c, "DELETE", `/api/inventory/${b.databaseId}`)]);
  },
  "Read equipment": async (_role, c) => {
    const e = await newEquipment();
    return all([await gqlVerdict(c, `{ equipment(first: 1) { totalCount } }`), await nodeVerdict(c, e.id), await restVerdict(c, "GET", "/api/equipment"), await restVerdict(c, "GET", `/api/equipment/${e.databaseId}`)]);
  },
  "Add, edit, check out and in, maintain equipment": async (_role, c) => {
    const [e, f] = [await newEquipment(), await newEquipment()];
    return all([
      await gqlVerdict(c, `mutation ($n: String!) { createEquipment(input: { name: $n, category: "Drill" }) { __typename } }`, { n: unique("Probe drill") }),
      await gqlVerdict(c, `mutation ($id: ID!) { updateEquipment(input: { id: $id, location: "Bay 1" }) { __typename } }`, { id: e.id }),
      await gqlVerdict(c, `mutation ($id: ID!) { checkOutEquipment(input: { id: $id, assignedTo: "Probe Person" }) { __typename } }`, { id: e.id }),
      await gqlVerdict(c, `mutation ($id: ID!) { checkInEquipment(input: { id: $id }) { __typename } }`, { id: e.id }),
      await gqlVerdict(c, `mutation ($id: ID!) { recordMaintenance(input: { id: $id }) { __typename } }`, { id: e.id }),
      await restVerdict(c, "POST", "/api/equipment", { name: unique("Probe drill"), category: "Drill" }),
      await restVerdict(c, "PUT", `/api/equipment/${f.databaseId}`, { location: "Bay 2" }),
      await restVerdict(c, "POST", `/api/equipment/${f.databaseId}/checkout`, { assignedTo: "Probe Person" }),
      await restVerdict(c, "POST", `/api/equipment/${f.databaseId}/checkin`),
    ]);
  },
  "Read requests": async (_role, c) => {
    const r = await pendingRequest();
    return all([await gqlVerdict(c, `{ requests(first: 1) { totalCount } }`), await nodeVerdict(c, r.id), await restVerdict(c, "GET", "/api/requests"), await restVerdict(c, "GET", `/api/requests/${r.databaseId}`)]);
  },
  "File a request": async (_role, c) =>
    all([
      await gqlVerdict(c, `mutation ($item: ID!) { createRequest(input: { type: inventory, justification: "probe", items: [{ id: $item, quantity: 1 }] }) { __typename } }`, { item: fx.item.id }),
      await restVerdict(c, "POST", "/api/requests", { type: "inventory", justification: "probe", items: JSON.stringify([{ id: fx.item.databaseId, quantity: 1 }]) }),
    ]),
  "Approve and deny requests": async (_role, c) => {
    const [a, b, d, e] = [await pendingRequest(), await pendingRequest(), await pendingRequest(), await pendingRequest()];
    return all([
      await gqlVerdict(c, `mutation ($id: ID!) { approveRequest(input: { id: $id }) { __typename } }`, { id: a.id }),
      await gqlVerdict(c, `mutation ($id: ID!) { denyRequest(input: { id: $id }) { __typename } }`, { id: b.id }),
      await restVerdict(c, "PUT", `/api/requests/${d.databaseId}/approve`),
      await restVerdict(c, "PUT", `/api/requests/${e.databaseId}/deny`),
    ]);
  },
  "Scan a code": async (_role, c) => all([await gqlVerdict(c, `query ($c: String!) { scanLookup(code: $c) { __typename } }`, { c: fx.itemBarcode }), await restVerdict(c, "POST", "/api/scan/lookup", { qrData: fx.itemBarcode })]),
  "SDS files": async (_role, c) =>
    all([
      await gqlVerdict(c, `mutation { createSdsUpload(input: { fileName: "a.pdf", contentType: "application/pdf" }) { __typename } }`),
      await gqlVerdict(c, `mutation ($id: ID!) { attachSdsFile(input: { id: $id, sdsFileUrl: null }) { __typename } }`, { id: fx.item.id }),
      await restVerdict(c, "POST", "/api/objects/upload", { fileName: "a.pdf", contentType: "application/pdf" }),
      await restVerdict(c, "PUT", "/api/sds-files", { sdsFileUrl: null, itemId: fx.item.databaseId, itemType: "inventory" }),
    ]),
  "Record chemical use": async (_role, c) =>
    all([
      await gqlVerdict(c, `mutation ($i: RecordChemicalUseInput!) { recordChemicalUse(input: $i) { __typename } }`, {
        i: { itemId: fx.item.id, quantity: 1, siteAddress: "2 Probe St", targetPest: "Ants", locationId: fx.main.id },
      }),
      await nodeVerdict(c, fx.chemicalUse),
    ]),
  "The team": async (_role, c) =>
    all([
      await gqlVerdict(c, `{ teamMembers(first: 1) { totalCount } }`),
      await gqlVerdict(c, `mutation ($u: String!) { createTeamMember(input: { username: $u, password: "probe12345", name: "Probe Member" }) { __typename } }`, { u: unique("probe").replace(/\W/g, "") }),
      await restVerdict(c, "GET", "/api/team"),
      await restVerdict(c, "POST", "/api/team", { username: unique("probe").replace(/\W/g, ""), password: "probe12345", confirmPassword: "probe12345", name: "Probe Member" }),
    ]),
  "User accounts": async (role, c) => {
    if (role === "signedOut") return nodeVerdict(c, globalId("User", fx.managerId));
    const self = role === "manager" ? fx.managerId : fx.employeeId;
    const other = role === "manager" ? fx.techId : fx.managerId;
    const read = async (id: number) => (await run(c, node(globalId("User", id), "... on User { name username role }")[0], { id: globalId("User", id) })).data.node;
    const own = await read(self);
    const theirs = await read(other);
    const nested = (await run(c, `{ requests(first: 50) { edges { node { requester { databaseId name username role } } } } }`)).data.requests.edges.map((e: any) => e.node.requester);
    const othersNested = nested.filter((u: any) => u.databaseId !== self);
    expect(own?.username, "one's own account").toEqual(expect.any(String));
    expect(othersNested.length).toBeGreaterThan(0);
    if (theirs?.username && othersNested.every((u: any) => u.username && u.role)) return "yes";
    if (theirs === null && othersNested.every((u: any) => u.username === null && u.role === null && u.name)) return "own";
    return "mixed" as Verdict;
  },
  "Read stock locations": async (_role, c) =>
    all([
      await gqlVerdict(c, `{ stockLocations(first: 5) { totalCount } mainWarehouse { id } myVehicle { id } }`),
      await nodeVerdict(c, fx.main.id),
      await nodeVerdict(c, fx.count),
      await restVerdict(c, "GET", "/api/locations"),
      await restVerdict(c, "GET", `/api/locations/${fx.main.databaseId}/stock`),
    ]),
  "Manage stock locations": async (_role, c) => {
    const made = await run(c, `mutation ($n: String!) { createStockLocation(input: { name: $n, kind: WAREHOUSE }) { __typename } }`, { n: unique("Probe store") });
    const target = await newLocation("WAREHOUSE");
    return all([
      made.errors?.some((e: any) => e.extensions?.code === "UNAUTHENTICATED") || made.data?.createStockLocation.__typename === "ForbiddenError" ? "no" : "yes",
      await gqlVerdict(c, `mutation ($id: ID!, $n: String!) { updateStockLocation(input: { id: $id, name: $n }) { __typename } }`, { id: target.id, n: unique("Renamed") }),
      await gqlVerdict(c, `mutation ($l: ID!, $i: ID!) { setLocationMinimum(input: { locationId: $l, itemId: $i, minQuantity: 2 }) { __typename } }`, { l: target.id, i: fx.item.id }),
      await gqlVerdict(c, `mutation ($id: ID!) { archiveStockLocation(input: { id: $id }) { __typename } }`, { id: target.id }),
    ]);
  },
  "Move stock": async (_role, c) => {
    const move = (to: string) =>
      gqlVerdict(c, `mutation ($i: TransferStockInput!) { transferStock(input: $i) { __typename } }`, { i: { itemId: fx.item.id, fromLocationId: fx.main.id, toLocationId: to, quantity: 1 } });
    const [ownTruck, otherTruck] = [await move(fx.truck.id), await move(fx.otherTruck.id)];
    if (ownTruck === "yes" && otherTruck === "yes") return "yes";
    if (ownTruck === "yes" && otherTruck === "no") return "own";
    return all([ownTruck, otherTruck]);
  },
  "Restock and count a location": async (_role, c) => {
    const on = async (location: string) => {
      const verdicts = [
        await gqlVerdict(c, `query ($l: ID!) { restockSuggestions(locationId: $l) { quantity } }`, { l: location }),
        await gqlVerdict(c, `mutation ($l: ID!) { restockLocation(input: { locationId: $l }) { __typename } }`, { l: location }),
      ];
      const started = await run(c, `mutation ($l: ID!) { startStockCount(input: { locationId: $l }) { __typename ... on StartStockCountPayload { count { id } } } }`, { l: location });
      const countId = started.data?.startStockCount?.count?.id;
      verdicts.push(started.errors || !countId ? "no" : "yes");
      // The rest of a count's life on a count of this location (a manager's when this client could not start one).
      const id = countId ?? (await run(as.manager, `mutation ($l: ID!) { startStockCount(input: { locationId: $l }) { ... on StartStockCountPayload { count { id } } } }`, { l: location })).data.startStockCount.count.id;
      verdicts.push(await gqlVerdict(c, `mutation ($c: ID!, $i: ID!) { recordStockCount(input: { countId: $c, itemId: $i, countedQuantity: 1 }) { __typename } }`, { c: id, i: fx.item.id }));
      verdicts.push(await gqlVerdict(c, `mutation ($c: ID!) { abandonStockCount(input: { countId: $c }) { __typename } }`, { c: id }));
      await run(as.manager, `mutation ($c: ID!) { abandonStockCount(input: { countId: $c }) { __typename } }`, { c: id });
      const again = (await run(as.manager, `mutation ($l: ID!) { startStockCount(input: { locationId: $l }) { ... on StartStockCountPayload { count { id } } } }`, { l: location })).data.startStockCount.count.id;
      verdicts.push(await gqlVerdict(c, `mutation ($c: ID!) { completeStockCount(input: { countId: $c }) { __typename } }`, { c: again }));
      await run(as.manager, `mutation ($c: ID!) { abandonStockCount(input: { countId: $c }) { __typename } }`, { c: again });
      return all(verdicts);
    };
    const [own, other] = [await on(fx.truck.id), await on(fx.otherTruck.id)];
    if (own === "yes" && other === "yes") return "yes";
    if (own === "yes" && other === "no") return "own";
    return all([own, other]);
  },
  "Application records": async (role, c) => {
    const recorded = await gqlVerdict(c, RECORD, { i: applicationProbe() });
    if (role === "signedOut")
      return all([recorded, await restVerdict(c, "GET", "/api/applications"), await restVerdict(c, "GET", `/api/applications/${fx.techsApplication.databaseId}`), await nodeVerdict(c, fx.techsApplication.id)]);
    const own = (await run(c, RECORD, { i: applicationProbe({ customerName: `Own ${role}` }) })).data.recordApplication.application;
    const theirs = fx.techsApplication;
    const amend = async (id: string) => (await run(c, `mutation ($id: ID!) { amendApplication(input: { applicationId: $id, reason: "probe", notes: "${role} ${Math.random()}" }) { __typename } }`, { id })).data.amendApplication.__typename;
    const reads = async (app: { id: string; databaseId: number; lines: { id: string }[] }) =>
      [
        await nodeVerdict(c, app.id),
        await nodeVerdict(c, app.lines[0]!.id),
        (await c.get(`/api/applications/${app.databaseId}`)).status === 200 ? "yes" : "no",
        (await c.get(`/api/applications/${app.databaseId}/customer-copy.pdf`)).status === 200 ? "yes" : "no",
        (await amend(app.id)) === "AmendApplicationPayload" ? "yes" : "no",
      ] as const;
    const ownReads = all([...(await reads(own))]);
    const theirReads = all([...(await reads(theirs))]);
    const listed = ((await c.get("/api/applications")).body as { id: number }[]).map((a) => a.id);
    const forOther = (await run(c, RECORD, { i: applicationProbe({ applicatorId: globalId("User", fx.techId) }) })).data.recordApplication.__typename;
    if (ownReads === "yes" && theirReads === "yes" && listed.includes(theirs.databaseId) && forOther === "RecordApplicationPayload") return "yes";
    if (ownReads === "yes" && theirReads === "no" && listed.includes(own.databaseId) && !listed.includes(theirs.databaseId) && forOther === "ForbiddenError") return "own";
    return `mixed: own ${ownReads}, theirs ${theirReads}, for another ${forOther}` as Verdict;
  },
  "The inspector's exports": async (_role, c) => {
    const range = `from=${isoDay(-7)}&to=${isoDay(0)}`;
    return all([
      await gqlVerdict(c, `query ($f: String!, $t: String!) { applicationReports(from: $f, to: $t) { __typename } }`, { f: isoDay(-7), t: isoDay(0) }),
      await restVerdict(c, "GET", `/api/applications/rup-report.csv?${range}`),
      await restVerdict(c, "GET", `/api/applications/rup-report.pdf?${range}`),
      await restVerdict(c, "GET", `/api/applications/monthly-summary.csv?${range}`),
      await restVerdict(c, "GET", `/api/applications/log.csv?${range}`),
    ]);
  },
  "Set and review certifications": async (_role, c) =>
    all([
      await gqlVerdict(c, `mutation ($u: ID!) { setCertification(input: { userId: $u, number: "TX-SET", state: "TX", expiresOn: "2031-01-01" }) { __typename } }`, { u: globalId("User", fx.techId) }),
      await gqlVerdict(c, `{ expiringCertifications { number } }`),
    ]),
  "A user's certification": async (role, c) => {
    if (role === "signedOut") return gqlVerdict(c, `query ($id: ID!) { node(id: $id) { ... on User { certification { number } } } }`, { id: globalId("User", fx.employeeId) });
    const self = role === "manager" ? fx.managerId : fx.employeeId;
    const viewer = (await run(c, `{ viewer { certification { number } } }`)).data.viewer;
    const employeesVia = (await run(c, `{ requests(first: 100) { edges { node { requester { databaseId certification { number } } } } } }`)).data.requests.edges.map((e: any) => e.node.requester);
    const others = employeesVia.filter((u: any) => u.databaseId !== self);
    const seesOthers = (await run(c, `query ($id: ID!) { node(id: $id) { ... on User { certification { number } } } }`, { id: globalId("User", fx.employeeId) })).data.node?.certification;
    if (role === "manager") return seesOthers?.number === "TX-PROBE" ? "yes" : ("mixed" as Verdict);
    return viewer.certification?.number === "TX-PROBE" && others.every((u: any) => u.certification === null) ? "own" : ("mixed" as Verdict);
  },
  "Own preferences (language)": async (role, c) => {
    const set = `mutation ($l: String) { updateMyPreferences(input: { locale: $l }) { ... on UpdateMyPreferencesPayload { locale } } }`;
    if (role === "signedOut") return all([await gqlVerdict(c, set, { l: "es-US" }), await restVerdict(c, "PUT", "/api/auth/me/preferences", { locale: "es-US" })]);
    // Each sets their own, reads it back as the viewer, and never reads another user's.
    const self = role === "manager" ? fx.managerId : fx.employeeId;
    const other = role === "manager" ? fx.employeeId : fx.managerId;
    const setGql = (await run(c, set, { l: "es-US" })).data.updateMyPreferences.locale;
    const viewer = (await run(c, `{ viewer { databaseId locale } }`)).data.viewer;
    const rest = await c.request("PUT", "/api/auth/me/preferences", { locale: null });
    const others = (await run(c, `query ($id: ID!) { node(id: $id) { ... on User { locale } } }`, { id: globalId("User", other) })).data.node;
    const own = setGql === "es-US" && viewer.databaseId === self && viewer.locale === "es-US" && rest.status === 200 && rest.body.locale === null && (others === null || others.locale === null);
    return own ? "own" : ("mixed" as Verdict);
  },
  Reports: async (_role, c) => gqlVerdict(c, `query ($f: String!, $t: String!) { reports(from: $f, to: $t) { __typename } }`, { f: isoDay(-7), t: isoDay(0) }),
  "CSV export and import": async (_role, c) => {
    const csvPost = (path: string) => c.request("POST", path, "name\n", { "content-type": "text/csv" });
    const verdicts = [await restVerdict(c, "GET", "/api/inventory/export.csv"), await restVerdict(c, "GET", "/api/equipment/export.csv")];
    for (const path of ["/api/inventory/import?dryRun=true", "/api/equipment/import?dryRun=true"]) {
      const res = await csvPost(path);
      verdicts.push(res.status === 401 || res.status === 403 ? "no" : "yes");
    }
    return all(verdicts);
  },
  Purchasing: async (_role, c) => {
    const order = await placedOrder();
    const draft = (await run(as.manager, `mutation ($item: ID!) { createPurchaseOrder(input: { lines: [{ itemId: $item, quantity: 1 }] }) { ... on CreatePurchaseOrderPayload { purchaseOrder { id } } } }`, { item: fx.item.id })).data.createPurchaseOrder.purchaseOrder.id;
    const supplier = await newSupplier();
    const cancellable = await placedOrder();
    return all([
      await gqlVerdict(c, `{ suppliers(first: 1) { totalCount } }`),
      await gqlVerdict(c, `{ purchaseOrders(first: 1) { totalCount } }`),
      await gqlVerdict(c, `mutation ($n: String!) { createSupplier(input: { name: $n }) { __typename } }`, { n: unique("Probe supplier") }),
      await gqlVerdict(c, `mutation ($id: ID!) { updateSupplier(input: { id: $id, notes: "probe" }) { __typename } }`, { id: supplier.id }),
      await gqlVerdict(c, `mutation ($i: ID!, $s: ID!) { setItemPreferredSupplier(input: { itemId: $i, supplierId: $s }) { __typename } }`, { i: fx.item.id, s: supplier.id }),
      await gqlVerdict(c, `mutation ($item: ID!) { createPurchaseOrder(input: { lines: [{ itemId: $item, quantity: 1 }] }) { __typename } }`, { item: fx.item.id }),
      await gqlVerdict(c, `mutation ($id: ID!) { updatePurchaseOrder(input: { id: $id, notes: "probe" }) { __typename } }`, { id: draft }),
      await gqlVerdict(c, `mutation ($id: ID!) { placePurchaseOrder(input: { id: $id }) { __typename } }`, { id: draft }),
      await gqlVerdict(c, `mutation ($id: ID!) { cancelPurchaseOrder(input: { id: $id }) { __typename } }`, { id: cancellable.id }),
      await gqlVerdict(c, `mutation ($id: ID!, $l: ID!) { receivePurchaseOrder(input: { id: $id, lines: [{ lineId: $l, quantity: 1 }] }) { __typename } }`, { id: order.id, l: order.lineId }),
      await gqlVerdict(c, `mutation { draftPurchaseOrdersFromSuggestions { __typename } }`),
      await nodeVerdict(c, supplier.id),
      await nodeVerdict(c, order.id),
      await nodeVerdict(c, order.lineId),
    ]);
  },
  Notifications: async (role, c) => {
    const reads = [await gqlVerdict(c, `{ notifications(first: 5) { totalCount } unreadNotificationCount }`), await liveVerdict(c, `subscription { notification { id } }`)];
    if (role === "signedOut") return all([...reads, await gqlVerdict(c, `mutation { markAllNotificationsRead { __typename } }`)]);
    const [own, theirs] = role === "manager" ? [fx.managerNote, fx.employeeNote] : [fx.employeeNote, fx.managerNote];
    const mark = async (id: string) => (await run(c, `mutation ($id: ID!) { markNotificationRead(input: { id: $id }) { __typename } }`, { id })).data.markNotificationRead.__typename;
    const markAll = await gqlVerdict(c, `mutation { markAllNotificationsRead { __typename } }`);
    const onlyOwn = (await mark(own)) === "MarkNotificationReadPayload" && (await mark(theirs)) === "NotFoundError" && (await nodeVerdict(c, own)) === "yes" && (await nodeVerdict(c, theirs)) === "no";
    return all([...reads, markAll]) === "yes" && onlyOwn ? "own" : ("mixed" as Verdict);
  },
  "Create API tokens": async (_role, c) => gqlVerdict(c, `mutation ($n: String!) { createApiToken(input: { name: $n, access: READ }) { __typename } }`, { n: unique("probe token") }),
  "List and revoke API tokens": async (role, c) => {
    const list = await gqlVerdict(c, `{ apiTokens { id } }`);
    if (role === "signedOut") return all([list, await gqlVerdict(c, `mutation ($id: ID!) { revokeApiToken(input: { id: $id }) { __typename } }`, { id: fx.otherToken })]);
    const listed = (await run(c, `{ apiTokens { id } }`)).data.apiTokens.map((t: any) => t.id);
    const revokeOthers = (await run(c, `mutation ($id: ID!) { revokeApiToken(input: { id: $id }) { __typename } }`, { id: fx.otherToken })).data.revokeApiToken.__typename;
    let ownWorks = true;
    if (role === "manager") {
      const mine = (await run(c, `mutation { createApiToken(input: { name: "mine", access: READ }) { ... on CreateApiTokenPayload { apiToken { id } } } }`)).data.createApiToken.apiToken.id;
      ownWorks =
        (await nodeVerdict(c, mine)) === "yes" &&
        (await run(c, `{ apiTokens { id } }`)).data.apiTokens.some((t: any) => t.id === mine) &&
        (await run(c, `mutation ($id: ID!) { revokeApiToken(input: { id: $id }) { __typename } }`, { id: mine })).data.revokeApiToken.__typename === "RevokeApiTokenPayload";
    }
    return list === "yes" && !listed.includes(fx.otherToken) && revokeOthers === "NotFoundError" && (await nodeVerdict(c, fx.otherToken)) === "no" && ownWorks ? "own" : ("mixed" as Verdict);
  },
  Webhooks: async (_role, c) => {
    const hook = (await run(as.manager, `mutation ($u: String!) { createWebhook(input: { url: $u, events: ["inventory.changed"] }) { ... on CreateWebhookPayload { webhook { id } } } }`, { u: "http://127.0.0.1:9/probe" })).data.createWebhook.webhook.id;
    const other = (await run(as.manager, `mutation ($u: String!) { createWebhook(input: { url: $u, events: ["inventory.changed"] }) { ... on CreateWebhookPayload { webhook { id } } } }`, { u: "http://127.0.0.1:9/probe2" })).data.createWebhook.webhook.id;
    return all([
      await gqlVerdict(c, `{ webhooks { id } }`),
      await gqlVerdict(c, `{ webhookEvents }`),
      await gqlVerdict(c, `mutation { createWebhook(input: { url: "http://127.0.0.1:9/p", events: ["inventory.changed"] }) { __typename } }`),
      await gqlVerdict(c, `mutation ($id: ID!) { updateWebhook(input: { id: $id, active: false }) { __typename } }`, { id: hook }),
      await nodeVerdict(c, hook),
      await gqlVerdict(c, `mutation ($id: ID!) { deleteWebhook(input: { id: $id }) { __typename } }`, { id: other }),
    ]);
  },
  "Live changes": async (_role, c) =>
    all([
      await liveVerdict(c, `subscription { inventoryChanged { deletedId } }`),
      await liveVerdict(c, `subscription { equipmentChanged { created } }`),
      await liveVerdict(c, `subscription { requestChanged { pendingRequests } }`),
      await liveVerdict(c, `subscription { lowStockAlert { items { id } } }`),
      await liveVerdict(c, `subscription { stockLocationChanged { locations { id } } }`),
      await plainWsVerdict(c),
    ]),
  "Database backup": async (_role, c) => {
    const res = await c.get("/api/admin/backup/database");
    return res.status === 404 ? "no" : "yes";
  },
};

describe("the README's permission table", () => {
  const rows = permissionTable();

  it("names every GraphQL root field, node type and REST operation in exactly one row, and nothing else", () => {
    const schema = buildSchema(readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8"));
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((t) => Object.keys(t!.getFields())).filter((f) => f !== "node" && f !== "nodes");
    const nodeInterface = schema.getType("Node");
    const nodeTypes = Object.values(schema.getTypeMap())
      .filter((t) => isObjectType(t) && isInterfaceType(nodeInterface) && t.getInterfaces().includes(nodeInterface))
      .map((t) => `node: ${t.name}`);
    const rest = Object.values(OPERATIONS).map((o) => `${o.method.toUpperCase()} ${o.path}`);
    const wanted = [...roots, ...nodeTypes, ...rest, "/ws"];
    const named = rows.flatMap((r) => r.operations.filter((op) => !/^[A-Z]\w*\.\w+$/.test(op)));
    for (const op of wanted) expect(named.filter((n) => n === op), op).toHaveLength(1);
    for (const op of named) expect(wanted, `the table names ${op}, which does not exist`).toContain(op);
    // Fields named (Type.field) exist too.
    for (const op of rows.flatMap((r) => r.operations).filter((op) => /^[A-Z]\w*\.\w+$/.test(op))) {
      const [type, field] = op.split(".") as [string, string];
      const t = schema.getType(type);
      expect(isObjectType(t) && t.getFields()[field], op).toBeTruthy();
    }
    expect(Object.keys(probes).sort()).toEqual(rows.map((r) => r.capability).sort());
  });

  for (const role of ["signedOut", "employee", "manager"] as const) {
    describe(`as ${role === "signedOut" ? "a signed-out visitor" : role === "employee" ? "an employee" : "a manager"}`, () => {
      for (const row of rows) {
        it(`${row.capability}: ${row.text[role]}`, async () => {
          const probe = probes[row.capability];
          expect(probe, `no probe for "${row.capability}"`).toBeDefined();
          expect(await probe!(role, as[role])).toBe(row.cells[role]);
        });
      }
    });
  }
});
