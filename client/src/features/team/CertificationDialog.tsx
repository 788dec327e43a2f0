import { Grid, Typography } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useMutation } from "react-relay";
import type { CertificationDialogMutation } from "../../__generated__/CertificationDialogMutation.graphql.ts";
import { certificationForm, certificationFormValues, type CertificationFormOutput } from "../../../../schemas/team.ts";
import { FormDate, FormText } from "../../components/form/fields.tsx";
import { FormDialog } from "../../components/form/FormDialog.tsx";
import type { FormSave } from "../../components/form/useFormSave.ts";

export type CertificationTarget = {
  userId: string;
  name: string;
  certification: { number: string; state: string; categories: readonly string[]; issuedOn?: string | null; expiresOn: string } | null | undefined;
};

/** A manager records a member's applicator certification (licence): number, state, categories, issue and expiry dates. */
export default function CertificationDialog({ titleId, member, onDone }: { titleId: string; member: CertificationTarget; onDone(): void }) {
  const { t } = useLingui();
  const name = member.name;
  const [commit, saving] = useMutation<CertificationDialogMutation>(graphql`
    mutation CertificationDialogMutation($input: SetCertificationInput!) {
      setCertification(input: $input) {
        __typename
        ... on SetCertificationPayload {
          certification {
            user {
              id
              ...TeamPage_member
            }
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);
  const submit = (values: CertificationFormOutput, save: FormSave) =>
    commit({
      variables: { input: { userId: member.userId, ...values } },
      onCompleted: (res) => save.completed(res.setCertification, "SetCertificationPayload", t`Certification saved`, onDone),
      onError: save.failed,
    });
  return (
    <FormDialog
      titleId={titleId}
      title={member.certification ? t`Certification of ${name}` : t`Add certification for ${name}`}
      schema={certificationForm}
      defaultValues={certificationFormValues(member.certification)}
      failure={t`Failed to save the certification`}
      submitLabel={t`Save Certification`}
      busyLabel={t`Saving...`}
      busy={saving}
      onCancel={onDone}
      onSubmit={submit}
    >
      {({ control }) => (
        <Grid container spacing={2}>
          <Grid size={12}>
            <Typography variant="body2" color="textSecondary">
              <Trans>
                The pesticide applicator licence. A restricted-use application needs a valid one on its date, the applicator&apos;s or a named
                supervisor&apos;s; managers and the holder are notified 60, 30 and 7 days before it expires.
              </Trans>
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormText control={control} name="number" label={t`Certification number`} required autoFocus autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormText control={control} name="state" label={t`State`} required placeholder="TX" slotProps={{ htmlInput: { maxLength: 2, autoCapitalize: "characters" } }} />
          </Grid>
          <Grid size={12}>
            <FormText control={control} name="categories" label={t`Categories`} placeholder={t`e.g. 7A General Pest, 7B Termite`} helperText={t`Separate categories with commas`} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormDate control={control} name="issuedOn" label={t`Issued on`} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormDate control={control} name="expiresOn" label={t`Expires on`} required />
          </Grid>
        </Grid>
      )}
    </FormDialog>
  );
}
