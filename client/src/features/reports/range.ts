/**
 * The reports' date range: calendar days (YYYY-MM-DD), both ends included, and the period of the over-time
 * charts; and the range the Reports screen opens with (its route reads it: the entry carries this module).
 */
export type ReportInterval = "DAY" | "WEEK";
export type ReportRange = { from: string; to: string; interval: ReportInterval };

const DAY = 86_400_000;

/** A date as the user's calendar shows it, YYYY-MM-DD. */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY).toISOString().slice(0, 10);
}

/** The last `days` days up to today; weekly periods for ranges longer than three months. */
export function presetRange(days: number, now = new Date()): ReportRange {
  const to = localDay(now);
  return { from: addDays(to, -(days - 1)), to, interval: days > 92 ? "WEEK" : "DAY" };
}

export const defaultRange = (now = new Date()) => presetRange(30, now);
