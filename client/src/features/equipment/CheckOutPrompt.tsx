import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from "@mui/material";
import { useId, useState, type FormEvent } from "react";

/** Asks who takes the equipment; a blank answer is ignored (§2). */
export function CheckOutPrompt({
  open,
  name,
  suggestions = [],
  onClose,
  onConfirm,
}: {
  open: boolean;
  name: string;
  /** Names offered as the user types (the team, where the phone keeps it). */
  suggestions?: string[];
  onClose(): void;
  onConfirm(person: string): void;
}) {
  const [person, setPerson] = useState("");
  const titleId = useId();
  const listId = useId();
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const value = person.trim();
    if (!value) return;
    setPerson("");
    onConfirm(value);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Check Out Equipment</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Who is taking {name}?
          </Typography>
          <TextField
            autoFocus
            fullWidth
            label="Person's name"
            value={person}
            onChange={(ev) => setPerson(ev.target.value)}
            autoComplete="off"
            slotProps={{ htmlInput: suggestions.length ? { list: listId } : {} }}
          />
          {suggestions.length > 0 && (
            <datalist id={listId}>
              {suggestions.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!person.trim()}>
            Check Out
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
