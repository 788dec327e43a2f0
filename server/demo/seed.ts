import { seedShowcase } from "./showcase.ts";
import type { Config } from "../config.ts";
import { hashPassword } from "../auth/password.ts";
import { ensureAdmin } from "../domain/auth.ts";
import { storedMessage, type ActivityDraft, type Deps } from "../domain/context.ts";
import { equipmentCreatedActivity } from "../domain/equipment.ts";
import { itemCreatedActivity } from "../domain/inventory.ts";
import { render } from "../i18n/index.ts";
import type { Message } from "../../schemas/messages.ts";

/** EAN-13 from 12 digits: appends the mod-10 check digit (weights 1,3,1,3…). */
export function ean13(first12: string): string {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return first12 + ((10 - (sum % 10)) % 10);
}

/** An activity entry's text as the app writes it: the English in `details`, the message it is read from in the reader's language. */
const said = (d: ActivityDraft["details"]) => (typeof d === "string" ? { details: d } : { details: render(d), message: storedMessage(d) });

/** The activity entry of a check-out with no request and no due date. */
function checkedOut(name: string, assignee: string): Message {
  return /*i18n*/ {
    id: "activity.equipmentCheckedOut",
    message: "Checked out {name} to {assignee}{request, select, none {} other { (request #{request})}}{dueBack, select, none {} other {, due back {dueBack}}}",
    values: { name, assignee, request: "none", dueBack: "none" },
  };
}

const daysAgo = (d: number, h = 9) => new Date(Date.now() - d * 86_400_000 - h * 3_600_000);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000);

const people = [
  { username: "manager", password: "manager123", name: "Dana Whitfield", role: "manager", department: "Operations" },
  { username: "tech", password: "tech123", name: "Marcus Reyes", role: "employee", department: "Termite" },
  { username: "pnair", password: "priya1234", name: "Priya Nair", role: "employee", department: "General Pest" },
  { username: "tbecker", password: "tom12345", name: "Tom Becker", role: "employee", department: "Rodent Control" },
  { username: "agomez", password: "alicia1234", name: "Alicia Gomez", role: "employee", department: "Mosquito" },
] as const;

