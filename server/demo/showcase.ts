import type { Actor, Deps } from "../domain/context.ts";
import { recordApplication } from "../domain/applications.ts";
import { setCertification } from "../domain/certifications.ts";
import { updateInventoryItem, createInventoryItem } from "../domain/inventory.ts";
import { createStockLocation, setLocationMinimum, transferStock } from "../domain/locations.ts";
import { createPurchaseOrder, createSupplier, placePurchaseOrder, receivePurchaseOrder, setPreferredSupplier } from "../domain/purchasing.ts";

/*
 * The demo company's second layer (SEED_DEMO=1, what `npm start` shows): everything a newcomer might
 * try has something to show. Trucks held by technicians, with stock and minimums; products with their
 * label facts, measured by the container; two suppliers with preferred items, an order placed and one
 * partly received; certifications (one expiring within 30 days); two weeks of application records,
 * restricted-use ones among them. Made through the domain, so stock, ledger, activity and
 * notifications are what the app itself would have written. The test suites use SEED_DEMO=basic
 * (the first layer only), which their expectations are written against.
 */

const DAY = 86_400_000;
const daysAgo = (days: number, hour = 9, minute = 0) => {
  const d = new Date(Date.now() - days * DAY);
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString();
};
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** Label facts of the demo's pesticide products (EPA numbers, signal words and contents as on their labels). */
const LABELS: Record<string, Record<string, unknown>> = {
  "Termidor SC Termiticide": { epaRegistrationNumber: "7969-210", signalWord: "CAUTION", formulation: "Suspension concentrate", activeIngredients: [{ name: "Fipronil", percent: "9.1" }], containerSize: { amount: "78", unit: "FL_OZ" } },
  "Demand CS Insecticide": { epaRegistrationNumber: "100-1066", signalWord: "WARNING", formulation: "Capsule suspension", activeIngredients: [{ name: "Lambda-cyhalothrin", percent: "9.7" }], containerSize: { amount: "8", unit: "FL_OZ" } },
  "Advion Cockroach Gel Bait": { epaRegistrationNumber: "352-652", signalWord: "CAUTION", formulation: "Gel bait", activeIngredients: [{ name: "Indoxacarb", percent: "0.6" }], containerSize: { amount: "120", unit: "G" } },
  "Contrac All-Weather Blox": { epaRegistrationNumber: "12455-79", signalWord: "CAUTION", formulation: "Bait block", activeIngredients: [{ name: "Bromadiolone", percent: "0.005" }], containerSize: { amount: "18", unit: "LB" } },
  "Talstar P Professional": { epaRegistrationNumber: "279-3206", signalWord: "CAUTION", formulation: "Emulsifiable concentrate", activeIngredients: [{ name: "Bifenthrin", percent: "7.9" }], containerSize: { amount: "1", unit: "GAL" } },
  "Gentrol IGR Concentrate": { epaRegistrationNumber: "2724-351", signalWord: "CAUTION", formulation: "Concentrate", activeIngredients: [{ name: "(S)-Hydroprene", percent: "9" }], containerSize: { amount: "16", unit: "FL_OZ" } },
};

const CUSTOMERS = [
  { customerName: "Rosa Delgado", serviceAddress: { street: "418 Elm St", city: "Austin", state: "TX", zip: "78704" }, siteDescription: "Single-family home: crawl space and perimeter" },
  { customerName: "Riverside Apartments LLC", serviceAddress: { street: "2200 Riverside Dr", city: "Austin", state: "TX", zip: "78741" }, siteDescription: "Building C kitchens, units 101-112" },
  { customerName: "Casa Verde Restaurant", serviceAddress: { street: "77 E 6th St", city: "Austin", state: "TX", zip: "78701" }, siteDescription: "Kitchen, dry storage and dumpster pad" },
  { customerName: "Hill Country Storage", serviceAddress: { street: "9 Depot Rd", city: "Round Rock", state: "TX", zip: "78664" }, siteDescription: "Warehouse 2 (sealed for fumigation)" },
  { customerName: "Oak Street Elementary", serviceAddress: { street: "1500 Oak St", city: "Pflugerville", state: "TX", zip: "78660" }, siteDescription: "Playground fence line and exterior walls" },
];

