import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from "relay-runtime";

/**
 * Puts a record that was created elsewhere at the top of each of these connections that is in the
 * store, unless the connection already has it (the creating client's own mutation may have put it
 * there first). Returns the connections it was added to.
 */
export function prependNewNode(store: RecordSourceSelectorProxy, connectionIds: readonly string[], node: RecordProxy, edgeType: string): string[] {
  const id = node.getDataID();
  const added: string[] = [];
  for (const connectionId of new Set(connectionIds)) {
    const connection = store.get(connectionId);
    if (!connection) continue;
    const edges = connection.getLinkedRecords("edges") ?? [];
    if (edges.some((e) => e?.getLinkedRecord("node")?.getDataID() === id)) continue;
    ConnectionHandler.insertEdgeBefore(connection, ConnectionHandler.createEdge(store, connection, node, edgeType));
    added.push(connectionId);
  }
  return added;
}

/**
 * Removes a record deleted elsewhere from the store. Lists held directly on the root (the dashboard's
 * `lowStockItems`) would otherwise keep a null where the record was, so it is taken out of them first;
 * connections keep an edge without a node, which their screens skip.
 */
export function deleteRecord(store: RecordSourceSelectorProxy, id: string, rootLists: readonly string[] = ["lowStockItems"]) {
  const root = store.getRoot();
  for (const field of rootLists) {
    const list = root.getLinkedRecords(field);
    if (list?.some((r) => r?.getDataID() === id)) root.setLinkedRecords(list.filter((r) => r && r.getDataID() !== id), field);
  }
  store.delete(id);
}
