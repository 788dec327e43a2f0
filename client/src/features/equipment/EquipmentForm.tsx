import {
  Alert, Box, Button, CircularProgress, DialogActions, DialogContent, DialogTitle, Grid, MenuItem, TextField, type TextFieldProps,
} from "@mui/material";
import { Suspense, useState, type FormEvent } from "react";
import { graphql, useFragment, useLazyLoadQuery, useMutation } from "react-relay";
import type { EquipmentFormCreateMutation } from "../../__generated__/EquipmentFormCreateMutation.graphql.ts";
import type { EquipmentFormQuery } from "../../__generated__/EquipmentFormQuery.graphql.ts";
import type { EquipmentFormUpdateMutation } from "../../__generated__/EquipmentFormUpdateMutation.graphql.ts";
import type { EquipmentForm_equipment$data, EquipmentForm_equipment$key } from "../../__generated__/EquipmentForm_equipment.graphql.ts";
import { useToast } from "../../app/toast.tsx";
import { SdsUploader } from "../../components/SdsUploader.tsx";
import { connectionsForNew, type EquipmentFilters } from "./connections.ts";
import { toDateInput } from "./dates.ts";
import { EQUIPMENT_CATEGORIES, EQUIPMENT_STATUSES, labelForStatus, type EquipmentStatusValue } from "./status.ts";

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
  if (!props.equipmentId) return <FormBody {...props} equipment={null} />;
  return (
    <Suspense
      fallback={
        <>
          <DialogTitle id={props.titleId}>Edit Equipment</DialogTitle>
          <DialogContent sx={{ display: "grid", placeItems: "center", minHeight: 240 }}>
            <CircularProgress aria-label="Loading equipment" />
          </DialogContent>
        </>
      }
    >
      <EditLoader {...props} equipmentId={props.equipmentId} />
    </Suspense>
  );
}

function EditLoader(props: Props & { equipmentId: string }) {
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
      <>
        <DialogTitle id={props.titleId}>Edit Equipment</DialogTitle>
        <DialogContent>
          <Alert severity="error">Equipment not found</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onDone}>Close</Button>
        </DialogActions>
      </>
    );
  }
  return <FormBody {...props} equipment={equipment} />;
}

