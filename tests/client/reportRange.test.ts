import { describe, expect, it, vi } from "vitest";
import { formatHours, periodLabel } from "../../client/src/features/reports/format.ts";
import { formatCents, formatCompactDollars, formatWholeDollars } from "../../client/src/platform/money.ts";
import { addDays, presetRange } from "../../client/src/features/reports/range.ts";
import { daysInRange, rangeProblem } from "../../client/src/features/reports/rangeRules.ts";

describe("report ranges", () => {
  it("presets end today and switch to weeks beyond three months", () => {
    const now = new Date(2026, 10, 22, 15, 0);
    expect(presetRange(7, now)).toEqual({ from: "2026-11-16", to: "2026-11-22", interval: "DAY" });
    expect(presetRange(30, now)).toEqual({ from: "2026-10-24", to: "2026-11-22", interval: "DAY" });
    expect(presetRange(365, now)).toMatchObject({ from: "2025-11-23", interval: "WEEK" });
    expect(daysInRange("2025-11-23", "2026-11-22")).toBe(365);
  });

  it("adds days across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("names what is wrong with a typed range", () => {
    expect(rangeProblem("2026-01-01", "2026-01-31")).toBeNull();
    expect(rangeProblem("", "2026-01-31")).toBe("Enter both dates");
    expect(rangeProblem("2026-02-01", "2026-01-31")).toBe("The start must be on or before the end");
    expect(rangeProblem("2024-01-01", "2026-01-31")).toBe("At most 731 days");
  });

  it("formats money and durations", () => {
    expect(formatWholeDollars(123456)).toBe("$1,235");
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCompactDollars(12_345)).toBe("$12K");
    expect(formatHours(null)).toBe("—");
    expect(formatHours(0.5)).toBe("30 min");
    expect(formatHours(5.55)).toBe("5.6 h");
    expect(formatHours(72)).toBe("3 days");
  });

  it("makes each money format once per language, however many figures it writes", async () => {
    vi.resetModules();
    const money = await import("../../client/src/platform/money.ts");
    const Real = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    } as typeof Real;
    try {
      for (let cents = 0; cents < 50; cents++) void [money.formatCents(cents), money.formatWholeDollars(cents), money.formatCompactDollars(cents)];
    } finally {
      Intl.NumberFormat = Real;
    }
    expect(made).toBe(3);
  });

  it("names a period by its day, or its week's first day", () => {
    expect(periodLabel("2026-12-02T00:00:00.000Z", "DAY")).toBe("Dec 2");
    expect(periodLabel("2026-11-30T00:00:00.000Z", "WEEK")).toBe("Week of Nov 30");
  });
});
