import { Stack } from "@mui/material";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { WebhookDialogCreateMutation } from "../../__generated__/WebhookDialogCreateMutation.graphql.ts";
import type { WebhookDialogUpdateMutation } from "../../__generated__/WebhookDialogUpdateMutation.graphql.ts";
import { NEW_WEBHOOK, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, webhookForm, type WebhookEvent, type WebhookFormOutput } from "../../../../schemas/webhooks.ts";
import { FormCheckboxes, FormSwitch, FormText } from "../../components/form/fields.tsx";
import { FormDialog } from "../../components/form/FormDialog.tsx";
import type { FormSave } from "../../components/form/useFormSave.ts";
import { SecretOnceDialog } from "./SecretOnce.tsx";

type Existing = { id: string; url: string; events: readonly string[]; active: boolean };

const isEvent = (e: string): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e);

/** Add a webhook (then its signing secret is shown once) or edit one's URL, events and whether it is active. */
export default function WebhookDialog({ titleId, events, webhook, onDone }: { titleId: string; events: readonly string[]; webhook: Existing | null; onDone(): void }) {
  const { t } = useLingui();
  const [secret, setSecret] = useState<string | null>(null);
  const [create, creating] = useMutation<WebhookDialogCreateMutation>(graphql`
    mutation WebhookDialogCreateMutation($input: CreateWebhookInput!) {
      createWebhook(input: $input) {
        __typename
        ... on CreateWebhookPayload {
          secret
          webhook {
            id
            ...WebhooksSection_webhook
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);
  const [update, updating] = useMutation<WebhookDialogUpdateMutation>(graphql`
    mutation WebhookDialogUpdateMutation($input: UpdateWebhookInput!) {
      updateWebhook(input: $input) {
        __typename
        ... on UpdateWebhookPayload {
          webhook {
            id
            ...WebhooksSection_webhook
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);
  // The server's list decides what can be chosen; the labels say what each means.
  const options = events.map((e) => ({ value: e, label: <code>{e}</code>, hint: isEvent(e) ? WEBHOOK_EVENT_LABELS[e] : undefined }));

  const submit = ({ url, events: chosen, active }: WebhookFormOutput, save: FormSave) => {
    if (webhook) {
      update({
        variables: { input: { id: webhook.id, url, events: chosen, active } },
        onCompleted: (res) => save.completed(res.updateWebhook, "UpdateWebhookPayload", t`Webhook updated`, onDone),
        onError: save.failed,
      });
      return;
    }
    create({
      variables: { input: { url, events: chosen } },
      updater: (store) => {
        const made = store.getRootField("createWebhook")?.getLinkedRecord("webhook");
        if (!made) return;
        const root = store.getRoot();
        root.setLinkedRecords([made, ...(root.getLinkedRecords("webhooks") ?? [])], "webhooks");
      },
      onCompleted: (res) => {
        const r = res.createWebhook;
        save.completed(r, "CreateWebhookPayload", t`Webhook added`, () => {
          if (r.__typename === "CreateWebhookPayload" && r.secret) setSecret(r.secret);
        });
      },
      onError: save.failed,
    });
  };

  if (secret) return <SecretOnceDialog titleId={titleId} title={t`Webhook added`} label={t`Signing secret`} secret={secret} what={t`signing secret`} onDone={onDone} />;

  return (
    <FormDialog
      titleId={titleId}
      title={webhook ? t`Edit webhook` : t`Add webhook`}
      schema={webhookForm}
      defaultValues={webhook ? { url: webhook.url, events: webhook.events.filter(isEvent), active: webhook.active } : NEW_WEBHOOK}
      failure={webhook ? t`Failed to update the webhook` : t`Failed to add the webhook`}
      submitLabel={webhook ? t`Save changes` : t`Add webhook`}
      busy={creating || updating}
      onCancel={onDone}
      onSubmit={submit}
    >
      {({ control }) => (
        <Stack spacing={2}>
          <FormText control={control} name="url" label={t`Endpoint URL`} required autoFocus={!webhook} autoComplete="off" type="url" placeholder="https://example.com/trapline" />
          <FormCheckboxes control={control} name="events" label={t`Events`} options={options} />
          {webhook && <FormSwitch control={control} name="active" label={t`Active`} helperText={t`A paused webhook gets no deliveries for new events`} />}
        </Stack>
      )}
    </FormDialog>
  );
}
