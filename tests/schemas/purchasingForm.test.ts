import { describe, expect, it } from "vitest";
import { purchaseOrderForm, type PurchaseOrderFormValues } from "../../schemas/purchasing.ts";

/** The draft editor's form (issue 16): its inputs' text read with the order rules the server checks. */

const line = (over: Partial<PurchaseOrderFormValues["lines"][number]> = {}) => ({ itemId: "SXRlbTox", itemName: "Contrac Blox", unit: "boxes", quantity: "3", unitCost: "12.50", ...over });
const values = (over: Partial<PurchaseOrderFormValues> = {}): PurchaseOrderFormValues => ({ supplierId: "", expectedDate: "", notes: "", lines: [line()], ...over });

/** Each problem's path (lines.0.quantity) and message. */
function problems(v: PurchaseOrderFormValues) {
  const r = purchaseOrderForm.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("purchaseOrderForm", () => {
  it("reads dollars as integer cents, blanks as null, and keeps the date as typed", () => {
    const r = purchaseOrderForm.parse(values({ supplierId: "U3VwcGxpZXI6MQ==", expectedDate: "2026-12-15", notes: "  Back door ", lines: [line({ unitCost: "0.295" })] }));
    expect(r).toEqual({
      supplierId: "U3VwcGxpZXI6MQ==",
      expectedDate: "2026-12-15",
      notes: "Back door",
      lines: [{ itemId: "SXRlbTox", itemName: "Contrac Blox", unit: "boxes", quantity: 3, unitCost: 30 }],
    });
    expect(purchaseOrderForm.parse(values({ notes: "   " }))).toMatchObject({ expectedDate: null, notes: null });
  });

  it("shows the server's messages on each line's fields", () => {
    expect(problems(values({ lines: [line({ quantity: "0", unitCost: "" })] }))).toEqual({
      "lines.0.quantity": "Quantity must be at least 1",
      "lines.0.unitCost": "Unit cost is required",
    });
    expect(problems(values({ lines: [line({ quantity: "1.5", unitCost: "-1" })] }))).toEqual({
      "lines.0.quantity": "Quantity must be a whole number",
      "lines.0.unitCost": "Unit cost must be at least 0",
    });
    expect(problems(values({ lines: [line({ quantity: "" })] }))).toEqual({ "lines.0.quantity": "Quantity is required" });
    expect(problems(values({ expectedDate: "2026-13-40" }))).toEqual({ expectedDate: "Expected date must be a date (YYYY-MM-DD) or an ISO date-time" });
  });

  it("refuses an item twice on one order, on the second line", () => {
    expect(problems(values({ lines: [line(), line({ quantity: "1" })] }))).toEqual({ "lines.1.itemId": "Each item may be on an order once" });
  });
});
