import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, globalId, ok } from "../helpers/graphql.ts";
import { startServer, type ApiClient, type TestServer } from "../helpers/server.ts";

/**
 * The GraphQL response cache (issue 20): a kept answer is served without SQL; after every kind of
 * write the next read in this process (and, with TEST_DATABASE_URL, in another process once the
 * write's event arrives) equals a fresh read; viewers never share answers; with the bus down every
 * read reaches the database; and a write drops only the answers it can change.
 *
 * "Fresh" is the same operation with a variable the operation does not declare (graphql ignores it;
 * the cache keys by it), so it is always a miss and executes against the database.
 */

const servers: TestServer[] = [];
let server: TestServer;
const statements: string[] = [];
beforeAll(async () => {
  // Each check reads every query twice per viewer: more than the per-address API limit allows a minute.
  server = await startServer({ RATE_LIMIT_API_MAX: "0" }, { onQuery: (sql) => void statements.push(sql) });
  servers.push(server);
});
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const READS: Record<string, string> = {
  inventory: "{ inventoryItems(first: 100) { edges { node { id name quantity minQuantity stockStatus sdsFileUrl } } } }",
  lowStock: "{ lowStockItems { id name quantity } reorderSuggestions { item { id } suggestedQuantity } }",
  equipment: "{ equipment(first: 100) { edges { node { id name status assignedTo } } } }",
  requests: "{ requests(first: 100) { edges { node { id status items { name quantity } requester { name } } } } }",
  dashboard: "{ dashboardStats { totalItems lowStockItems activeEquipment totalEquipment pendingRequests } }",
  activity: "{ activity(first: 20) { edges { node { id action details } } } }",
  notifications: "{ unreadNotificationCount notifications(first: 20) { edges { node { id read message } } } }",
  team: "{ teamMembers(first: 100) { edges { node { id name role department } } } }",
  viewer: "{ viewer { name role department } }",
  locations:
    "{ stockLocations(first: 10) { edges { node { id name archived value belowMinimumCount openCount { id status } stock(first: 20) { edges { node { item { name } quantity minQuantity belowMinimum } } } } } } }",
  truck: "{ myVehicle { id name value stock(first: 50) { edges { node { item { name } quantity } } } } }",
  levels: "{ inventoryItems(first: 100) { edges { node { id quantity stockLevels { location { name } quantity minQuantity } } } } }",
};

const salt = () => randomBytes(6).toString("hex");

async function read(client: ApiClient, query: string, variables: Record<string, unknown> = {}) {
  const res = await gql(client, query, variables);
  expect(res.status, res.text).toBe(200);
  expect(res.errors, res.text).toBeUndefined();
  return res.data;
}
const fresh = (client: ApiClient, query: string, variables: Record<string, unknown> = {}) => read(client, query, { ...variables, __fresh: salt() });

/** Every read, as cached, equals the fresh read. */
async function allMatch(clients: ApiClient[], what: string, reads = READS) {
  for (const client of clients) {
    for (const [name, query] of Object.entries(reads)) {
      const answer = await gql(client, query);
      if (answer.errors) {
        // An employee's refusal (teamMembers, purchasing) is refused alike both ways, and never kept; any other error fails.
        expect(answer.errors.map((e: { extensions?: { code?: string } }) => e.extensions?.code), `${what}: ${name}: ${JSON.stringify(answer.errors)}`).toEqual(
          answer.errors.map(() => "FORBIDDEN"),
        );
        expect((await gql(client, query, { __fresh: salt() })).errors, `${what}: ${name}`).toEqual(answer.errors);
        continue;
      }
      expect(answer.data, `${what}: ${name}`).toEqual(await fresh(client, query));
    }
  }
}

