import { t } from "@lingui/core/macro";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { graphql, readInlineData } from "react-relay";
import type { useFormSave_error$key } from "../../__generated__/useFormSave_error.graphql.ts";
import { useToast } from "../../platform/toast.tsx";

/**
 * The failure part of a form mutation's result, spread into it as `...useFormSave_error @alias(as: "error")`:
 * any Error's message, and the field a ValidationError or ConflictError names.
 */
const errorFragment = graphql`
  fragment useFormSave_error on Error @inline {
    message
    ... on ValidationError {
      field
    }
    ... on ConflictError {
      field
    }
  }
`;

/** A mutation's typed result: its payload (by __typename), or an Error under `error`. */
export type SaveResult = { readonly __typename: string; readonly error: useFormSave_error$key | null | undefined } | null | undefined;

/** How a form answers its mutation (useFormSave's result). */
export type FormSave = {
  /** For a mutation's onCompleted: `payloadType` is the success payload's __typename. */
  completed(result: SaveResult, payloadType: string, success: string, done: () => void): void;
  /** For a mutation's onError (the network or server failed). */
  failed(error?: Error): void;
};

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
export function useFormSave<T extends FieldValues, O>(form: Pick<UseFormReturn<T, unknown, O>, "setError" | "getValues">, options: Options<T>): FormSave {
  const { toast } = useToast();
  const { failure, placeFor, onUnplaced } = options;

  const fail = (message?: string | null, field?: string | null) => {
    const text = message || failure;
    const name = field ? (placeFor ? placeFor(field) : defaultPlace(form.getValues(), field)) : null;
    if (name) form.setError(name, { type: "server", message: text }, { shouldFocus: true });
    else onUnplaced?.(text);
    toast({ title: t`Error`, description: text, variant: "destructive" });
  };

  return {
    completed(result, payloadType, success, done) {
      if (result?.__typename === payloadType) {
        toast({ title: success, variant: "success" });
        done();
        return;
      }
      const error = result?.error ? readInlineData(errorFragment, result.error) : null;
      fail(error?.message, error?.field);
    },
    failed(error) {
      fail(error?.message);
    },
  };
}

function defaultPlace<T extends FieldValues>(values: T, field: string): FieldPath<T> | null {
  const key = field.split(".")[0];
  return key && key in values ? (key as FieldPath<T>) : null;
}
