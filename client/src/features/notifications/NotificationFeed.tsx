import AssignmentIcon from "@mui/icons-material/AssignmentOutlined";
import BadgeIcon from "@mui/icons-material/BadgeOutlined";
import BuildIcon from "@mui/icons-material/BuildOutlined";
import CheckCircleIcon from "@mui/icons-material/CheckCircleOutlined";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import DoneIcon from "@mui/icons-material/Done";
import HighlightOffIcon from "@mui/icons-material/HighlightOff";
import KeyboardReturnIcon from "@mui/icons-material/KeyboardReturn";
import NotificationsNoneIcon from "@mui/icons-material/NotificationsNone";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import { Box, Button, Divider, IconButton, List, ListItem, ListItemButton, Stack, Tooltip, Typography } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState, type ReactNode } from "react";
import { graphql, useFragment, useLazyLoadQuery, useMutation, usePaginationFragment } from "react-relay";
import { useNavigate } from "react-router-dom";
import type { NotificationFeedMarkAllMutation } from "../../__generated__/NotificationFeedMarkAllMutation.graphql.ts";
import type { NotificationFeedMarkReadMutation } from "../../__generated__/NotificationFeedMarkReadMutation.graphql.ts";
import type { NotificationFeedPaginationQuery } from "../../__generated__/NotificationFeedPaginationQuery.graphql.ts";
import type { NotificationFeedQuery } from "../../__generated__/NotificationFeedQuery.graphql.ts";
import type { NotificationFeed_item$key } from "../../__generated__/NotificationFeed_item.graphql.ts";
import type { NotificationFeed_query$key } from "../../__generated__/NotificationFeed_query.graphql.ts";
import { onLiveAgain } from "../../relay/environment.ts";
import { useToast } from "../../platform/toast.tsx";
import { useSession } from "../../platform/session.ts";
import { markFeedRead, notificationTarget, setUnreadCount, timeAgo } from "./notificationStore.ts";

const PAGE = 15;

const ICONS: Record<string, ReactNode> = {
  NEW_REQUEST: <AssignmentIcon sx={{ color: "#1565c0" }} />,
  REQUEST_APPROVED: <CheckCircleIcon sx={{ color: "#2e7d32" }} />,
  REQUEST_DENIED: <HighlightOffIcon sx={{ color: "#c62828" }} />,
  LOW_STOCK: <WarningAmberIcon sx={{ color: "#c25e00" }} />,
  MAINTENANCE_DUE: <BuildIcon sx={{ color: "#8a3a00" }} />,
  EQUIPMENT_DUE_BACK: <KeyboardReturnIcon sx={{ color: "#6a1b9a" }} />,
  CERTIFICATION_EXPIRING: <BadgeIcon sx={{ color: "#c25e00" }} />,
};

