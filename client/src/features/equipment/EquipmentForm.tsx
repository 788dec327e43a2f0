import { Alert, CircularProgress, DialogContent, DialogTitle, Grid } from "@mui/material";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { useWatch, type Control } from "react-hook-form";
import { graphql, useFragment, useLazyLoadQuery, useMutation } from "react-relay";
import type { EquipmentFormCreateMutation } from "../../__generated__/EquipmentFormCreateMutation.graphql.ts";
import type { EquipmentFormQuery } from "../../__generated__/EquipmentFormQuery.graphql.ts";
import type { EquipmentFormUpdateMutation } from "../../__generated__/EquipmentFormUpdateMutation.graphql.ts";
import type { EquipmentForm_equipment$data, EquipmentForm_equipment$key } from "../../__generated__/EquipmentForm_equipment.graphql.ts";
import { equipmentForm, NEW_EQUIPMENT, type EquipmentFormOutput, type EquipmentFormValues } from "../../../../schemas/equipment.ts";
import { FormDate, FormNumber, FormSelect, FormText } from "../../components/form/fields.tsx";
import { FormDialog } from "../../components/form/FormDialog.tsx";
import { FormMissing } from "../../components/form/FormLoading.tsx";
import type { FormSave } from "../../components/form/useFormSave.ts";
import { SdsUploader } from "../../components/SdsUploader.tsx";
import { connectionsForNew, type EquipmentFilters } from "./connections.ts";
import { toDateInput } from "./dates.ts";
import { EQUIPMENT_CATEGORIES, EQUIPMENT_STATUSES, labelForStatus } from "./status.ts";

type Props = {
  titleId: string;
  onDone(): void;
  /** Edit this equipment (global id); without it the form adds new equipment. */
  equipmentId?: string;
  /** The Equipment page's current filters, so a new record also lands in the filtered list when it matches. */
  filters?: EquipmentFilters;
};

/** §5 equipment form: add (quick action or page) and edit (page). */
export default function EquipmentForm(props: Props) {
  const { t } = useLingui();
  if (!props.equipmentId) return <FormBody {...props} equipment={null} />;
  return (
    <Suspense
      fallback={
        <>
          <DialogTitle id={props.titleId}>
            <Trans>Edit Equipment</Trans>
          </DialogTitle>
          <DialogContent sx={{ display: "grid", placeItems: "center", minHeight: 240 }}>
            <CircularProgress aria-label={t`Loading equipment`} />
          </DialogContent>
        </>
      }
    >
      <EditLoader {...props} equipmentId={props.equipmentId} />
    </Suspense>
  );
}

function EditLoader(props: Props & { equipmentId: string }) {
  const { t } = useLingui();
  const data = useLazyLoadQuery<EquipmentFormQuery>(
    graphql`
      query EquipmentFormQuery($id: ID!) {
        node(id: $id) {
          ...EquipmentForm_equipment @alias(as: "equipment")
        }
      }
    `,
    { id: props.equipmentId },
  );
  const equipment = data.node?.equipment;
  if (!equipment) {
    return (
      <FormMissing titleId={props.titleId} title={t`Edit Equipment`} onClose={props.onDone}>
        <Alert severity="error">
          <Trans>Equipment not found</Trans>
        </Alert>
      </FormMissing>
    );
  }
  return <FormBody {...props} equipment={equipment} />;
}

const DATE_FIELDS = { purchaseDate: msg`Purchase Date`, lastMaintenance: msg`Last Maintenance`, nextMaintenance: msg`Next Maintenance` } as const;

function initialValues(e: EquipmentForm_equipment$data | null | undefined): EquipmentFormValues {
  if (!e) return NEW_EQUIPMENT;
  return {
    name: e.name,
    description: e.description ?? "",
    serialNumber: e.serialNumber ?? "",
    category: e.category,
    status: e.status,
    assignedTo: e.assignedTo ?? "",
    location: e.location ?? "",
    purchaseDate: toDateInput(e.purchaseDate),
    lastMaintenance: toDateInput(e.lastMaintenance),
    nextMaintenance: toDateInput(e.nextMaintenance),
    qrCode: e.qrCode ?? "",
    maintenanceIntervalDays: e.maintenanceIntervalDays == null ? "" : String(e.maintenanceIntervalDays),
  };
}

