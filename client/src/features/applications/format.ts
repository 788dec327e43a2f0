import { METHOD_LABEL, type ApplicationMethod } from "../../../../schemas/applications.ts";
import { AREA_LABEL, MEASURE_LABEL, type AreaUnit, type MeasureUnit } from "../../../../schemas/measures.ts";

/** What a migrated record lacks is shown as this, never invented (issue 34). */
export const NOT_RECORDED = "not recorded";

export const methodText = (method: string | null | undefined) => (method ? (METHOD_LABEL[method as ApplicationMethod] ?? method) : NOT_RECORDED);
export const areaText = (area: { amount: unknown; unit: string } | null | undefined) =>
  area ? `${String(area.amount)} ${AREA_LABEL[area.unit as AreaUnit] ?? area.unit}` : NOT_RECORDED;
export const unitText = (unit: string) => MEASURE_LABEL[unit as MeasureUnit] ?? unit;

export function addressText(a: { street?: string | null; city?: string | null; state?: string | null; zip?: string | null } | null | undefined): string {
  if (!a) return NOT_RECORDED;
  const place = [a.city, [a.state, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [a.street, place].filter(Boolean).join(", ") || NOT_RECORDED;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });
export const whenText = (iso: string) => dateTime.format(new Date(iso));
/** "Nov 26, 2026, 9:00 AM – 10:10 AM" (the end's day only when it differs). */
export function spanText(startedAt: string, endedAt: string | null | undefined): string {
  if (!endedAt) return whenText(startedAt);
  const start = new Date(startedAt);
  const end = new Date(endedAt);
  const sameDay = start.toDateString() === end.toDateString();
  return `${whenText(startedAt)} – ${sameDay ? timeOnly.format(end) : whenText(endedAt)}`;
}

export const SIGNAL_LABEL: Record<string, string> = { CAUTION: "Caution", WARNING: "Warning", DANGER: "Danger" };
