import CloudOffIcon from "@mui/icons-material/CloudOffOutlined";
import CloudDoneIcon from "@mui/icons-material/CloudDoneOutlined";
import SyncIcon from "@mui/icons-material/Sync";
import { Button, Stack, Typography } from "@mui/material";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { fetchQuery, useRelayEnvironment } from "react-relay";
import { useRevalidator } from "react-router-dom";
import AppViewerQueryNode from "../../__generated__/AppViewerQuery.graphql.ts";
import { useSession } from "../../platform/session.ts";
import { onLiveEvent } from "../../offline/queuedError.ts";
import { failedText, lastSyncedText, snapshotChanged, useOnline, useQueue, useSyncedAt, waitingText } from "../../offline/useOffline.ts";
import { Trans, useLingui } from "@lingui/react/macro";

const QueueDialog = lazy(() => import("./QueueDialog.tsx"));

/** How soon after a live event (someone else's change) the kept copy is refreshed, and how often anyway. */
const LIVE_REFRESH_DELAY_MS = 10_000;
const REFRESH_EVERY_MS = 5 * 60_000;
/** A send stopped while the browser says it is online (the server not reached yet, or in trouble): tried again after this, then twice as long each time. */
const RETRY_FIRST_MS = 3_000;
const RETRY_MAX_MS = 2 * 60_000;

/**
 * Under the header: 'Offline' with when the phone last synced, 'N changes waiting to sync' with a
 * list to review, retry or discard them, the changes that could not be applied, and 'All changes
 * synced' when the queue empties. It also runs the sync: the queue is sent when the app starts and
 * whenever the network returns, and the kept copy is refreshed after that, after live events and
 * every few minutes.
 */
