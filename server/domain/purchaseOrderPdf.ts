import PDFDocument from "pdfkit";
import { DEFAULT_LOCALE, render, type Locale } from "../i18n/index.ts";
import { formatDay, formatMoney } from "../i18n/format.ts";

/**
 * The purchase-order PDF made when an order is placed (issue 16): company name, order number and
 * dates, the supplier, one row per line (item, quantity, unit cost, line total) and the order total.
 * pdfkit with its built-in Helvetica (no font files fetched or embedded), US Letter. In the language of
 * the manager who places it (their preference, else the request's Accept-Language); data (names,
 * units, notes) as entered.
 */

export type PurchaseOrderDocument = {
  companyName: string;
  number: string;
  placedAt: Date;
  expectedDate: Date | null;
  notes: string | null;
  supplier: { name: string; contactName: string | null; email: string | null; phone: string | null; accountNumber: string | null };
  lines: { itemName: string; unit: string; quantity: number; unitCostCents: number }[];
};

/**
 * The built-in fonts draw WinAnsi (Latin-1 and a few typographic marks) only; anything else would
 * print as stray glyphs, so arrows become "->" and other characters "?".
 */
export function pdfText(text: string): string {
  return text
    .replace(/\u2192/g, "->")
    .replace(/\u2190/g, "<-")
    .replace(/[^\n\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/gu, "?");
}

/** Column x positions and widths of the lines table (points; the page is 612 wide with 50 margins). */
const COLUMNS = [
  { key: "n", x: 50, width: 24, align: "left" },
  { key: "item", x: 76, width: 236, align: "left" },
  { key: "qty", x: 314, width: 50, align: "right" },
  { key: "unit", x: 370, width: 60, align: "left" },
  { key: "cost", x: 432, width: 60, align: "right" },
  { key: "total", x: 494, width: 68, align: "right" },
] as const;

export function purchaseOrderPdf(order: PurchaseOrderDocument, locale: Locale = DEFAULT_LOCALE): Promise<Buffer> {
  const money = (cents: number) => formatMoney(cents, locale);
  const day = (d: Date) => formatDay(d, locale);
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 50,
    info: {
      Title: render(/*i18n*/ { id: "pdf.purchaseOrder.title", message: "Purchase order {number}", values: { number: order.number } }, locale),
      Author: order.companyName,
      Subject: render(/*i18n*/ { id: "pdf.purchaseOrder.subject", message: "Purchase order to {supplier}", values: { supplier: order.supplier.name } }, locale),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  // Heading: the company, and the order's number and dates on the right.
  doc.font("Helvetica-Bold").fontSize(18).text(pdfText(order.companyName), 50, 50, { width: 300 });
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .text(render(/*i18n*/ { id: "pdf.purchaseOrder.heading", message: "PURCHASE ORDER" }, locale), 330, 50, { width: 232, align: "right" });
  doc.font("Helvetica").fontSize(10);
  doc.text(pdfText(render(/*i18n*/ { id: "pdf.purchaseOrder.number", message: "Number: {number}", values: { number: order.number } }, locale)), 330, 74, {
    width: 232,
    align: "right",
  });
  doc.text(pdfText(render(/*i18n*/ { id: "pdf.purchaseOrder.date", message: "Date: {date}", values: { date: day(order.placedAt) } }, locale)), {
    width: 232,
    align: "right",
  });
  if (order.expectedDate)
    doc.text(pdfText(render(/*i18n*/ { id: "pdf.purchaseOrder.expected", message: "Expected: {date}", values: { date: day(order.expectedDate) } }, locale)), {
      width: 232,
      align: "right",
    });

  // The supplier.
  let y = 130;
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .text(render(/*i18n*/ { id: "pdf.purchaseOrder.supplier", message: "Supplier" }, locale), 50, y);
  doc.font("Helvetica").fontSize(10);
  const s = order.supplier;
  const supplierLines = [
    s.name,
    s.contactName ? render(/*i18n*/ { id: "pdf.purchaseOrder.attention", message: "Attn: {name}", values: { name: s.contactName } }, locale) : null,
    s.email,
    s.phone,
    s.accountNumber
      ? render(/*i18n*/ { id: "pdf.purchaseOrder.ourAccount", message: "Our account: {account}", values: { account: s.accountNumber } }, locale)
      : null,
  ].filter((l): l is string => !!l);
  doc.text(pdfText(supplierLines.join("\n")), 50, y + 16, { width: 300 });
  y = Math.max(doc.y, y + 16) + 20;

  const header = () => {
    doc.font("Helvetica-Bold").fontSize(9);
    const cells: Record<string, string> = {
      n: "#",
      item: render(/*i18n*/ { id: "pdf.purchaseOrder.item", message: "Item" }, locale),
      qty: render(/*i18n*/ { id: "pdf.purchaseOrder.quantity", message: "Qty" }, locale),
      unit: render(/*i18n*/ { id: "pdf.purchaseOrder.unit", message: "Unit" }, locale),
      cost: render(/*i18n*/ { id: "pdf.purchaseOrder.unitCost", message: "Unit cost" }, locale),
      total: render(/*i18n*/ { id: "pdf.purchaseOrder.lineTotal", message: "Line total" }, locale),
    };
    for (const c of COLUMNS) doc.text(cells[c.key]!, c.x, y, { width: c.width, align: c.align });
    y += 14;
    doc.moveTo(50, y).lineTo(562, y).lineWidth(0.5).stroke();
    y += 6;
    doc.font("Helvetica").fontSize(9);
  };
  header();

  let total = 0;
  order.lines.forEach((line, i) => {
    const lineTotal = line.quantity * line.unitCostCents;
    total += lineTotal;
    const name = pdfText(line.itemName);
    const height = Math.max(12, doc.heightOfString(name, { width: COLUMNS[1].width }));
    if (y + height > doc.page.height - 90) {
      doc.addPage();
      y = 50;
      header();
    }
    const cells: Record<string, string> = {
      n: String(i + 1),
      item: name,
      qty: String(line.quantity),
      unit: line.unit,
      cost: money(line.unitCostCents),
      total: money(lineTotal),
    };
    for (const c of COLUMNS) doc.text(cells[c.key]!, c.x, y, { width: c.width, align: c.align });
    y += height + 4;
  });

  doc.moveTo(50, y).lineTo(562, y).lineWidth(0.5).stroke();
  y += 8;
  doc.font("Helvetica-Bold").fontSize(11).text(render(/*i18n*/ { id: "pdf.purchaseOrder.total", message: "Total: {amount}", values: { amount: money(total) } }, locale), 330, y, { width: 232, align: "right" });
  y += 24;
  if (order.notes) {
    doc.font("Helvetica-Bold").fontSize(10).text(render(/*i18n*/ { id: "pdf.purchaseOrder.notes", message: "Notes" }, locale), 50, y);
    doc.font("Helvetica").fontSize(10).text(pdfText(order.notes), 50, y + 14, { width: 512 });
  }
  doc.end();
  return done;
}
