import { Chip } from "@mui/material";

/** §4 stock indicator, from the server's `stockStatus`: red Low Stock, yellow Warning, green In Stock. */
const LOOK: Record<string, { label: string; color: string; bg: string; border: string }> = {
  LOW_STOCK: { label: "Low Stock", color: "#b71c1c", bg: "#fdecea", border: "#f5b7b1" },
  WARNING: { label: "Warning", color: "#6d4c00", bg: "#fff8d6", border: "#f2d675" },
  IN_STOCK: { label: "In Stock", color: "#1b5e20", bg: "#e7f4e8", border: "#a5d6a7" },
};

export function stockStatusLabel(status: string): string {
  return LOOK[status]?.label ?? status;
}

export function StockStatusChip({ status }: { status: string }) {
  const look = LOOK[status] ?? { label: status, color: "#424242", bg: "#f5f5f5", border: "#e0e0e0" };
  return (
    <Chip
      size="small"
      label={look.label}
      sx={{ color: look.color, bgcolor: look.bg, border: 1, borderColor: look.border, fontWeight: 700, whiteSpace: "nowrap" }}
    />
  );
}
