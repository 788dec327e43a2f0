import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { useToast } from "../../platform/toast.tsx";

/** A mutation's typed result: its payload, or an Error (ValidationError and ConflictError name a field). */
export type SaveResult = { readonly __typename: string; readonly message?: string; readonly field?: string | null } | null | undefined;

type Options<T extends FieldValues> = {
  /** §8's fallback text of this form's 'Error' toast ('Failed to save item', …). */
  failure: string;
  /** Where a server error about `field` shows; by default the form field of that name (first segment of `items.0.id`), if the form has one. */
  placeFor?(field: string): FieldPath<T> | null;
  /** A failure no field shows (besides the toast). */
  onUnplaced?(message: string): void;
};

/**
 * The one save path of a form: a payload toasts `success` and calls `done`; an error from the server
 * lands on its field (focused) and in an 'Error' toast with the server's or thrown message, falling
 * back to `failure` (§8).
 */
export function useFormSave<T extends FieldValues, O>(form: Pick<UseFormReturn<T, unknown, O>, "setError" | "getValues">, options: Options<T>) {
  const { toast } = useToast();
  const { failure, placeFor, onUnplaced } = options;

  const fail = (message?: string | null, field?: string | null) => {
    const text = message || failure;
    const name = field ? (placeFor ? placeFor(field) : defaultPlace(form.getValues(), field)) : null;
    if (name) form.setError(name, { type: "server", message: text }, { shouldFocus: true });
    else onUnplaced?.(text);
    toast({ title: "Error", description: text, variant: "destructive" });
  };

  return {
    /** For a mutation's onCompleted: `payloadType` is the success payload's __typename. */
    completed(result: SaveResult, payloadType: string, success: string, done: () => void) {
      if (result?.__typename === payloadType) {
        toast({ title: success, variant: "success" });
        done();
      } else fail(result?.message, result?.field);
    },
    /** For a mutation's onError (the network or server failed). */
    failed(error?: Error) {
      fail(error?.message);
    },
  };
}

function defaultPlace<T extends FieldValues>(values: T, field: string): FieldPath<T> | null {
  const key = field.split(".")[0];
  return key && key in values ? (key as FieldPath<T>) : null;
}
