import { Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import { useId } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { activeLocale } from "../../platform/locales/load.ts";
import type { QueuedChange } from "../../offline/db.ts";
import { discard, retry } from "../../offline/outbox.ts";
import { changeTitle } from "../../offline/describeChange.ts";
import { lastSyncedText, waitingText } from "../../offline/useOffline.ts";
import { useScreenBelow } from "../../components/useScreenBelow.ts";

/**
 * The changes kept on this phone, oldest first: each waiting one says so (or that it waits for an
 * earlier change of the same record), each refused one says it could not be applied and why. Any
 * can be discarded; a refused one can be tried again.
 */
const madeAt = (iso: string) =>
  new Date(iso).toLocaleString(activeLocale(), {
    hour: "2-digit",
    minute: "2-digit",
    day: "numeric",
    month: "short",
  });

export default function QueueDialog({
  queue,
  online,
  syncedAt,
  onSync,
  onClose,
}: {
  queue: QueuedChange[];
  online: boolean;
  syncedAt: string | null;
  onSync(): void;
  onClose(): void;
}) {
  const { t } = useLingui();
  const phone = useScreenBelow("sm");
  const titleId = useId();
  const waiting = queue.filter((c) => c.state === "waiting").length;
  const blockedTargets = new Set<string>();
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        <Trans>Changes on this phone</Trans>
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {waiting ? waitingText(waiting) : t`Nothing waiting to sync`} · {lastSyncedText(syncedAt)}
        </Typography>
        {queue.length === 0 ? (
          <Alert severity="success">
            <Trans>All changes synced</Trans>
          </Alert>
        ) : (
          <List aria-label={t`Queued changes`} disablePadding>
            {queue.map((change) => {
              const failed = change.state === "failed";
              const behind = !failed && change.target !== null && blockedTargets.has(change.target);
              if (change.target && (failed || behind)) blockedTargets.add(change.target);
              // In the language the app speaks now, whatever it spoke when the change was made.
              const title = changeTitle(change);
              return (
                <ListItem
                  key={change.key}
                  divider
                  sx={{
                    alignItems: "flex-start",
                    flexWrap: "wrap",
                    gap: 1,
                    px: 0,
                  }}
                >
                  <ListItemText
                    sx={{ flex: "1 1 220px", my: 0 }}
                    primary={failed ? t`${title} could not be applied` : title}
                    secondary={
                      failed ? change.error : `${behind ? t`Waiting for an earlier change` : t`Waiting to sync`} · ${t`made ${madeAt(change.createdAt)}`}`
                    }
                    slotProps={{
                      primary: {
                        sx: {
                          fontWeight: 600,
                          color: failed ? "error.dark" : undefined,
                        },
                      },
                    }}
                  />
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                    {failed ? (
                      <Chip size="small" color="error" variant="outlined" label={t`Not applied`} />
                    ) : (
                      <Chip size="small" variant="outlined" label={t`Pending`} />
                    )}
                    {failed && (
                      <Button size="small" onClick={() => void retry(change.key).then(onSync)}>
                        <Trans>Retry</Trans>
                      </Button>
                    )}
                    <Button size="small" color="error" onClick={() => void discard(change.key)} aria-label={t`Discard: ${title}`}>
                      <Trans>Discard</Trans>
                    </Button>
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
        <Button variant="contained" disabled={!online || waiting === 0} onClick={onSync}>
          <Trans>Sync now</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
