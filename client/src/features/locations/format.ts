/** Integer cents as dollars and cents ("$1,234.50"). */
const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
export const formatCents = (cents: number) => money.format(cents / 100);

export const kindLabel = (kind: string) => (kind === "VEHICLE" ? "Vehicle" : "Warehouse");
