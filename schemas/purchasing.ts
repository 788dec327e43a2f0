import { z } from "zod";
import { say, type Label } from "./messages.ts";
import { optionalDate, optionalText, recordId, requiredText, wholeNumber } from "./fields.ts";
import { dateInput, numberInput, textInput } from "./form.ts";

/** Issue 16: suppliers and purchase orders. The server validates with these; the purchasing forms with the same objects. */

export const PURCHASE_ORDER_STATUSES = ["DRAFT", "ORDERED", "PARTIALLY_RECEIVED", "RECEIVED", "CANCELLED"] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
/** Orders whose lines still count as coming ('on order'): drafts too, so drafting twice never orders twice. */
export const OPEN_PURCHASE_ORDER_STATUSES = ["DRAFT", "ORDERED", "PARTIALLY_RECEIVED"] as const satisfies readonly PurchaseOrderStatus[];

/** Most lines one order may have. */
export const MAX_ORDER_LINES = 200;

const emailField = optionalText(/*i18n*/ { id: "label.email", message: "Email" }, 200).refine((v) => v == null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), say(/*i18n*/ { id: "purchaseOrder.emailMustBeAnEmail", message: "Email must be an email address" }));

export const supplierFields = {
  name: requiredText(/*i18n*/ { id: "label.name", message: "Name" }, 200),
  contactName: optionalText(/*i18n*/ { id: "label.contactName", message: "Contact name" }, 200),
  email: emailField,
  phone: optionalText(/*i18n*/ { id: "label.phone", message: "Phone" }, 50),
  accountNumber: optionalText(/*i18n*/ { id: "label.accountNumber", message: "Account number" }, 100),
  notes: optionalText(/*i18n*/ { id: "label.notes", message: "Notes" }, 2000, { multiline: true }),
};
export const createSupplierInput = z.object(supplierFields);
/** Only the fields to change. */
export const updateSupplierInput = z.object(supplierFields).partial();

const id = (label: Label) => recordId(say(/*i18n*/ { id: "field.notAnId", message: "{label} must be an id", values: { label } }));

export const purchaseOrderLineInput = z.object({
  itemId: id(/*i18n*/ { id: "label.item", message: "Item" }),
  quantity: wholeNumber(/*i18n*/ { id: "label.quantity", message: "Quantity" }, 1).max(1_000_000, say(/*i18n*/ { id: "purchaseOrder.quantityMustBeAtMost", message: "Quantity must be at most 1000000" })),
  /** Integer cents; absent: the item's price (0 when it has none). */
  unitCostCents: wholeNumber(/*i18n*/ { id: "label.unitCost", message: "Unit cost" }, 0).max(100_000_000, say(/*i18n*/ { id: "purchaseOrder.unitCostMustBeAt", message: "Unit cost must be at most $1,000,000" })).optional(),
});

const orderFields = {
  supplierId: id(/*i18n*/ { id: "label.supplier", message: "Supplier" }).nullish(),
  expectedDate: optionalDate(/*i18n*/ { id: "label.expectedDate", message: "Expected date" }),
  notes: optionalText(/*i18n*/ { id: "label.notes", message: "Notes" }, 2000, { multiline: true }),
  lines: z.array(purchaseOrderLineInput).max(MAX_ORDER_LINES, say(/*i18n*/ { id: "purchaseOrder.tooManyLines", message: "An order may have at most {max} lines", values: { max: MAX_ORDER_LINES } })),
};
export const createPurchaseOrderInput = z.object({ ...orderFields, lines: orderFields.lines.default([]) });
/** Drafts only; lines, when sent, replace the draft's lines. */
export const updatePurchaseOrderInput = z.object(orderFields).partial();

export const receivePurchaseOrderInput = z.object({
  lines: z
    .array(
      z.object({
        lineId: id(/*i18n*/ { id: "label.line", message: "Line" }),
        quantity: wholeNumber(/*i18n*/ { id: "label.quantity", message: "Quantity" }, 1).max(1_000_000, say(/*i18n*/ { id: "purchaseOrder.quantityMustBeAtMost", message: "Quantity must be at most 1000000" })),
        /** Where the boxes went; absent: the main warehouse. */
        locationId: id(/*i18n*/ { id: "label.location", message: "Location" }).optional(),
      }),
    )
    .min(1, say(/*i18n*/ { id: "purchaseOrder.receiveAtLeastOneLine", message: "Receive at least one line" }))
    .max(MAX_ORDER_LINES, say(/*i18n*/ { id: "purchaseOrder.receipt.tooManyLines", message: "A receipt may have at most {max} lines", values: { max: MAX_ORDER_LINES } })),
  /** Set each received item's price to the line's unit cost. */
  updateItemPrices: z.boolean().default(false),
});

/** The supplier form: its inputs' text read into the fields above. */
export const supplierForm = z.object({
  name: supplierFields.name,
  contactName: supplierFields.contactName,
  email: supplierFields.email,
  phone: supplierFields.phone,
  accountNumber: supplierFields.accountNumber,
  notes: supplierFields.notes,
});
export type SupplierFormValues = z.input<typeof supplierForm>;
export type SupplierFormOutput = z.output<typeof supplierForm>;

/**
 * The draft editor's form: its inputs' text read into the order fields above. Supplier and items are
 * picked by their GraphQL ids ("" for no supplier); a unit cost is typed in dollars and sent in cents.
 */
const unitCostDollars = z
  .string()
  .transform((v) => (v.trim() === "" ? undefined : Math.round(Number(v) * 100)))
  .pipe(purchaseOrderLineInput.shape.unitCostCents.unwrap() as z.ZodType<number, number | undefined>);
export const purchaseOrderForm = z.object({
  supplierId: z.string(),
  expectedDate: dateInput(orderFields.expectedDate),
  notes: textInput(orderFields.notes, null),
  lines: z
    .array(
      z.object({
        itemId: z.string().min(1, say(/*i18n*/ { id: "purchaseOrder.pickAnItem", message: "Pick an item" })),
        itemName: z.string(),
        unit: z.string(),
        quantity: numberInput(purchaseOrderLineInput.shape.quantity),
        unitCost: unitCostDollars,
      }),
    )
    .max(MAX_ORDER_LINES, say(/*i18n*/ { id: "purchaseOrder.tooManyLines", message: "An order may have at most {max} lines", values: { max: MAX_ORDER_LINES } }))
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((l, i) => {
        if (seen.has(l.itemId)) ctx.addIssue({ code: "custom", message: say(/*i18n*/ { id: "purchaseOrder.eachItemMayBeOn", message: "Each item may be on an order once" }), path: [i, "itemId"] });
        seen.add(l.itemId);
      });
    }),
});
export type PurchaseOrderFormValues = z.input<typeof purchaseOrderForm>;
export type PurchaseOrderFormOutput = z.output<typeof purchaseOrderForm>;

/** PO-0001, PO-0002, …: at least four digits. */
export const purchaseOrderNumber = (n: number) => `PO-${String(n).padStart(4, "0")}`;
