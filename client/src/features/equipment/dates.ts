import { mediumDate, shortDate } from "../../platform/dates.ts";

/**
 * Equipment dates (shown in the app's language). purchaseDate / lastMaintenance / nextMaintenance are calendar dates sent as
 * 'YYYY-MM-DD' and stored as UTC midnight, so they are read and shown in UTC to avoid a day shift.
 * assignedAt is a real moment and is shown in local time.
 */
export function toDateInput(value: unknown): string {
  if (typeof value !== "string" || !value) return "";
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 10);
}

export function formatCalendarDate(value: unknown): string {
  if (typeof value !== "string" || !value) return "";
  return mediumDate(value, { utc: true });
}

export function formatLocalDate(value: unknown): string {
  if (typeof value !== "string" || !value) return "";
  return shortDate(value);
}

const DAY = 86_400_000;

/** Whole days from today (UTC calendar) until the date; negative when past. */
export function daysUntil(value: string, now = new Date()): number {
  const target = Date.parse(toDateInput(value));
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((target - today) / DAY);
}

/** 'overdue' when past, 'soon' within 7 days, else 'later'. */
export function maintenanceUrgency(value: string, now = new Date()): "overdue" | "soon" | "later" {
  const days = daysUntil(value, now);
  return days < 0 ? "overdue" : days <= 7 ? "soon" : "later";
}

/** The calendar date `days` after a YYYY-MM-DD date. */
export function addDaysToInput(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY).toISOString().slice(0, 10);
}