// quantity / minQuantity / reorderPoint chosen so the list shows In Stock, Warning and Low Stock (critical and high).
const items = [
  { name: "Termidor SC Termiticide", description: "Fipronil 9.1% non-repellent termiticide, 78 oz", category: "Pesticide", quantity: 24, minQuantity: 10, reorderPoint: 5, reorderQuantity: 12, unit: "bottles", price: 9850, supplier: "Univar Solutions", location: "Chemical Room - Shelf A2", barcode: ean13("073499100125"), hazardous: true },
  { name: "Demand CS Insecticide", description: "Lambda-cyhalothrin microencapsulated, 8 oz", category: "Pesticide", quantity: 8, minQuantity: 10, reorderPoint: 5, reorderQuantity: 12, unit: "bottles", price: 6295, supplier: "Syngenta via Target Specialty", location: "Chemical Room - Shelf A3", barcode: ean13("070048120088"), hazardous: true },
  { name: "Advion Cockroach Gel Bait", description: "Indoxacarb 0.6%, 4 x 30 g tubes", category: "Bait", quantity: 14, minQuantity: 10, reorderPoint: 4, reorderQuantity: 20, unit: "boxes", price: 5480, supplier: "Target Specialty Products", location: "Warehouse B - Bin 4", barcode: ean13("070048305126"), hazardous: false },
  { name: "Contrac All-Weather Blox", description: "Bromadiolone rodenticide blocks, 18 lb pail", category: "Bait", quantity: 3, minQuantity: 6, reorderPoint: 4, reorderQuantity: 10, unit: "cases", price: 8999, supplier: "Bell Laboratories", location: "Warehouse B - Bin 1", barcode: ean13("072422060187"), hazardous: true },
  { name: "Victor M325 Kill Vault Snap Trap", description: "Enclosed mouse snap trap", category: "Traps", quantity: 60, minQuantity: 25, reorderPoint: 10, reorderQuantity: 50, unit: "pieces", price: 475, supplier: "Woodstream", location: "Warehouse A - Shelf 5", barcode: ean13("072094032516"), hazardous: false },
  { name: "Catchmaster 72MB Glue Boards", description: "Baited mouse glue boards, 72 per case", category: "Traps", quantity: 12, minQuantity: 10, reorderPoint: 4, reorderQuantity: 10, unit: "cases", price: 4150, supplier: "Catchmaster", location: "Warehouse A - Shelf 6", barcode: ean13("072541721509"), hazardous: false },
  { name: "Tyvek Disposable Coveralls", description: "Hooded coveralls with elastic wrists, size L", category: "Safety Gear", quantity: 40, minQuantity: 15, reorderPoint: 8, reorderQuantity: 25, unit: "pieces", price: 895, supplier: "Grainger", location: "PPE Cabinet", barcode: ean13("050427015236"), hazardous: false },
  { name: "3M 6502QL Half-Face Respirator", description: "Quick-latch half facepiece, medium", category: "Safety Gear", quantity: 4, minQuantity: 6, reorderPoint: 3, reorderQuantity: 6, unit: "pieces", price: 3420, supplier: "Grainger", location: "PPE Cabinet", barcode: ean13("051138662410"), hazardous: false },
  { name: "Nitrile Gloves 8 mil", description: "Chemical-resistant disposable gloves, 100 per box", category: "Supplies", quantity: 30, minQuantity: 10, reorderPoint: 5, reorderQuantity: 20, unit: "boxes", price: 1899, supplier: "Uline", location: "Supply Closet", barcode: ean13("084310200417"), hazardous: false },
  { name: "Protecta EVO Bait Station", description: "Tamper-resistant rodent bait station", category: "Supplies", quantity: 9, minQuantity: 20, reorderPoint: 10, reorderQuantity: 24, unit: "pieces", price: 1275, supplier: "Bell Laboratories", location: "Warehouse B - Bin 2", barcode: ean13("072422000336"), hazardous: false },
  { name: "Talstar P Professional", description: "Bifenthrin 7.9% concentrate, 1 gallon", category: "Chemicals", quantity: 6, minQuantity: 4, reorderPoint: 2, reorderQuantity: 6, unit: "gallons", price: 7600, supplier: "FMC via SiteOne", location: "Chemical Room - Shelf B1", barcode: ean13("027912002138"), hazardous: true },
  { name: "Gentrol IGR Concentrate", description: "Hydroprene insect growth regulator, 16 oz", category: "Chemicals", quantity: 18, minQuantity: 6, reorderPoint: 3, reorderQuantity: 12, unit: "bottles", price: 4725, supplier: "Zoecon via Target Specialty", location: "Chemical Room - Shelf B2", barcode: ean13("026112001623"), hazardous: true },
  { name: "B&G Sprayer Rebuild Kit", description: "Gaskets, O-rings and valve set for B&G 2000 sprayers", category: "Equipment", quantity: 5, minQuantity: 3, reorderPoint: 1, reorderQuantity: 5, unit: "pieces", price: 3850, supplier: "B&G Equipment", location: "Shop - Drawer 3", barcode: ean13("089215400121"), hazardous: false },
  { name: "Inspection Flashlight 1000 lm", description: "Rechargeable LED inspection light", category: "Tools", quantity: 7, minQuantity: 5, reorderPoint: 2, reorderQuantity: 5, unit: "pieces", price: 5999, supplier: "Streamlight", location: "Shop - Shelf 1", barcode: ean13("080926885020"), hazardous: false },
] as const;