function FormBody({ titleId, onDone, filters, equipment }: Props & { equipment: EquipmentForm_equipment$key | null }) {
  const { t, i18n } = useLingui();
  const statusOptions = EQUIPMENT_STATUSES.map((s) => ({ value: s, label: labelForStatus(s) }));
  const e = useFragment(
    graphql`
      fragment EquipmentForm_equipment on Equipment {
        id
        name
        description
        serialNumber
        category
        status
        assignedTo
        location
        purchaseDate
        lastMaintenance
        nextMaintenance
        maintenanceIntervalDays
        qrCode
        sdsFileUrl
      }
    `,
    equipment,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [create, creating] = useMutation<EquipmentFormCreateMutation>(graphql`
    mutation EquipmentFormCreateMutation($input: CreateEquipmentInput!, $connections: [ID!]!) {
      createEquipment(input: $input) {
        __typename
        ... on CreateEquipmentPayload {
          equipment @prependNode(connections: $connections, edgeTypeName: "QueryEquipmentConnectionEdge") {
            id
            ...EquipmentEntry_equipment
            ...EquipmentForm_equipment
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);
  const [update, updating] = useMutation<EquipmentFormUpdateMutation>(graphql`
    mutation EquipmentFormUpdateMutation($input: UpdateEquipmentInput!) {
      updateEquipment(input: $input) {
        __typename
        ... on UpdateEquipmentPayload {
          equipment {
            id
            updatedAt
            ...EquipmentEntry_equipment
            ...EquipmentForm_equipment
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);
  const initial = initialValues(e);
  // The record's own category stays a choice even when it is not one of §9's.
  const categories = [...(initial.category && !(EQUIPMENT_CATEGORIES as readonly string[]).includes(initial.category) ? [initial.category] : []), ...EQUIPMENT_CATEGORIES];

  const submit = (fields: EquipmentFormOutput, save: FormSave) => {
    setFormError(null);
    // Network failures keep §8's fixed text.
    const onError = () => save.failed();
    if (e) {
      update({
        variables: { input: { id: e.id, ...fields } },
        onCompleted: (d) => save.completed(d.updateEquipment, "UpdateEquipmentPayload", t`Equipment updated successfully`, onDone),
        onError,
      });
    } else {
      create({
        variables: { input: fields, connections: connectionsForNew(fields, filters) },
        onCompleted: (d) => save.completed(d.createEquipment, "CreateEquipmentPayload", t`Equipment added successfully`, onDone),
        onError,
      });
    }
  };

  return (
    <FormDialog
      titleId={titleId}
      title={e ? t`Edit Equipment` : t`Add New Equipment`}
      schema={equipmentForm}
      defaultValues={initial}
      failure={t`Failed to save equipment`}
      // The assignee's field shows only while checked out; an error about it otherwise goes above the fields.
      placeFor={(field, values) => {
        const key = field.split(".")[0];
        return key && key in NEW_EQUIPMENT && (key !== "assignedTo" || values.status === "checked_out") ? (key as keyof EquipmentFormValues) : null;
      }}
      onUnplaced={setFormError}
      submitLabel={e ? t`Save Changes` : t`Add Equipment`}
      busy={creating || updating}
      onCancel={onDone}
      onSubmit={submit}
    >
      {({ control }) => (
        <>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText control={control} name="name" label={t`Name`} required autoFocus={!e} slotProps={{ htmlInput: { maxLength: 200 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText control={control} name="serialNumber" label={t`Serial Number`} slotProps={{ htmlInput: { maxLength: 128 } }} />
            </Grid>
            <Grid size={12}>
              <FormText control={control} name="description" label={t`Description`} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 2000 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormSelect control={control} name="category" label={t`Category`} required options={categories} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormSelect control={control} name="status" label={t`Status`} required options={statusOptions} />
            </Grid>
            <AssignedToField control={control} />
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText control={control} name="location" label={t`Location`} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText control={control} name="qrCode" label={t`QR Code`} slotProps={{ htmlInput: { maxLength: 1000 } }} />
            </Grid>
            {(Object.keys(DATE_FIELDS) as (keyof typeof DATE_FIELDS)[]).map((d) => (
              <Grid key={d} size={{ xs: 12, sm: 4 }}>
                <FormDate control={control} name={d} label={i18n._(DATE_FIELDS[d])} />
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormNumber
                control={control}
                name="maintenanceIntervalDays"
                label={t`Maintenance Interval (days)`}
                min={1}
                max={3650}
                helperText={t`Recording maintenance moves the next date by this many days`}
              />
            </Grid>
            <Grid size={12}>
              <SdsUploader itemId={e?.id ?? null} sdsFileUrl={e?.sdsFileUrl} />
            </Grid>
          </Grid>
        </>
      )}
    </FormDialog>
  );
}

/** Who has the equipment: asked only while it is checked out. */
function AssignedToField({ control }: { control: Control<EquipmentFormValues, unknown, EquipmentFormOutput> }) {
  const { t } = useLingui();
  if (useWatch({ control, name: "status" }) !== "checked_out") return null;
  return (
    <Grid size={12}>
      <FormText
        control={control}
        name="assignedTo"
        label={t`Assigned To`}
        required
        helperText={t`Who has the equipment (required while checked out)`}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </Grid>
  );
}
