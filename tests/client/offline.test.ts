import { describe, expect, it } from "vitest";
import type { QueuedChange, Snapshot } from "../../client/src/offline/db.ts";
import { applyQueue, findCode } from "../../client/src/offline/network.ts";
import { changeTitle, describeChange } from "../../client/src/offline/describeChange.ts";

// The phone's copy and its queue (issue 13): the pure parts, without a browser.

const id = (type: string, n: number) => btoa(`${type}:${n}`);
const snapshot: Snapshot = {
  userId: "2",
  syncedAt: "2026-11-23T10:00:00.000Z",
  equipment: [
    { id: id("Equipment", 1), databaseId: 1, name: "B&G Sprayer", serialNumber: "BG-1", category: "Sprayer", status: "available", assignedTo: null, assignedAt: null, location: null, qrCode: "QR-EQ", dueBack: null, sdsFileUrl: null },
    { id: id("Equipment", 2), databaseId: 2, name: "Fogger", serialNumber: "FOG-2", category: "Fogger", status: "checked_out", assignedTo: "Priya Nair", assignedAt: "2026-11-22T09:00:00.000Z", location: null, qrCode: null, dueBack: null, sdsFileUrl: null },
  ],
  inventory: [
    { id: id("InventoryItem", 7), databaseId: 7, name: "Termidor SC", description: null, category: "Pesticide", quantity: 10, minQuantity: 5, unit: "bottles", location: null, barcode: "0123456789012", qrCode: "BG-1", hazardous: true, epaRegistrationNumber: "7969-210", sdsFileUrl: null },
  ],
  requests: [],
  team: [],
};

let seq = 0;
const change = (operationName: string, input: Record<string, unknown>, state: QueuedChange["state"] = "waiting"): QueuedChange => ({
  key: `key-${++seq}-abcdefghijklmnop`,
  seq,
  userId: "2",
  operationName,
  query: "mutation",
  variables: { input },
  title: "",
  target: null,
  createdAt: "2026-11-23T11:00:00.000Z",
  state,
  error: null,
});

describe("the copy with queued changes applied", () => {
  it("shows a queued check-out and check-in as done, marked pending, and leaves failed changes out", () => {
    const out = change("ScanResultCardCheckOutMutation", { id: id("Equipment", 1), assignedTo: "Marcus Reyes" });
    const back = change("useCheckInEquipmentMutation", { id: id("Equipment", 2) }, "failed");
    const view = applyQueue(snapshot, [out, back]);
    expect(view.equipment[0]).toMatchObject({ status: "checked_out", assignedTo: "Marcus Reyes", pendingKey: out.key });
    expect(view.equipment[1]).toMatchObject({ status: "checked_out", assignedTo: "Priya Nair" });
    expect(view.equipment[1]!.pendingKey).toBeUndefined();
    // The kept copy itself is not changed.
    expect(snapshot.equipment[0]!.status).toBe("available");
  });

  it("takes chemical use from stock and lists a queued request as the user's pending one", () => {
    const use = change("RecordUseDialogMutation", { itemId: id("InventoryItem", 7), quantity: 3, siteAddress: "1 Main St", targetPest: "Ants" });
    const req = change("RequestFormCreateMutation", { type: "inventory", justification: "Low", items: [{ id: id("InventoryItem", 7), quantity: 4 }] });
    const view = applyQueue(snapshot, [use, req]);
    expect(view.inventory[0]).toMatchObject({ quantity: 7, pendingKey: use.key });
    expect(view.requests).toEqual([expect.objectContaining({ status: "pending", items: [{ name: "Termidor SC", quantity: 4 }], pendingKey: req.key })]);
  });
});

describe("queued applications come off the phone's copy of stock", () => {
  const measured = { ...snapshot, inventory: [...snapshot.inventory, { ...snapshot.inventory[0]!, id: id("InventoryItem", 8), databaseId: 8, name: "Talstar P", quantity: 4, unit: "gallons", containerSize: { amount: "1", unit: "GAL" } }] };
  it("a counted product by its whole units, a measured one by the containers its amounts open, each marked pending", () => {
    const first = change("RecordApplicationPageMutation", {
      customerName: "Casa Verde",
      lines: [
        { itemId: id("InventoryItem", 7), amount: "2", unit: "bottles" },
        { itemId: id("InventoryItem", 8), amount: "100", unit: "FL_OZ" },
      ],
    });
    const view1 = applyQueue(measured, [first]);
    expect(view1.inventory.find((i) => i.databaseId === 7)).toMatchObject({ quantity: 8, pendingKey: first.key });
    expect(view1.inventory.find((i) => i.databaseId === 8)).toMatchObject({ quantity: 3, pendingKey: first.key });
    // Two queued applications of 100 fl oz together open two gallons (200 fl oz), not more.
    const second = change("RecordApplicationPageMutation", { customerName: "Elm Cafe", lines: [{ itemId: id("InventoryItem", 8), amount: "100", unit: "FL_OZ" }] });
    const view2 = applyQueue(measured, [first, second]);
    expect(view2.inventory.find((i) => i.databaseId === 8)).toMatchObject({ quantity: 2, pendingKey: second.key });
    // Never below nothing; a failed change is not applied.
    const big = change("RecordApplicationPageMutation", { customerName: "Big", lines: [{ itemId: id("InventoryItem", 8), amount: "40", unit: "L" }] });
    expect(applyQueue(measured, [big]).inventory.find((i) => i.databaseId === 8)!.quantity).toBe(0);
    expect(applyQueue(measured, [{ ...first, state: "failed" } as typeof first]).inventory.find((i) => i.databaseId === 7)!.quantity).toBe(10);
    expect(measured.inventory[1]!.quantity).toBe(4);
  });
});