/** Stock on Priya Nair's truck: [item, quantity there, the truck's minimum]. */
const truckStock: [string, number, number][] = [
  ["Tyvek Disposable Coveralls", 6, 4],
  ["Protecta EVO Bait Station", 2, 4],
  ["Inspection Flashlight 1000 lm", 1, 2],
  ["B&G Sprayer Rebuild Kit", 1, 1],
];

const equipment = [
  { name: "B&G 2000 Stainless Sprayer", description: "1-gallon pump sprayer with multi-tip", serialNumber: "BG2000-44871", category: "Sprayer", status: "available", location: "Shop - Rack 1", purchaseDate: daysAgo(700), lastMaintenance: daysAgo(40), nextMaintenance: inDays(50) },
  { name: "Birchmeier Iris 15 Backpack Sprayer", description: "15 L backpack sprayer", serialNumber: "BM-IRIS-20931", category: "Sprayer", status: "checked_out", assignedTo: "Marcus Reyes", assignedAt: daysAgo(1, 3), location: "Truck 4", purchaseDate: daysAgo(420), lastMaintenance: daysAgo(60), nextMaintenance: inDays(5) },
  { name: "Hilti TE 6-A22 Rotary Hammer", description: "Cordless drill for slab termite treatments", serialNumber: "HIL-TE6-73310", category: "Drill", status: "available", location: "Shop - Rack 2", purchaseDate: daysAgo(900), lastMaintenance: daysAgo(120), nextMaintenance: inDays(60) },
  { name: "Atrix Omega HEPA Vacuum", description: "HEPA vacuum for bed bug and cockroach clean-outs", serialNumber: "ATX-OMG-11876", category: "Vacuum", status: "maintenance", location: "Shop - Service Bench", purchaseDate: daysAgo(1100), lastMaintenance: daysAgo(200), nextMaintenance: daysAgo(3) },
  { name: "Syngenta Advion Bait Gun", description: "Precision gel bait applicator", serialNumber: "SYN-BG-00452", category: "Bait Gun", status: "available", location: "Shop - Drawer 1", purchaseDate: daysAgo(300) },
  { name: "Curtis Dyna-Fog Twister XL", description: "Electric ULV cold fogger", serialNumber: "CDF-TWX-55012", category: "Treatment Equipment", status: "repair", location: "Shop - Service Bench", purchaseDate: daysAgo(1500), lastMaintenance: daysAgo(400), nextMaintenance: daysAgo(30) },
  { name: "FLIR C5 Thermal Camera", description: "Compact thermal camera for moisture and termite inspections", serialNumber: "FLIR-C5-90417", category: "Detection Equipment", status: "available", location: "Office - Locker 2", purchaseDate: daysAgo(250) },
  { name: "3M Versaflo PAPR Kit", description: "Powered air-purifying respirator for fumigation prep", serialNumber: "3M-TR600-31502", category: "Safety Equipment", status: "checked_out", assignedTo: "Priya Nair", assignedAt: daysAgo(0, 2), location: "Truck 2", purchaseDate: daysAgo(500), lastMaintenance: daysAgo(30), nextMaintenance: inDays(150) },
  { name: "Milwaukee M18 Impact Driver", description: "For mounting exterior bait stations", serialNumber: "MIL-2853-77120", category: "Power Tool", status: "available", location: "Shop - Rack 2", purchaseDate: daysAgo(365) },
  { name: "Bait Station Key Set", description: "Keys for Protecta and Aegis stations", serialNumber: "KEY-SET-0007", category: "Hand Tool", status: "available", location: "Office - Key Box" },
] as const;

/**
 * Fills an empty database: demo data unless SEED_DEMO=0, in which case ADMIN_USERNAME/ADMIN_PASSWORD
 * make the first manager. Runs under an advisory lock so two servers starting together seed once.
 */
