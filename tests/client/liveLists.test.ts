import { commitLocalUpdate, ConnectionHandler, Environment, Network, RecordSource, ROOT_ID, Store } from "relay-runtime";
import { describe, expect, it } from "vitest";
import { connectionsForNewElsewhere, equipmentConnectionID, showEquipmentList } from "../../client/src/features/equipment/connections.ts";
import { connectionsForNewItem, showInventoryList } from "../../client/src/features/inventory/connections.ts";
import { connectionsForNewRequest } from "../../client/src/features/requests/connections.ts";
import { equipmentOptions, inventoryOptions } from "../../client/src/features/requests/lines.ts";
import { restoreStep } from "../../client/src/components/list/listCatchUp.ts";
import { searchOf } from "../../client/src/components/list/useDebouncedSearch.ts";
import { adjustPendingCount, setPendingCountFromLive } from "../../client/src/features/requests/pendingCount.ts";
import { deleteRecord, prependNewNode } from "../../client/src/relay/liveEdges.ts";

const requests = (filters?: Record<string, unknown>) => ConnectionHandler.getConnectionID(ROOT_ID, "RequestsPage_requests", filters);

describe("which lists a record created elsewhere joins", () => {
  it("a new request joins All and its status's list; own-request lists only when the viewer made it", () => {
    const others = connectionsForNewRequest({ status: "pending", requesterId: "U:tech" }, "U:manager");
    expect(others.sort()).toEqual([requests(), requests({ status: "pending" })].sort());
    expect(others.some((id) => id.includes("mine"))).toBe(false);

    const own = connectionsForNewRequest({ status: "pending", requesterId: "U:tech" }, "U:tech");
    expect(own).toEqual(expect.arrayContaining([requests(), requests({ status: "pending" }), requests({ mine: true }), requests({ mine: true, status: "pending" })]));
    expect(own).toHaveLength(4);
  });

  it("new equipment joins the unfiltered list, and the list on screen only when it passes its status and search", () => {
    const tool = { name: "FLIR C8 Camera", description: "thermal", category: "Detection Equipment", status: "available" };
    expect(connectionsForNewElsewhere(tool)).toEqual([equipmentConnectionID()]);

    const undo = showEquipmentList({ search: "flir", status: "available" });
    expect(connectionsForNewElsewhere(tool)).toEqual([equipmentConnectionID(), equipmentConnectionID({ search: "flir", status: "available" })]);
    expect(connectionsForNewElsewhere({ ...tool, status: "maintenance" })).toEqual([equipmentConnectionID()]);
    expect(connectionsForNewElsewhere({ ...tool, name: "Sprayer", description: null })).toEqual([equipmentConnectionID()]);
    undo();
    expect(connectionsForNewElsewhere(tool)).toEqual([equipmentConnectionID()]);
  });

  it("a new inventory item joins the shown inventory list when it passes its filters", () => {
    const undo = showInventoryList({ id: "shown-list", search: "gel", category: "Bait" });
    expect(connectionsForNewItem({ name: "Advion Gel", category: "Bait" })).toContain("shown-list");
    expect(connectionsForNewItem({ name: "Advion Gel", category: "Traps" })).not.toContain("shown-list");
    undo();
  });
});

function environment() {
  return new Environment({ network: Network.create(() => Promise.reject(new Error("no network in tests"))), store: new Store(new RecordSource()) });
}

/** A store with a loaded, empty connection under `connectionId` and a Request record `id`. */
function seed(env: Environment, connectionId: string, id: string) {
  commitLocalUpdate(env, (store) => {
    const connection = store.create(connectionId, "QueryRequestsConnection");
    connection.setLinkedRecords([], "edges");
    store.create(id, "Request").setValue(id, "id");
  });
}

const nodeIds = (env: Environment, connectionId: string) => {
  const source = env.getStore().getSource();
  const edges = (source.get(connectionId)?.edges as { __refs: string[] } | undefined)?.__refs ?? [];
  return edges.map((edgeId) => (source.get(edgeId)?.node as { __ref: string }).__ref);
};

describe("prependNewNode", () => {
  it("adds the record to loaded connections once, and skips connections not in the store", () => {
    const env = environment();
    const all = requests();
    seed(env, all, "R1");
    let added: string[] = [];
    commitLocalUpdate(env, (store) => {
      added = prependNewNode(store, [all, requests({ status: "pending" })], store.get("R1")!, "QueryRequestsConnectionEdge");
    });
    expect(added).toEqual([all]);
    expect(nodeIds(env, all)).toEqual(["R1"]);

    // The creating client's own mutation (or a repeated event) already put it there: not added twice.
    commitLocalUpdate(env, (store) => {
      added = prependNewNode(store, [all, all], store.get("R1")!, "QueryRequestsConnectionEdge");
    });
    expect(added).toEqual([]);
    expect(nodeIds(env, all)).toEqual(["R1"]);
  });

  it("puts the newest first", () => {
    const env = environment();
    const all = requests();
    seed(env, all, "R1");
    commitLocalUpdate(env, (store) => {
      store.create("R2", "Request").setValue("R2", "id");
      prependNewNode(store, [all], store.get("R1")!, "QueryRequestsConnectionEdge");
      prependNewNode(store, [all], store.get("R2")!, "QueryRequestsConnectionEdge");
    });
    expect(nodeIds(env, all)).toEqual(["R2", "R1"]);
  });
});

