/** The dot colour of an activity entry, by its action. */
export const actionColor: Record<string, string> = { create: "#2e7d32", add: "#2e7d32", checkout: "#1565c0", update: "#ef6c00", use: "#c25e00", maintenance: "#6a1b9a" };