describe("in one process", () => {
  it("serves a kept page without any SQL, and reads again after a write", async () => {
    const manager = await server.as("manager");
    await read(manager, READS.inventory!);
    const before = statements.length;
    for (let i = 0; i < 3; i++) await read(manager, READS.inventory!);
    expect(statements.length - before).toBe(0);
    const hits = server.app.responseCache.stats.hits;
    await read(manager, READS.inventory!);
    expect(server.app.responseCache.stats.hits).toBe(hits + 1);
    // What the cache did is on /metrics, for watching a fleet (and for the soak's cache check).
    const metric = async (result: string) =>
      Number(new RegExp(`^trapline_graphql_response_cache_total\\{result="${result}"\\} (\\d+)$`, "m").exec(await (await fetch(`${server.url}/metrics`)).text())?.[1]);
    expect(await metric("hit")).toBe(server.app.responseCache.stats.hits);
    await read(manager, READS.inventory!);
    expect(await metric("hit")).toBe(hits + 2);
    expect(await metric("kept")).toBeGreaterThan(0);
    expect((await manager.post("/api/inventory", { name: `RC Bait ${salt()}`, category: "Bait", unit: "boxes", quantity: 3, minQuantity: 1 })).status).toBe(201);
    const afterWrite = statements.length;
    const page = await read(manager, READS.inventory!);
    expect(statements.length).toBeGreaterThan(afterWrite);
    expect(JSON.stringify(page)).toContain("RC Bait");
  });

  // Many writes, each followed by every read twice: up to 53 s on a loaded 2-core machine.
  it("after every kind of write, REST or GraphQL, every read equals a fresh one", { timeout: 180_000 }, async () => {
    const manager = await server.as("manager");
    const tech = await server.as("tech");
    const clients = [manager, tech];
    const check = (what: string) => allMatch(clients, what);
    await check("at start");
    await check("warm");

    const item = await manager.post("/api/inventory", { name: `RC Item ${salt()}`, category: "Bait", unit: "boxes", quantity: 20, minQuantity: 5 });
    expect(item.status).toBe(201);
    await check("after creating an item (REST)");
    expect((await manager.put(`/api/inventory/${item.body.id}`, { quantity: 4 })).status).toBe(200);
    await check("after an item fell to low stock (REST)");
    await ok(manager, `mutation($input: UpdateInventoryItemInput!) { updateInventoryItem(input: $input) { __typename } }`, {
      input: { id: globalId("InventoryItem", item.body.id), name: `RC Renamed ${salt()}` },
    });
    await check("after renaming it (GraphQL)");
    const use = await gql(tech, `mutation($input: RecordChemicalUseInput!) { recordChemicalUse(input: $input) { __typename ... on Error { message } } }`, {
      input: { itemId: globalId("InventoryItem", item.body.id), quantity: 1, siteAddress: "12 Elm St", targetPest: "Ants" },
    });
    expect(use.errors, use.text).toBeUndefined();
    await check("after recording chemical use (GraphQL)");

    const request = await tech.post("/api/requests", { type: "inventory", justification: "cache test", items: [{ id: item.body.id, quantity: 1 }] });
    expect(request.status).toBe(201);
    await check("after filing a request (a notification for managers)");
    expect((await manager.put(`/api/requests/${request.body.id}/approve`)).status).toBe(200);
    await check("after approving it (stock taken, the requester notified)");
    const second = await tech.post("/api/requests", { type: "inventory", justification: "cache test", items: [{ id: item.body.id, quantity: 1 }] });
    expect(second.status).toBe(201);
    expect((await manager.put(`/api/requests/${second.body.id}/deny`)).status).toBe(200);
    await check("after denying another");

    const marked = await gql(manager, "mutation { markAllNotificationsRead(input: {}) { __typename } }");
    expect(marked.errors, marked.text).toBeUndefined();
    await check("after marking notifications read");

    const gear = await manager.post("/api/equipment", { name: `RC Gear ${salt()}`, category: "Hand Tool" });
    expect(gear.status).toBe(201);
    await check("after creating equipment");
    expect((await manager.post(`/api/equipment/${gear.body.id}/checkout`, { assignedTo: "Lee" })).status).toBe(200);
    await check("after checking it out");
    expect((await manager.post(`/api/equipment/${gear.body.id}/checkin`)).status).toBe(200);
    await check("after checking it in");

    const member = await manager.post("/api/team", { name: `RC Member ${salt()}`, username: `rc${salt()}`, password: "password123", role: "employee" });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    await check("after adding a team member (a write that names no record)");

    expect((await manager.delete(`/api/inventory/${item.body.id}`)).status).toBeLessThan(300);
    await check("after deleting the item");
  });

  it("after every kind of stock-location write, every read equals a fresh one", { timeout: 180_000 }, async () => {
    const manager = await server.as("manager");
    const pnair = await server.as("pnair");
    const clients = [manager, pnair];
    const check = (what: string) => allMatch(clients, what);
    const ERR = "__typename ... on Error { message }";
    const act = async (as: ApiClient, query: string, input: Record<string, unknown>) => {
      const res = await gql(as, query, { input });
      expect(res.errors, res.text).toBeUndefined();
      expect(JSON.stringify(res.data), res.text).not.toContain("Error");
      return res.data;
    };
    await check("warm");
    const locations = (await read(manager, "{ stockLocations(first: 50) { edges { node { id name kind } } } }")).stockLocations.edges.map(
      (e: { node: { id: string; name: string; kind: string } }) => e.node,
    );
    const main = locations.find((l: { kind: string }) => l.kind === "WAREHOUSE")!;
    const truck = (await read(pnair, "{ myVehicle { id } }")).myVehicle;
    const created = await manager.post("/api/inventory", { name: `RC Stock ${salt()}`, category: "Bait", unit: "boxes", quantity: 10, minQuantity: 1 });
    expect(created.status).toBe(201);
    const itemId = globalId("InventoryItem", created.body.id);
    await check("after creating the item");

    const van = await act(manager, `mutation ($input: CreateStockLocationInput!) { createStockLocation(input: $input) { ${ERR} ... on CreateStockLocationPayload { location { id } } } }`, {
      name: `RC Van ${salt()}`,
      kind: "VEHICLE",
    });
    await check("after creating a location");
    await act(manager, `mutation ($input: SetLocationMinimumInput!) { setLocationMinimum(input: $input) { ${ERR} } }`, { locationId: truck.id, itemId, minQuantity: 4 });
    await check("after setting a truck's minimum");
    await act(pnair, `mutation ($input: TransferStockInput!) { transferStock(input: $input) { ${ERR} } }`, { itemId, fromLocationId: main.id, toLocationId: truck.id, quantity: 2 });
    await check("after a transfer to the truck");
    await act(pnair, `mutation ($input: RestockLocationInput!) { restockLocation(input: $input) { ${ERR} } }`, { locationId: truck.id });
    await check("after restocking the truck");
    const started = await act(pnair, `mutation ($input: StartStockCountInput!) { startStockCount(input: $input) { ${ERR} ... on StartStockCountPayload { count { id } } } }`, {
      locationId: truck.id,
    });
    const countId = started.startStockCount.count.id;
    await check("after starting a count");
    await act(pnair, `mutation ($input: RecordStockCountInput!) { recordStockCount(input: $input) { ${ERR} } }`, { countId, itemId, countedQuantity: 3 });
    await check("after recording a counted quantity");
    await act(pnair, `mutation ($input: CompleteStockCountInput!) { completeStockCount(input: $input) { ${ERR} } }`, { countId });
    await check("after completing the count (a variance applied)");
    await act(manager, `mutation ($input: ArchiveStockLocationInput!) { archiveStockLocation(input: $input) { ${ERR} } }`, { id: van.createStockLocation.location.id });
    await check("after archiving a location");
  });
  it("after every purchasing write, every purchasing and inventory read equals a fresh one (issue 16)", async () => {
    const manager = await server.as("manager");
    const tech = await server.as("tech");
    const run = async (mutation: string, input: unknown) => {
      const res = await gql(manager, mutation, { input });
      expect(res.errors, res.text).toBeUndefined();
      const result = Object.values(res.data)[0] as any;
      expect(result.__typename, res.text).toMatch(/Payload$/);
      return result;
    };
    const item = await manager.post("/api/inventory", { name: `RC Bought ${salt()}`, category: "Bait", unit: "boxes", quantity: 1, minQuantity: 5, price: 300 });
    expect(item.status).toBe(201);
    const itemId = globalId("InventoryItem", item.body.id);
    const supplier = (await run(`mutation($input: CreateSupplierInput!) { createSupplier(input: $input) { __typename ... on CreateSupplierPayload { supplier { id } } } }`, { name: `RC Supplier ${salt()}` })).supplier;
    const order = (
      await run(`mutation($input: CreatePurchaseOrderInput!) { createPurchaseOrder(input: $input) { __typename ... on CreatePurchaseOrderPayload { purchaseOrder { id lines { id } } } } }`, {
        supplierId: supplier.id,
        lines: [{ itemId, quantity: 8 }],
      })
    ).purchaseOrder;
    const reads = {
      inventory: READS.inventory!,
      lowStock: READS.lowStock!,
      dashboard: READS.dashboard!,
      activity: READS.activity!,
      suppliers: "{ suppliers(first: 50) { totalCount edges { node { id name } } } }",
      orders: "{ purchaseOrders(first: 50) { totalCount edges { node { id number status totalCents supplier { name } lines { quantityOrdered quantityReceived } } } } }",
      onOrder: "{ inventoryItems(first: 100) { edges { node { id quantity onOrder supplier preferredSupplier { name } } } } }",
      order: `{ node(id: "${order.id}") { ... on PurchaseOrder { status totalCents lines { quantityReceived } supplier { name } } } }`,
      item: `{ node(id: "${itemId}") { ... on InventoryItem { quantity onOrder price supplier } } }`,
    };
    const check = (what: string) => allMatch([manager, tech], what, reads);
    await check("at start");
    await check("warm");
    await run(`mutation($input: SetItemPreferredSupplierInput!) { setItemPreferredSupplier(input: $input) { __typename } }`, { itemId, supplierId: supplier.id });
    await check("after setting a preferred supplier");
    await run(`mutation($input: UpdateSupplierInput!) { updateSupplier(input: $input) { __typename } }`, { id: supplier.id, name: `RC Renamed Supplier ${salt()}` });
    await check("after renaming the supplier");
    await run(`mutation($input: UpdatePurchaseOrderInput!) { updatePurchaseOrder(input: $input) { __typename } }`, { id: order.id, lines: [{ itemId, quantity: 9, unitCostCents: 250 }] });
    await check("after editing the draft");
    const placed = await run(`mutation($input: PlacePurchaseOrderInput!) { placePurchaseOrder(input: $input) { __typename ... on PlacePurchaseOrderPayload { purchaseOrder { lines { id } } } } }`, { id: order.id });
    await check("after placing it");
    await run(`mutation($input: ReceivePurchaseOrderInput!) { receivePurchaseOrder(input: $input) { __typename } }`, {
      id: order.id,
      updateItemPrices: true,
      lines: [{ lineId: placed.purchaseOrder.lines[0].id, quantity: 4 }],
    });
    await check("after receiving part of it");
    await run(`mutation($input: DraftPurchaseOrdersFromSuggestionsInput) { draftPurchaseOrdersFromSuggestions(input: $input) { __typename } }`, {});
    await check("after drafting from suggestions");
    const draft = (
      await run(`mutation($input: CreatePurchaseOrderInput!) { createPurchaseOrder(input: $input) { __typename ... on CreatePurchaseOrderPayload { purchaseOrder { id } } } }`, {
        lines: [{ itemId, quantity: 2 }],
      })
    ).purchaseOrder;
    await check("after another draft");
    await run(`mutation($input: CancelPurchaseOrderInput!) { cancelPurchaseOrder(input: $input) { __typename } }`, { id: draft.id });
    await check("after cancelling it");
  }, 180_000);

  it("keeps each viewer's own answer: an employee never gets a manager's", async () => {
    const manager = await server.as("manager");
    const tech = await server.as("tech");
    const q = READS.notifications!;
    // A request filed by someone else notifies the managers, not the employee.
    const pnair = await server.as("pnair");
    const items = (await manager.get("/api/inventory")).body as { id: number }[];
    expect((await pnair.post("/api/requests", { type: "inventory", justification: "not tech's", items: [{ id: items[0]!.id, quantity: 1 }] })).status).toBe(201);
    const managers = await read(manager, q);
    const techs = await read(tech, q);
    expect(techs).toEqual(await fresh(tech, q));
    expect(managers).toEqual(await fresh(manager, q));
    expect(managers.unreadNotificationCount).toBeGreaterThan(0);
    expect(techs).not.toEqual(managers);
    expect((await read(manager, READS.viewer!)).viewer.role).toBe("manager");
    expect((await read(tech, READS.viewer!)).viewer.role).toBe("employee");
    // teamMembers is refused to an employee, also after a manager's answer was kept.
    const team = await read(manager, READS.team!);
    expect(team.teamMembers.edges.length).toBeGreaterThan(1);
    const techTeam = await gql(tech, READS.team!);
    expect(techTeam.data?.teamMembers ?? null).not.toEqual(team.teamMembers);
  });

  it("drops only what a write can change: an equipment check-out keeps the inventory page and another item's form", async () => {
    const manager = await server.as("manager");
    const items = (await manager.get("/api/inventory")).body as { id: number }[];
    const form = "query($id: ID!) { node(id: $id) { ... on InventoryItem { id name quantity } } }";
    const [one, other] = [items[0]!.id, items[1]!.id];
    await read(manager, READS.inventory!);
    await read(manager, form, { id: globalId("InventoryItem", one) });
    await read(manager, form, { id: globalId("InventoryItem", other) });
    await read(manager, READS.equipment!);
    const gear = await manager.post("/api/equipment", { name: `RC Keep ${salt()}`, category: "Hand Tool" });
    expect(gear.status).toBe(201);
    const hits = () => server.app.responseCache.stats.hits;
    let before = hits();
    await read(manager, READS.inventory!);
    await read(manager, form, { id: globalId("InventoryItem", one) });
    expect(hits()).toBe(before + 2);
    before = hits();
    expect(JSON.stringify(await read(manager, READS.equipment!))).toContain("RC Keep");
    expect(hits()).toBe(before);
    // A change of one item drops its own form and the lists, not another item's form.
    expect((await manager.put(`/api/inventory/${one}`, { quantity: 77 })).status).toBe(200);
    before = hits();
    expect((await read(manager, form, { id: globalId("InventoryItem", one) })).node.quantity).toBe(77);
    expect(hits()).toBe(before);
    await read(manager, form, { id: globalId("InventoryItem", other) });
    expect(hits()).toBe(before + 1);
  });

  it("keeps nothing while the event bus is not delivering: every read reaches the database", async () => {
    const manager = await server.as("manager");
    const bus = server.app.deps.events;
    const delivering = bus.delivering;
    bus.delivering = () => false;
    try {
      const count = () => statements.filter((sql) => sql.includes('"InventoryItem"')).length;
      const before = count();
      for (let i = 0; i < 3; i++) await read(manager, READS.inventory!);
      expect(count() - before).toBeGreaterThanOrEqual(3);
    } finally {
      bus.delivering = delivering;
    }
  });

  it("keeps nothing with GRAPHQL_CACHE_SECONDS=0", async () => {
    const off = await startServer({ GRAPHQL_CACHE_SECONDS: "0" });
    servers.push(off);
    const manager = await off.as("manager");
    for (let i = 0; i < 3; i++) await read(manager, READS.inventory!);
    expect(off.app.responseCache.stats).toMatchObject({ hits: 0, kept: 0 });
  });

  it("never keeps mutations or answers with errors", async () => {
    const manager = await server.as("manager");
    const kept = server.app.responseCache.stats.kept;
    await gql(manager, "{ node(id: \"nonsense\") { id } nosuchfield }");
    await gql(manager, `mutation { markAllNotificationsRead(input: {}) { __typename } }`);
    // Written outside domain writes (lastUsedAt, delivery status): never kept.
    await read(manager, "{ apiTokens { id lastUsedAt } }");
    await read(manager, "{ webhooks { id recentDeliveries { status } } }");
    expect(server.app.responseCache.stats.kept).toBe(kept);
  });
});

