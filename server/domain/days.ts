/** Calendar dates are stored as UTC midnight; "today" is the UTC calendar day (epoch ms of its midnight). */
export const utcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/** YYYY-MM-DD of a date's UTC calendar day. */
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export const DAY_MS = 86_400_000;
