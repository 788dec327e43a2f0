import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { pdfText, purchaseOrderPdf } from "../../server/domain/purchaseOrderPdf.ts";

/** The purchase-order PDF (issue 16) read back as text: every line on it, across pages. */
describe("purchaseOrderPdf", () => {
  it("names every line of a long order over two pages, with the total on the last", async () => {
    const lines = Array.from({ length: 45 }, (_, i) => ({ itemName: `Termidor SC lot ${i + 1}`, unit: "bottles", quantity: i + 1, unitCostCents: 1000 }));
    const bytes = await purchaseOrderPdf({
      companyName: "Bugs Away Pest Control",
      number: "PO-0042",
      placedAt: new Date("2026-11-23T10:00:00Z"),
      expectedDate: null,
      notes: null,
      supplier: { name: "Target Specialty Products", contactName: null, email: null, phone: null, accountNumber: null },
      lines,
    });
    const { text, totalPages } = await extractText(await getDocumentProxy(new Uint8Array(bytes)));
    expect(totalPages).toBe(2);
    const all = text.join("\n").replace(/\s+/g, " ");
    for (const [i, l] of lines.entries()) expect(all).toContain(`${i + 1} ${l.itemName} ${l.quantity} bottles $10.00 $${(l.quantity * 10).toFixed(2)}`);
    expect(text[1]!.replace(/\s+/g, " ")).toContain("Total: $10,350.00");
    expect(text[0]).toContain("Number: PO-0042");
    expect(text[0]).not.toContain("Expected:");
  });

  it("keeps to what the built-in fonts can draw", () => {
    expect(pdfText("Deliver → dock 2, café ünï")).toBe("Deliver -> dock 2, café ünï");
    expect(pdfText("日本 ok\nnext")).toBe("?? ok\nnext");
  });
});
