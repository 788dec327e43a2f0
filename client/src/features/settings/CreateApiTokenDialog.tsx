import { Stack } from "@mui/material";
import { useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { CreateApiTokenDialogMutation } from "../../__generated__/CreateApiTokenDialogMutation.graphql.ts";
import { apiTokenForm, NEW_API_TOKEN, type ApiTokenFormOutput } from "../../../../schemas/apiTokens.ts";
import { FormDate, FormSelect, FormText } from "../../components/form/fields.tsx";
import { FormDialog } from "../../components/form/FormDialog.tsx";
import type { FormSave } from "../../components/form/useFormSave.ts";
import { todayInput } from "../../components/form/dates.ts";
import { SecretOnceDialog } from "./SecretOnce.tsx";


/** Create an API token; on success the dialog shows the token once, with a copy button, until Done. */
export default function CreateApiTokenDialog({ titleId, onDone }: { titleId: string; onDone(): void }) {
  const { t } = useLingui();
  // READ and WRITE are the API's own words (and the token's): they stay as they are.
  const accessOptions = [
    { value: "READ", label: t`READ: can only read` },
    { value: "WRITE", label: t`WRITE: can do whatever you can` },
  ];
  const [created, setCreated] = useState<{ token: string; name: string } | null>(null);
  const [commit, saving] = useMutation<CreateApiTokenDialogMutation>(graphql`
    mutation CreateApiTokenDialogMutation($input: CreateApiTokenInput!) {
      createApiToken(input: $input) {
        __typename
        ... on CreateApiTokenPayload {
          token
          apiToken {
            id
            name
            ...ApiTokensSection_token
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);
  const today = useMemo(() => todayInput(), []);
  const schema = useMemo(() => apiTokenForm(today), [today]);

  const submit = ({ expiresAt, ...input }: ApiTokenFormOutput, save: FormSave) => {
    commit({
      // The token stops working at the start of the chosen day, in the user's own time zone.
      variables: { input: { ...input, expiresAt: expiresAt ? new Date(`${expiresAt}T00:00:00`).toISOString() : null } },
      updater: (store) => {
        const made = store.getRootField("createApiToken")?.getLinkedRecord("apiToken");
        if (!made) return;
        const root = store.getRoot();
        root.setLinkedRecords([made, ...(root.getLinkedRecords("apiTokens") ?? [])], "apiTokens");
      },
      onCompleted: (res) => {
        const r = res.createApiToken;
        save.completed(r, "CreateApiTokenPayload", t`API token created`, () => {
          if (r.__typename === "CreateApiTokenPayload" && r.token) setCreated({ token: r.token, name: r.apiToken?.name ?? "" });
        });
      },
      onError: save.failed,
    });
  };

  if (created) return <SecretOnceDialog titleId={titleId} title={t`API token “${created.name}” created`} label={t`API token`} secret={created.token} what={t`API token`} onDone={onDone} />;

  return (
    <FormDialog
      titleId={titleId}
      title={t`Create API token`}
      schema={schema}
      defaultValues={NEW_API_TOKEN}
      failure={t`Failed to create the API token`}
      submitLabel={t`Create token`}
      busyLabel={t`Creating...`}
      busy={saving}
      onCancel={onDone}
      onSubmit={submit}
    >
      {({ control }) => (
        <Stack spacing={2}>
          <FormText control={control} name="name" label={t`Name`} required autoFocus autoComplete="off" helperText={t`What uses it, e.g. 'Accounting sync'`} />
          <FormSelect control={control} name="access" label={t`Access`} options={accessOptions} />
          <FormDate control={control} name="expiresAt" label={t`Expires on (optional)`} helperText={t`Blank: the token does not expire`} slotProps={{ htmlInput: { min: todayInput(new Date(Date.now() + 86_400_000)) } }} />
        </Stack>
      )}
    </FormDialog>
  );
}
