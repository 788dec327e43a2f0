import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { Alert, AlertTitle, Button, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

/** A secret the server shows this once (an API token, a webhook's signing secret), with a copy button and the warning. */
export function SecretOnce({ label, secret, what }: { label: string; secret: string; what: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        <AlertTitle>
          <Trans>Copy the {what} now</Trans>
        </AlertTitle>
        <Trans>This is the only time it is shown. Trapline keeps no copy, so if you lose it you will have to make a new one.</Trans>
      </Alert>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
        <TextField
          label={label}
          value={secret}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: "monospace" }, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
          helperText={copied === "yes" ? t`Copied to the clipboard` : copied === "failed" ? t`Could not copy: select the text and copy it yourself` : " "}
        />
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ flexShrink: 0, height: 56 }}>
          <Trans>Copy</Trans>
        </Button>
      </Stack>
    </Stack>
  );
}

/** What a create dialog becomes once the server answered with its secret: the secret, shown once, until Done. */
export function SecretOnceDialog({ titleId, title, onDone, ...secret }: { titleId: string; title: string; label: string; secret: string; what: string; onDone(): void }) {
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <SecretOnce {...secret} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </DialogActions>
    </>
  );
}
