import NotificationsIconMui from "@mui/icons-material/Notifications";
import { useLingui } from "@lingui/react/macro";
import { lazy, useEffect, useMemo, useRef, useState } from "react";
import { graphql, useLazyLoadQuery, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { NotificationBellQuery } from "../../__generated__/NotificationBellQuery.graphql.ts";
import type { NotificationBellSubscription } from "../../__generated__/NotificationBellSubscription.graphql.ts";
import { MountWhenOpened } from "../../components/deferred.tsx";
import { CountBadge, useIconButtonSheet } from "../../components/IconButtonParts.tsx";
import { plainIcon } from "../../components/plainIcon.tsx";
import { onLiveAgain } from "../../relay/environment.ts";
import { addArrived } from "./notificationStore.ts";

// The popover and its feed load on the first click on the bell; kept mounted after that for its closing transition.
const NotificationPopover = lazy(() => import("./NotificationPopover.tsx"));
const POLL_MS = 30_000;
/** After a live arrival, the count is asked again this much later (one request for a burst of arrivals). */
const SETTLE_MS = 400;
// The top bar's bell on every screen: a plain <svg>, button and badge with MUI's look (components/IconButtonParts.tsx).
const NotificationsIcon = plainIcon(NotificationsIconMui);
const BADGE_MAX = 99;

/** The header bell: the live unread count (subscription, with a 30-second poll as fallback) and the feed it opens. */
export function NotificationBell() {
  const { t } = useLingui();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [fetchKey, setFetchKey] = useState(0);
  /** The count is asked of the server again (the query below refetches beside what it shows). */
  const askAgain = () => setFetchKey((k) => k + 1);
  useEffect(() => {
    const timer = setInterval(askAgain, POLL_MS);
    return () => clearInterval(timer);
  }, []);
  // A live arrival raises the count at once (addArrived), but a count the server gave just before (this query's,
  // or a "mark as read" answer) may already hold that notification, whose event came after it: the server's
  // count, asked again once arrivals settle, is the one that stays, so none is counted twice until the next poll.
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  // A notification sent while the live channel was down is never heard: when it is back, the count is asked again
  // at once, not at the next poll.
  useEffect(() => onLiveAgain(askAgain), []);
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
        onNext: () => {
          clearTimeout(settle.current);
          settle.current = setTimeout(askAgain, SETTLE_MS);
        },
      }),
      [],
    ),
  );
  const count = data.unreadNotificationCount;
  // The badge's figure is the button's visible text, so the name says the same figure (WCAG 2.5.3, label in name):
  // "Notifications, 3 unread", "Notifications, 99+ unread" past BADGE_MAX; at 0 the badge is empty. One string
  // for both, so the badge and the name cannot differ.
  const shown = count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
  useIconButtonSheet();
  return (
    <>
      <button
        type="button"
        className="tl-iconbtn"
        aria-label={count === 0 ? t`Notifications` : t`Notifications, ${shown} unread`}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <CountBadge count={count} max={BADGE_MAX} data-testid="notification-count">
          <NotificationsIcon />
        </CountBadge>
      </button>
      <MountWhenOpened open={Boolean(anchor)}>
        <NotificationPopover anchor={anchor} unreadCount={count} onClose={() => setAnchor(null)} />
      </MountWhenOpened>
    </>
  );
}
