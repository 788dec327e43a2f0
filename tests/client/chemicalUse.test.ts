import { describe, expect, it } from "vitest";
import { isApplied } from "../../client/src/features/inventory/chemicalUse.ts";

describe("record use", () => {
  it("is offered for pesticides, chemicals, baits and anything with an EPA number", () => {
    expect(isApplied({ category: "Pesticide" })).toBe(true);
    expect(isApplied({ category: "Bait" })).toBe(true);
    expect(isApplied({ category: "Traps" })).toBe(false);
    expect(isApplied({ category: "Supplies", epaRegistrationNumber: "432-1012" })).toBe(true);
  });
});
