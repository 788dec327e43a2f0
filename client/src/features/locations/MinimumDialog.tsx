import { Autocomplete, DialogContentText, Stack, TextField } from "@mui/material";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { MinimumDialogMutation } from "../../__generated__/MinimumDialogMutation.graphql.ts";
import { locationMinimumForm, type LocationMinimumFormOutput } from "../../../../schemas/stockLocations.ts";
import { FormNumber } from "../../components/form/fields.tsx";
import { FormDialog } from "../../components/form/FormDialog.tsx";
import type { FormSave } from "../../components/form/useFormSave.ts";
import { useItemSearch } from "../inventory/index.ts";

export type MinimumTarget = { id: string; name: string; unit: string; minQuantity: number | null | undefined };

type Props = {
  titleId: string;
  location: { id: string; name: string };
  /** null: the manager picks the item. */
  item: MinimumTarget | null;
  onDone(changed: boolean): void;
};

/**
 * A location's own minimum for one item (setLocationMinimum): below it, the location counts the
 * item as below minimum and a vehicle's restock brings it back up. Blank removes the minimum.
 */
export default function MinimumDialog({ titleId, location, item: fixed, onDone }: Props) {
  const { t } = useLingui();
  const [picked, setPicked] = useState<{ id: string; name: string; unit: string } | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [text, setText] = useState("");
  const search = useItemSearch(fixed ? "" : text);
  const item = fixed ?? picked;

  const [commit, saving] = useMutation<MinimumDialogMutation>(graphql`
    mutation MinimumDialogMutation($input: SetLocationMinimumInput!) {
      setLocationMinimum(input: $input) {
        __typename
        ... on SetLocationMinimumPayload {
          stockLevel {
            quantity
            minQuantity
            belowMinimum
            location {
              id
              value
              belowMinimumCount
            }
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);

  const submit = ({ minQuantity }: LocationMinimumFormOutput, save: FormSave) => {
    if (!item) {
      setPickError(t`Pick an item`);
      return;
    }
    commit({
      variables: { input: { locationId: location.id, itemId: item.id, minQuantity } },
      onCompleted: (d) =>
        save.completed(d.setLocationMinimum, "SetLocationMinimumPayload", minQuantity === null ? t`Minimum removed` : t`Minimum set`, () => onDone(true)),
      onError: save.failed,
    });
  };

  return (
    <FormDialog
      titleId={titleId}
      title={t`Set minimum`}
      schema={locationMinimumForm}
      defaultValues={{ minQuantity: fixed?.minQuantity == null ? "" : String(fixed.minQuantity) }}
      failure={t`Failed to set minimum`}
      placeFor={(f) => (f === "minQuantity" ? "minQuantity" : null)}
      onUnplaced={setPickError}
      submitLabel={t`Save`}
      busy={saving}
      onCancel={() => onDone(false)}
      onSubmit={submit}
    >
      {({ control }) => (
        <Stack spacing={2}>
          <DialogContentText variant="body2">
            {item ? t`${item.name} at ${location.name}. Leave the minimum blank to remove it.` : t`Pick an item for ${location.name}. Leave the minimum blank to remove it.`}
          </DialogContentText>
          {!fixed && (
            <Autocomplete
              options={search.options}
              filterOptions={(o) => o}
              loading={search.loading}
              loadingText={t`Loading...`}
              value={picked}
              onChange={(_e, v) => {
                setPicked(v);
                setPickError(null);
              }}
              inputValue={text}
              onInputChange={(_e, v, reason) => {
                if (reason === "reset" && picked && v === picked.name) return;
                setText(v);
              }}
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              noOptionsText={t`No inventory items`}
              renderInput={(params) => <TextField {...params} label={t`Item`} required autoFocus error={Boolean(pickError)} helperText={pickError ?? undefined} />}
            />
          )}
          <FormNumber control={control} name="minQuantity" label={item ? t`Minimum (${item.unit})` : t`Minimum`} min={0} autoFocus={Boolean(fixed)} />
        </Stack>
      )}
    </FormDialog>
  );
}
