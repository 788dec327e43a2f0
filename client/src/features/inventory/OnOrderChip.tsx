import LocalShippingIcon from "@mui/icons-material/LocalShippingOutlined";
import { Chip } from "@mui/material";
import { useLingui } from "@lingui/react/macro";

/**
 * Issue 16: units on open purchase orders (drafts, ordered, partly received) not yet in, shown where
 * people decide to order so nobody orders twice. Nothing when none: the server answers 0 to
 * employees, so only managers ever see it.
 */
export function OnOrderChip({ onOrder, unit }: { onOrder: number; unit?: string }) {
  const { t } = useLingui();
  if (onOrder <= 0) return null;
  const label = t`${onOrder} on order`;
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<LocalShippingIcon />}
      label={label}
      title={unit ? t`${onOrder} ${unit} on open purchase orders, not yet received` : undefined}
      sx={{ color: "#0d47a1", borderColor: "#90caf9", bgcolor: "#e3f2fd", fontWeight: 600, whiteSpace: "nowrap", "& .MuiChip-icon": { color: "#1565c0", fontSize: 16 } }}
    />
  );
}
