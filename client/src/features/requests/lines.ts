export type Line = { id: string; name: string; quantity: number };

/** §5: adding an item already in the list sums the quantities; a piece of equipment is listed once (quantity 1). */
export function addLine(lines: readonly Line[], line: Line, single = false): Line[] {
  const existing = lines.find((l) => l.id === line.id);
  if (!existing) return [...lines, single ? { ...line, quantity: 1 } : line];
  if (single) return [...lines];
  return lines.map((l) => (l.id === line.id ? { ...l, quantity: l.quantity + line.quantity } : l));
}
