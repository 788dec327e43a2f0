import { Grid } from "@mui/material";
import { useLingui } from "@lingui/react/macro";
import { graphql, useMutation } from "react-relay";
import type { SupplierFormCreateMutation } from "../../__generated__/SupplierFormCreateMutation.graphql.ts";
import type { SupplierFormUpdateMutation } from "../../__generated__/SupplierFormUpdateMutation.graphql.ts";
import type { SuppliersPage_supplier$data } from "../../__generated__/SuppliersPage_supplier.graphql.ts";
import { supplierForm, type SupplierFormOutput, type SupplierFormValues } from "../../../../schemas/purchasing.ts";
import { FormDialog } from "../../components/form/FormDialog.tsx";
import { FormText } from "../../components/form/fields.tsx";
import type { FormSave } from "../../components/form/useFormSave.ts";

/** The supplier the form edits: the fields of the list's row it was opened from. */
export type EditedSupplier = Pick<SuppliersPage_supplier$data, "id" | "name" | "contactName" | "email" | "phone" | "accountNumber" | "notes">;

type Props = {
  titleId: string;
  /** null: a new supplier. */
  supplier: EditedSupplier | null;
  /** The list's connection, which a new supplier joins at the top. */
  connection: string;
  onDone(): void;
};

const valuesOf = (s: EditedSupplier | null): SupplierFormValues => ({
  name: s?.name ?? "",
  contactName: s?.contactName ?? "",
  email: s?.email ?? "",
  phone: s?.phone ?? "",
  accountNumber: s?.accountNumber ?? "",
  notes: s?.notes ?? "",
});

/** Add or edit a supplier; the shared `supplierForm` schema checks it here and on the server. */
export default function SupplierForm({ titleId, supplier, connection, onDone }: Props) {
  const { t } = useLingui();
  const [create, creating] = useMutation<SupplierFormCreateMutation>(graphql`
    mutation SupplierFormCreateMutation($input: CreateSupplierInput!, $connections: [ID!]!) {
      createSupplier(input: $input) {
        __typename
        ... on CreateSupplierPayload {
          supplier @prependNode(connections: $connections, edgeTypeName: "QuerySuppliersConnectionEdge") {
            id
            ...SuppliersPage_supplier
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);
  const [update, updating] = useMutation<SupplierFormUpdateMutation>(graphql`
    mutation SupplierFormUpdateMutation($input: UpdateSupplierInput!) {
      updateSupplier(input: $input) {
        __typename
        ... on UpdateSupplierPayload {
          supplier {
            id
            ...SuppliersPage_supplier
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);

  const submit = (values: SupplierFormOutput, save: FormSave) => {
    // Blank optional fields are null: on an edit, that clears them.
    const input = {
      name: values.name,
      contactName: values.contactName ?? null,
      email: values.email ?? null,
      phone: values.phone ?? null,
      accountNumber: values.accountNumber ?? null,
      notes: values.notes ?? null,
    };
    if (supplier) {
      update({
        variables: { input: { id: supplier.id, ...input } },
        onCompleted: (d) => save.completed(d.updateSupplier, "UpdateSupplierPayload", t`Supplier updated`, onDone),
        onError: save.failed,
      });
    } else {
      create({
        variables: { input, connections: [connection] },
        onCompleted: (d) => save.completed(d.createSupplier, "CreateSupplierPayload", t`Supplier added`, onDone),
        onError: save.failed,
      });
    }
  };

  return (
    <FormDialog
      titleId={titleId}
      title={supplier ? t`Edit supplier` : t`Add supplier`}
      schema={supplierForm}
      defaultValues={valuesOf(supplier)}
      failure={t`Failed to save supplier`}
      submitLabel={supplier ? t`Save` : t`Add supplier`}
      busy={creating || updating}
      onCancel={onDone}
      onSubmit={submit}
    >
      {({ control }) => (
        <Grid container spacing={2}>
          <Grid size={12}>
            <FormText control={control} name="name" label={t`Name`} required autoFocus autoComplete="off" placeholder={t`e.g. Univar Solutions`} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText control={control} name="contactName" label={t`Contact name`} autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText control={control} name="accountNumber" label={t`Account number`} autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText control={control} name="email" label={t`Email`} type="email" autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText control={control} name="phone" label={t`Phone`} type="tel" autoComplete="off" />
          </Grid>
          <Grid size={12}>
            <FormText control={control} name="notes" label={t`Notes`} multiline minRows={2} />
          </Grid>
        </Grid>
      )}
    </FormDialog>
  );
}