describe("two server processes on one PostgreSQL database", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("a write on one reaches the other's kept answers when its event arrives", async () => {
    const env = { SESSION_SECRET: randomBytes(32).toString("hex") };
    const a = await startServer(env);
    servers.push(a);
    const b = await startServer(env, { databaseUrl: a.databaseUrl });
    servers.push(b);
    const onA = await a.as("manager");
    const onB = b.anonymous();
    onB.cookie = onA.cookie;
    const converge = async (what: string) => {
      // Another process hears of the write through NOTIFY, as live updates do: shortly, not in the same instant.
      const deadline = Date.now() + 3_000;
      for (;;) {
        let same = true;
        for (const query of Object.values(READS)) {
          const kept = await gql(onB, query);
          if (JSON.stringify(kept.data) !== JSON.stringify(await fresh(onB, query))) same = false;
        }
        if (same) return;
        if (Date.now() > deadline) return allMatch([onB], what);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    await allMatch([onB], "at start");
    const hits = b.app.responseCache.stats.hits;
    await allMatch([onB], "warm");
    expect(b.app.responseCache.stats.hits).toBeGreaterThan(hits);

    const item = await onA.post("/api/inventory", { name: `RC Far ${salt()}`, category: "Bait", unit: "boxes", quantity: 2, minQuantity: 5 });
    expect(item.status).toBe(201);
    await converge("after creating an item on A");
    expect((await onA.put(`/api/inventory/${item.body.id}`, { quantity: 9 })).status).toBe(200);
    await converge("after updating it on A");
    const member = await onA.post("/api/team", { name: `RC Far Member ${salt()}`, username: `rcf${salt()}`, password: "password123", role: "employee" });
    expect(member.status).toBe(201);
    await converge("after adding a team member on A");
    const gear = await onA.post("/api/equipment", { name: `RC Far Gear ${salt()}`, category: "Hand Tool" });
    expect((await onA.post(`/api/equipment/${gear.body.id}/checkout`, { assignedTo: "Lee" })).status).toBe(200);
    await converge("after a check-out on A");
  });
});
