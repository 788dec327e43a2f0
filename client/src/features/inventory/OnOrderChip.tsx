import LocalShippingIconMui from "@mui/icons-material/LocalShippingOutlined";
import { useLingui } from "@lingui/react/macro";
import { CardChip, useCardSheet } from "../../components/cardParts.tsx";
import { useSheet } from "../../components/sheet.ts";
import { plainIcon } from "../../components/plainIcon.tsx";

// Plain <svg>s with MUI's look (components/plainIcon.tsx): a list repeats them on every card.
const LocalShippingIcon = plainIcon(LocalShippingIconMui);

const rules = () => [
  `.tl-chip.tl-on-order{color:#0d47a1;border-color:#90caf9;background-color:#e3f2fd;font-weight:600}`,
  `.tl-chip.tl-on-order>.tl-chip-icon{color:#1565c0;font-size:16px}`,
];

/**
 * Issue 16: units on open purchase orders (drafts, ordered, partly received) not yet in, shown where
 * people decide to order so nobody orders twice. Nothing when none: the server answers 0 to
 * employees, so only managers ever see it.
 */
export function OnOrderChip({ onOrder, unit }: { onOrder: number; unit?: string }) {
  const { t } = useLingui();
  useCardSheet();
  useSheet("on-order", rules);
  if (onOrder <= 0) return null;
  const label = t`${onOrder} on order`;
  return (
    <CardChip
      outlined
      className="tl-on-order"
      icon={<LocalShippingIcon className="tl-chip-icon" />}
      label={label}
      title={unit ? t`${onOrder} ${unit} on open purchase orders, not yet received` : undefined}
    />
  );
}
