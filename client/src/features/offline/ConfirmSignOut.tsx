import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from "@mui/material";
import { useId } from "react";

/** Signing out drops what the phone keeps, unsynced changes included: said plainly before it happens. */
export default function ConfirmSignOut({
  count,
  onCancel,
  onConfirm,
}: {
  count: number;
  onCancel(): void;
  onConfirm(): void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onCancel}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Sign out with unsynced changes?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {count === 1
            ? "1 change made on this phone has"
            : `${count} changes made on this phone have`}{" "}
          not reached the server yet. Signing out discards{" "}
          {count === 1 ? "it" : "them"}. Stay signed in to sync when you are
          back online.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} variant="contained">
          Stay signed in
        </Button>
        <Button onClick={onConfirm} color="error">
          Sign out and discard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
