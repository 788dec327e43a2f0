import type { Label, Message, MessageValue } from "../../schemas/messages.ts";

/** The fields an edit reports, each by its name in activity entries (a message: "quantity", "cantidad"). */
export type FieldNames<T> = Partial<Record<keyof T, Label>>;

/** One change of an edit: "quantity 4 → 6". */
export function fieldChange(field: Label, before: MessageValue, after: MessageValue): Message {
  return /*i18n*/ { id: "activity.fieldChanged", message: "{field} {before} → {after}", values: { field, before, after } };
}

/** The activity entry of an edit of `name` that changed `changes` (none: "Saved … (no changes)"). */
export function updatedActivity(name: string, changes: MessageValue[]): Message {
  return changes.length
    ? /*i18n*/ { id: "activity.updated", message: "Updated {name}: {changes}", values: { name, changes } }
    : /*i18n*/ { id: "activity.savedNoChanges", message: "Saved {name} (no changes)", values: { name } };
}

/**
 * The activity entry of an edit: which labelled fields changed, from what to what
 * ("Updated Bifen: quantity 4 → 6, location none → Van 2"). Used by inventory, equipment and suppliers.
 * The fields' names are read in the reader's language, the values as they are (days the reader's way).
 */
export function describeChanges<T extends object>(before: T, after: T, names: FieldNames<T>): Message {
  const changes: Message[] = [];
  for (const key of Object.keys(names) as (keyof T)[]) {
    const b = before[key];
    const v = after[key];
    const same = b instanceof Date && v instanceof Date ? b.getTime() === v.getTime() : b === v;
    if (!same) changes.push(fieldChange(names[key]!, shown(b), shown(v)));
  }
  return updatedActivity((after as { name?: string }).name ?? "", changes);
}

const NONE: Message = /*i18n*/ { id: "activity.noValue", message: "none" };

function shown(v: unknown): MessageValue {
  if (v === null || v === undefined || v === "") return NONE;
  if (v instanceof Date) return { day: v.toISOString().slice(0, 10) };
  const s = String(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