describe("the pending-requests count", () => {
  const count = (env: Environment) => env.getStore().getSource().get("client:root:dashboardStats")?.pendingRequests;
  function withCount(n: number) {
    const env = environment();
    commitLocalUpdate(env, (store) => {
      const stats = store.create("client:root:dashboardStats", "DashboardStats");
      stats.setValue(n, "pendingRequests");
      store.getRoot().setLinkedRecord(stats, "dashboardStats");
    });
    return env;
  }

  it("one's own change moves it at once; a later live event sets the server's number", () => {
    const env = withCount(3);
    commitLocalUpdate(env, (store) => adjustPendingCount(store, +1, { requestId: "Ra", status: "pending" }));
    expect(count(env)).toBe(4);
    commitLocalUpdate(env, (store) => setPendingCountFromLive(store, 4, { requestId: "Ra", status: "pending" }));
    expect(count(env)).toBe(4);
  });

  it("when the live event came first, one's own mutation does not count the change again", () => {
    const env = withCount(3);
    commitLocalUpdate(env, (store) => setPendingCountFromLive(store, 2, { requestId: "Rb", status: "approved" }));
    commitLocalUpdate(env, (store) => adjustPendingCount(store, -1, { requestId: "Rb", status: "approved" }));
    expect(count(env)).toBe(2);
    // A different change is still counted.
    commitLocalUpdate(env, (store) => adjustPendingCount(store, +1, { requestId: "Rc", status: "pending" }));
    expect(count(env)).toBe(3);
  });
});

describe("the request form's picker", () => {
  it("searches the trimmed text, or the first items when blank", () => {
    expect(searchOf("  gel ")).toBe("gel");
    expect(searchOf("   ")).toBeNull();
  });

  it("shows stock for inventory and offers only available equipment", () => {
    expect(inventoryOptions([{ id: "I1", name: "Advion Gel", quantity: 12, unit: "boxes" }])).toEqual([
      { id: "I1", label: "Advion Gel (12 boxes in stock)", name: "Advion Gel" },
    ]);
    expect(
      equipmentOptions([
        { id: "E1", name: "FLIR C5", serialNumber: "SN-1", status: "available" },
        { id: "E2", name: "Atrix Vacuum", serialNumber: null, status: "maintenance" },
        { id: "E3", name: "B&G Sprayer", serialNumber: null, status: "available" },
      ]),
    ).toEqual([
      { id: "E1", label: "FLIR C5 (SN-1)", name: "FLIR C5" },
      { id: "E3", label: "B&G Sprayer", name: "B&G Sprayer" },
    ]);
  });
});

describe("a record deleted elsewhere", () => {
  it("leaves the root's lowStockItems list without a hole, and the store", () => {
    const env = environment();
    commitLocalUpdate(env, (store) => {
      const items = ["I:1", "I:2", "I:3"].map((id) => store.create(id, "InventoryItem"));
      store.getRoot().setLinkedRecords(items, "lowStockItems");
    });
    commitLocalUpdate(env, (store) => deleteRecord(store, "I:2"));
    const source = env.getStore().getSource();
    expect((source.get(ROOT_ID)?.lowStockItems as { __refs: string[] }).__refs).toEqual(["I:1", "I:3"]);
    expect(source.get("I:2")).toBeNull();
    // A record in no root list is simply deleted.
    commitLocalUpdate(env, (store) => deleteRecord(store, "I:9"));
    expect((source.get(ROOT_ID)?.lowStockItems as { __refs: string[] }).__refs).toEqual(["I:1", "I:3"]);
  });
});

// components/list/listCatchUp.ts: back after a drop, a list that had loaded more rows than the server gives at once
// (100) comes back with its first 100, then loads the rest a page at a time.
describe("a long list brought back after a drop", () => {
  const filters = { search: "bait" };
  const start = { rows: 250, filters, firstBack: false };
  const shown = (loaded: number, more: Partial<{ hasNext: boolean; isLoadingNext: boolean; filters: unknown }> = {}) => ({ filters, loaded, hasNext: true, isLoadingNext: false, ...more });

  it("waits while its old rows are still on screen, then loads the rest a hundred at a time", () => {
    expect(restoreStep(start, shown(250))).toEqual({ restoring: start, load: 0 });
    const first = restoreStep(start, shown(100));
    expect(first).toEqual({ restoring: { ...start, firstBack: true }, load: 100 });
    expect(restoreStep(first.restoring!, shown(100, { isLoadingNext: true }))).toEqual({ restoring: first.restoring, load: 0 });
    expect(restoreStep(first.restoring!, shown(200))).toEqual({ restoring: first.restoring, load: 50 });
    expect(restoreStep(first.restoring!, shown(250))).toEqual({ restoring: null, load: 0 });
  });

  it("stops where the list has no more rows, and when its filters change meanwhile", () => {
    const back = { ...start, firstBack: true };
    expect(restoreStep(start, shown(80, { hasNext: false }))).toEqual({ restoring: null, load: 0 });
    expect(restoreStep(back, shown(180, { hasNext: false }))).toEqual({ restoring: null, load: 0 });
    expect(restoreStep(back, shown(20, { filters: { search: "gel" } }))).toEqual({ restoring: null, load: 0 });
    expect(restoreStep(start, shown(250, { filters: { search: "gel" } }))).toEqual({ restoring: null, load: 0 });
  });
});
