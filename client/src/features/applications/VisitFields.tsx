import { useLingui } from "@lingui/react/macro";
import { Autocomplete, Grid, TextField, type GridSize, type TextFieldProps } from "@mui/material";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { graphql } from "react-relay";
import { FormSelect, FormText, type Option } from "../../components/form/fields.tsx";
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

/** A cell of the form's grid holding one of the shared inputs: a text input, or a pick from `options`. */
function Field<T extends FieldValues, O>({
  control,
  name,
  size,
  options,
  helperText = " ",
  ...props
}: { control: Control<T, unknown, O>; name: FieldPath<Visit>; size: GridSize | { xs: GridSize; sm: GridSize }; options?: Option[] } & Omit<
  TextFieldProps,
  "name" | "value" | "onChange" | "onBlur" | "error" | "inputRef" | "size"
>) {
  return (
    <Grid size={size}>
      {options ? (
        <FormSelect control={control} name={at<T>(name)} options={options} helperText={helperText} {...props} />
      ) : (
        <FormText control={control} name={at<T>(name)} helperText={helperText} {...props} />
      )}
    </Grid>
  );
}

const decimal = { htmlInput: { inputMode: "decimal" } } as const;
const stateInput = { htmlInput: { maxLength: 2, autoCapitalize: "characters" } } as const;
const zipInput = { htmlInput: { inputMode: "numeric", maxLength: 10 } } as const;
const dateTime = { inputLabel: { shrink: true } } as const;

/** Street, city, state, ZIP and site. */
export function AddressFields<T extends FieldValues, O>({ control, required }: Props<T, O>) {
  const { t } = useLingui();
  return (
    <>
      <Field control={control} name="serviceAddress.street" size={12} label={t`Street`} required={required} autoComplete="street-address" />
      <Field control={control} name="serviceAddress.city" size={{ xs: 12, sm: 6 }} label={t`City`} required={required} />
      <Field
        control={control}
        name="serviceAddress.state"
        size={{ xs: 4, sm: 2 }}
        label={t`State`}
        required={required}
        placeholder="TX"
        slotProps={stateInput}
      />
      <Field control={control} name="serviceAddress.zip" size={{ xs: 8, sm: 4 }} label={t`ZIP`} required={required} slotProps={zipInput} />
      <Field control={control} name="siteDescription" size={12} label={t`Site`} placeholder={t`e.g. Kitchen and exterior perimeter`} />
    </>
  );
}

/** Area and its unit, method, started and ended, target pests. */
export function TreatmentFields<T extends FieldValues, O>({ control, required }: Props<T, O>) {
  const { t } = useLingui();
  const areaUnits = AREA_UNITS.map((u) => ({ value: u, label: areaUnitText(u) }));
  const methods = APPLICATION_METHODS.map((m) => ({ value: m, label: methodText(m) }));
  return (
    <>
      <Field control={control} name="areaAmount" size={{ xs: 6, sm: 4 }} label={t`Area treated`} required={required} slotProps={decimal} />
      <Field control={control} name="areaUnit" size={{ xs: 6, sm: 3 }} label={t`Area unit`} options={areaUnits} />
      <Field control={control} name="method" size={{ xs: 12, sm: 5 }} label={t`Method`} required={required} options={methods} />
      <Field control={control} name="startedAt" size={{ xs: 12, sm: 6 }} label={t`Started`} type="datetime-local" required={required} slotProps={dateTime} />
      <Field
        control={control}
        name="endedAt"
        size={{ xs: 12, sm: 6 }}
        label={t`Ended`}
        type="datetime-local"
        slotProps={dateTime}
        helperText={required ? t`Optional` : " "}
      />
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
      <Field control={control} name="weather.temperatureF" size={{ xs: 6, sm: 4 }} label={t`Temperature °F`} slotProps={decimal} />
      <Field control={control} name="weather.windSpeedMph" size={{ xs: 6, sm: 4 }} label={t`Wind mph`} slotProps={decimal} />
      <Field control={control} name="weather.windDirection" size={{ xs: 12, sm: 4 }} label={t`Wind from`} placeholder={t`e.g. NW`} />
      <Field control={control} name="notes" size={12} label={t`Notes`} multiline minRows={2} />
    </>
  );
}

/**
 * The team a supervisor is picked from (a valid certification makes one eligible): spread unmasked
 * (`teamMembers(…) { ...VisitFields_team @relay(mask: false) }`) by the record and amend forms' queries.
 */
export const teamFragment = graphql`
  fragment VisitFields_team on QueryTeamMembersConnection {
    edges {
      node {
        id
        name
        certification {
          number
          valid
        }
      }
    }
  }
`;

/** The certified applicator the applicator worked under, if any: one of `people` (value: their id), or None. */
export function SupervisorField<T extends FieldValues, O>({
  control,
  people,
  helperText,
}: Props<T, O> & { people: { value: string; label: string }[]; helperText: string }) {
  const { t } = useLingui();
  return (
    <Field
      control={control}
      name="supervisorId"
      size={12}
      label={t`Supervising certified applicator`}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      options={[{ value: "", label: t`None` }, ...people]}
      helperText={helperText}
    />
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
