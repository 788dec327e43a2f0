import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Autocomplete, DialogContent, DialogTitle, Grid, InputAdornment, TextField, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { Controller, useForm, type FieldPath, type Resolver } from "react-hook-form";
import { graphql, useFragment, useMutation } from "react-relay";
import type { AmendApplicationDialogMutation } from "../../__generated__/AmendApplicationDialogMutation.graphql.ts";
import type { AmendApplicationDialog_application$key } from "../../__generated__/AmendApplicationDialog_application.graphql.ts";
import { FormActions } from "../../components/form/FormActions.tsx";
import { FormSelect, FormText } from "../../components/form/fields.tsx";
import { useFormSave } from "../../components/form/useFormSave.ts";
import {
  AMENDABLE, APPLICATION_METHODS, METHOD_LABEL, amendApplicationForm, isoToLocalDateTime, type Amendable, type AmendApplicationFormValues,
} from "../../../../schemas/applications.ts";
import { AREA_LABEL, AREA_UNITS, type AreaUnit } from "../../../../schemas/measures.ts";
import { COMMON_PESTS } from "../inventory/index.ts";
import { RECORD_WITHIN_DAYS } from "../../../../schemas/applications.ts";

type Values = AmendApplicationFormValues;

/** Which form inputs make up each amendable part. */
const PART_FIELDS: Record<Amendable, (keyof Values)[]> = {
  customerName: ["customerName"], serviceAddress: ["serviceAddress"], siteDescription: ["siteDescription"], area: ["areaAmount", "areaUnit"],
  startedAt: ["startedAt"], endedAt: ["endedAt"], targetPests: ["targetPests"], method: ["method"], supervisedApplicators: ["supervisedApplicators"],
  weather: ["weather"], notes: ["notes"],
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Amend a record (issue 34): why (required), and the fields and product amounts as they stand; only
 * what changed is sent, the record's history keeps the rest. An amount of 0 takes a line back.
 */
export default function AmendApplicationDialog({ titleId, application, onDone }: { titleId: string; application: AmendApplicationDialog_application$key; onDone(): void }) {
  const a = useFragment(
    graphql`
      fragment AmendApplicationDialog_application on Application {
        id
        customerName
        serviceAddress {
          street
          city
          state
          zip
        }
        siteDescription
        areaTreated {
          amount
          unit
        }
        startedAt
        endedAt
        targetPests
        method
        supervisedApplicators
        weather {
          temperatureF
          windSpeedMph
          windDirection
        }
        notes
        lines {
          id
          productName
          amount
          unit
          unitLabel
          item {
            id
          }
        }
      }
    `,
    application,
  );
  const initial = useMemo<Values>(
    () => ({
      reason: "",
      customerName: a.customerName ?? "",
      serviceAddress: { street: a.serviceAddress.street ?? "", city: a.serviceAddress.city ?? "", state: a.serviceAddress.state ?? "", zip: a.serviceAddress.zip ?? "" },
      siteDescription: a.siteDescription ?? "",
      areaAmount: a.areaTreated ? String(a.areaTreated.amount) : "",
      areaUnit: (a.areaTreated?.unit ?? "SQ_FT") as AreaUnit,
      startedAt: isoToLocalDateTime(String(a.startedAt)),
      endedAt: a.endedAt ? isoToLocalDateTime(String(a.endedAt)) : "",
      targetPests: [...a.targetPests],
      method: a.method ?? "",
      supervisedApplicators: [...a.supervisedApplicators],
      weather: {
        temperatureF: a.weather?.temperatureF != null ? String(a.weather.temperatureF) : "",
        windSpeedMph: a.weather?.windSpeedMph != null ? String(a.weather.windSpeedMph) : "",
        windDirection: a.weather?.windDirection ?? "",
      },
      notes: a.notes ?? "",
      lines: a.lines.map((l) => ({ lineId: l.id, itemId: l.item?.id ?? "", unit: l.unit, amount: String(l.amount) })),
    }),
    [a],
  );
  // Only the parts that changed are checked and sent: a migrated record's 'not recorded' parts need no value.
  const resolver: Resolver<Values> = (values, context, options) => {
    const changed = new Set(AMENDABLE.filter((part) => PART_FIELDS[part].some((f) => !same(values[f], initial[f]))));
    const linesChanged = values.lines.some((l, i) => l.amount.trim() !== initial.lines[i]?.amount);
    return zodResolver(amendApplicationForm(changed, linesChanged) as never)(values as never, context, options as never) as never;
  };
  const form = useForm<Values>({ resolver, defaultValues: initial });
  const { control } = form;
  const [unplaced, setUnplaced] = useState<string | null>(null);
  const save = useFormSave(form, {
    failure: "Failed to amend the record",
    onUnplaced: setUnplaced,
    placeFor: (field) => {
      if (field.startsWith("areaTreated")) return "areaAmount";
      const line = /^lines\.(\d+)\./.exec(field);
      if (line) return `lines.${Number(line[1])}.amount`;
      const top = field.split(".")[0]!;
      return top in initial ? (field as FieldPath<Values>) : null;
    },
  });
  const [commit, pending] = useMutation<AmendApplicationDialogMutation>(graphql`
    mutation AmendApplicationDialogMutation($input: AmendApplicationInput!) {
      amendApplication(input: $input) {
        __typename
        ... on AmendApplicationPayload {
          application {
            id
            updatedAt
            late
            ...ApplicationPage_application
            ...AmendApplicationDialog_application
            ...ApplicationsPage_application
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);

  const submit = form.handleSubmit((values) => {
    if (pending) return;
    setUnplaced(null);
    const out = values as unknown as Record<string, unknown> & { lines?: { lineId: string; itemId: string; unit: string; amount: string }[] };
    // Only the lines whose amount changed; the others stay as they are.
    const lines = out.lines?.filter((l, i) => l.amount !== initial.lines[i]?.amount);
    const input = { ...out, applicationId: a.id, lines: lines?.length ? lines : undefined };
    commit({
      variables: { input: input as never },
      onCompleted: (d) => save.completed(d.amendApplication, "AmendApplicationPayload", "Record amended", onDone),
      onError: save.failed,
    });
  });

  return (
    <form noValidate onSubmit={submit} style={{ display: "contents" }}>
      <DialogTitle id={titleId}>Amend record</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The record as it was stays readable with who, when and why. Amended more than {RECORD_WITHIN_DAYS} days after the application, it is marked late.
        </Typography>
        {unplaced && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {unplaced}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={12}>
            <FormText control={control} name="reason" label="Reason for the amendment" required autoFocus multiline minRows={2} helperText=" " />
          </Grid>
          <Grid size={12}>
            <FormText control={control} name="customerName" label="Customer name" helperText=" " />
          </Grid>
          <Grid size={12}>
            <FormText control={control} name="serviceAddress.street" label="Street" helperText=" " />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText control={control} name="serviceAddress.city" label="City" helperText=" " />
          </Grid>
          <Grid size={{ xs: 4, sm: 2 }}>
            <FormText control={control} name="serviceAddress.state" label="State" slotProps={{ htmlInput: { maxLength: 2 } }} helperText=" " />
          </Grid>
          <Grid size={{ xs: 8, sm: 4 }}>
            <FormText control={control} name="serviceAddress.zip" label="ZIP" helperText=" " />
          </Grid>
          <Grid size={12}>
            <FormText control={control} name="siteDescription" label="Site" helperText=" " />
          </Grid>
          <Grid size={{ xs: 7, sm: 4 }}>
            <FormText control={control} name="areaAmount" label="Area treated" slotProps={{ htmlInput: { inputMode: "decimal" } }} helperText=" " />
          </Grid>
          <Grid size={{ xs: 5, sm: 3 }}>
            <FormSelect control={control} name="areaUnit" label="Area unit" options={AREA_UNITS.map((u) => ({ value: u, label: AREA_LABEL[u] }))} helperText=" " />
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            <FormSelect control={control} name="method" label="Method" options={APPLICATION_METHODS.map((m) => ({ value: m, label: METHOD_LABEL[m] }))} helperText=" " />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText control={control} name="startedAt" label="Started" type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} helperText=" " />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText control={control} name="endedAt" label="Ended" type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} helperText=" " />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="targetPests"
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  freeSolo
                  autoSelect
                  options={COMMON_PESTS}
                  value={field.value}
                  onChange={(_e, v) => field.onChange(v.map((s) => s.trim()).filter(Boolean))}
                  renderInput={(params) => <TextField {...params} inputRef={field.ref} label="Target pests" error={Boolean(fieldState.error)} helperText={fieldState.error?.message ?? " "} />}
                />
              )}
            />
          </Grid>
          {a.lines.map((l, i) => (
            <Grid size={12} key={l.id}>
              <FormText
                control={control}
                name={`lines.${i}.amount`}
                label={`${l.productName}: amount`}
                disabled={!l.item}
                slotProps={{ htmlInput: { inputMode: "decimal" }, input: { endAdornment: <InputAdornment position="end">{l.unitLabel}</InputAdornment> } }}
                helperText={l.item ? "0 takes it back into stock" : "The product no longer exists"}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormText control={control} name="weather.temperatureF" label="Temperature °F" helperText=" " />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormText control={control} name="weather.windSpeedMph" label="Wind mph" helperText=" " />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormText control={control} name="weather.windDirection" label="Wind from" helperText=" " />
          </Grid>
          <Grid size={12}>
            <FormText control={control} name="notes" label="Notes" multiline minRows={2} helperText=" " />
          </Grid>
        </Grid>
      </DialogContent>
      <FormActions submitLabel="Save amendment" busy={pending} onCancel={onDone} />
    </form>
  );
}
