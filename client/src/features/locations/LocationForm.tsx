import { Stack } from "@mui/material";
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

const KIND_OPTIONS = [
  { value: "VEHICLE", label: "Vehicle" },
  { value: "WAREHOUSE", label: "Warehouse" },
];

/** Add or edit a stock location: its name, its kind (fixed once made) and, for a vehicle, the technician who holds it. */
export default function LocationForm({ titleId, location, onDone }: Props) {
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
    { value: "", label: "No holder" },
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
        onCompleted: (d) => save.completed(d.updateStockLocation, "UpdateStockLocationPayload", "Location updated", () => onDone()),
        onError: save.failed,
      });
    } else {
      create({
        variables: { input },
        onCompleted: (d) => {
          const r = d.createStockLocation;
          save.completed(r, "CreateStockLocationPayload", "Location added", () => onDone(r.__typename === "CreateStockLocationPayload" ? r.location?.id : undefined));
        },
        onError: save.failed,
      });
    }
  };

  return (
    <FormDialog
      titleId={titleId}
      title={location ? "Edit Location" : "Add Location"}
      schema={stockLocationForm}
      defaultValues={location ? { name: location.name, kind: location.kind as StockLocationFormValues["kind"], holderId: location.holder?.id ?? "" } : NEW_STOCK_LOCATION}
      failure="Failed to save location"
      submitLabel={location ? "Save" : "Add Location"}
      busy={creating || updating}
      onCancel={() => onDone()}
      onSubmit={submit}
    >
      {({ control }) => (
        <Stack spacing={2}>
          <FormText control={control} name="name" label="Name" required autoFocus autoComplete="off" placeholder="e.g. Truck 5" />
          <FormSelect
            control={control}
            name="kind"
            label="Kind"
            options={KIND_OPTIONS}
            disabled={Boolean(location)}
            helperText={location ? "A location's kind stays as it was made" : undefined}
          />
          <HolderField control={control} holders={holders} />
        </Stack>
      )}
    </FormDialog>
  );
}

/** A vehicle's holder: shown for vehicles only. */
function HolderField({ control, holders }: { control: Control<StockLocationFormValues, unknown, StockLocationFormOutput>; holders: { value: string; label: string }[] }) {
  const kind = useWatch({ control, name: "kind" });
  if (kind !== "VEHICLE") return null;
  return (
    <FormSelect control={control} name="holderId" label="Holder" options={holders} helperText="The technician this vehicle belongs to" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} />
  );
}
