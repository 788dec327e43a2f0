import VerifiedIcon from "@mui/icons-material/VerifiedOutlined";
import ErrorIcon from "@mui/icons-material/ErrorOutlineOutlined";
import ScheduleIcon from "@mui/icons-material/Schedule";
import { Chip } from "@mui/material";
import { certificationStatus } from "./certificationStatus.ts";

type Props = { certification: { valid: boolean; expiresInDays: number } | null | undefined; size?: "small" | "medium" };

const LOOK = {
  none: { color: "default", variant: "outlined", icon: undefined },
  expired: { color: "error", variant: "filled", icon: <ErrorIcon /> },
  notYetValid: { color: "warning", variant: "outlined", icon: <ScheduleIcon /> },
  expiringSoon: { color: "warning", variant: "filled", icon: <ScheduleIcon /> },
  valid: { color: "success", variant: "outlined", icon: <VerifiedIcon /> },
} as const;

/** A certification's status at a glance: Valid, Expires in N days (60 days or less), Expired N days ago, or none. */
export function CertificationChip({ certification, size = "small" }: Props) {
  const status = certificationStatus(certification);
  const look = LOOK[status.kind];
  return <Chip size={size} label={status.label} color={look.color} variant={look.variant} icon={look.icon} sx={{ fontWeight: 600 }} />;
}
