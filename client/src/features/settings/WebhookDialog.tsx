import { zodResolver } from "@hookform/resolvers/zod";
import { Button, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { graphql, useMutation } from "react-relay";
import type { WebhookDialogCreateMutation } from "../../__generated__/WebhookDialogCreateMutation.graphql.ts";
import type { WebhookDialogUpdateMutation } from "../../__generated__/WebhookDialogUpdateMutation.graphql.ts";
import {
  NEW_WEBHOOK, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, webhookForm, type WebhookEvent, type WebhookFormOutput, type WebhookFormValues,
} from "../../../../schemas/webhooks.ts";
import { FormCheckboxes, FormSwitch, FormText } from "../../components/form/fields.tsx";
import { useFormSave } from "../../components/form/useFormSave.ts";
import { SecretOnce } from "./SecretOnce.tsx";
import { FormActions } from "../../components/form/FormActions.tsx";

type Existing = { id: string; url: string; events: readonly string[]; active: boolean };

const isEvent = (e: string): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e);

/** Add a webhook (then its signing secret is shown once) or edit one's URL, events and whether it is active. */
export default function WebhookDialog({ titleId, events, webhook, onDone }: { titleId: string; events: readonly string[]; webhook: Existing | null; onDone(): void }) {
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
        ... on Error {
          message
        }
        ... on ValidationError {
          field
        }
        ... on ConflictError {
          field
        }
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
        ... on Error {
          message
        }
        ... on ValidationError {
          field
        }
        ... on ConflictError {
          field
        }
      }
    }
  `);
  const form = useForm<WebhookFormValues, unknown, WebhookFormOutput>({
    resolver: zodResolver(webhookForm),
    defaultValues: webhook ? { url: webhook.url, events: webhook.events.filter(isEvent), active: webhook.active } : NEW_WEBHOOK,
  });
  const save = useFormSave(form, { failure: webhook ? "Failed to update the webhook" : "Failed to add the webhook" });
  const { control } = form;
  // The server's list decides what can be chosen; the labels say what each means.
  const options = events.map((e) => ({ value: e, label: <code>{e}</code>, hint: isEvent(e) ? WEBHOOK_EVENT_LABELS[e] : undefined }));

  const submit = form.handleSubmit(({ url, events: chosen, active }) => {
    if (webhook) {
      update({
        variables: { input: { id: webhook.id, url, events: chosen, active } },
        onCompleted: (res) => save.completed(res.updateWebhook, "UpdateWebhookPayload", "Webhook updated", onDone),
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
        save.completed(r, "CreateWebhookPayload", "Webhook added", () => {
          if (r.__typename === "CreateWebhookPayload" && r.secret) setSecret(r.secret);
        });
      },
      onError: save.failed,
    });
  });

  if (secret) {
    return (
      <>
        <DialogTitle id={titleId}>Webhook added</DialogTitle>
        <DialogContent dividers>
          <SecretOnce label="Signing secret" secret={secret} what="signing secret" />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button variant="contained" onClick={onDone}>
            Done
          </Button>
        </DialogActions>
      </>
    );
  }

  const saving = creating || updating;
  return (
    <form noValidate onSubmit={submit} style={{ display: "contents" }}>
      <DialogTitle id={titleId}>{webhook ? "Edit webhook" : "Add webhook"}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <FormText control={control} name="url" label="Endpoint URL" required autoFocus={!webhook} autoComplete="off" type="url" placeholder="https://example.com/trapline" />
          <FormCheckboxes control={control} name="events" label="Events" options={options} />
          {webhook && <FormSwitch control={control} name="active" label="Active" helperText="A paused webhook gets no deliveries for new events" />}
        </Stack>
      </DialogContent>
      <FormActions submitLabel={webhook ? "Save changes" : "Add webhook"} busy={saving} onCancel={onDone} />
    </form>
  );
}
