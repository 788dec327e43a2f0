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

  it("speaks the placing manager's language (issue 35): headings, labels and the dates through Intl; English as it was", async () => {
    const order = {
      companyName: "Bugs Away Pest Control",
      number: "PO-0043",
      placedAt: new Date("2026-11-23T10:00:00Z"),
      expectedDate: new Date("2026-12-01T00:00:00Z"),
      notes: "Muelle 2",
      supplier: { name: "Target Specialty Products", contactName: "Ana López", email: null, phone: null, accountNumber: "TS-991" },
      lines: [{ itemName: "Termidor SC", unit: "bottles", quantity: 12, unitCostCents: 12345 }],
    };
    const textOf = async (bytes: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(/\s+/g, " ");
    const es = await textOf(await purchaseOrderPdf(order, "es-US"));
    for (const expected of [
      "ORDEN DE COMPRA",
      "Número: PO-0043",
      "Fecha: 23 nov 2026",
      "Entrega prevista: 1 dic 2026",
      "Proveedor",
      "Atención: Ana López",
      "Nuestra cuenta: TS-991",
    ])
      expect(es, expected).toContain(expected);
    for (const expected of [
      "Artículo Cant. Unidad Costo unit. Total de línea",
      "1 Termidor SC 12 bottles $123.45 $1,481.40",
      "Total: $1,481.40",
      "Notas Muelle 2",
    ])
      expect(es, expected).toContain(expected);
    const en = await textOf(await purchaseOrderPdf(order));
    for (const expected of [
      "PURCHASE ORDER",
      "Date: 2026-11-23",
      "Expected: 2026-12-01",
      "Attn: Ana López",
      "Our account: TS-991",
      "Item Qty Unit Unit cost Line total",
    ])
      expect(en, expected).toContain(expected);
  });

  it("keeps to what the built-in fonts can draw", () => {
    expect(pdfText("Deliver → dock 2, café ünï")).toBe("Deliver -> dock 2, café ünï");
    expect(pdfText("日本 ok\nnext")).toBe("?? ok\nnext");
  });
});