export async function seedShowcase(deps: Deps): Promise<void> {
  const people = await deps.prisma.user.findMany();
  const actor = (username: string): Actor => {
    const u = people.find((p) => p.username === username)!;
    return { id: u.id, username: u.username, name: u.name, role: u.role, department: u.department };
  };
  const manager = actor("manager");
  const items = new Map((await deps.prisma.inventoryItem.findMany()).map((i) => [i.name, i]));
  const item = (name: string) => items.get(name)!.id;

  // Label facts, and a restricted-use fumigant sold by the cylinder.
  for (const [name, label] of Object.entries(LABELS)) await updateInventoryItem(deps, manager, item(name), label);
  const vikane = await createInventoryItem(deps, manager, {
    name: "Vikane Gas Fumigant",
    description: "Sulfuryl fluoride 99.8%, 125 lb cylinder (restricted use)",
    category: "Chemicals",
    quantity: 3,
    minQuantity: 1,
    reorderPoint: 1,
    reorderQuantity: 2,
    unit: "units",
    price: 145000,
    supplier: "Univar Solutions",
    location: "Fumigation cage",
    hazardous: true,
    epaRegistrationNumber: "62719-4",
    restrictedUse: true,
    signalWord: "DANGER",
    formulation: "Compressed gas",
    activeIngredients: [{ name: "Sulfuryl fluoride", percent: "99.8" }],
    containerSize: { amount: "125", unit: "LB" },
  });
  items.set(vikane.name, vikane);

  // Trucks held by technicians, stocked from the warehouse, with their own minimums.
  const main = (await deps.prisma.stockLocation.findFirstOrThrow({ where: { kind: "WAREHOUSE", archived: false }, orderBy: { id: "asc" } })).id;
  const trucks = [
    { name: "Truck 1", holder: "tech", stock: [["Termidor SC Termiticide", 3, 2], ["Demand CS Insecticide", 2, 2], ["Advion Cockroach Gel Bait", 3, 2], ["Tyvek Disposable Coveralls", 6, 4], ["Vikane Gas Fumigant", 1, 0]] },
    { name: "Truck 3", holder: "agomez", stock: [["Talstar P Professional", 2, 1], ["Gentrol IGR Concentrate", 3, 2], ["Nitrile Gloves 8 mil", 2, 3], ["Contrac All-Weather Blox", 1, 1]] },
  ] as const;
  for (const t of trucks) {
    const truck = await createStockLocation(deps, manager, { name: t.name, kind: "VEHICLE", holderId: actor(t.holder).id });
    for (const [name, quantity, minimum] of t.stock) {
      await transferStock(deps, manager, { itemId: item(name), fromLocationId: main, toLocationId: truck.id, quantity });
      if (minimum) await setLocationMinimum(deps, manager, { locationId: truck.id, itemId: item(name), minQuantity: minimum });
    }
  }

  // Purchasing: two suppliers with preferred items; one order placed, one partly received.
  const univar = await createSupplier(deps, manager, { name: "Univar Solutions", contactName: "Dana Ortiz", email: "orders@univar.example", phone: "512-555-0140", accountNumber: "UV-20931" });
  const target = await createSupplier(deps, manager, { name: "Target Specialty Products", contactName: "Lee Park", email: "austin@target-specialty.example", phone: "512-555-0177", accountNumber: "TSP-7781" });
  for (const name of ["Termidor SC Termiticide", "Talstar P Professional", "Vikane Gas Fumigant"]) await setPreferredSupplier(deps, manager, { itemId: item(name), supplierId: univar.id });
  for (const name of ["Advion Cockroach Gel Bait", "Demand CS Insecticide", "Gentrol IGR Concentrate"]) await setPreferredSupplier(deps, manager, { itemId: item(name), supplierId: target.id });
  const placed = await createPurchaseOrder(deps, manager, { supplierId: univar.id, expectedDate: inDays(5), notes: "Deliver to the chemical room dock", lines: [{ itemId: item("Termidor SC Termiticide"), quantity: 12, unitCostCents: 9400 }, { itemId: item("Talstar P Professional"), quantity: 4, unitCostCents: 7200 }] });
  await placePurchaseOrder(deps, manager, placed.id);
  const partly = await createPurchaseOrder(deps, manager, { supplierId: target.id, expectedDate: inDays(-1), lines: [{ itemId: item("Demand CS Insecticide"), quantity: 12, unitCostCents: 5900 }, { itemId: item("Advion Cockroach Gel Bait"), quantity: 10, unitCostCents: 5200 }] });
  const order = await placePurchaseOrder(deps, manager, partly.id);
  const lines = await deps.prisma.purchaseOrderLine.findMany({ where: { orderId: order.id }, orderBy: { position: "asc" } });
  await receivePurchaseOrder(deps, manager, order.id, { lines: [{ lineId: lines[0]!.id, quantity: 8 }] });

  // Certifications: Priya's expires within 30 days; Alicia holds none and works under supervision.
  await setCertification(deps, manager, { userId: actor("tech").id, number: "TX-0428611", state: "TX", categories: ["Structural pest control", "Termite", "Fumigation"], issuedOn: "2024-03-01", expiresOn: inDays(480) });
  await setCertification(deps, manager, { userId: actor("pnair").id, number: "TX-0519044", state: "TX", categories: ["Structural pest control", "Lawn and ornamental"], issuedOn: "2023-12-15", expiresOn: inDays(21) });
  await setCertification(deps, manager, { userId: manager.id, number: "TX-0301977", state: "TX", categories: ["Structural pest control", "Termite", "Fumigation", "Weed control"], issuedOn: "2022-06-01", expiresOn: inDays(700) });

  // Two weeks of application records.
  const apply = (who: string, days: number, hour: number, customer: number, fields: Record<string, unknown>) =>
    recordApplication(deps, actor(who), { ...CUSTOMERS[customer], startedAt: daysAgo(days, hour), endedAt: daysAgo(days, hour + 1, 10), ...fields });
  const dilute = (amount: string, unit: string, finishedVolume: string) => ({ amount, unit, finishedVolume, finishedUnit: "GAL" });
  await apply("tech", 13, 14, 0, {
    areaTreated: { amount: "180", unit: "LINEAR_FT" },
    targetPests: ["Subterranean termites"],
    method: "INJECTION",
    lines: [{ itemId: item("Termidor SC Termiticide"), amount: "19.5", unit: "FL_OZ", dilution: dilute("0.8", "FL_OZ", "1") }],
    weather: { temperatureF: "74", windSpeedMph: "6", windDirection: "S" },
    notes: "Trenched and rodded along the foundation; customer given the re-entry notice.",
  });
  await apply("pnair", 12, 10, 1, {
    areaTreated: { amount: "1800", unit: "SQ_FT" },
    targetPests: ["German cockroaches"],
    method: "BAIT",
    lines: [{ itemId: item("Advion Cockroach Gel Bait"), amount: "45", unit: "G" }, { itemId: item("Gentrol IGR Concentrate"), amount: "1", unit: "FL_OZ", dilution: dilute("1", "FL_OZ", "1") }],
  });
  await apply("agomez", 10, 8, 4, {
    areaTreated: { amount: "2.5", unit: "ACRES" },
    targetPests: ["Mosquitoes"],
    method: "SPRAY",
    supervisorId: actor("tech").id,
    lines: [{ itemId: item("Talstar P Professional"), amount: "32", unit: "FL_OZ", dilution: dilute("1", "FL_OZ", "1") }],
    weather: { temperatureF: "81", windSpeedMph: "4", windDirection: "SE" },
  });
  await apply("tech", 9, 7, 3, {
    areaTreated: { amount: "42000", unit: "CUBIC_FT" },
    targetPests: ["Drywood termites", "Powderpost beetles"],
    method: "FOG",
    supervisedApplicators: ["Alicia Gomez"],
    lines: [{ itemId: item("Vikane Gas Fumigant"), amount: "38.5", unit: "LB" }],
    notes: "Tarped structure; clearance reading taken before re-entry.",
  });
  await apply("pnair", 7, 15, 2, {
    areaTreated: { amount: "950", unit: "SQ_FT" },
    targetPests: ["German cockroaches", "Ants"],
    method: "SPRAY",
    lines: [{ itemId: item("Demand CS Insecticide"), amount: "1.5", unit: "FL_OZ", dilution: dilute("0.25", "FL_OZ", "1") }],
  });
  await apply("agomez", 6, 9, 4, {
    areaTreated: { amount: "400", unit: "LINEAR_FT" },
    targetPests: ["Norway rats"],
    method: "BAIT",
    supervisorId: actor("tech").id,
    lines: [{ itemId: item("Contrac All-Weather Blox"), amount: "2", unit: "LB" }],
  });
  await apply("tech", 4, 13, 1, {
    areaTreated: { amount: "2400", unit: "SQ_FT" },
    targetPests: ["German cockroaches"],
    method: "BAIT",
    lines: [{ itemId: item("Advion Cockroach Gel Bait"), amount: "60", unit: "G" }],
  });
  await apply("manager", 3, 11, 3, {
    areaTreated: { amount: "38000", unit: "CUBIC_FT" },
    targetPests: ["Drywood termites"],
    method: "FOG",
    supervisedApplicators: ["Marcus Reyes"],
    lines: [{ itemId: item("Vikane Gas Fumigant"), amount: "31", unit: "LB" }],
  });
  await apply("pnair", 2, 9, 0, {
    areaTreated: { amount: "2100", unit: "SQ_FT" },
    targetPests: ["Ants", "Spiders"],
    method: "SPRAY",
    lines: [{ itemId: item("Talstar P Professional"), amount: "4", unit: "FL_OZ", dilution: dilute("1", "FL_OZ", "1") }],
    weather: { temperatureF: "68", windSpeedMph: "3", windDirection: "N" },
  });
  await apply("tech", 1, 16, 2, {
    areaTreated: { amount: "600", unit: "SQ_FT" },
    targetPests: ["German cockroaches"],
    method: "BAIT",
    lines: [{ itemId: item("Advion Cockroach Gel Bait"), amount: "30", unit: "G" }],
  });
}