export async function seedDatabase(deps: Deps, config: Pick<Config, "seedDemo" | "admin">): Promise<"seeded" | "admin" | "none"> {
  if ((await deps.prisma.user.count()) > 0) return "none";
  if (!config.seedDemo) {
    if (config.admin && (await ensureAdmin(deps, config.admin))) return "admin";
    return "none";
  }
  const seeded = await seedBasic(deps);
  // The full demo company: every capability on show (server/demo/showcase.ts); the tests use the basic set.
  if (seeded === "seeded" && config.seedDemo === "full") await seedShowcase(deps);
  return seeded;
}

async function seedBasic(deps: Deps): Promise<"seeded" | "none"> {
  const hashes = await Promise.all(people.map((p) => hashPassword(p.password)));
  return deps.prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(7261002)`;
      if ((await tx.user.count()) > 0) return "none";
      const users: Record<string, number> = {};
      for (const [i, p] of people.entries()) {
        const { password: _pw, ...data } = p;
        void _pw;
        users[p.username] = (await tx.user.create({ data: { ...data, passwordHash: hashes[i]!, createdAt: daysAgo(90 - i) } })).id;
      }
      const manager = users.manager!;
      // 'Main Warehouse' is made by the stock-locations migration; all stock starts there.
      const warehouse = (await tx.stockLocation.findFirst({ where: { kind: "WAREHOUSE", archived: false }, orderBy: { id: "asc" } }))?.id
        ?? (await tx.stockLocation.create({ data: { name: "Main Warehouse", kind: "WAREHOUSE" } })).id;
      const itemIds: Record<string, number> = {};
      for (const item of items) {
        // The approved demo request issued 10 traps, so the traps started 10 higher.
        const issued = item.name.startsWith("Victor") ? 10 : 0;
        const created = await tx.inventoryItem.create({ data: { ...item, createdAt: daysAgo(30) } });
        itemIds[item.name] = created.id;
        await tx.stockMovement.create({
          data: { itemId: created.id, itemName: created.name, delta: item.quantity + issued, quantityAfter: item.quantity + issued, reason: "initial", userId: manager, locationId: warehouse, createdAt: daysAgo(30) },
        });
        await tx.stockLevel.create({ data: { itemId: created.id, locationId: warehouse, quantity: item.quantity } });
        await tx.activityEntry.create({
          data: { userId: manager, action: "create", entityType: "inventory", entityId: created.id, ...said(itemCreatedActivity({ ...created, quantity: item.quantity + issued }).details), createdAt: daysAgo(30) },
        });
      }
      const equipmentIds: Record<string, number> = {};
      for (const e of equipment) {
        const created = await tx.equipment.create({ data: { ...e, createdAt: daysAgo(60) } });
        equipmentIds[e.name] = created.id;
        await tx.activityEntry.create({
          data: { userId: manager, action: "create", entityType: "equipment", entityId: created.id, ...said(equipmentCreatedActivity(created).details), createdAt: daysAgo(60) },
        });
      }
      const request = async (
        who: string,
        type: "inventory" | "equipment",
        justification: string,
        lines: [string, number][],
        age: number,
        decision?: "approved" | "denied",
      ) => {
        const created = await tx.request.create({
          data: {
            requesterId: users[who]!,
            type,
            justification,
            status: decision ?? "pending",
            approvedById: decision ? manager : null,
            approvedAt: decision ? daysAgo(age - 1) : null,
            createdAt: daysAgo(age),
            lines: {
              create: lines.map(([name, quantity], position) => ({
                position,
                name,
                quantity,
                ...(type === "inventory" ? { inventoryItemId: itemIds[name]! } : { equipmentId: equipmentIds[name]! }),
              })),
            },
          },
        });
        const text = lines.map(([n, q]) => `${q} x ${n}`).join(", ");
        const requester = people.find((p) => p.username === who)!.name;
        await tx.activityEntry.create({
          data: { userId: users[who]!, action: "create", entityType: "request", entityId: created.id, ...said(/*i18n*/ { id: "activity.requested", message: "Requested {lines}", values: { lines: text } }), createdAt: daysAgo(age) },
        });
        if (decision) {
          await tx.activityEntry.create({
            data: {
              userId: manager,
              action: decision === "approved" ? "approve" : "deny",
              entityType: "request",
              entityId: created.id,
              ...said(
                decision === "approved"
                  ? /*i18n*/ { id: "activity.requestApproved", message: "Approved {name}'s request for {lines}", values: { name: requester, lines: text } }
                  : /*i18n*/ { id: "activity.requestDenied", message: "Denied {name}'s request for {lines}", values: { name: requester, lines: text } },
              ),
              createdAt: daysAgo(age - 1),
            },
          });
        }
        return created;
      };
      const approved = await request("tbecker", "inventory", "Restocking snap traps for the Riverside apartments contract", [["Victor M325 Kill Vault Snap Trap", 10]], 5, "approved");
      const traps = itemIds["Victor M325 Kill Vault Snap Trap"]!;
      await tx.stockMovement.create({
        data: { itemId: traps, itemName: "Victor M325 Kill Vault Snap Trap", delta: -10, quantityAfter: 60, reason: "issued", userId: manager, requestId: approved.id, locationId: warehouse, createdAt: daysAgo(4) },
      });
      // Priya's truck: some stock moved from the warehouse (totals unchanged), with the truck's own
      // minimums; two items sit below them, so My Truck has something to restock. (Not `tech`'s: tests
      // record his chemical use against warehouse stock.)
      const truck = await tx.stockLocation.create({ data: { name: "Truck 2", kind: "VEHICLE", holderId: users.pnair!, createdAt: daysAgo(20) } });
      for (const [name, quantity, minQuantity] of truckStock) {
        const itemId = itemIds[name]!;
        const total = items.find((i) => i.name === name)!.quantity;
        await tx.stockLevel.update({ where: { itemId_locationId: { itemId, locationId: warehouse } }, data: { quantity: { decrement: quantity } } });
        await tx.stockLevel.create({ data: { itemId, locationId: truck.id, quantity, minQuantity } });
        for (const [locationId, delta] of [[warehouse, -quantity], [truck.id, quantity]] as const) {
          await tx.stockMovement.create({ data: { itemId, itemName: name, delta, quantityAfter: total, reason: "transfer", userId: manager, locationId, createdAt: daysAgo(2) } });
        }
        await tx.activityEntry.create({
          data: { userId: manager, action: "transfer", entityType: "inventory", entityId: itemId, ...said(/*i18n*/ { id: "activity.moved", message: "Moved {quantity} {unit} of {item} from {from} to {to}", values: { quantity, unit: items.find((i) => i.name === name)!.unit, item: name, from: "Main Warehouse", to: truck.name } }), createdAt: daysAgo(2) },
        });
      }
      await request("agomez", "inventory", "Extra concentrate for a one-off lawn treatment", [["Talstar P Professional", 4]], 4, "denied");
      await request("tech", "inventory", "Running low on the truck for this week's cockroach clean-outs", [["Advion Cockroach Gel Bait", 2], ["Demand CS Insecticide", 1]], 1);
      await request("pnair", "equipment", "Moisture survey at the Oak Street crawlspace inspection", [["FLIR C5 Thermal Camera", 1]], 0);
      await tx.activityEntry.create({
        data: { userId: users.tech!, action: "checkout", entityType: "equipment", entityId: equipmentIds["Birchmeier Iris 15 Backpack Sprayer"]!, ...said(checkedOut("Birchmeier Iris 15 Backpack Sprayer", "Marcus Reyes")), createdAt: daysAgo(1, 3) },
      });
      await tx.activityEntry.create({
        data: { userId: users.pnair!, action: "checkout", entityType: "equipment", entityId: equipmentIds["3M Versaflo PAPR Kit"]!, ...said(checkedOut("3M Versaflo PAPR Kit", "Priya Nair")), createdAt: daysAgo(0, 2) },
      });
      return "seeded" as const;
    },
    { timeout: 60_000 },
  );
}
