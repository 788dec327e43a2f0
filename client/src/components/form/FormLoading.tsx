import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Button, CircularProgress, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import type { ReactNode } from "react";

/** A dialog's title and a spinner while its form's code or data loads. */
export function FormLoading({ titleId, title }: { titleId: string; title: string }) {
  const { t } = useLingui();
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: "grid", placeItems: "center", py: 6 }}>
          <CircularProgress aria-label={t`Loading`} />
        </Box>
      </DialogContent>
    </>
  );
}

/** An edit form's dialog when the record it was opened for is gone: why, and Close. */
export function FormMissing({ titleId, title, onClose, children }: { titleId: string; title: string; onClose(): void; children: ReactNode }) {
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </>
  );
}
