import { Stack } from "@mui/material";
import { useLingui } from "@lingui/react/macro";
import { kindLabel } from "./format.ts";
import { useWatch, type Control } from "react-hook-form";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import type { LocationFormCreateMutation } from "../../__generated__/LocationFormCreateMutation.graphql.ts";
import type { LocationFormTeamQuery } from "../../__generated__/LocationFormTeamQuery.graphql.ts";
import type { LocationFormUpdateMutation } from "../../__generated__/LocationFormUpdateMutation.graphql.ts";
import {
  NEW_STOCK_LOCATION, stockLocationForm, type StockLocationFormOutput, type StockLocationFormValues,
} from "../../../../schemas/stockLocations.ts";
import { FormSelect, FormText } from "../../components/form/fields.tsx";
import { FormDialog } from "../../components/form/FormDialog.tsx";
import type { FormSave } from "../../components/form/useFormSave.ts";

export type EditedLocation = { id: string; name: string; kind: string; holder: { id: string } | null | undefined };

type Props = {
  titleId: string;
  /** null: a new location. */
  location: EditedLocation | null;
  /** `created`: the new location's id. */
  onDone(created?: string): void;
};

const KINDS = ["VEHICLE", "WAREHOUSE"] as const;

/** Add or edit a stock location: its name, its kind (fixed once made) and, for a vehicle, the technician who holds it. */
export default function LocationForm({ titleId, location, onDone }: Props) {
  const { t } = useLingui();
  const kindOptions = KINDS.map((value) => ({ value, label: kindLabel(value) }));
  // Managers only reach this form; the team is theirs to list.
  const team = useLazyLoadQuery<LocationFormTeamQuery>(
    graphql`
      query LocationFormTeamQuery {
        teamMembers(first: 100) {
          edges {
            node {
              id
              name
              department
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-or-network" },
  );
  const holders = [
    { value: "", label: t`No holder` },
    ...team.teamMembers.edges.map(({ node: m }) => ({ value: m.id, label: m.department ? `${m.name} (${m.department})` : m.name })),
  ];

  const [create, creating] = useMutation<LocationFormCreateMutation>(graphql`
    mutation LocationFormCreateMutation($input: CreateStockLocationInput!) {
      createStockLocation(input: $input) {
        __typename
        ... on CreateStockLocationPayload {
          location {
            id
            ...LocationsPage_location
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);
  const [update, updating] = useMutation<LocationFormUpdateMutation>(graphql`
    mutation LocationFormUpdateMutation($input: UpdateStockLocationInput!) {
      updateStockLocation(input: $input) {
        __typename
        ... on UpdateStockLocationPayload {
          location {
            id
            name
            holder {
              id
              name
            }
            ...LocationsPage_location
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);
  const submit = (input: StockLocationFormOutput, save: FormSave) => {
    if (location) {
      update({
        variables: { input: { id: location.id, name: input.name, holderId: input.holderId } },
        onCompleted: (d) => save.completed(d.updateStockLocation, "UpdateStockLocationPayload", t`Location updated`, () => onDone()),
        onError: save.failed,
      });
    } else {
      create({
        variables: { input },
        onCompleted: (d) => {
          const r = d.createStockLocation;
          save.completed(r, "CreateStockLocationPayload", t`Location added`, () => onDone(r.__typename === "CreateStockLocationPayload" ? r.location?.id : undefined));
        },
        onError: save.failed,
      });
    }
  };

  return (
    <FormDialog
      titleId={titleId}
      title={location ? t`Edit Location` : t`Add Location`}
      schema={stockLocationForm}
      defaultValues={location ? { name: location.name, kind: location.kind as StockLocationFormValues["kind"], holderId: location.holder?.id ?? "" } : NEW_STOCK_LOCATION}
      failure={t`Failed to save location`}
      submitLabel={location ? t`Save` : t`Add Location`}
      busy={creating || updating}
      onCancel={() => onDone()}
      onSubmit={submit}
    >
      {({ control }) => (
        <Stack spacing={2}>
          <FormText control={control} name="name" label={t`Name`} required autoFocus autoComplete="off" placeholder={t`e.g. Truck 5`} />
          <FormSelect
            control={control}
            name="kind"
            label={t`Kind`}
            options={kindOptions}
            disabled={Boolean(location)}
            helperText={location ? t`A location's kind stays as it was made` : undefined}
          />
          <HolderField control={control} holders={holders} />
        </Stack>
      )}
    </FormDialog>
  );
}

/** A vehicle's holder: shown for vehicles only. */
function HolderField({ control, holders }: { control: Control<StockLocationFormValues, unknown, StockLocationFormOutput>; holders: { value: string; label: string }[] }) {
  const { t } = useLingui();
  const kind = useWatch({ control, name: "kind" });
  if (kind !== "VEHICLE") return null;
  return (
    <FormSelect control={control} name="holderId" label={t`Holder`} options={holders} helperText={t`The technician this vehicle belongs to`} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} />
  );
}
