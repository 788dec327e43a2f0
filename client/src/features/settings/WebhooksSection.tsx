import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { Box, Button, Card, CardContent, Chip, Collapse, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { WebhooksSection_query$key } from "../../__generated__/WebhooksSection_query.graphql.ts";
import type { WebhooksSection_webhook$data, WebhooksSection_webhook$key } from "../../__generated__/WebhooksSection_webhook.graphql.ts";
import type { WebhooksSectionDeleteMutation } from "../../__generated__/WebhooksSectionDeleteMutation.graphql.ts";
import { when } from "./dates.ts";
import WebhookDialog from "./WebhookDialog.tsx";
import { ConfirmDialog, useConfirmedAction } from "../../components/ConfirmDialog.tsx";
import { SettingsSection } from "./SettingsSection.tsx";
import { useScreenBelow } from "../../components/useScreenBelow.ts";

type Editing = { mode: "create" } | { mode: "edit"; webhook: WebhooksSection_webhook$data };

export function WebhooksSection({ query }: { query: WebhooksSection_query$key }) {
  const phone = useScreenBelow("md");
  const data = useFragment(
    graphql`
      fragment WebhooksSection_query on Query {
        webhooks {
          id
          ...WebhooksSection_webhook
        }
        webhookEvents
      }
    `,
    query,
  );
  const { t } = useLingui();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; url: string } | null>(null);
  const hooks = data.webhooks.filter((w) => w != null);

  return (
    <SettingsSection
      intro={
        <>
          <Trans>
            Trapline POSTs the events you choose to your endpoint, signed with <code>X-Trapline-Signature: sha256=…</code> (HMAC-SHA256 of the body with the endpoint's secret), and retries failures for a day.
          </Trans>
        </>
      }
      addLabel={t`Add webhook`}
      onAdd={() => setEditing({ mode: "create" })}
      dialog={{
        open: editing !== null,
        titleId: "webhook-dialog-title",
        content: editing && (
          <WebhookDialog
            titleId="webhook-dialog-title"
            events={data.webhookEvents}
            webhook={editing.mode === "edit" ? editing.webhook : null}
            onDone={() => setEditing(null)}
          />
        ),
      }}
      confirm={<DeleteDialog webhook={deleting} onDone={() => setDeleting(null)} />}
    >
      {hooks.length === 0 ? (
        <Card>
          <CardContent>
            <Typography color="textSecondary" sx={{ textAlign: "center", py: 3 }}>
              <Trans>No webhooks yet</Trans>
            </Typography>
          </CardContent>
        </Card>
      ) : (
        <Stack spacing={1.5} component="ul" aria-label={t`Webhooks`} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {hooks.map((w) => (
            <WebhookCard key={w.id} webhook={w} phone={phone} onEdit={(webhook) => setEditing({ mode: "edit", webhook })} onDelete={setDeleting} />
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}

function DeliveryStatus({ status }: { status: string }) {
  const { t } = useLingui();
  const color = status === "delivered" ? "success" : status === "failed" ? "error" : "warning";
  const label = status === "delivered" ? t`Delivered` : status === "failed" ? t`Failed` : t`Pending`;
  return <Chip size="small" label={label} color={color} variant={status === "pending" ? "outlined" : "filled"} />;
}

type CardProps = {
  webhook: WebhooksSection_webhook$key;
  phone: boolean;
  onEdit(w: WebhooksSection_webhook$data): void;
  onDelete(w: { id: string; url: string }): void;
};

function WebhookCard({ webhook, phone, onEdit, onDelete }: CardProps) {
  const w = useFragment(
    graphql`
      fragment WebhooksSection_webhook on Webhook {
        id
        url
        events
        active
        createdAt
        recentDeliveries {
          deliveryId
          event
          status
          attempts
          lastStatusCode
          lastError
          createdAt
          deliveredAt
        }
      }
    `,
    webhook,
  );
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const deliveries = w.recentDeliveries;
  const last = deliveries[0];
  return (
    <Card component="li" aria-label={w.url} variant="outlined">
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: "monospace", overflowWrap: "anywhere" }}>
              {w.url}
            </Typography>
            <Typography variant="caption" color="textSecondary" component="div">
              <Trans>Added {when(w.createdAt)}</Trans>
              {last ? ` · ${t`last delivery ${when(last.createdAt)}`}` : ` · ${t`no deliveries yet`}`}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexShrink: 0 }}>
            <Chip size="small" label={w.active ? t`Active` : t`Paused`} color={w.active ? "success" : "default"} variant={w.active ? "filled" : "outlined"} />
            <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(w)} aria-label={t`Edit ${w.url}`}>
              <Trans>Edit</Trans>
            </Button>
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => onDelete({ id: w.id, url: w.url })} aria-label={t`Delete ${w.url}`}>
              <Trans>Delete</Trans>
            </Button>
          </Stack>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: 1 }} aria-label={t`Events`}>
          {w.events.map((e) => (
            <Chip key={e} size="small" variant="outlined" label={e} sx={{ fontFamily: "monospace" }} />
          ))}
        </Stack>
        <Box sx={{ mt: 1 }}>
          <Button size="small" onClick={() => setOpen((o) => !o)} endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />} aria-expanded={open} disabled={!deliveries.length}>
            <Trans>Recent deliveries ({deliveries.length})</Trans>
          </Button>
          <Collapse in={open} unmountOnExit>
            {phone ? (
              <Stack spacing={1} component="ul" aria-label={t`Deliveries to ${w.url}`} sx={{ listStyle: "none", p: 0, m: 0, mt: 1 }}>
                {deliveries.map((d) => (
                  <Box component="li" key={d.deliveryId} sx={{ borderTop: 1, borderColor: "divider", pt: 1 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                      <Typography variant="body2" sx={{ fontFamily: "monospace", flex: 1, minWidth: 0 }} noWrap>
                        {d.event}
                      </Typography>
                      <DeliveryStatus status={d.status} />
                    </Stack>
                    <Typography variant="caption" color="textSecondary" component="div">
                      {when(d.createdAt)} · {d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : t`no response`} · {plural(d.attempts, { one: "# attempt", other: "# attempts" })}
                    </Typography>
                    {d.lastError && d.status !== "delivered" && (
                      <Typography variant="caption" color="error" component="div" sx={{ overflowWrap: "anywhere" }}>
                        {d.lastError}
                      </Typography>
                    )}
                  </Box>
                ))}
              </Stack>
            ) : (
              <TableContainer sx={{ mt: 1 }}>
                <Table size="small" aria-label={t`Deliveries to ${w.url}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>
                        <Trans>Event</Trans>
                      </TableCell>
                      <TableCell>
                        <Trans>Status</Trans>
                      </TableCell>
                      <TableCell>
                        <Trans>Response</Trans>
                      </TableCell>
                      <TableCell>
                        <Trans>Attempts</Trans>
                      </TableCell>
                      <TableCell>
                        <Trans>Time</Trans>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {deliveries.map((d) => (
                      <TableRow key={d.deliveryId}>
                        <TableCell sx={{ fontFamily: "monospace" }}>{d.event}</TableCell>
                        <TableCell>
                          <DeliveryStatus status={d.status} />
                        </TableCell>
                        <TableCell>
                          {d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : "—"}
                          {d.lastError && d.status !== "delivered" && (
                            <Typography variant="caption" color="error" component="div" sx={{ overflowWrap: "anywhere", maxWidth: 320 }}>
                              {d.lastError}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>{d.attempts}</TableCell>
                        <TableCell>{when(d.deliveredAt ?? d.createdAt)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Collapse>
        </Box>
      </CardContent>
    </Card>
  );
}

function DeleteDialog({ webhook, onDone }: { webhook: { id: string; url: string } | null; onDone(): void }) {
  const { t } = useLingui();
  const action = useConfirmedAction(t`Failed to delete the webhook`, t`Webhook deleted`, onDone);
  const [commit, pending] = useMutation<WebhooksSectionDeleteMutation>(graphql`
    mutation WebhooksSectionDeleteMutation($input: DeleteWebhookInput!) {
      deleteWebhook(input: $input) {
        __typename
        ... on DeleteWebhookPayload {
          deletedId
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const remove = () => {
    if (!webhook) return;
    commit({
      variables: { input: { id: webhook.id } },
      updater: (store, d) => {
        if (d?.deleteWebhook.__typename !== "DeleteWebhookPayload") return;
        const root = store.getRoot();
        root.setLinkedRecords((root.getLinkedRecords("webhooks") ?? []).filter((r) => r && r.getDataID() !== webhook.id), "webhooks");
        store.delete(webhook.id);
      },
      onCompleted: (d) => action.completed(d.deleteWebhook, "DeleteWebhookPayload"),
      onError: action.failed,
    });
  };
  return (
    <ConfirmDialog
      open={webhook !== null}
      id="delete-webhook"
      title={t`Delete webhook`}
      text={t`Delete the webhook to ${webhook?.url}? It gets no more events, and its pending deliveries are dropped. This cannot be undone.`}
      action={t`Delete`}
      pendingAction={t`Deleting...`}
      pending={pending}
      error={action.error}
      onConfirm={remove}
      onClose={action.close}
    />
  );
}
