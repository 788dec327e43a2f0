export type Line = { id: string; name: string; quantity: number };

/** §5: adding an item already in the list sums the quantities; a piece of equipment is listed once (quantity 1). */
export function addLine(lines: readonly Line[], line: Line, single = false): Line[] {
  const existing = lines.find((l) => l.id === line.id);
  if (!existing) return [...lines, single ? { ...line, quantity: 1 } : line];
  if (single) return [...lines];
  return lines.map((l) => (l.id === line.id ? { ...l, quantity: l.quantity + line.quantity } : l));
}

/** One choice of the request form's item picker. */
export type PickerOption = { id: string; label: string; name: string };

/** How many matches the picker asks the server for (the first ones when nothing is typed). */
export const PICKER_PAGE = 20;

/** Inventory choices show the stock on hand; `inStock` words it (the request form passes the app's language). */
export function inventoryOptions(
  items: readonly { id: string; name: string; quantity: number; unit: string }[],
  inStock: (quantity: number, unit: string) => string = (quantity, unit) => `${quantity} ${unit} in stock`,
): PickerOption[] {
  return items.map((i) => ({ id: i.id, label: `${i.name} (${inStock(i.quantity, i.unit)})`, name: i.name }));
}

/** §5: only available equipment is selectable; the serial number tells identical tools apart. */
export function equipmentOptions(items: readonly { id: string; name: string; serialNumber?: string | null; status: string }[]): PickerOption[] {
  return items
    .filter((e) => e.status === "available")
    .map((e) => ({ id: e.id, label: e.serialNumber ? `${e.name} (${e.serialNumber})` : e.name, name: e.name }));
}
