import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, ListItemText, MenuItem, TextField } from "@mui/material";
import { useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import type { EquipmentCheckOutDialog_team$key } from "../../__generated__/EquipmentCheckOutDialog_team.graphql.ts";
import { useSession } from "../../app/session.ts";
import { useToast } from "../../app/toast.tsx";
import { todayInput } from "./dates.ts";
import { useCheckOutEquipment } from "./equipmentMoves.ts";

export type CheckOutTarget = { id: string; name: string };
type Props = {
  /** The equipment to check out; null closes the dialog. */
  target: CheckOutTarget | null;
  /** Team members for the manager's picker (the route query includes it for managers only). */
  team: EquipmentCheckOutDialog_team$key | null;
  onClose(): void;
};

const TITLE_ID = "equipment-checkout-title";

/** §2 checkout dialog: a manager picks a team member (name and department); others type a technician name. */
export function EquipmentCheckOutDialog({ target, team, onClose }: Props) {
  // Keep the last target while the dialog animates closed.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  return (
    <Dialog open={target !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={TITLE_ID}>
      {shown && <CheckOutForm key={shown.id} target={shown} team={team} onClose={onClose} />}
    </Dialog>
  );
}

function CheckOutForm({ target, team, onClose }: { target: CheckOutTarget; team: EquipmentCheckOutDialog_team$key | null; onClose(): void }) {
  const { isManager } = useSession();
  const { toast } = useToast();
  const data = useFragment(
    graphql`
      fragment EquipmentCheckOutDialog_team on Query {
        teamMembers(first: 100) {
          edges {
            node {
              id
              name
              department
            }
          }
        }
      }
    `,
    team,
  );
  const members = data?.teamMembers.edges.map((e) => e.node) ?? [];
  const pick = isManager && data !== null;
  const [assignee, setAssignee] = useState("");
  const [dueBack, setDueBack] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { checkOut, pending } = useCheckOutEquipment();
  const blank = assignee.trim() === "";
  const fieldError = touched && blank ? "Assignee is required" : null;

  function submit(ev: FormEvent) {
    ev.preventDefault();
    setTouched(true);
    if (blank || pending) return;
    setServerError(null);
    const failed = () => toast({ title: "Error", description: "Failed to check out equipment", variant: "destructive" });
    checkOut(
      { id: target.id, assignedTo: assignee.trim(), dueBack: dueBack || null },
      {
        done: () => {
          toast({ title: "Equipment checked out successfully", variant: "success" });
          onClose();
        },
        queued: onClose,
        refused: (message) => {
          setServerError(message);
          failed();
        },
        failed,
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={TITLE_ID}>Check Out Equipment</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Who is taking <strong>{target.name}</strong>?
        </DialogContentText>
        {serverError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        )}
        {pick ? (
          <TextField
            select
            fullWidth
            required
            label="Team member"
            value={assignee}
            onChange={(e) => setAssignee(e.target.value)}
            onBlur={() => setTouched(true)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? " "}
            slotProps={{
              select: {
                renderValue: (v) => {
                  const m = members.find((x) => x.name === v);
                  return m ? `${m.name} · ${m.department ?? "Not specified"}` : String(v);
                },
                onClose: () => setTouched(true),
              },
            }}
          >
            {members.length === 0 && (
              <MenuItem value="" disabled>
                No team members found
              </MenuItem>
            )}
            {members.map((m) => (
              <MenuItem key={m.id} value={m.name}>
                <ListItemText primary={m.name} secondary={m.department ?? "Not specified"} />
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            autoFocus
            fullWidth
            required
            label="Technician name"
            placeholder="e.g. Marcus Reyes"
            value={assignee}
            onChange={(e) => setAssignee(e.target.value)}
            onBlur={() => setTouched(true)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? " "}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        )}
        <TextField
          fullWidth
          type="date"
          label="Due back (optional)"
          value={dueBack}
          onChange={(e) => setDueBack(e.target.value)}
          helperText="The holder is reminded the day before"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayInput() } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={blank || pending}>
          {pending ? "Checking out..." : "Check Out"}
        </Button>
      </DialogActions>
    </form>
  );
}