describe("scan look-up on the phone follows the server's rule", () => {
  const view = applyQueue(snapshot, []);
  it("our label first, then an item's barcode or QR, then equipment serial or QR", () => {
    expect(findCode(view, "trapline:equipment:2")).toMatchObject({ kind: "equipment", row: { name: "Fogger" } });
    expect(findCode(view, "TRAPLINE:INVENTORY:7")).toMatchObject({ kind: "inventory", row: { name: "Termidor SC" } });
    expect(findCode(view, " 0123456789012 ")).toMatchObject({ kind: "inventory" });
    // An item's QR payload wins over an equal equipment serial, as on the server.
    expect(findCode(view, "BG-1")).toMatchObject({ kind: "inventory" });
    expect(findCode(view, "QR-EQ")).toMatchObject({ kind: "equipment", row: { name: "B&G Sprayer" } });
    expect(findCode(view, "FOG-2")).toMatchObject({ kind: "equipment", row: { name: "Fogger" } });
  });
  it("finds nothing for an unknown code or a label of a record the phone does not have", () => {
    expect(findCode(view, "nothing")).toBeNull();
    expect(findCode(view, "trapline:equipment:99")).toBeNull();
  });
});

describe("what a queued change says", () => {
  it("names the record from the copy", () => {
    expect(describeChange("EquipmentCheckOutDialogMutation", { input: { id: id("Equipment", 1), assignedTo: "Mike" } }, snapshot)).toMatchObject({ title: "Check out B&G Sprayer to Mike", target: id("Equipment", 1) });
    expect(describeChange("ScanResultCardCheckInMutation", { input: { id: id("Equipment", 2) } }, snapshot).title).toBe("Check in Fogger");
    expect(describeChange("RecordUseDialogMutation", { input: { itemId: id("InventoryItem", 7), quantity: 2 } }, snapshot).title).toBe("Record use of 2 bottles of Termidor SC");
    expect(describeChange("RequestFormCreateMutation", { input: { items: [{ id: id("InventoryItem", 7) }] } }, snapshot)).toMatchObject({ title: "Request Termidor SC", target: null });
    expect(
      describeChange("RecordApplicationPageMutation", { input: { customerName: "Casa Verde", lines: [{ itemId: id("InventoryItem", 7), amount: "2.5", unit: "FL_OZ" }, { itemId: id("InventoryItem", 99), amount: "1", unit: "bottles" }] } }, snapshot),
    ).toMatchObject({ title: "Record application for Casa Verde: 2.5 fl oz of Termidor SC, 1 bottles of a product", target: null });
  });

  it("keeps the title as a message (structured-cloneable for IndexedDB), said again in the language of the moment it is shown", async () => {
    const { i18n } = await import("@lingui/core");
    const change = describeChange("RecordApplicationPageMutation", { input: { customerName: "Casa Verde", lines: [{ itemId: id("InventoryItem", 7), amount: "2.5", unit: "FL_OZ" }] } }, snapshot);
    const kept = structuredClone(change);
    expect(changeTitle(kept)).toBe("Record application for Casa Verde: 2.5 fl oz of Termidor SC");
    const ids = (m: unknown): string[] => (Array.isArray(m) ? m.flatMap(ids) : m && typeof m === "object" && "id" in m ? [String(m.id), ...Object.values((m as { values?: object }).values ?? {}).flatMap(ids)] : []);
    const [outer, line, unit] = ids(kept.titleMessage);
    try {
      i18n.loadAndActivate({ locale: "es-US", messages: { [outer!]: "Registrar la aplicación de {customer}: {products}", [line!]: "{amount} {unit} de {product}", [unit!]: "oz líq." } });
      expect(changeTitle(kept)).toBe("Registrar la aplicación de Casa Verde: 2.5 oz líq. de Termidor SC");
    } finally {
      i18n.loadAndActivate({ locale: "en-US", messages: {} });
    }
    // A change queued before titles were kept as messages says its English title.
    expect(changeTitle({ title: "Check in Fogger" })).toBe("Check in Fogger");
    // An operation the queue does not describe keeps its name.
    expect(describeChange("SomethingElseMutation", {}, snapshot)).toEqual({ title: "SomethingElseMutation", target: null });
  });
});
