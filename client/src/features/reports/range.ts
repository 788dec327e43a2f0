/** The reports' date range: calendar days (YYYY-MM-DD), both ends included, and the period of the over-time charts. */
export type ReportInterval = "DAY" | "WEEK";
export type ReportRange = { from: string; to: string; interval: ReportInterval };

/** The same limit the server enforces. */
export const MAX_RANGE_DAYS = 731;
const DAY = 86_400_000;

/** A date as the user's calendar shows it, YYYY-MM-DD. */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY).toISOString().slice(0, 10);
}

export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;
}

export const PRESETS = [
  { label: "7 days", days: 7 },
  { label: "30 days", days: 30 },
  { label: "90 days", days: 90 },
  { label: "12 months", days: 365 },
] as const;

/** The last `days` days up to today; weekly periods for ranges longer than three months. */
export function presetRange(days: number, now = new Date()): ReportRange {
  const to = localDay(now);
  return { from: addDays(to, -(days - 1)), to, interval: days > 92 ? "WEEK" : "DAY" };
}

export const defaultRange = (now = new Date()) => presetRange(30, now);

/** What is wrong with a range the user typed, or null. */
export function rangeProblem(from: string, to: string): string | null {
  const valid = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));
  if (!valid(from) || !valid(to)) return "Enter both dates";
  if (from > to) return "The start must be on or before the end";
  if (daysInRange(from, to) > MAX_RANGE_DAYS) return `At most ${MAX_RANGE_DAYS} days`;
  return null;
}

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
export const formatDollars = (cents: number) => dollars.format(cents / 100);

/** A period's label: the day, or the week's first day. */
export function periodLabel(iso: string, interval: ReportInterval): string {
  const d = new Date(iso);
  const text = d.toLocaleDateString(undefined, { timeZone: "UTC", month: "short", day: "numeric" });
  return interval === "WEEK" ? `Week of ${text}` : text;
}

/** Hours as a readable duration: "45 min", "5.5 h", "3.2 days". */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return "—";
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}
