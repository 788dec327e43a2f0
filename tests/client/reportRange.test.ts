import { describe, expect, it } from "vitest";
import { formatDollars, formatHours } from "../../client/src/features/reports/format.ts";
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
    expect(formatDollars(123456)).toBe("$1,235");
    expect(formatHours(null)).toBe("—");
    expect(formatHours(0.5)).toBe("30 min");
    expect(formatHours(5.55)).toBe("5.6 h");
    expect(formatHours(72)).toBe("3 days");
  });
});
