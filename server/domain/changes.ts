import type { Message } from "../../schemas/messages.ts";

/**
 * The activity entry of an edit: which labelled fields changed, from what to what
 * ("Updated Bifen: quantity 4 → 6, location none → Van 2"). Used by inventory and equipment.
 */
export function describeChanges<T extends object>(before: T, after: T, names: Partial<Record<keyof T, string>>): Message {
  const changes: string[] = [];
  for (const key of Object.keys(names) as (keyof T)[]) {
    const b = before[key];
    const v = after[key];
    const same = b instanceof Date && v instanceof Date ? b.getTime() === v.getTime() : b === v;
    if (!same) changes.push(`${names[key]} ${fmt(b)} → ${fmt(v)}`);
  }
  const name = (after as { name?: string }).name ?? "";
  // The list of changes keeps the fields' own (English) names and values as they are.
  return changes.length
    ? /*i18n*/ { id: "activity.updated", message: "Updated {name}: {changes}", values: { name, changes: changes.join(", ") } }
    : /*i18n*/ { id: "activity.savedNoChanges", message: "Saved {name} (no changes)", values: { name } };
}

function fmt(v: unknown): string {
  if (v === null || v === undefined || v === "") return "none";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const s = String(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
