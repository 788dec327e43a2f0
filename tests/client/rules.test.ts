import { describe, expect, it } from "vitest";
import { checkSdsFile } from "../../client/src/components/sdsFile.ts";
import { equipmentStatusLine } from "../../client/src/features/equipment/status.ts";
import { centsToPrice, EMPTY_ITEM, matchesFilter, priceToCents, toInput, validateItem } from "../../client/src/features/inventory/formRules.ts";

describe("inventory form rules (§5)", () => {
  it("needs name, category, quantity, minimum and unit", () => {
    expect(validateItem({ ...EMPTY_ITEM, quantity: "", minQuantity: "" })).toMatchObject({
      name: "Name is required",
      category: "Category is required",
      quantity: "Quantity is required",
      minQuantity: "Minimum quantity is required",
    });
    expect(validateItem({ ...EMPTY_ITEM, name: "Gel", category: "Bait" })).toEqual({});
  });

  it("refuses negatives, fractions and a reorder quantity below 1", () => {
    const errors = validateItem({ ...EMPTY_ITEM, name: "Gel", category: "Bait", quantity: "-1", minQuantity: "2.5", price: "-3", reorderQuantity: "0" });
    expect(errors.quantity).toBe("Quantity must be at least 0");
    expect(errors.minQuantity).toBe("Minimum quantity must be a whole number");
    expect(errors.price).toBe("Price must be at least 0");
    expect(errors.reorderQuantity).toBe("Reorder quantity must be at least 1");
  });

  it("turns dollars into cents by multiplying by 100 and rounding", () => {
    expect(priceToCents("12.345")).toBe(1235);
    expect(priceToCents("0.1")).toBe(10);
    expect(priceToCents("")).toBeNull();
    expect(centsToPrice(9850)).toBe("98.50");
    expect(toInput({ ...EMPTY_ITEM, name: " Gel ", category: "Bait", price: "4.99", supplier: "  " })).toMatchObject({
      name: "Gel",
      price: 499,
      supplier: null,
      reorderPoint: 5,
    });
  });

  it("matches a new item against the list's search and category like the server does", () => {
    const item = { name: "Advion Gel", description: "Cockroach bait", category: "Bait" };
    expect(matchesFilter(item, "COCKROACH", null)).toBe(true);
    expect(matchesFilter(item, null, "Traps")).toBe(false);
    expect(matchesFilter(item, "bait", "Bait")).toBe(true);
  });
});

describe("SDS file checks (§5)", () => {
  it("accepts the four types under 10MB", () => {
    for (const name of ["a.pdf", "b.DOCX", "c.doc", "d.txt"]) expect(checkSdsFile({ name, size: 1000 })).toBeNull();
  });
  it("names the problem", () => {
    expect(checkSdsFile({ name: "x.exe", size: 10 })).toEqual({ title: "Invalid File Type", description: "Please select a PDF, DOC, DOCX, or TXT file" });
    expect(checkSdsFile({ name: "big.pdf", size: 10 * 1024 * 1024 })).toEqual({ title: "File Too Large", description: "SDS files must be smaller than 10MB" });
  });
});

describe("equipment status lines (§4)", () => {
  it("uses the dashboard labels", () => {
    expect(equipmentStatusLine("available", null)).toBe("Available for checkout");
    expect(equipmentStatusLine("checked_out", "Marcus Reyes")).toBe("Checked out to Marcus Reyes");
    expect(equipmentStatusLine("maintenance", null)).toBe("Maintenance scheduled");
    expect(equipmentStatusLine("repair", null)).toBe("Repair needed");
    expect(equipmentStatusLine("lost", null)).toBe("lost Status unknown");
  });
});

describe("request lines (§5)", () => {
  it("adding the same item twice sums the quantities; equipment is listed once", async () => {
    const { addLine } = await import("../../client/src/features/requests/lines.ts");
    const once = addLine([], { id: "I1", name: "Gel", quantity: 2 });
    expect(addLine(once, { id: "I1", name: "Gel", quantity: 3 })).toEqual([{ id: "I1", name: "Gel", quantity: 5 }]);
    expect(addLine(once, { id: "I2", name: "Traps", quantity: 1 })).toHaveLength(2);
    const sprayer = addLine([], { id: "E1", name: "Sprayer", quantity: 4 }, true);
    expect(sprayer).toEqual([{ id: "E1", name: "Sprayer", quantity: 1 }]);
    expect(addLine(sprayer, { id: "E1", name: "Sprayer", quantity: 1 }, true)).toEqual(sprayer);
  });
});

describe("team form (§5)", () => {
  it("needs a confirmation that matches", async () => {
    const { emptyTeamMember, validateTeamMember } = await import("../../client/src/features/team/teamRules.ts");
    const filled = { ...emptyTeamMember, username: "jdoe", password: "secret-123", name: "J Doe" };
    expect(validateTeamMember(filled).confirmPassword).toBe("Please confirm your password");
    expect(validateTeamMember({ ...filled, confirmPassword: "other" }).confirmPassword).toBe("Passwords don't match");
    expect(validateTeamMember({ ...filled, confirmPassword: "secret-123" })).toEqual({});
    expect(emptyTeamMember.role).toBe("employee");
  });
});
