import { Stack } from "@mui/material";
import { useMemo, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { CreateApiTokenDialogMutation } from "../../__generated__/CreateApiTokenDialogMutation.graphql.ts";
import { apiTokenForm, NEW_API_TOKEN, type ApiTokenFormOutput } from "../../../../schemas/apiTokens.ts";
import { FormDate, FormSelect, FormText } from "../../components/form/fields.tsx";
import { FormDialog } from "../../components/form/FormDialog.tsx";
import type { FormSave } from "../../components/form/useFormSave.ts";
import { todayInput } from "../../components/form/dates.ts";
import { SecretOnceDialog } from "./SecretOnce.tsx";

const ACCESS_OPTIONS = [
  { value: "READ", label: "READ: can only read" },
  { value: "WRITE", label: "WRITE: can do whatever you can" },
];

/** Create an API token; on success the dialog shows the token once, with a copy button, until Done. */
export default function CreateApiTokenDialog({ titleId, onDone }: { titleId: string; onDone(): void }) {
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
        save.completed(r, "CreateApiTokenPayload", "API token created", () => {
          if (r.__typename === "CreateApiTokenPayload" && r.token) setCreated({ token: r.token, name: r.apiToken?.name ?? "" });
        });
      },
      onError: save.failed,
    });
  };

  if (created) return <SecretOnceDialog titleId={titleId} title={`API token “${created.name}” created`} label="API token" secret={created.token} what="API token" onDone={onDone} />;

  return (
    <FormDialog
      titleId={titleId}
      title="Create API token"
      schema={schema}
      defaultValues={NEW_API_TOKEN}
      failure="Failed to create the API token"
      submitLabel="Create token"
      busyLabel="Creating..."
      busy={saving}
      onCancel={onDone}
      onSubmit={submit}
    >
      {({ control }) => (
        <Stack spacing={2}>
          <FormText control={control} name="name" label="Name" required autoFocus autoComplete="off" helperText="What uses it, e.g. 'Accounting sync'" />
          <FormSelect control={control} name="access" label="Access" options={ACCESS_OPTIONS} />
          <FormDate control={control} name="expiresAt" label="Expires on (optional)" helperText="Blank: the token does not expire" slotProps={{ htmlInput: { min: todayInput(new Date(Date.now() + 86_400_000)) } }} />
        </Stack>
      )}
    </FormDialog>
  );
}
