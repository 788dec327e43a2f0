import SwapHorizIconMui from "@mui/icons-material/SwapHoriz";
import { Button, IconButton } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, useState } from "react";
import { CardButton } from "../../components/CardButton.tsx";
import { DeferredTooltip, MountWhenOpened } from "../../components/deferred.tsx";
import type { TransferDialogProps } from "./TransferDialog.tsx";
import { plainIcon } from "../../components/plainIcon.tsx";

// Plain <svg>s with MUI's look (components/plainIcon.tsx): a list repeats them on every card.
const SwapHorizIcon = plainIcon(SwapHorizIconMui);

// The dialog's code loads on the first tap.
const TransferDialog = lazy(() => import("./TransferDialog.tsx"));

type Props = Omit<TransferDialogProps, "open" | "onClose"> & {
  /** The item's name, for the button's accessible name. */
  name?: string;
  /** `icon` for table rows, a small text button for cards, `contained` for a card's main action. */
  variant: "icon" | "button" | "contained";
};

/** 'Transfer' of one item between stock locations: a button that opens the Transfer dialog. */
export function TransferButton({ name, variant, ...dialog }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const label = name ? t`Transfer ${name}` : t`Transfer stock`;
  const button =
    variant === "icon" ? (
      <DeferredTooltip title={t`Transfer`}>
        <IconButton size="small" aria-label={label} onClick={() => setOpen(true)}>
          <SwapHorizIcon fontSize="small" />
        </IconButton>
      </DeferredTooltip>
    ) : variant === "button" ? (
      <CardButton startIcon={<SwapHorizIcon />} aria-label={label} onClick={() => setOpen(true)}>
        <Trans>Transfer</Trans>
      </CardButton>
    ) : (
      <Button
        variant="outlined"
        fullWidth
        startIcon={<SwapHorizIcon />}
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        <Trans>Transfer</Trans>
      </Button>
    );
  return (
    <>
      {button}
      <MountWhenOpened open={open}>
        <TransferDialog open={open} onClose={() => setOpen(false)} {...dialog} />
      </MountWhenOpened>
    </>
  );
}
