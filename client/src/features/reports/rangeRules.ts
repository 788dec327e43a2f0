/** The same limit the server enforces. */
export const MAX_RANGE_DAYS = 731;
import { msg, t } from "@lingui/core/macro";

const DAY = 86_400_000;

export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;
}

/** The date range control's quick choices. */
export const PRESETS = [
  { label: msg`7 days`, days: 7 },
  { label: msg`30 days`, days: 30 },
  { label: msg`90 days`, days: 90 },
  { label: msg`12 months`, days: 365 },
] as const;

/** What is wrong with a range the user typed, or null. */
export function rangeProblem(from: string, to: string): string | null {
  const valid = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));
  if (!valid(from) || !valid(to)) return t`Enter both dates`;
  if (from > to) return t`The start must be on or before the end`;
  if (daysInRange(from, to) > MAX_RANGE_DAYS) return t`At most ${MAX_RANGE_DAYS} days`;
  return null;
}
