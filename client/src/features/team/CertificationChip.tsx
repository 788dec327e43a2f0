import VerifiedIcon from "@mui/icons-material/VerifiedOutlined";
import ErrorIcon from "@mui/icons-material/ErrorOutlineOutlined";
import ScheduleIcon from "@mui/icons-material/Schedule";
import { Chip } from "@mui/material";
import { select } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { certificationStatus } from "./certificationStatus.ts";
import { countWords } from "../../platform/i18n.ts";

type Props = { certification: { valid: boolean; expiresInDays: number } | null | undefined; size?: "small" | "medium" };

// MUI's warning orange (#ed6c02) reaches only 3.1:1 with white or on white; this darker one 6:1 (WCAG AA 4.5:1).
const AMBER = "#a04900";
const LOOK = {
  none: { color: "default", variant: "outlined", icon: undefined, sx: {} },
  expired: { color: "error", variant: "filled", icon: <ErrorIcon />, sx: {} },
  notYetValid: { color: "default", variant: "outlined", icon: <ScheduleIcon />, sx: { color: AMBER, borderColor: AMBER, "& .MuiChip-icon": { color: AMBER } } },
  expiringSoon: { color: "default", variant: "filled", icon: <ScheduleIcon />, sx: { color: "#fff", bgcolor: AMBER, "& .MuiChip-icon": { color: "#fff" } } },
  valid: { color: "success", variant: "outlined", icon: <VerifiedIcon />, sx: {} },
} as const;

/** A certification's status at a glance: Valid, Expires in N days (60 days or less), Expired N days ago, or none. */
export function CertificationChip({ certification, size = "small" }: Props) {
  const status = certificationStatus(certification);
  const look = LOOK[status.kind];
  const { t } = useLingui();
  // Days in words without Intl.NumberFormat (countWords): the chip is on the dashboard, the first screen.
  const { category, shown } = countWords(status.days);
  const label =
    status.kind === "none"
      ? t`No certification`
      : status.kind === "expired"
        ? select(category, { one: `Expired ${shown} day ago`, other: `Expired ${shown} days ago` })
        : status.kind === "notYetValid"
          ? t`Not yet valid`
          : status.kind === "expiringSoon"
            ? status.days === 0
              ? t`Expires today`
              : select(category, { one: `Expires in ${shown} day`, other: `Expires in ${shown} days` })
            : t`Valid`;
  return <Chip size={size} label={label} color={look.color} variant={look.variant} icon={look.icon} sx={{ fontWeight: 600, ...look.sx }} />;
}
