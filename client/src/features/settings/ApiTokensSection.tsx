import { Box, Button, Card, CardContent, Chip, Stack, TableCell, TableRow, Typography, useMediaQuery, useTheme } from "@mui/material";
import { useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { ApiTokensSection_query$key } from "../../__generated__/ApiTokensSection_query.graphql.ts";
import type { ApiTokensSection_token$data, ApiTokensSection_token$key } from "../../__generated__/ApiTokensSection_token.graphql.ts";
import type { ApiTokensSectionRevokeMutation } from "../../__generated__/ApiTokensSectionRevokeMutation.graphql.ts";
import CreateApiTokenDialog from "./CreateApiTokenDialog.tsx";
import { when } from "./dates.ts";
import { ResponsiveList } from "../../components/list/ResponsiveList.tsx";
import { ConfirmDialog, useConfirmedAction } from "../../components/ConfirmDialog.tsx";
import { SettingsSection } from "./SettingsSection.tsx";

export function ApiTokensSection({ query }: { query: ApiTokensSection_query$key }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("md"));
  const data = useFragment(
    graphql`
      fragment ApiTokensSection_query on Query {
        apiTokens {
          id
          ...ApiTokensSection_token
        }
      }
    `,
    query,
  );
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const tokens = data.apiTokens;

  return (
    <SettingsSection
      intro={
        <>
          Personal tokens let other systems use the Trapline API as you: send <code>Authorization: Bearer tl_…</code>. A READ token can only read.
        </>
      }
      addLabel="Create API token"
      onAdd={() => setCreating(true)}
      dialog={{ open: creating, titleId: "create-token-title", content: <CreateApiTokenDialog titleId="create-token-title" onDone={() => setCreating(false)} /> }}
      confirm={<RevokeDialog token={revoking} onDone={() => setRevoking(null)} />}
    >
      <ResponsiveList
        label="API tokens"
        items={tokens}
        itemKey={(t) => t.id}
        phone={phone}
        empty="No API tokens yet"
        columns={[{ header: "Name" }, { header: "Access" }, { header: "Created" }, { header: "Last used" }, { header: "Expires" }, { header: "Status" }, { header: "Actions", align: "right" }]}
        row={(t) => <TokenRow token={t} onRevoke={setRevoking} />}
        card={(t) => <TokenCard token={t} onRevoke={setRevoking} />}
      />
    </SettingsSection>
  );
}

function useToken(token: ApiTokensSection_token$key) {
  return useFragment(
    graphql`
      fragment ApiTokensSection_token on ApiToken {
        id
        name
        access
        prefix
        createdAt
        lastUsedAt
        expiresAt
        revokedAt
        active
      }
    `,
    token,
  );
}

function StatusChip({ t }: { t: ApiTokensSection_token$data }) {
  if (t.revokedAt) return <Chip size="small" label="Revoked" color="default" variant="outlined" />;
  if (!t.active) return <Chip size="small" label="Expired" color="warning" variant="outlined" />;
  return <Chip size="small" label="Active" color="success" />;
}

function AccessChip({ access }: { access: string }) {
  return <Chip size="small" label={access} color={access === "WRITE" ? "primary" : "default"} variant={access === "WRITE" ? "filled" : "outlined"} />;
}

type RowProps = { token: ApiTokensSection_token$key; onRevoke(t: { id: string; name: string }): void };

function RevokeButton({ t, onRevoke }: { t: ApiTokensSection_token$data; onRevoke: RowProps["onRevoke"] }) {
  if (!t.active) return null;
  return (
    <Button size="small" color="error" variant="outlined" onClick={() => onRevoke({ id: t.id, name: t.name })} aria-label={`Revoke ${t.name}`}>
      Revoke
    </Button>
  );
}

function TokenRow({ token, onRevoke }: RowProps) {
  const t = useToken(token);
  return (
    <TableRow hover>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: "monospace" }}>
          {t.prefix}…
        </Typography>
      </TableCell>
      <TableCell>
        <AccessChip access={t.access} />
      </TableCell>
      <TableCell>{when(t.createdAt)}</TableCell>
      <TableCell>{when(t.lastUsedAt)}</TableCell>
      <TableCell>{when(t.expiresAt, "No expiry")}</TableCell>
      <TableCell>
        <StatusChip t={t} />
      </TableCell>
      <TableCell align="right">
        <RevokeButton t={t} onRevoke={onRevoke} />
      </TableCell>
    </TableRow>
  );
}

function TokenCard({ token, onRevoke }: RowProps) {
  const t = useToken(token);
  return (
    <Card component="li" aria-label={t.name}>
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {t.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ fontFamily: "monospace" }}>
              {t.prefix}…
            </Typography>
          </Box>
          <AccessChip access={t.access} />
          <StatusChip t={t} />
        </Stack>
        <Typography variant="caption" color="text.secondary" component="div">
          Created {when(t.createdAt)} · Last used {when(t.lastUsedAt)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {t.expiresAt ? `Expires ${when(t.expiresAt)}` : "No expiry"}
        </Typography>
        {t.active && (
          <Box sx={{ mt: 1.5, textAlign: "right" }}>
            <RevokeButton t={t} onRevoke={onRevoke} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function RevokeDialog({ token, onDone }: { token: { id: string; name: string } | null; onDone(): void }) {
  const action = useConfirmedAction("Failed to revoke the API token", "API token revoked", onDone);
  const [commit, pending] = useMutation<ApiTokensSectionRevokeMutation>(graphql`
    mutation ApiTokensSectionRevokeMutation($input: RevokeApiTokenInput!) {
      revokeApiToken(input: $input) {
        __typename
        ... on RevokeApiTokenPayload {
          apiToken {
            id
            ...ApiTokensSection_token
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const revoke = () => {
    if (!token) return;
    commit({
      variables: { input: { id: token.id } },
      onCompleted: (d) => action.completed(d.revokeApiToken, "RevokeApiTokenPayload"),
      onError: action.failed,
    });
  };
  return (
    <ConfirmDialog
      open={token !== null}
      id="revoke-token"
      title="Revoke API token"
      text={`Revoke “${token?.name}”? Anything using it stops working at once: its requests get 401 and its live connections are closed. This cannot be undone.`}
      action="Revoke"
      pendingAction="Revoking..."
      pending={pending}
      error={action.error}
      onConfirm={revoke}
      onClose={action.close}
    />
  );
}
