import { describe, expect, it } from "vitest";
import { parseId, parseInput } from "../../server/domain/context.ts";
import { ValidationError } from "../../server/domain/errors.ts";
import { createEquipmentInput } from "../../schemas/equipment.ts";
import { reorderSuggestionFor } from "../../server/domain/inventory.ts";
import { createInventoryItemInput } from "../../schemas/inventory.ts";
import { createRequestInput } from "../../schemas/requests.ts";
import { labelPayload } from "../../server/domain/scan.ts";
import { stockStatus, urgencyOf } from "../../server/domain/stock.ts";
import { ean13 } from "../../server/demo/seed.ts";
import { isValidKey } from "../../server/storage/objects.ts";

const item = (over: Partial<Parameters<typeof reorderSuggestionFor>[0]>) =>
  ({
    id: 1, name: "Gel", description: null, category: "Bait", quantity: 0, minQuantity: 10, reorderPoint: 5, reorderQuantity: 20,
    unit: "boxes", price: null, supplier: null, location: null, barcode: null, qrCode: null, sdsFileUrl: null, hazardous: false,
    createdAt: new Date(), updatedAt: new Date(), ...over,
  }) as Parameters<typeof reorderSuggestionFor>[0];

describe("stock status (§4)", () => {
  it.each([
    [0, 10, "LOW_STOCK"],
    [10, 10, "LOW_STOCK"],
    [11, 10, "WARNING"],
    [15, 10, "WARNING"],
    [16, 10, "IN_STOCK"],
    [0, 0, "LOW_STOCK"],
    [1, 0, "IN_STOCK"],
  ] as const)("quantity %i with minimum %i is %s", (quantity, minQuantity, expected) => {
    expect(stockStatus({ quantity, minQuantity })).toBe(expected);
  });

  it("urgency is critical at or below the reorder point, else high", () => {
    expect(urgencyOf({ quantity: 5, reorderPoint: 5 })).toBe("critical");
    expect(urgencyOf({ quantity: 6, reorderPoint: 5 })).toBe("high");
  });
});

describe("reorder suggestions", () => {
  it("orders at least reorderQuantity", () => {
    expect(reorderSuggestionFor(item({ quantity: 8, reorderQuantity: 20, price: 150 }))).toMatchObject({
      suggestedQuantity: 20,
      estimatedCost: 3000,
      urgency: "high",
    });
  });
  it("orders enough to rise above the minimum when reorderQuantity is small", () => {
    expect(reorderSuggestionFor(item({ quantity: 2, minQuantity: 30, reorderQuantity: 5 }))).toMatchObject({
      suggestedQuantity: 29,
      estimatedCost: null,
      urgency: "critical",
    });
  });
});

describe("input rules (§5)", () => {
  it("fills the inventory defaults and drops id/createdAt/updatedAt", () => {
    const parsed = parseInput(createInventoryItemInput, { id: 9, createdAt: "x", name: " Gel ", category: "Bait", sdsFileUrl: "" });
    expect(parsed).toMatchObject({ name: "Gel", quantity: 0, minQuantity: 10, reorderPoint: 5, reorderQuantity: 20, unit: "units", hazardous: false, sdsFileUrl: null });
    expect(parsed).not.toHaveProperty("id");
    expect(parsed).not.toHaveProperty("createdAt");
  });

  it("names the field of the first problem", () => {
    const attempt = () => parseInput(createInventoryItemInput, { name: "Gel", category: "Snacks" });
    expect(attempt).toThrow(ValidationError);
    try {
      attempt();
    } catch (err) {
      expect((err as ValidationError).field).toBe("category");
      expect((err as ValidationError).message).toContain("Pesticide");
    }
  });

  it("turns equipment dates into Date or null", () => {
    const parsed = parseInput(createEquipmentInput, {
      name: "Sprayer", category: "Sprayer", purchaseDate: "2024-03-01", lastMaintenance: "2025-01-02T10:00:00Z", nextMaintenance: "",
    });
    expect(parsed.purchaseDate).toEqual(new Date("2024-03-01"));
    expect(parsed.lastMaintenance).toEqual(new Date("2025-01-02T10:00:00Z"));
    expect(parsed.nextMaintenance).toBeNull();
    expect(parsed.status).toBe("available");
  });

  it("reads request items from the spec's JSON string or a list", () => {
    expect(parseInput(createRequestInput, { justification: "x", items: '[{"id":1,"quantity":2}]' }).items).toEqual([{ id: 1, quantity: 2 }]);
    expect(parseInput(createRequestInput, { justification: "x", items: [{ id: 1, quantity: 2 }] }).type).toBe("inventory");
    expect(() => parseInput(createRequestInput, { justification: "x", items: "[]" })).toThrow("Please add at least one item to your request");
    expect(() => parseInput(createRequestInput, { justification: " ", items: "[]" })).toThrow("Please provide justification for this request");
  });

  it("accepts only positive 32-bit ids", () => {
    expect(parseId("42")).toBe(42);
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999", "", " 1"]) expect(() => parseId(bad)).toThrow(ValidationError);
  });
});

describe("codes and object keys", () => {
  it("computes EAN-13 check digits", () => {
    expect(ean13("400638133393")).toBe("4006381333931");
    expect(ean13("590123412345")).toBe("5901234123457");
  });
  it("prints our own label payload", () => {
    expect(labelPayload("equipment", 7)).toBe("trapline:equipment:7");
  });
  it("refuses object keys that could leave the storage folder", () => {
    expect(isValidKey("sds/0b6c/termidor.pdf")).toBe(true);
    for (const bad of ["../x", "sds/../../etc/passwd", "/etc/passwd", "sds//x.pdf", "sds/..", ".hidden", "sds/a\\b.pdf"]) {
      expect(isValidKey(bad)).toBe(false);
    }
  });
});
