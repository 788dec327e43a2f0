/** A date-time from the API, in the user's locale; `fallback` when there is none. */
export const when = (value: unknown, fallback = "Never") => (value ? new Date(value as string).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : fallback);
