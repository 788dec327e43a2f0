import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, ListItemText, MenuItem, TextField } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import type { CheckOutDialog_team$key } from "../../__generated__/CheckOutDialog_team.graphql.ts";
import { useSession } from "../../platform/session.ts";
import { useToast } from "../../platform/toast.tsx";
import { todayInput } from "../../components/form/dates.ts";
import { moveTexts, useCheckOutEquipment, type MoveSurface } from "./equipmentMoves.ts";

export type CheckOutTarget = { id: string; name: string };
type Props = {
  /** The equipment to check out; null closes the dialog. */
  target: CheckOutTarget | null;
  /** Which screen asks: it chooses the §8 toasts and the name field's label. */
  surface: MoveSurface;
  /** Team members for a manager's picker (the Equipment page's query includes it for managers only). */
  team?: CheckOutDialog_team$key | null;
  /** Names offered as the user types, where there is no picker (the team the phone keeps). */
  suggestions?: readonly string[];
  /** Called once the check-out is applied or waits in the phone's queue. */
  onCheckedOut?(person: string): void;
  onClose(): void;
};

const TITLE_ID = "equipment-checkout-title";

/**
 * The one check-out of equipment (§2, §4): the Equipment page, the scanner's result card and the
 * offline equipment list all open this dialog. A manager with the team at hand picks a member
 * (name and department); everyone else types a name. The assignee must not be blank (§5).
 */
export function CheckOutDialog({ target, ...rest }: Props) {
  // Keep the last target while the dialog animates closed.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  // Nothing until it first opens: the equipment list and the scanner hold one each (useOpenedOnce's reason).
  if (!shown) return null;
  return (
    <Dialog open={target !== null} onClose={rest.onClose} fullWidth maxWidth="xs" aria-labelledby={TITLE_ID}>
      {shown && <CheckOutForm key={shown.id} target={shown} {...rest} />}
    </Dialog>
  );
}

function CheckOutForm({ target, surface, team = null, suggestions = [], onCheckedOut, onClose }: Omit<Props, "target"> & { target: CheckOutTarget }) {
  const { t } = useLingui();
  const { isManager } = useSession();
  const { toast } = useToast();
  const listId = useId();
  const data = useFragment(
    graphql`
      fragment CheckOutDialog_team on Query {
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
  const texts = moveTexts[surface];
  const [assignee, setAssignee] = useState("");
  const [dueBack, setDueBack] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { checkOut, pending } = useCheckOutEquipment();
  const blank = assignee.trim() === "";
  const fieldError = touched && blank ? t`Assignee is required` : null;

  function submit(ev: FormEvent) {
    ev.preventDefault();
    setTouched(true);
    if (blank || pending) return;
    setServerError(null);
    const person = assignee.trim();
    const failed = () => toast({ ...texts.checkOutFailed, variant: "destructive" });
    const moved = () => {
      onCheckedOut?.(person);
      onClose();
    };
    checkOut(
      { id: target.id, assignedTo: person, dueBack: dueBack || null },
      {
        done: () => {
          toast({ ...texts.checkedOut(target.name, person), variant: "success" });
          moved();
        },
        queued: moved,
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
      <DialogTitle id={TITLE_ID}>
        <Trans>Check Out Equipment</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          <Trans>
            Who is taking <strong>{target.name}</strong>?
          </Trans>
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
            label={t`Team member`}
            value={assignee}
            onChange={(e) => setAssignee(e.target.value)}
            onBlur={() => setTouched(true)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? " "}
            slotProps={{
              select: {
                renderValue: (v) => {
                  const m = members.find((x) => x.name === v);
                  return m ? `${m.name} · ${m.department ?? t`Not specified`}` : String(v);
                },
                onClose: () => setTouched(true),
              },
            }}
          >
            {members.length === 0 && (
              <MenuItem value="" disabled>
                <Trans>No team members found</Trans>
              </MenuItem>
            )}
            {members.map((m) => (
              <MenuItem key={m.id} value={m.name}>
                <ListItemText primary={m.name} secondary={m.department ?? t`Not specified`} />
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            autoFocus
            fullWidth
            required
            label={texts.nameLabel}
            placeholder={t`e.g. Marcus Reyes`}
            value={assignee}
            onChange={(e) => setAssignee(e.target.value)}
            onBlur={() => setTouched(true)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? " "}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 200, ...(suggestions.length ? { list: listId } : {}) } }}
          />
        )}
        {!pick && suggestions.length > 0 && (
          <datalist id={listId}>
            {suggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        )}
        <TextField
          fullWidth
          type="date"
          label={t`Due back (optional)`}
          value={dueBack}
          onChange={(e) => setDueBack(e.target.value)}
          helperText={t`The holder is reminded the day before`}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayInput() } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" variant="contained" disabled={blank || pending}>
          {pending ? t`Checking out...` : t`Check Out`}
        </Button>
      </DialogActions>
    </form>
  );
}