const FIELDS = [
  "name", "description", "serialNumber", "category", "status", "assignedTo", "location", "purchaseDate", "lastMaintenance", "nextMaintenance", "qrCode",
  "maintenanceIntervalDays",
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field | "form", string>>;

const DATE_FIELDS = ["purchaseDate", "lastMaintenance", "nextMaintenance"] as const;

function initialValues(e: EquipmentForm_equipment$data | null | undefined): Values {
  return {
    name: e?.name ?? "",
    description: e?.description ?? "",
    serialNumber: e?.serialNumber ?? "",
    category: e?.category ?? "",
    status: e?.status ?? "available",
    assignedTo: e?.assignedTo ?? "",
    location: e?.location ?? "",
    purchaseDate: toDateInput(e?.purchaseDate),
    lastMaintenance: toDateInput(e?.lastMaintenance),
    nextMaintenance: toDateInput(e?.nextMaintenance),
    qrCode: e?.qrCode ?? "",
    maintenanceIntervalDays: e?.maintenanceIntervalDays == null ? "" : String(e.maintenanceIntervalDays),
  };
}

type SaveResult = { readonly __typename: string; readonly message?: string; readonly field?: string | null };

function FormBody({ titleId, onDone, filters, equipment }: Props & { equipment: EquipmentForm_equipment$key | null }) {
  const { toast } = useToast();
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
  const [values, setValues] = useState<Values>(() => initialValues(e));
  const [errors, setErrors] = useState<Errors>({});
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
        ... on ValidationError {
          field
        }
        ... on ConflictError {
          field
        }
        ... on Error {
          message
        }
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
        ... on ValidationError {
          field
        }
        ... on ConflictError {
          field
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const saving = creating || updating;
  const checkedOut = values.status === "checked_out";

  const set = (field: Field) => (ev: { target: { value: string } }) => {
    const value = ev.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, form: _form, ...rest }) => rest);
  };

  const failed = (message?: string, field?: string | null) => {
    const text = message || "Failed to save equipment";
    const key = field?.split(".")[0];
    const onField = key && (FIELDS as readonly string[]).includes(key) && (key !== "assignedTo" || checkedOut) ? (key as Field) : "form";
    setErrors({ [onField]: text });
    toast({ title: "Error", description: text, variant: "destructive" });
  };

  const handle = (r: SaveResult, success: string) => {
    if (r.__typename === "CreateEquipmentPayload" || r.__typename === "UpdateEquipmentPayload") {
      toast({ title: success, variant: "success" });
      onDone();
    } else failed(r.message, r.field);
  };

  function submit(ev: FormEvent) {
    ev.preventDefault();
    if (saving) return;
    const t = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim()])) as Values;
    const problems: Errors = {};
    if (!t.name) problems.name = "Name is required";
    if (!t.category) problems.category = "Category is required";
    const interval = t.maintenanceIntervalDays === "" ? null : Number(t.maintenanceIntervalDays);
    if (interval !== null && (!Number.isInteger(interval) || interval < 1 || interval > 3650)) {
      problems.maintenanceIntervalDays = "Maintenance interval must be a whole number of days from 1 to 3650";
    }
    if (Object.keys(problems).length) {
      setErrors(problems);
      return;
    }
    const orNull = (s: string) => (s === "" ? null : s);
    const fields = {
      name: t.name,
      description: orNull(t.description),
      serialNumber: orNull(t.serialNumber),
      category: t.category,
      status: t.status as EquipmentStatusValue,
      // §4 rule: only checked_out carries an assignee; the server answers with the rule message otherwise.
      assignedTo: t.status === "checked_out" ? orNull(t.assignedTo) : null,
      location: orNull(t.location),
      purchaseDate: orNull(t.purchaseDate),
      lastMaintenance: orNull(t.lastMaintenance),
      nextMaintenance: orNull(t.nextMaintenance),
      qrCode: orNull(t.qrCode),
      maintenanceIntervalDays: interval,
    };
    setErrors({});
    const onError = () => failed();
    if (e) {
      update({
        variables: { input: { id: e.id, ...fields } },
        onCompleted: (d) => handle(d.updateEquipment, "Equipment updated successfully"),
        onError,
      });
    } else {
      create({
        variables: { input: fields, connections: connectionsForNew(fields, filters) },
        onCompleted: (d) => handle(d.createEquipment, "Equipment added successfully"),
        onError,
      });
    }
  }

  const field = (name: Field, label: string, extra: TextFieldProps = {}) => (
    <TextField
      fullWidth
      name={name}
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      {...extra}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: "flex", flexDirection: "column", minHeight: 0, flex: "1 1 auto" }}>
      <DialogTitle id={titleId}>{e ? "Edit Equipment" : "Add New Equipment"}</DialogTitle>
      <DialogContent dividers>
        {errors.form && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.form}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{field("name", "Name", { required: true, autoFocus: !e, slotProps: { htmlInput: { maxLength: 200 } } })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field("serialNumber", "Serial Number", { slotProps: { htmlInput: { maxLength: 128 } } })}</Grid>
          <Grid size={12}>{field("description", "Description", { multiline: true, minRows: 2, slotProps: { htmlInput: { maxLength: 2000 } } })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field("category", "Category", {
              select: true,
              required: true,
              children: [
                ...(values.category && !(EQUIPMENT_CATEGORIES as readonly string[]).includes(values.category) ? [values.category] : []),
                ...EQUIPMENT_CATEGORIES,
              ].map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              )),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field("status", "Status", {
              select: true,
              required: true,
              children: EQUIPMENT_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {labelForStatus(s)}
                </MenuItem>
              )),
            })}
          </Grid>
          {checkedOut && (
            <Grid size={12}>
              {field("assignedTo", "Assigned To", {
                required: true,
                helperText: errors.assignedTo ?? "Who has the equipment (required while checked out)",
                slotProps: { htmlInput: { maxLength: 200 } },
              })}
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 6 }}>{field("location", "Location")}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field("qrCode", "QR Code", { slotProps: { htmlInput: { maxLength: 1000 } } })}</Grid>
          {DATE_FIELDS.map((d) => (
            <Grid key={d} size={{ xs: 12, sm: 4 }}>
              {field(d, { purchaseDate: "Purchase Date", lastMaintenance: "Last Maintenance", nextMaintenance: "Next Maintenance" }[d], {
                type: "date",
                slotProps: { inputLabel: { shrink: true } },
              })}
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 6 }}>
            {field("maintenanceIntervalDays", "Maintenance Interval (days)", {
              type: "number",
              helperText: errors.maintenanceIntervalDays ?? "Recording maintenance moves the next date by this many days",
              slotProps: { htmlInput: { min: 1, max: 3650, step: 1, inputMode: "numeric" } },
            })}
          </Grid>
          <Grid size={12}>
            <SdsUploader itemId={e?.id ?? null} sdsFileUrl={e?.sdsFileUrl} />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? "Saving..." : e ? "Save Changes" : "Add Equipment"}
        </Button>
      </DialogActions>
    </Box>
  );
}
