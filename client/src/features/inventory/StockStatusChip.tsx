import { Chip } from "@mui/material";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";

/** §4 stock indicator, from the server's `stockStatus`: red Low Stock, yellow Warning, green In Stock. */
const LOOK: Record<string, { label: MessageDescriptor; color: string; bg: string; border: string }> = {
  LOW_STOCK: { label: msg`Low Stock`, color: "#b71c1c", bg: "#fdecea", border: "#f5b7b1" },
  WARNING: { label: msg`Warning`, color: "#6d4c00", bg: "#fff8d6", border: "#f2d675" },
  IN_STOCK: { label: msg`In Stock`, color: "#1b5e20", bg: "#e7f4e8", border: "#a5d6a7" },
};

export function StockStatusChip({ status }: { status: string }) {
  const { i18n } = useLingui();
  const look = LOOK[status] ?? { color: "#424242", bg: "#f5f5f5", border: "#e0e0e0" };
  return (
    <Chip
      size="small"
      label={LOOK[status] ? i18n._(LOOK[status].label) : status}
      sx={{ color: look.color, bgcolor: look.bg, border: 1, borderColor: look.border, fontWeight: 700, whiteSpace: "nowrap" }}
    />
  );
}
