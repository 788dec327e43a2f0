import { zodResolver } from "@hookform/resolvers/zod";
import { DialogContent, DialogTitle } from "@mui/material";
import type { ReactNode } from "react";
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type Resolver, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { FormActions } from "./FormActions.tsx";
import { useFormSave, type FormSave } from "./useFormSave.ts";

type Props<V extends FieldValues, O> = {
  titleId: string;
  title: ReactNode;
  /** The shared zod schema (schemas/): the form checks with it what the server validates with it. */
  schema: z.ZodType<O, V>;
  defaultValues: DefaultValues<V>;
  /** §8's fallback text of the form's 'Error' toast ('Failed to save item', …). */
  failure: string;
  /** Where a server error about `field` shows (useFormSave); by default the field of that name. */
  placeFor?(field: string, values: V): FieldPath<V> | null;
  /** A failure no field shows, besides the toast. */
  onUnplaced?(message: string): void;
  submitLabel: string;
  busyLabel?: string;
  /** The mutation is in flight: the buttons are off and the submit button says so. */
  busy: boolean;
  /** The submit button is off for another reason too. */
  disabled?: boolean;
  onCancel(): void;
  /** Saves the checked values: the entity's own mutation, answering through `save`. */
  onSubmit(values: O, save: FormSave): void;
  /** The values failed the schema's checks. */
  onInvalid?(): void;
  /** The form's fields, in the dialog's content. */
  children(form: UseFormReturn<V, unknown, O>): ReactNode;
};

/**
 * Every entity's add/edit form is this dialog body (inside the page's Dialog): its title, its fields,
 * Cancel and the submit button, checked by the entity's shared zod schema and saved by its mutation
 * through useFormSave, which puts a server error on its field and in the §8 toast. The entity's own
 * file keeps its fields and its mutation.
 */
export function FormDialog<V extends FieldValues, O>({
  titleId, title, schema, defaultValues, failure, placeFor, onUnplaced, submitLabel, busyLabel, busy, disabled, onCancel, onSubmit, onInvalid, children,
}: Props<V, O>) {
  const form = useForm<V, unknown, O>({ resolver: zodResolver(schema as never) as unknown as Resolver<V, unknown, O>, defaultValues });
  const save = useFormSave(form, { failure, placeFor: placeFor && ((field) => placeFor(field, form.getValues())), onUnplaced });
  const submit = form.handleSubmit((values) => {
    if (!busy) onSubmit(values, save);
  }, onInvalid && (() => onInvalid()));
  return (
    <form noValidate onSubmit={submit} style={{ display: "contents" }}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>{children(form)}</DialogContent>
      <FormActions submitLabel={submitLabel} busyLabel={busyLabel} busy={busy} disabled={disabled} onCancel={onCancel} />
    </form>
  );
}
