import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CardChip, useCardSheet } from "../../components/cardParts.tsx";
import { useSheet } from "../../components/sheet.ts";

/** §4 stock indicator, from the server's `stockStatus`: red Low Stock, yellow Warning, green In Stock. */
const LOOK: Record<string, { label: MessageDescriptor; color: string; bg: string; border: string }> = {
  LOW_STOCK: { label: msg`Low Stock`, color: "#b71c1c", bg: "#fdecea", border: "#f5b7b1" },
  WARNING: { label: msg`Warning`, color: "#6d4c00", bg: "#fff8d6", border: "#f2d675" },
  IN_STOCK: { label: msg`In Stock`, color: "#1b5e20", bg: "#e7f4e8", border: "#a5d6a7" },
};
const OTHER = { color: "#424242", bg: "#f5f5f5", border: "#e0e0e0" };

/** The chips' colours, written once (every row and card of the inventory shows one). */
const rules = () => [
  `.tl-chip.tl-stock{border:1px solid;font-weight:700}`,
  ...Object.entries({ ...LOOK, OTHER }).map(([status, look]) => `.tl-chip.tl-stock-${status}{color:${look.color};background-color:${look.bg};border-color:${look.border}}`),
];

export function StockStatusChip({ status }: { status: string }) {
  const { i18n } = useLingui();
  useCardSheet();
  useSheet("stock-status", rules);
  const look = LOOK[status];
  return <CardChip label={look ? i18n._(look.label) : status} className={`tl-stock tl-stock-${look ? status : "OTHER"}`} />;
}
