import { useLingui } from "@lingui/react/macro";
import { Autocomplete, Grid, TextField } from "@mui/material";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { FormSelect, FormText } from "../../components/form/fields.tsx";
import { shownMessage } from "../../platform/schemaMessages.ts";
import { APPLICATION_METHODS, type recordApplicationForm } from "../../../../schemas/applications.ts";
import { AREA_UNITS } from "../../../../schemas/measures.ts";
import type { z } from "zod";
import { COMMON_PESTS } from "../inventory/index.ts";
import { areaUnitText, methodText } from "./format.ts";

/*
 * The visit's fields as 'Record application' and 'Amend record' both ask them: the address and site,
 * the treatment (area, method, times, pests), the weather and notes. `required` marks what a new
 * record must have (an amendment checks only what changed, so it marks nothing).
 */

/** The inputs both forms share, by the names both give them. */
type Visit = Pick<
  z.input<typeof recordApplicationForm>,
  | "serviceAddress"
  | "siteDescription"
  | "areaAmount"
  | "areaUnit"
  | "method"
  | "startedAt"
  | "endedAt"
  | "targetPests"
  | "supervisorId"
  | "supervisedApplicators"
  | "weather"
  | "notes"
>;
type Props<T extends FieldValues, O> = { control: Control<T, unknown, O>; required?: boolean };
/** One of the shared inputs, named in a form whose values include them. */
const at = <T extends FieldValues>(name: FieldPath<Visit>) => name as FieldPath<T>;

/** Street, city, state, ZIP and site. */
export function AddressFields<T extends FieldValues, O>({ control, required }: Props<T, O>) {
  const { t } = useLingui();
  return (
    <>
      <Grid size={12}>
        <FormText control={control} name={at<T>("serviceAddress.street")} label={t`Street`} required={required} autoComplete="street-address" helperText=" " />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormText control={control} name={at<T>("serviceAddress.city")} label={t`City`} required={required} helperText=" " />
      </Grid>
      <Grid size={{ xs: 4, sm: 2 }}>
        <FormText
          control={control}
          name={at<T>("serviceAddress.state")}
          label={t`State`}
          required={required}
          placeholder="TX"
          slotProps={{ htmlInput: { maxLength: 2, autoCapitalize: "characters" } }}
          helperText=" "
        />
      </Grid>
      <Grid size={{ xs: 8, sm: 4 }}>
        <FormText
          control={control}
          name={at<T>("serviceAddress.zip")}
          label={t`ZIP`}
          required={required}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 10 } }}
          helperText=" "
        />
      </Grid>
      <Grid size={12}>
        <FormText control={control} name={at<T>("siteDescription")} label={t`Site`} placeholder={t`e.g. Kitchen and exterior perimeter`} helperText=" " />
      </Grid>
    </>
  );
}

/** Area and its unit, method, started and ended, target pests. */
export function TreatmentFields<T extends FieldValues, O>({ control, required }: Props<T, O>) {
  const { t } = useLingui();
  return (
    <>
      <Grid size={{ xs: 7, sm: 4 }}>
        <FormText
          control={control}
          name={at<T>("areaAmount")}
          label={t`Area treated`}
          required={required}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
          helperText=" "
        />
      </Grid>
      <Grid size={{ xs: 5, sm: 3 }}>
        <FormSelect
          control={control}
          name={at<T>("areaUnit")}
          label={t`Area unit`}
          options={AREA_UNITS.map((u) => ({ value: u, label: areaUnitText(u) }))}
          helperText=" "
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <FormSelect
          control={control}
          name={at<T>("method")}
          label={t`Method`}
          required={required}
          options={APPLICATION_METHODS.map((m) => ({ value: m, label: methodText(m) }))}
          helperText=" "
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormText
          control={control}
          name={at<T>("startedAt")}
          label={t`Started`}
          type="datetime-local"
          required={required}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText=" "
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormText
          control={control}
          name={at<T>("endedAt")}
          label={t`Ended`}
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={required ? t`Optional` : " "}
        />
      </Grid>
      <Grid size={12}>
        <Names
          control={control}
          name={at<T>("targetPests")}
          label={t`Target pests`}
          required={required}
          options={COMMON_PESTS}
          helperText={t`Pick or type, then Enter`}
        />
      </Grid>
    </>
  );
}

/** Temperature, wind speed and direction, notes. */
export function WeatherFields<T extends FieldValues, O>({ control }: Props<T, O>) {
  const { t } = useLingui();
  return (
    <>
      <Grid size={{ xs: 6, sm: 4 }}>
        <FormText
          control={control}
          name={at<T>("weather.temperatureF")}
          label={t`Temperature °F`}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
          helperText=" "
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <FormText
          control={control}
          name={at<T>("weather.windSpeedMph")}
          label={t`Wind mph`}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
          helperText=" "
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormText control={control} name={at<T>("weather.windDirection")} label={t`Wind from`} placeholder={t`e.g. NW`} helperText=" " />
      </Grid>
      <Grid size={12}>
        <FormText control={control} name={at<T>("notes")} label={t`Notes`} multiline minRows={2} helperText=" " />
      </Grid>
    </>
  );
}

/** The certified applicator the applicator worked under, if any: one of `people` (value: their id), or None. */
export function SupervisorField<T extends FieldValues, O>({
  control,
  people,
  helperText,
}: Props<T, O> & { people: { value: string; label: string }[]; helperText: string }) {
  const { t } = useLingui();
  return (
    <Grid size={12}>
      <FormSelect
        control={control}
        name={at<T>("supervisorId")}
        label={t`Supervising certified applicator`}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        options={[{ value: "", label: t`None` }, ...people]}
        helperText={helperText}
      />
    </Grid>
  );
}

/** The non-certified applicators the certified one supervised: names, each typed and Enter. */
export function SupervisedFields<T extends FieldValues, O>({ control }: Props<T, O>) {
  const { t } = useLingui();
  return (
    <Grid size={12}>
      <Names
        control={control}
        name={at<T>("supervisedApplicators")}
        label={t`Non-certified applicators supervised`}
        options={[]}
        helperText={t`Names, each followed by Enter`}
      />
    </Grid>
  );
}

/** A list of names (pests, people): picked or typed; what is typed is added on Enter or when leaving the field. */
function Names<T extends FieldValues, O>({
  control,
  name,
  label,
  options,
  helperText,
  required,
}: {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: string;
  options: readonly string[];
  helperText: string;
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          freeSolo
          autoSelect
          options={options}
          value={(field.value as string[] | undefined) ?? []}
          onChange={(_e, v) => field.onChange(v.map((s) => s.trim()).filter(Boolean))}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              required={required}
              label={label}
              error={Boolean(fieldState.error)}
              helperText={shownMessage(fieldState.error?.message) ?? helperText}
            />
          )}
        />
      )}
    />
  );
}
