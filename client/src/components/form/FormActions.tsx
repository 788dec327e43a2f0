import { Trans, useLingui } from "@lingui/react/macro";
import { Button, DialogActions } from "@mui/material";

/**
 * A form dialog's footer: 'Cancel', and the submit button, which reads `busyLabel` ('Saving...') while
 * the form saves. Neither can be pressed while it saves, so the dialog cannot close on a save in flight.
 */
export function FormActions({ submitLabel, busy, onCancel, busyLabel, disabled = false }: {
  submitLabel: string;
  busy: boolean;
  onCancel(): void;
  busyLabel?: string;
  /** The submit button is off for another reason too (e.g. a date in the future). */
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button onClick={onCancel} disabled={busy}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" variant="contained" disabled={busy || disabled}>
        {busy ? (busyLabel ?? t`Saving...`) : submitLabel}
      </Button>
    </DialogActions>
  );
}
