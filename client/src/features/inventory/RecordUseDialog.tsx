import { Alert, Autocomplete, Dialog, DialogContent, DialogContentText, DialogTitle, Grid, InputAdornment, MenuItem, TextField } from "@mui/material";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { graphql, useMutation } from "react-relay";
import type { z } from "zod";
import type { RecordUseDialogMutation } from "../../__generated__/RecordUseDialogMutation.graphql.ts";
import { useToast } from "../../platform/toast.tsx";
import { useKeptOnPhone } from "../../offline/useKeptOnPhone.ts";
import { todayInput } from "../../components/form/dates.ts";
import { recordUseForm } from "../../../../schemas/chemicalUse.ts";
import { FormDate, FormNumber, FormText } from "../../components/form/fields.tsx";
import { COMMON_PESTS } from "./chemicalUse.ts";
import { FormActions } from "../../components/form/FormActions.tsx";
import { useScreenBelow } from "../../components/useScreenBelow.ts";

type UseForm = ReturnType<typeof recordUseForm>;

export type UseTarget = {
  id: string;
  name: string;
  unit: string;
  quantity: number;
  epaRegistrationNumber?: string | null;
  /** Where the item is (issue 15), for 'Taken from'; read with the list, so it also works offline. */
  levels?: readonly { locationId: string; name: string; quantity: number }[];
};

/** 'Taken from' left at this: the server takes from the user's truck when it carries the item, else the main warehouse. */
const USUAL_PLACE = "";

/**
 * Records a chemical use of an item: quantity used (taken from stock), site or customer address,
 * target pest and date. Full screen on phones.
 */
export function RecordUseDialog({ item, onClose }: { item: UseTarget; onClose(): void }) {
  const phone = useScreenBelow("sm");
  const titleId = useId();
  const { toast } = useToast();
  const { t } = useLingui();
  const kept = useKeptOnPhone();
  const epa = item.epaRegistrationNumber;
  const today = todayInput();
  const [from, setFrom] = useState(USUAL_PLACE);
  const picked = item.levels?.find((l) => l.locationId === from);
  const available = picked ? picked.quantity : item.quantity;
  const pickedQuantity = picked?.quantity;
  const pickedUnit = item.unit;
  const schema = useMemo(() => recordUseForm(available, today), [available, today]);
  const form = useForm<z.input<UseForm>, unknown, z.output<UseForm>>({
    resolver: zodResolver(schema),
    defaultValues: { quantity: "1", siteAddress: "", targetPest: "", date: today },
  });
  const { control } = form;
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

  // A refusal about one of the fields shows under it; anything else above the fields (no toast here).
  const submit = form.handleSubmit((values) => {
    if (pending) return;
    setServerError(null);
    commit({
      variables: { input: { itemId: item.id, ...values, ...(from !== USUAL_PLACE && { locationId: from }) } },
      onCompleted: (d) => {
        const r = d.recordChemicalUse;
        if (r.__typename === "RecordChemicalUsePayload") {
          const amount = values.quantity;
          const unit = item.unit;
          const name = item.name;
          const place = picked?.name;
          toast({ title: t`Use recorded`, description: place ? t`${amount} ${unit} of ${name} taken from ${place}` : t`${amount} ${unit} of ${name} taken from stock`, variant: "success" });
          onClose();
          return;
        }
        const field = r.field;
        if (field === "quantity" || field === "siteAddress" || field === "targetPest" || field === "date") form.setError(field, { type: "server", message: r.message });
        else setServerError(r.message ?? t`Failed to record use`);
      },
      onError: (error) => (kept(error) ? onClose() : setServerError(t`Failed to record use`)),
    });
  });

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate style={{ display: "contents" }}>
        <DialogTitle id={titleId}>
          <Trans>Record Use</Trans>
        </DialogTitle>
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 2 }}>
            <strong>{item.name}</strong>
            {item.epaRegistrationNumber ? t` · EPA Reg. No. ${epa}` : ""} · <Trans>{item.quantity} {item.unit} in stock</Trans>
          </DialogContentText>
          {serverError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverError}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 6 }}>
              <FormNumber
                control={control}
                name="quantity"
                autoFocus
                required
                label={t`Quantity used`}
                min={1}
                max={available}
                helperText=" "
                slotProps={{ input: { endAdornment: <InputAdornment position="end">{item.unit}</InputAdornment> } }}
              />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <FormDate control={control} name="date" required label={t`Date`} helperText=" " slotProps={{ htmlInput: { max: today } }} />
            </Grid>
            {item.levels && item.levels.length > 1 && (
              <Grid size={12}>
                <TextField
                  select
                  fullWidth
                  label={t`Taken from`}
                  value={from}
                  onChange={(e) => setFrom(e.target.value)}
                  helperText={picked ? t`${pickedQuantity} ${pickedUnit} there` : t`Your truck when it carries this item, otherwise the main warehouse`}
                >
                  <MenuItem value={USUAL_PLACE}>
                    <Trans>The usual place</Trans>
                  </MenuItem>
                  {item.levels.map((l) => (
                    <MenuItem key={l.locationId} value={l.locationId}>
                      {l.name} · {l.quantity} {item.unit}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
            )}
            <Grid size={12}>
              <FormText
                control={control}
                name="siteAddress"
                required
                label={t`Site / customer address`}
                placeholder={t`e.g. 12 Oak Street, Springfield`}
                helperText=" "
                slotProps={{ htmlInput: { maxLength: 300 } }}
              />
            </Grid>
            <Grid size={12}>
              <Controller
                control={control}
                name="targetPest"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    freeSolo
                    options={COMMON_PESTS}
                    inputValue={field.value}
                    onInputChange={(_e, v) => field.onChange(v)}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        inputRef={field.ref}
                        required
                        label={t`Target pest`}
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message ?? " "}
                      />
                    )}
                  />
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <FormActions submitLabel={t`Record Use`} busy={pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
