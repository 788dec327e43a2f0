// Fills a database through the domain layer (the same rules, transactions and activity entries as
// the API), in proportions a company of `n` inventory items might have: n/5 pieces of equipment,
// n/2 requests of 2–3 lines (most decided), restocks and check-out/in cycles.
import { ean13 } from "../server/demo/seed.ts";
import { EQUIPMENT_CATEGORIES, INVENTORY_CATEGORIES, UNITS } from "../schemas/constants.ts";
import type { Actor, Deps } from "../server/domain/context.ts";
import { checkInEquipment, checkOutEquipment, createEquipment } from "../server/domain/equipment.ts";
import { DomainError } from "../server/domain/errors.ts";
import { createInventoryItem, updateInventoryItem } from "../server/domain/inventory.ts";
import { approveRequest, createRequest, denyRequest } from "../server/domain/requests.ts";

/** Deterministic PRNG (mulberry32), so two runs seed the same data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

/** Runs `tasks` with at most `limit` in flight; returns how many threw a DomainError (expected conflicts). */
export async function inPool(limit: number, count: number, task: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  let refused = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      try {
        await task(i);
      } catch (err) {
        if (err instanceof DomainError) refused++;
        else throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return refused;
}

const brands = ["Termidor", "Demand", "Advion", "Contrac", "Victor", "Catchmaster", "Talstar", "Gentrol", "Suspend", "Temprid", "Maxforce", "Alpine", "Phantom", "Tempo", "Cy-Kick"];
const products = ["Concentrate", "Gel Bait", "Granules", "Dust", "Aerosol", "Snap Trap", "Glue Board", "Bait Station", "Coveralls", "Respirator Cartridge", "Gloves", "Sprayer Tip"];
const sizes = ["8 oz", "16 oz", "1 gal", "2.5 gal", "4 x 30 g", "case of 12", "box of 100", "18 lb pail"];
const places = ["Chemical Room", "Warehouse A", "Warehouse B", "Shop", "PPE Cabinet", "Supply Closet", "Truck 1", "Truck 2", "Truck 3"];
const suppliers = ["Univar Solutions", "Target Specialty Products", "SiteOne", "Grainger", "Uline", "Bell Laboratories", "Woodstream"];
const tools = ["Backpack Sprayer", "Rotary Hammer", "HEPA Vacuum", "Bait Gun", "Cold Fogger", "Thermal Camera", "Impact Driver", "Moisture Meter", "Duster", "PAPR Kit"];

export type SeedCounts = { items: number; equipment: number; requests: number; refused: number; ms: number };

/** One generated inventory item's fields: the bench's companies and bench:offline's big one. */
export function benchItemFields(rnd: ReturnType<typeof prng>, i: number, qrPrefix: string) {
  const quantity = rnd.int(0, 400);
  const minQuantity = rnd.int(2, 60);
  return {
    name: `${rnd.pick(brands)} ${rnd.pick(products)} ${rnd.pick(sizes)} #${String(i).padStart(5, "0")}`,
    description: `Bench item ${i}: ${rnd.pick(products).toLowerCase()} for ${rnd.pick(["termite", "rodent", "mosquito", "general pest", "bed bug"])} work`,
    category: rnd.pick(INVENTORY_CATEGORIES),
    quantity,
    minQuantity,
    reorderPoint: Math.max(0, Math.floor(minQuantity / 2)),
    reorderQuantity: rnd.int(5, 50),
    unit: rnd.pick(UNITS),
    price: rnd.int(199, 25_000),
    supplier: rnd.pick(suppliers),
    location: `${rnd.pick(places)} - Shelf ${rnd.int(1, 20)}`,
    barcode: benchBarcode(i),
    qrCode: i % 3 === 0 ? `${qrPrefix}-${i}` : null,
    hazardous: rnd.next() < 0.3,
  };
}

/**
 * Seeds n items (ids in creation order), n/5 equipment, n/10 restocks, a check-out (and mostly a
 * check-in) of every piece of equipment, and n/2 requests (three quarters of them decided), as the demo users.
 * `concurrency` writes run at once (1 on PGlite, whose single connection serialises them anyway).
 */
export async function seedBench(deps: Deps, n: number, concurrency: number): Promise<SeedCounts> {
  const started = Date.now();
  const users = await deps.prisma.user.findMany({ orderBy: { id: "asc" } });
  const actors: Actor[] = users.map(({ id, username, name, role, department }) => ({ id, username, name, role, department }));
  const manager = actors.find((a) => a.role === "manager")!;
  const techs = actors.filter((a) => a.role !== "manager");
  const rnd = prng(20261122 + n);
  let refused = 0;

  const itemIds: number[] = new Array(n);
  refused += await inPool(concurrency, n, async (i) => {
    const item = await createInventoryItem(deps, rnd.pick([manager, ...techs]), benchItemFields(rnd, i, "QR-BENCH"));
    itemIds[i] = item.id;
  });

  const equipmentCount = Math.max(1, Math.floor(n / 5));
  const equipmentIds: number[] = new Array(equipmentCount);
  refused += await inPool(concurrency, equipmentCount, async (i) => {
    const e = await createEquipment(deps, manager, {
      name: `${rnd.pick(["B&G", "Birchmeier", "Hilti", "Atrix", "Curtis", "FLIR", "Milwaukee", "3M"])} ${rnd.pick(tools)} ${i}`,
      category: rnd.pick(EQUIPMENT_CATEGORIES),
      serialNumber: `SN-BENCH-${String(i).padStart(6, "0")}`,
      location: `${rnd.pick(places)} - Rack ${rnd.int(1, 9)}`,
      purchaseDate: new Date(Date.now() - rnd.int(30, 2000) * 86_400_000).toISOString(),
    });
    equipmentIds[i] = e.id;
  });

  // Activity: restocks and check-out/in cycles (a third of the equipment stays out).
  refused += await inPool(concurrency, Math.floor(n / 10), async (i) => {
    const id = itemIds[rnd.int(0, n - 1)]!;
    const item = await deps.prisma.inventoryItem.findUnique({ where: { id }, select: { quantity: true } });
    await updateInventoryItem(deps, manager, id, { quantity: (item?.quantity ?? 0) + rnd.int(5, 50), location: `${places[i % places.length]} - Shelf ${rnd.int(1, 20)}` });
  });
  refused += await inPool(concurrency, equipmentCount, async (i) => {
    const id = equipmentIds[i]!;
    await checkOutEquipment(deps, rnd.pick(techs), id, { assignedTo: rnd.pick(techs).name });
    if (i % 3 !== 0) await checkInEquipment(deps, rnd.pick(techs), id);
  });

  // Requests: inventory requests of 2–3 lines; every tenth an equipment request (of free equipment).
  const requestCount = Math.floor(n / 2);
  const freeEquipment = equipmentIds.filter((_, i) => i % 3 !== 0);
  refused += await inPool(concurrency, requestCount, async (i) => {
    const requester = rnd.pick(techs);
    const lines = rnd.int(2, 3);
    const equipment = i % 10 === 9 && freeEquipment.length >= lines;
    const ids = new Set<number>();
    while (ids.size < lines) ids.add(equipment ? rnd.pick(freeEquipment) : itemIds[rnd.int(0, n - 1)]!);
    const request = await createRequest(deps, requester, {
      type: equipment ? "equipment" : "inventory",
      justification: `Job ${i}: ${rnd.pick(["weekly route restock", "termite pre-treat", "rodent exclusion", "mosquito barrier", "bed bug follow-up"])}`,
      items: [...ids].map((id) => ({ id, quantity: equipment ? 1 : rnd.int(1, 6) })),
    });
    const decide = rnd.next();
    // Equipment approvals would check most equipment out; keep them pending or denied.
    if (decide < 0.5 && !equipment) await approveRequest(deps, manager, request.id);
    else if (decide < 0.75) await denyRequest(deps, manager, request.id);
  });

  return { items: n, equipment: equipmentCount, requests: requestCount, refused, ms: Date.now() - started };
}

/** The EAN-13 barcode of the i-th bench item (scanLookup looks one up). */
export function benchBarcode(i: number): string {
  return ean13(`20${String(i).padStart(10, "0")}`);
}
