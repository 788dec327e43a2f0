import { describe, expect, it } from "vitest";
import { isApplied, toUseInput, validateUse } from "../../client/src/features/inventory/chemicalUse.ts";
import { EMPTY_ITEM, toInput, validateItem } from "../../client/src/features/inventory/formRules.ts";

const ok = { quantity: "2", siteAddress: "12 Oak St", targetPest: "Termites", date: "2026-11-20" };

describe("inventory form: EPA registration number and active ingredient", () => {
  const base = { ...EMPTY_ITEM, name: "Termidor", category: "Pesticide" };
  it("accepts company-product and company-product-distributor numbers, or nothing", () => {
    for (const epa of ["", "7969-210", " 432-1012-5481 ", "100-01066"]) expect(validateItem({ ...base, epaRegistrationNumber: epa })).toEqual({});
  });
  it("refuses anything else with the server's message", () => {
    for (const epa of ["7969", "ABC-12", "0-12", "7969-210-", "1-2-3-4"]) {
      expect(validateItem({ ...base, epaRegistrationNumber: epa }).epaRegistrationNumber, epa).toMatch(/^EPA registration number must look like 432-1012/);
    }
    expect(validateItem({ ...base, activeIngredient: "x".repeat(201) }).activeIngredient).toBeDefined();
  });
  it("sends trimmed values, blanks as null", () => {
    expect(toInput({ ...base, epaRegistrationNumber: " 7969-210 ", activeIngredient: "" })).toMatchObject({ epaRegistrationNumber: "7969-210", activeIngredient: null });
  });
});

describe("record use", () => {
  it("is offered for pesticides, chemicals, baits and anything with an EPA number", () => {
    expect(isApplied({ category: "Pesticide" })).toBe(true);
    expect(isApplied({ category: "Bait" })).toBe(true);
    expect(isApplied({ category: "Traps" })).toBe(false);
    expect(isApplied({ category: "Supplies", epaRegistrationNumber: "432-1012" })).toBe(true);
  });

  it("needs a whole quantity within stock, a site, a pest and a date not in the future", () => {
    expect(validateUse(ok, 5, "2026-11-22")).toEqual({});
    expect(validateUse({ ...ok, quantity: "" }, 5, "2026-11-22").quantity).toBe("Quantity is required");
    expect(validateUse({ ...ok, quantity: "1.5" }, 5, "2026-11-22").quantity).toBe("Quantity must be a whole number");
    expect(validateUse({ ...ok, quantity: "0" }, 5, "2026-11-22").quantity).toBe("Quantity must be at least 1");
    expect(validateUse({ ...ok, quantity: "6" }, 5, "2026-11-22").quantity).toBe("Only 5 in stock");
    expect(validateUse({ ...ok, siteAddress: "  " }, 5, "2026-11-22").siteAddress).toBe("Site address is required");
    expect(validateUse({ ...ok, targetPest: "" }, 5, "2026-11-22").targetPest).toBe("Target pest is required");
    expect(validateUse({ ...ok, date: "2026-11-23" }, 5, "2026-11-22").date).toBe("Date of use cannot be in the future");
  });

  it("builds the mutation input", () => {
    expect(toUseInput("SW52:1", { ...ok, siteAddress: " 12 Oak St ", quantity: " 2" })).toEqual({
      itemId: "SW52:1",
      quantity: 2,
      siteAddress: "12 Oak St",
      targetPest: "Termites",
      date: "2026-11-20",
    });
  });
});
