import { Box, Button, Card, CardContent, Chip, Stack, TableCell, TableRow, Typography } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
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
import { useScreenBelow } from "../../components/useScreenBelow.ts";

export function ApiTokensSection({ query }: { query: ApiTokensSection_query$key }) {
  const { t } = useLingui();
  const phone = useScreenBelow("md");
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
          <Trans>
            Personal tokens let other systems use the Trapline API as you: send <code>Authorization: Bearer tl_…</code>. A READ token can only read.
          </Trans>
        </>
      }
      addLabel={t`Create API token`}
      onAdd={() => setCreating(true)}
      dialog={{ open: creating, titleId: "create-token-title", content: <CreateApiTokenDialog titleId="create-token-title" onDone={() => setCreating(false)} /> }}
      confirm={<RevokeDialog token={revoking} onDone={() => setRevoking(null)} />}
    >
      <ResponsiveList
        label={t`API tokens`}
        items={tokens}
        itemKey={(tok) => tok.id}
        phone={phone}
        empty={t`No API tokens yet`}
        columns={[{ header: t`Name` }, { header: t`Access` }, { header: t`Created` }, { header: t`Last used` }, { header: t`Expires` }, { header: t`Status` }, { header: t`Actions`, align: "right" }]}
        row={(tok) => <TokenRow token={tok} onRevoke={setRevoking} />}
        card={(tok) => <TokenCard token={tok} onRevoke={setRevoking} />}
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

function StatusChip({ tok }: { tok: ApiTokensSection_token$data }) {
  const { t } = useLingui();
  if (tok.revokedAt) return <Chip size="small" label={t`Revoked`} color="default" variant="outlined" />;
  if (!tok.active) return <Chip size="small" label={t`Expired`} color="warning" variant="outlined" />;
  return <Chip size="small" label={t`Active`} color="success" />;
}

function AccessChip({ access }: { access: string }) {
  return <Chip size="small" label={access} color={access === "WRITE" ? "primary" : "default"} variant={access === "WRITE" ? "filled" : "outlined"} />;
}

type RowProps = { token: ApiTokensSection_token$key; onRevoke(token: { id: string; name: string }): void };

function RevokeButton({ tok, onRevoke }: { tok: ApiTokensSection_token$data; onRevoke: RowProps["onRevoke"] }) {
  const { t } = useLingui();
  if (!tok.active) return null;
  return (
    <Button size="small" color="error" variant="outlined" onClick={() => onRevoke({ id: tok.id, name: tok.name })} aria-label={t`Revoke ${tok.name}`}>
      <Trans>Revoke</Trans>
    </Button>
  );
}

function TokenRow({ token, onRevoke }: RowProps) {
  const tok = useToken(token);
  const { t } = useLingui();
  return (
    <TableRow hover>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {tok.name}
        </Typography>
        <Typography variant="caption" color="textSecondary" sx={{ fontFamily: "monospace" }}>
          {tok.prefix}…
        </Typography>
      </TableCell>
      <TableCell>
        <AccessChip access={tok.access} />
      </TableCell>
      <TableCell>{when(tok.createdAt)}</TableCell>
      <TableCell>{when(tok.lastUsedAt)}</TableCell>
      <TableCell>{when(tok.expiresAt, t`No expiry`)}</TableCell>
      <TableCell>
        <StatusChip tok={tok} />
      </TableCell>
      <TableCell align="right">
        <RevokeButton tok={tok} onRevoke={onRevoke} />
      </TableCell>
    </TableRow>
  );
}

function TokenCard({ token, onRevoke }: RowProps) {
  const tok = useToken(token);
  const { t } = useLingui();
  return (
    <Card component="li" aria-label={tok.name}>
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {tok.name}
            </Typography>
            <Typography variant="caption" color="textSecondary" sx={{ fontFamily: "monospace" }}>
              {tok.prefix}…
            </Typography>
          </Box>
          <AccessChip access={tok.access} />
          <StatusChip tok={tok} />
        </Stack>
        <Typography variant="caption" color="textSecondary" component="div">
          <Trans>
            Created {when(tok.createdAt)} · Last used {when(tok.lastUsedAt)}
          </Trans>
        </Typography>
        <Typography variant="caption" color="textSecondary" component="div">
          {tok.expiresAt ? t`Expires ${when(tok.expiresAt)}` : t`No expiry`}
        </Typography>
        {tok.active && (
          <Box sx={{ mt: 1.5, textAlign: "right" }}>
            <RevokeButton tok={tok} onRevoke={onRevoke} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function RevokeDialog({ token, onDone }: { token: { id: string; name: string } | null; onDone(): void }) {
  const { t } = useLingui();
  const action = useConfirmedAction(t`Failed to revoke the API token`, t`API token revoked`, onDone);
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
      title={t`Revoke API token`}
      text={t`Revoke “${token?.name}”? Anything using it stops working at once: its requests get 401 and its live connections are closed. This cannot be undone.`}
      action={t`Revoke`}
      pendingAction={t`Revoking...`}
      pending={pending}
      error={action.error}
      onConfirm={revoke}
      onClose={action.close}
    />
  );
}
