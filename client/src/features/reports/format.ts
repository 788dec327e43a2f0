import { t } from "@lingui/core/macro";
import { monthDay } from "../../platform/dates.ts";
import { activeLocale } from "../../platform/locales/load.ts";
import type { ReportInterval } from "./range.ts";

// Report figures as people read them.

/** A period's label: the day, or the week's first day. */
export function periodLabel(iso: string, interval: ReportInterval): string {
  const text = monthDay(iso, { utc: true });
  return interval === "WEEK" ? t`Week of ${text}` : text;
}

/** Hours as a readable duration: "45 min", "5.5 h", "3.2 days". */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return "—";
  const number = (n: number) => n.toLocaleString(activeLocale());
  if (hours < 1) {
    const minutes = number(Math.round(hours * 60));
    return t`${minutes} min`;
  }
  if (hours < 48) {
    const h = number(Math.round(hours * 10) / 10);
    return t`${h} h`;
  }
  const days = number(Math.round((hours / 24) * 10) / 10);
  return t`${days} days`;
}