/** The bell's feed: newest first, unread marked; each can be marked read, or all at once. */
export default function NotificationFeed({ unreadCount, onNavigate }: { unreadCount: number; onNavigate(): void }) {
  const { t } = useLingui();
  // Notifications sent while the live channel was down were never heard: with the feed open when it is back, the
  // feed is asked again (as the bell's count is).
  const [fetchKey, setFetchKey] = useState(0);
  useEffect(() => onLiveAgain(() => setFetchKey((k) => k + 1)), []);
  const query = useLazyLoadQuery<NotificationFeedQuery>(
    graphql`
      query NotificationFeedQuery($count: Int!) {
        # Read with the feed, so the bell's count and the feed it opens come from one answer.
        unreadNotificationCount
        ...NotificationFeed_query @arguments(count: $count)
      }
    `,
    { count: PAGE },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<NotificationFeedPaginationQuery, NotificationFeed_query$key>(
    graphql`
      fragment NotificationFeed_query on Query
      @argumentDefinitions(count: { type: "Int", defaultValue: 15 }, cursor: { type: "String" })
      @refetchable(queryName: "NotificationFeedPaginationQuery") {
        notifications(first: $count, after: $cursor) @connection(key: "NotificationFeed_notifications") {
          edges {
            node {
              id
              databaseId
              ...NotificationFeed_item
            }
          }
        }
      }
    `,
    query,
  );
  const { toast } = useToast();
  const [markAll, markingAll] = useMutation<NotificationFeedMarkAllMutation>(graphql`
    mutation NotificationFeedMarkAllMutation($upTo: ID) {
      markAllNotificationsRead(input: { upTo: $upTo }) {
        __typename
        ... on MarkAllNotificationsReadPayload {
          markedCount
          unreadNotificationCount
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const nodes = data.notifications.edges.map((e) => e.node);
  const newest = nodes[0];

  return (
    <>
      <Stack direction="row" sx={{ alignItems: "center", px: 2, py: 1.25, gap: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
          <Trans>Notifications</Trans>
        </Typography>
        <Button
          size="small"
          startIcon={<DoneAllIcon />}
          disabled={unreadCount === 0 || markingAll || !newest}
          onClick={() =>
            newest &&
            markAll({
              variables: { upTo: newest.id },
              updater: (store, result) => {
                const r = result?.markAllNotificationsRead;
                if (r?.__typename !== "MarkAllNotificationsReadPayload" || typeof r.unreadNotificationCount !== "number") return;
                setUnreadCount(store, r.unreadNotificationCount);
                markFeedRead(store, newest.databaseId);
              },
              onCompleted: (result) => {
                const r = result.markAllNotificationsRead;
                if (r.__typename !== "MarkAllNotificationsReadPayload") toast({ title: t`Error`, description: r.message ?? t`Could not mark all read`, variant: "destructive" });
              },
              onError: (err) => toast({ title: t`Error`, description: err.message, variant: "destructive" }),
            })
          }
        >
          <Trans>Mark all as read</Trans>
        </Button>
      </Stack>
      <Divider />
      {nodes.length === 0 ? (
        <Stack sx={{ alignItems: "center", py: 5, px: 2, color: "text.secondary" }} spacing={1}>
          <NotificationsNoneIcon sx={{ fontSize: 40 }} />
          <Typography variant="body2">
            <Trans>No notifications yet</Trans>
          </Typography>
        </Stack>
      ) : (
        <List aria-label={t`Notifications`} disablePadding sx={{ overflowY: "auto", flex: 1 }}>
          {nodes.map((n) => (
            <NotificationItem key={n.id} notification={n} onNavigate={onNavigate} />
          ))}
          {hasNext && (
            <Box sx={{ textAlign: "center", py: 1 }}>
              <Button size="small" onClick={() => loadNext(PAGE)} disabled={isLoadingNext}>
                {isLoadingNext ? t`Loading...` : t`Show older`}
              </Button>
            </Box>
          )}
        </List>
      )}
    </>
  );
}

function NotificationItem({ notification, onNavigate }: { notification: NotificationFeed_item$key; onNavigate(): void }) {
  const { isManager } = useSession();
  const n = useFragment(
    graphql`
      fragment NotificationFeed_item on Notification {
        id
        databaseId
        kind
        message
        read
        createdAt
        equipment {
          name
        }
      }
    `,
    notification,
  );
  const { t } = useLingui();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [commit, marking] = useMutation<NotificationFeedMarkReadMutation>(graphql`
    mutation NotificationFeedMarkReadMutation($id: ID!) {
      markNotificationRead(input: { id: $id }) {
        __typename
        ... on MarkNotificationReadPayload {
          unreadNotificationCount
          notification {
            id
            read
            readAt
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const markRead = () =>
    commit({
      variables: { id: n.id },
      optimisticUpdater: (store) => store.get(n.id)?.setValue(true, "read"),
      updater: (store, result) => {
        const r = result?.markNotificationRead;
        if (r?.__typename === "MarkNotificationReadPayload" && typeof r.unreadNotificationCount === "number") setUnreadCount(store, r.unreadNotificationCount);
      },
      onError: (err) => toast({ title: t`Error`, description: err.message, variant: "destructive" }),
    });

  return (
    <ListItem
      disablePadding
      divider
      aria-label={n.message}
      data-read={n.read}
      secondaryAction={
        n.read ? null : (
          <Tooltip title={t`Mark as read`}>
            <IconButton edge="end" size="small" aria-label={t`Mark as read`} disabled={marking} onClick={markRead}>
              <DoneIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )
      }
      sx={{ bgcolor: n.read ? undefined : "rgba(21, 101, 192, 0.06)" }}
    >
      <ListItemButton
        onClick={() => {
          if (!n.read) markRead();
          onNavigate();
          navigate(notificationTarget({ kind: n.kind, equipmentName: n.equipment?.name }, isManager));
        }}
        sx={{ alignItems: "flex-start", gap: 1.5, pr: 6, py: 1.25 }}
      >
        <Box sx={{ mt: 0.25, display: "flex" }}>{ICONS[n.kind] ?? <NotificationsNoneIcon />}</Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: n.read ? 400 : 600, overflowWrap: "anywhere" }}>
            {n.message}
          </Typography>
          <Typography variant="caption" color="textSecondary">
            {timeAgo(String(n.createdAt))}
            {!n.read && ` · ${t`Unread`}`}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
