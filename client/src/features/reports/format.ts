import type { ReportInterval } from "./range.ts";

// Report figures as people read them.

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
