import { useLingui } from "@lingui/react/macro";
import LocalShippingIcon from "@mui/icons-material/LocalShippingOutlined";
import WarehouseIcon from "@mui/icons-material/WarehouseOutlined";

/** A stock location's kind as an icon: a truck for a vehicle, a warehouse otherwise. */
export function KindIcon({ kind, size = 16 }: { kind: string; size?: number }) {
  const { t } = useLingui();
  const sx = { fontSize: size, color: "text.secondary", flexShrink: 0 };
  return kind === "VEHICLE" ? <LocalShippingIcon sx={sx} aria-label={t`Vehicle`} /> : <WarehouseIcon sx={sx} aria-label={t`Warehouse`} />;
}
