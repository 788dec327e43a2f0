import {
  Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, InputAdornment, MenuItem, Switch, TextField, Typography,
  type TextFieldProps,
} from "@mui/material";
import type { ReactNode } from "react";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { z } from "zod";
import { shownMessage } from "../../platform/schemaMessages.ts";

// zod compiles object parsers with new Function() unless told not to; the Content-Security-Policy
// (script-src 'self', no 'unsafe-eval') refuses that and reports a violation. The forms parse without it.
z.config({ jitless: true });

/*
 * The form kit: MUI controls bound to a react-hook-form form through its Controller. Each shows its
 * field's error (from the shared schema, or placed there by useFormSave) under it, in place of its
 * helper text, and hands its input to the form so the first wrong field gets the focus.
 */

/** `O` is what the form's schema makes of its values (its resolver's output). */
type Bound<T extends FieldValues, O> = { control: Control<T, unknown, O>; name: FieldPath<T> };
type TextProps<T extends FieldValues, O> = Bound<T, O> & Omit<TextFieldProps, "name" | "value" | "onChange" | "onBlur" | "error" | "inputRef">;

/** A text input (also the base of the number, money, date and select fields). */
export function FormText<T extends FieldValues, O>({ control, name, helperText, ...props }: TextProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          {...props}
          name={field.name}
          value={field.value ?? ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={shownMessage(fieldState.error?.message) ?? helperText}
        />
      )}
    />
  );
}

type NumberProps<T extends FieldValues, O> = TextProps<T, O> & { min?: number; max?: number; step?: number | string };

/** A number input; its text is read into a number by the form's schema (schemas/form.ts). */
export function FormNumber<T extends FieldValues, O>({ min, max, step = 1, slotProps, ...props }: NumberProps<T, O>) {
  const htmlInput = { min, max, step, inputMode: step === 1 ? ("numeric" as const) : ("decimal" as const) };
  return <FormText {...props} type="number" slotProps={{ ...slotProps, htmlInput }} />;
}

/** Dollars and cents: a number input with a $ sign, stepping by 0.01. */
export function FormMoney<T extends FieldValues, O>({ slotProps, ...props }: NumberProps<T, O>) {
  return (
    <FormNumber min={0} step="0.01" {...props} slotProps={{ ...slotProps, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }} />
  );
}

/** A calendar date (YYYY-MM-DD). */
export function FormDate<T extends FieldValues, O>({ slotProps, ...props }: TextProps<T, O>) {
  return <FormText {...props} type="date" slotProps={{ ...slotProps, inputLabel: { shrink: true } }} />;
}

export type Option = string | { value: string; label: ReactNode };

/** A pick from a list (the §9 lists: categories, units, statuses, roles). */
export function FormSelect<T extends FieldValues, O>({ options, ...props }: TextProps<T, O> & { options: readonly Option[] }) {
  return (
    <FormText {...props} select>
      {options.map((o) => {
        const { value, label } = typeof o === "string" ? { value: o, label: o } : o;
        return (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        );
      })}
    </FormText>
  );
}

/** A yes/no switch with its label and a line of help under it. */
export function FormSwitch<T extends FieldValues, O>({ control, name, label, helperText }: Bound<T, O> & { label: ReactNode; helperText?: ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <>
          <FormControlLabel
            control={
              <Switch
                name={field.name}
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={label}
          />
          {helperText && <FormHelperText sx={{ mt: 0, ml: 0 }}>{helperText}</FormHelperText>}
        </>
      )}
    />
  );
}

/** Several picks from a list, as checkboxes (a webhook's events); the value is the list of checked values in the options' order. */
export function FormCheckboxes<T extends FieldValues, O>({
  control,
  name,
  label,
  options,
  helperText,
}: Bound<T, O> & { label: ReactNode; options: readonly { value: string; label: ReactNode; hint?: ReactNode }[]; helperText?: ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const checked = new Set<string>(Array.isArray(field.value) ? (field.value as string[]) : []);
        const toggle = (value: string, on: boolean) => {
          if (on) checked.add(value);
          else checked.delete(value);
          field.onChange(options.map((o) => o.value).filter((v) => checked.has(v)));
        };
        return (
          <FormControl component="fieldset" error={Boolean(fieldState.error)} variant="standard">
            <FormLabel component="legend">{label}</FormLabel>
            <FormGroup sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 }}>
              {options.map((o, i) => (
                <FormControlLabel
                  key={o.value}
                  sx={{ alignItems: "flex-start", mt: 0.5 }}
                  control={
                    <Checkbox
                      size="small"
                      sx={{ pt: 0.25 }}
                      name={field.name}
                      value={o.value}
                      checked={checked.has(o.value)}
                      onChange={(e) => toggle(o.value, e.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }}
                    />
                  }
                  label={
                    <>
                      <span>{o.label}</span>
                      {o.hint && (
                        <Typography component="span" variant="caption" color="textSecondary" sx={{ display: "block" }}>
                          {o.hint}
                        </Typography>
                      )}
                    </>
                  }
                />
              ))}
            </FormGroup>
            {(fieldState.error?.message ?? helperText) && <FormHelperText>{shownMessage(fieldState.error?.message) ?? helperText}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
