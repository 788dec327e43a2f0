import {
  Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Grid, InputAdornment, TextField, useMediaQuery, useTheme,
} from "@mui/material";
import { useId, useState, type FormEvent } from "react";
import { graphql, useMutation } from "react-relay";
import type { RecordUseDialogMutation } from "../../__generated__/RecordUseDialogMutation.graphql.ts";
import { useToast } from "../../app/toast.tsx";
import { useKeptOnPhone } from "../../offline/useKeptOnPhone.ts";
import { todayInput } from "../equipment/dates.ts";
import { COMMON_PESTS, toUseInput, validateUse, type UseErrors, type UseField, type UseFormValues } from "./chemicalUse.ts";

export type UseTarget = { id: string; name: string; unit: string; quantity: number; epaRegistrationNumber?: string | null };

/**
 * Records a chemical use of an item: quantity used (taken from stock), site or customer address,
 * target pest and date. Full screen on phones.
 */
export function RecordUseDialog({ item, onClose }: { item: UseTarget; onClose(): void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  const idPrefix = useId();
  const { toast } = useToast();
  const kept = useKeptOnPhone();
  const today = todayInput();
  const [values, setValues] = useState<UseFormValues>({ quantity: "1", siteAddress: "", targetPest: "", date: today });
  const [errors, setErrors] = useState<UseErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [commit, pending] = useMutation<RecordUseDialogMutation>(graphql`
    mutation RecordUseDialogMutation($input: RecordChemicalUseInput!) {
      recordChemicalUse(input: $input) {
        __typename
        ... on RecordChemicalUsePayload {
          item {
            id
            quantity
            stockStatus
            urgency
            updatedAt
            ...InventoryListItem_item
          }
        }
        ... on ValidationError {
          field
        }
        ... on Error {
          message
        }
      }
    }
  `);

  const fieldId = (f: UseField) => `${idPrefix}-${f}`;
  const set = (f: UseField, v: string) => {
    setValues((prev) => ({ ...prev, [f]: v }));
    setErrors(({ [f]: _gone, ...rest }) => rest);
  };

  function submit(ev: FormEvent) {
    ev.preventDefault();
    if (pending) return;
    const problems = validateUse(values, item.quantity, today);
    setErrors(problems);
    const first = Object.keys(problems)[0] as UseField | undefined;
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setServerError(null);
    commit({
      variables: { input: toUseInput(item.id, values) },
      onCompleted: (d) => {
        const r = d.recordChemicalUse;
        if (r.__typename === "RecordChemicalUsePayload") {
          toast({ title: "Use recorded", description: `${values.quantity.trim()} ${item.unit} of ${item.name} taken from stock`, variant: "success" });
          onClose();
          return;
        }
        const field = r.field as UseField | null | undefined;
        if (field && field in values) setErrors({ [field]: r.message });
        else setServerError(r.message ?? "Failed to record use");
      },
      onError: (error) => (kept(error) ? onClose() : setServerError("Failed to record use")),
    });
  }

  const text = (f: UseField) => ({
    id: fieldId(f),
    value: values[f],
    error: Boolean(errors[f]),
    fullWidth: true,
  });

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate style={{ display: "contents" }}>
        <DialogTitle id={titleId}>Record Use</DialogTitle>
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 2 }}>
            <strong>{item.name}</strong>
            {item.epaRegistrationNumber ? ` · EPA Reg. No. ${item.epaRegistrationNumber}` : ""} · {item.quantity} {item.unit} in stock
          </DialogContentText>
          {serverError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverError}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 6 }}>
              <TextField
                {...text("quantity")}
                autoFocus
                required
                label="Quantity used"
                type="number"
                onChange={(e) => set("quantity", e.target.value)}
                helperText={errors.quantity ?? " "}
                slotProps={{
                  htmlInput: { min: 1, max: item.quantity, step: 1, inputMode: "numeric" },
                  input: { endAdornment: <InputAdornment position="end">{item.unit}</InputAdornment> },
                }}
              />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <TextField
                {...text("date")}
                required
                label="Date"
                type="date"
                onChange={(e) => set("date", e.target.value)}
                helperText={errors.date ?? " "}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                {...text("siteAddress")}
                required
                label="Site / customer address"
                placeholder="e.g. 12 Oak Street, Springfield"
                onChange={(e) => set("siteAddress", e.target.value)}
                helperText={errors.siteAddress ?? " "}
                slotProps={{ htmlInput: { maxLength: 300 } }}
              />
            </Grid>
            <Grid size={12}>
              <Autocomplete
                freeSolo
                options={COMMON_PESTS}
                inputValue={values.targetPest}
                onInputChange={(_e, v) => set("targetPest", v)}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    id={fieldId("targetPest")}
                    required
                    label="Target pest"
                    error={Boolean(errors.targetPest)}
                    helperText={errors.targetPest ?? " "}
                  />
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? "Saving..." : "Record Use"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
