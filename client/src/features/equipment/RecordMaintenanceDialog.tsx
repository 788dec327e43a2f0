import { Alert, Dialog, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import { useState, type FormEvent } from "react";
import { graphql, useMutation } from "react-relay";
import type { RecordMaintenanceDialogMutation } from "../../__generated__/RecordMaintenanceDialogMutation.graphql.ts";
import { useToast } from "../../platform/toast.tsx";
import { todayInput } from "../../components/form/dates.ts";
import { addDaysToInput, formatCalendarDate } from "./dates.ts";
import { FormActions } from "../../components/form/FormActions.tsx";

export type MaintenanceTarget = { id: string; name: string; maintenanceIntervalDays: number | null; nextMaintenance: string | null };

const TITLE_ID = "record-maintenance-title";

/** Records maintenance done on a day (default today); the server moves the next date by the interval. */
export function RecordMaintenanceDialog({ target, onClose }: { target: MaintenanceTarget | null; onClose(): void }) {
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  return (
    <Dialog open={target !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={TITLE_ID}>
      {shown && <RecordForm key={shown.id} target={shown} onClose={onClose} />}
    </Dialog>
  );
}

function RecordForm({ target, onClose }: { target: MaintenanceTarget; onClose(): void }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const today = todayInput();
  const [date, setDate] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const [commit, pending] = useMutation<RecordMaintenanceDialogMutation>(graphql`
    mutation RecordMaintenanceDialogMutation($input: RecordMaintenanceInput!) {
      recordMaintenance(input: $input) {
        __typename
        ... on RecordMaintenancePayload {
          equipment {
            id
            lastMaintenance
            nextMaintenance
            maintenanceDue
            maintenanceState
            updatedAt
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const future = date > today;
  const interval = target.maintenanceIntervalDays;
  const next = interval && date ? formatCalendarDate(`${addDaysToInput(date, interval)}T00:00:00.000Z`) : null;

  function submit(ev: FormEvent) {
    ev.preventDefault();
    if (!date || future || pending) return;
    setError(null);
    commit({
      variables: { input: { id: target.id, date } },
      onCompleted: (d) => {
        const r = d.recordMaintenance;
        if (r.__typename === "RecordMaintenancePayload") {
          toast({ title: t`Maintenance recorded`, description: target.name, variant: "success" });
          onClose();
        } else {
          setError(r.message ?? t`Failed to record maintenance`);
        }
      },
      onError: () => setError(t`Failed to record maintenance`),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={TITLE_ID}>
        <Trans>Record Maintenance</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          <Trans>
            Maintenance done on <strong>{target.name}</strong>.
          </Trans>{" "}
          {next && interval
            ? plural(interval, { one: `The next one will be due ${next} (every day).`, other: `The next one will be due ${next} (every # days).` })
            : target.nextMaintenance
              ? t`No interval is set: a next date still ahead is kept, one already reached is cleared.`
              : t`No interval is set, so no next date will be scheduled.`}
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          autoFocus
          fullWidth
          required
          type="date"
          label={t`Date done`}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          error={future || !date}
          helperText={future ? t`Maintenance date cannot be in the future` : !date ? t`Enter the date` : " "}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
      </DialogContent>
      <FormActions submitLabel={t`Record Maintenance`} busy={pending} onCancel={onClose} disabled={!date || future} />
    </form>
  );
}
