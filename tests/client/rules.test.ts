import { describe, expect, it } from "vitest";
import { checkSdsFile } from "../../client/src/components/sdsFile.ts";
import { equipmentStatusLine } from "../../client/src/features/equipment/status.ts";
import { matchesFilter } from "../../client/src/features/inventory/connections.ts";

describe("inventory list filter", () => {
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