export function OfflineBar() {
  const { viewer, isManager } = useSession();
  const { t } = useLingui();
  const userId = String(viewer.databaseId);
  const environment = useRelayEnvironment();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const online = useOnline();
  const queue = useQueue(userId);
  const [reviewing, setReviewing] = useState(false);
  const syncedAt = useSyncedAt(userId, !online || reviewing);
  const [allSynced, setAllSynced] = useState(false);

  const refresh = useCallback(async () => {
    if (!navigator.onLine) return;
    const { refreshSnapshot } = await import("../../offline/snapshotStore.ts");
    await refreshSnapshot(userId, viewer.databaseId, isManager).then(snapshotChanged, () => {});
  }, [userId, viewer.databaseId, isManager]);

  const retry = useRef<{ timer?: ReturnType<typeof setTimeout>; wait: number; off?: boolean }>({ wait: RETRY_FIRST_MS });
  /** Changes waiting, as last read (null: not read yet). */
  const waitingNow = useRef<number | null>(null);
  /** A send asked for before the queue was first read (the network back just after a start): made once it is read. */
  const syncWhenRead = useRef(false);
  const sync = useCallback(async () => {
    clearTimeout(retry.current.timer);
    // Not before the bar has read the queue: it would never see the changes leave, nor say 'All changes synced'.
    if (waitingNow.current === null) {
      syncWhenRead.current = true;
      return;
    }
    const { flushQueue } = await import("../../offline/outbox.ts");
    const outcome = await flushQueue(userId);
    // Another tab or the service worker is sending right now: look again once it is done.
    if (outcome === null) {
      setTimeout(() => void syncRef.current(), 2000);
      return;
    }
    // The network is said to be back but the server could not be reached (a phone's first requests on a network
    // that is still coming up) or was in trouble: changes still waiting are tried again soon, then less often,
    // rather than at the next 'online' event, which may never come. Background Sync, where the browser has it, also tries.
    // (Not once the bar is gone: signed out, or another user's.)
    if ((outcome.stopped === "offline" || outcome.stopped === "server") && navigator.onLine && waitingNow.current !== 0 && !retry.current.off) {
      retry.current.timer = setTimeout(() => void syncRef.current(), retry.current.wait);
      retry.current.wait = Math.min(RETRY_MAX_MS, retry.current.wait * 2);
    } else retry.current.wait = RETRY_FIRST_MS;
    // The session ended while away: the sign-in screen comes up and the queue waits for this user.
    if (outcome.stopped === "signed-out" || outcome.stopped === "other-user")
      fetchQuery(environment, AppViewerQueryNode, {}, { fetchPolicy: "network-only" }).subscribe({ error: () => {} });
    if (!outcome.sent) await refresh();
  }, [environment, refresh, userId]);
  const syncRef = useRef(sync);
  syncRef.current = sync;

  useEffect(() => {
    const retrying = retry.current;
    retrying.off = false;
    const start = setTimeout(() => void sync(), 1500);
    const back = () => void sync();
    window.addEventListener("online", back);
    const every = setInterval(() => document.visibilityState === "visible" && void refresh(), REFRESH_EVERY_MS);
    let liveTimer: ReturnType<typeof setTimeout> | undefined;
    const stopLive = onLiveEvent(() => {
      clearTimeout(liveTimer);
      liveTimer = setTimeout(() => void refresh(), LIVE_REFRESH_DELAY_MS);
    });
    return () => {
      stopLive();
      clearTimeout(start);
      clearTimeout(liveTimer);
      clearInterval(every);
      retrying.off = true;
      clearTimeout(retrying.timer);
      window.removeEventListener("online", back);
    };
  }, [refresh, sync]);

  const waiting = queue?.filter((c) => c.state === "waiting").length ?? 0;
  waitingNow.current = queue ? waiting : null;
  const read = queue !== null;
  useEffect(() => {
    if (!read || !syncWhenRead.current) return;
    syncWhenRead.current = false;
    void syncRef.current();
  }, [read]);
  const failed = queue?.filter((c) => c.state === "failed").length ?? 0;
  // Changes left the queue (sent by this tab, another tab or the service worker's Background Sync):
  // the screens and the kept copy show the server's state, and an empty queue says 'All changes synced'
  // (in the bar, a status region, so it is announced; a toast would cover the bar on a phone).
  // Sent while this page still counts itself offline (another sender reached the server first): the screens
  // show the kept copy now, and read the server and say 'All changes synced' once the page is back online,
  // rather than the message passing unseen behind 'Offline'.
  const before = useRef(waiting);
  const sentWhileOffline = useRef(false);
  useEffect(() => {
    const sent = before.current > waiting;
    before.current = waiting;
    if (!sent && !(online && sentWhileOffline.current)) return;
    sentWhileOffline.current = !online;
    void revalidate.current();
    void refresh();
    if (online && waiting === 0 && failed === 0) setAllSynced(true);
  }, [waiting, failed, online, refresh]);
  useEffect(() => {
    if (waiting || failed) setAllSynced(false);
    else if (allSynced) {
      const t = setTimeout(() => setAllSynced(false), 6000);
      return () => clearTimeout(t);
    }
  }, [waiting, failed, allSynced]);

  const parts: string[] = [];
  if (!online) parts.push(t`Offline`);
  if (waiting) parts.push(waitingText(waiting));
  if (failed) parts.push(failedText(failed));
  if (!parts.length && allSynced) parts.push(t`All changes synced`);
  const show = parts.length > 0;

  return (
    <>
      {/* A plain element: the frame renders it on every screen, where it is almost always empty and hidden. */}
      <div role="status" aria-live="polite" hidden={!show}>
        {show && (
          <Stack
            direction="row"
            spacing={1}
            sx={{
              alignItems: "center",
              px: { xs: 1.5, sm: 2 },
              py: 0.5,
              minHeight: 40,
              borderTop: 1,
              borderColor: "divider",
              // Light tints of the theme's error, grey, warning and success (text on them keeps AA contrast).
              bgcolor: failed ? "#fdecea" : !online ? "grey.100" : waiting ? "#fff8e1" : "#edf7ed",
            }}
          >
            {!online ? (
              <CloudOffIcon fontSize="small" color="action" />
            ) : waiting || failed ? (
              <SyncIcon fontSize="small" color="action" />
            ) : (
              <CloudDoneIcon fontSize="small" color="success" />
            )}
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, fontWeight: 600 }} data-testid="sync-status">
              {parts.join(" · ")}
              {!online && (
                <Typography component="span" variant="body2" color="textSecondary" sx={{ fontWeight: 400 }}>
                  {" · "}
                  {lastSyncedText(syncedAt)}
                </Typography>
              )}
            </Typography>
            {(waiting > 0 || failed > 0) && (
              <Button size="small" onClick={() => setReviewing(true)} sx={{ flexShrink: 0 }}>
                <Trans>Review</Trans>
              </Button>
            )}
          </Stack>
        )}
      </div>
      {reviewing && queue && (
        <Suspense fallback={null}>
          <QueueDialog queue={queue} online={online} syncedAt={syncedAt} onSync={() => void sync()} onClose={() => setReviewing(false)} />
        </Suspense>
      )}
    </>
  );
}
