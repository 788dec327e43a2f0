/** A date-time from the API, in the user's locale; `fallback` when there is none. */
export const when = (value: unknown, fallback = "Never") => (value ? new Date(value as string).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : fallback);

/** The user's today, YYYY-MM-DD (the expiry picker's lower bound). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
