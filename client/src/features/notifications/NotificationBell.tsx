import NotificationsIcon from "@mui/icons-material/Notifications";
import { Badge, Box, IconButton } from "@mui/material";
import { select } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { lazy, useEffect, useId, useMemo, useState } from "react";
import { graphql, useLazyLoadQuery, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { NotificationBellQuery } from "../../__generated__/NotificationBellQuery.graphql.ts";
import type { NotificationBellSubscription } from "../../__generated__/NotificationBellSubscription.graphql.ts";
import { MountWhenOpened } from "../../components/deferred.tsx";
import { countWords } from "../../platform/i18n.ts";
import { addArrived } from "./notificationStore.ts";

// The popover and its feed load on the first click on the bell; kept mounted after that for its closing transition.
const NotificationPopover = lazy(() => import("./NotificationPopover.tsx"));
const POLL_MS = 30_000;

/** The header bell: the live unread count (subscription, with a 30-second poll as fallback) and the feed it opens. */
export function NotificationBell() {
  const { t } = useLingui();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [fetchKey, setFetchKey] = useState(0);
  const countId = useId();
  useEffect(() => {
    const timer = setInterval(() => setFetchKey((k) => k + 1), POLL_MS);
    return () => clearInterval(timer);
  }, []);
  const data = useLazyLoadQuery<NotificationBellQuery>(
    graphql`
      query NotificationBellQuery {
        unreadNotificationCount
      }
    `,
    {},
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  useSubscription(
    useMemo<GraphQLSubscriptionConfig<NotificationBellSubscription>>(
      () => ({
        subscription: graphql`
          subscription NotificationBellSubscription {
            notification {
              id
              read
              ...NotificationFeed_item
            }
          }
        `,
        variables: {},
        updater: (store) => {
          const arrived = store.getRootField("notification");
          if (arrived) addArrived(store, arrived);
        },
      }),
      [],
    ),
  );
  const count = data.unreadNotificationCount;
  const { category, shown } = countWords(count);
  return (
    <>
      <IconButton
        aria-label={t`Notifications`}
        aria-describedby={countId}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Badge color="error" badgeContent={count} max={99} data-testid="notification-count">
          <NotificationsIcon />
        </Badge>
        <Box component="span" id={countId} sx={visuallyHidden}>
          {count === 0 ? t`No unread notifications` : select(category, { one: `${shown} unread notification`, other: `${shown} unread notifications` })}
        </Box>
      </IconButton>
      <MountWhenOpened open={Boolean(anchor)}>
        <NotificationPopover anchor={anchor} unreadCount={count} onClose={() => setAnchor(null)} />
      </MountWhenOpened>
    </>
  );
}

const visuallyHidden = {
  border: 0,
  clip: "rect(0 0 0 0)",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  padding: 0,
  position: "absolute",
  whiteSpace: "nowrap",
  width: "1px",
} as const;
