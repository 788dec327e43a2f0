import NotificationsIcon from "@mui/icons-material/Notifications";
import { Badge, Box, CircularProgress, IconButton, Popover } from "@mui/material";
import { lazy, Suspense, useEffect, useId, useMemo, useState } from "react";
import { graphql, useLazyLoadQuery, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { NotificationBellQuery } from "../../__generated__/NotificationBellQuery.graphql.ts";
import type { NotificationBellSubscription } from "../../__generated__/NotificationBellSubscription.graphql.ts";
import { addArrived } from "./notificationStore.ts";

const NotificationFeed = lazy(() => import("./NotificationFeed.tsx"));
const POLL_MS = 30_000;

/** The header bell: the live unread count (subscription, with a 30-second poll as fallback) and the feed it opens. */
export function NotificationBell() {
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
  return (
    <>
      <IconButton
        aria-label="Notifications"
        aria-describedby={countId}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Badge color="error" badgeContent={count} max={99} data-testid="notification-count">
          <NotificationsIcon />
        </Badge>
        <Box component="span" id={countId} sx={visuallyHidden}>
          {count === 0 ? "No unread notifications" : `${count} unread notification${count === 1 ? "" : "s"}`}
        </Box>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          paper: {
            role: "dialog",
            "aria-label": "Notifications",
            sx: { width: { xs: "calc(100vw - 16px)", sm: 400 }, maxHeight: { xs: "75vh", sm: 560 }, display: "flex", flexDirection: "column" },
          },
        }}
      >
        <Suspense
          fallback={
            <Box sx={{ display: "grid", placeItems: "center", p: 4 }}>
              <CircularProgress size={28} aria-label="Loading notifications" />
            </Box>
          }
        >
          {anchor && <NotificationFeed unreadCount={count} onNavigate={() => setAnchor(null)} />}
        </Suspense>
      </Popover>
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
