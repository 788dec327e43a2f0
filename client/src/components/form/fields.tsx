import { FormControlLabel, FormHelperText, InputAdornment, MenuItem, Switch, TextField, type TextFieldProps } from "@mui/material";
import type { ReactNode } from "react";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { z } from "zod";

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
          helperText={fieldState.error?.message ?? helperText}
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
    <FormNumber
      min={0}
      step="0.01"
      {...props}
      slotProps={{ ...slotProps, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
    />
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
            control={<Switch name={field.name} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { ref: field.ref } }} />}
            label={label}
          />
          {helperText && <FormHelperText sx={{ mt: 0, ml: 0 }}>{helperText}</FormHelperText>}
        </>
      )}
    />
  );
}
