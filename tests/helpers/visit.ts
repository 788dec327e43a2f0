/**
 * A valid application visit without its product lines, an hour ago in Austin: the fields a test
 * does not check. What it checks, it passes (`applicationVisit({ method: "BAIT", lines })`).
 * Plain data, no imports: the vitest suites and the Playwright specs share it.
 */
export function applicationVisit<T extends Record<string, unknown>>(overrides: T = {} as T) {
  return {
    customerName: "Probe customer",
    serviceAddress: { street: "1 Main St", city: "Austin", state: "TX", zip: "78701" },
    areaTreated: { amount: "100", unit: "SQ_FT" },
    startedAt: new Date(Date.now() - 3_600_000).toISOString(),
    targetPests: ["Ants"],
    method: "SPRAY",
    ...overrides,
  };
}
