import PrintIconMui from "@mui/icons-material/PrintOutlined";
import { IconButton } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { CardButton } from "../../components/CardButton.tsx";
import { DeferredTooltip } from "../../components/deferred.tsx";
import { labelsPath } from "./sheetPath.ts";
import { plainIcon } from "../../components/plainIcon.tsx";

// Plain <svg>s with MUI's look (components/plainIcon.tsx): a list repeats them on every card.
const PrintIcon = plainIcon(PrintIconMui);

/**
 * 'Print label' for one inventory item or piece of equipment (global id): opens its print-ready
 * QR label sheet in a new tab. `icon` for table rows, a small text button for phone cards.
 */
export function PrintLabelButton({ id, name, variant }: { id: string; name: string; variant: "icon" | "button" }) {
  const { t } = useLingui();
  const link = { href: labelsPath([id]), target: "_blank", rel: "noopener" } as const;
  if (variant === "icon") {
    return (
      <DeferredTooltip title={t`Print label`}>
        <IconButton size="small" component="a" {...link} aria-label={t`Print label for ${name}`}>
          <PrintIcon fontSize="small" />
        </IconButton>
      </DeferredTooltip>
    );
  }
  return (
    <CardButton {...link} startIcon={<PrintIcon />} aria-label={t`Print label for ${name}`}>
      <Trans>Label</Trans>
    </CardButton>
  );
}
