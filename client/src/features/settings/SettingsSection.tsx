import AddIcon from "@mui/icons-material/Add";
import { Button, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { PageDialog } from "../../components/PageDialog.tsx";

/**
 * A Settings tab (API tokens, webhooks): what it is for and its Add button, its list, the dialog that
 * adds or edits (a click beside it does not close it: it may be showing a secret once) and the
 * confirmation of its destructive action.
 */
export function SettingsSection({ intro, addLabel, onAdd, dialog, confirm, children }: {
  intro: ReactNode;
  addLabel: string;
  onAdd(): void;
  dialog: { open: boolean; titleId: string; content: ReactNode };
  confirm: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
        <Typography color="textSecondary" variant="body2" sx={{ flex: 1 }}>
          {intro}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} sx={{ flexShrink: 0 }}>
          {addLabel}
        </Button>
      </Stack>
      {children}
      <PageDialog open={dialog.open} onClose={() => {}} titleId={dialog.titleId}>
        {dialog.content}
      </PageDialog>
      {confirm}
    </Stack>
  );
}
