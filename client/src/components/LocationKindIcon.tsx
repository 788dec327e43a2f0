import { useLingui } from "@lingui/react/macro";
import LocalShippingIconMui from "@mui/icons-material/LocalShippingOutlined";
import WarehouseIconMui from "@mui/icons-material/WarehouseOutlined";
import { plainIcon } from "./plainIcon.tsx";
import { useSheet } from "./sheet.ts";

// Plain <svg>s (plainIcon.tsx): a card shows one beside each of the item's locations.
const LocalShippingIcon = plainIcon(LocalShippingIconMui);
const WarehouseIcon = plainIcon(WarehouseIconMui);

/** A stock location's kind as an icon: a truck for a vehicle, a warehouse otherwise. */
export function KindIcon({ kind, size = 16 }: { kind: string; size?: number }) {
  const { t } = useLingui();
  useSheet("kind-icon", ({ palette }) => [`.tl-kind-icon{color:${palette.text.secondary};flex-shrink:0}`]);
  const props = { className: "tl-kind-icon", style: { fontSize: size } };
  return kind === "VEHICLE" ? <LocalShippingIcon {...props} aria-label={t`Vehicle`} /> : <WarehouseIcon {...props} aria-label={t`Warehouse`} />;
}
