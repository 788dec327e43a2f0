/**
 * The activity entry of an edit: which labelled fields changed, from what to what
 * ("Updated Bifen: quantity 4 → 6, location none → Van 2"). Used by inventory and equipment.
 */
export function describeChanges<T extends object>(before: T, after: T, names: Partial<Record<keyof T, string>>): string {
  const changes: string[] = [];
  for (const key of Object.keys(names) as (keyof T)[]) {
    const b = before[key];
    const v = after[key];
    const same = b instanceof Date && v instanceof Date ? b.getTime() === v.getTime() : b === v;
    if (!same) changes.push(`${names[key]} ${fmt(b)} → ${fmt(v)}`);
  }
  const name = (after as { name?: string }).name ?? "";
  return changes.length ? `Updated ${name}: ${changes.join(", ")}` : `Saved ${name} (no changes)`;
}

function fmt(v: unknown): string {
  if (v === null || v === undefined || v === "") return "none";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const s = String(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
