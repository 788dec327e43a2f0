import { useLingui } from "@lingui/react/macro";
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useState, type ReactNode } from "react";
import { useToast } from "../platform/toast.tsx";
import { useOpenedOnce } from "./deferred.tsx";

/**
 * A destructive action's confirmation (delete an item or a webhook, revoke a token, archive a
 * location, cancel an order, abandon a count): the question, the server's reason when it failed,
 * the way back ("Cancel", "Keep it") and the red action button ("Deleting..." while it runs).
 */
export function ConfirmDialog(props: {
  open: boolean;
  /** Prefix of the title and text ids. */
  id: string;
  title: string;
  text: ReactNode;
  action: string;
  /** The action button's text while it runs (the action's own text by default). */
  pendingAction?: string;
  /** The button that leaves without acting. */
  cancel?: string;
  pending: boolean;
  error?: string | null;
  onConfirm(): void;
  onClose(): void;
}) {
  const { open, id, title, text, action, pendingAction = action, cancel, pending, error = null, onConfirm, onClose } = props;
  const { t } = useLingui();
  // Nothing until it first opens (a list holds one for every screen of it).
  if (!useOpenedOnce(open)) return null;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ overflowWrap: "anywhere" }}>
          {text}
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancel ?? t`Cancel`}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={pending}>
          {pending ? pendingAction : action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A confirmation's failure: shown in the dialog and as the §8 error toast, with `fallback` when the server gave no reason. */
export function useConfirmFailure(fallback: string) {
  const { t } = useLingui();
  const { toast } = useToast();
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    clear: () => setError(null),
    fail: (message?: string) => {
      setError(message || fallback);
      toast({ title: t`Error`, description: message || fallback, variant: "destructive" });
    },
  };
}

/**
 * A confirmed action's mutation answered: its payload (`payloadType`) toasts `success` and closes the
 * dialog; an Error (or a failed request) stays in the dialog and in the §8 error toast.
 */
export function useConfirmedAction(fallback: string, success: string, onDone: () => void) {
  const { toast } = useToast();
  const failure = useConfirmFailure(fallback);
  const close = () => {
    failure.clear();
    onDone();
  };
  return {
    error: failure.error,
    close,
    completed(result: { readonly __typename: string; readonly message?: string }, payloadType: string) {
      if (result.__typename !== payloadType) return failure.fail(result.message);
      toast({ title: success, variant: "success" });
      close();
    },
    failed: (error: Error) => failure.fail(error.message),
  };
}
