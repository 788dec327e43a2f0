import { Box, CircularProgress, Popover } from "@mui/material";
import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";

const NotificationFeed = lazy(() => import("./NotificationFeed.tsx"));

/** The bell's popover: the feed of notifications, opened under the bell. */
export default function NotificationPopover({ anchor, unreadCount, onClose }: { anchor: HTMLElement | null; unreadCount: number; onClose(): void }) {
  const { t } = useLingui();
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
      slotProps={{
        paper: {
          role: "dialog",
          "aria-label": t`Notifications`,
          sx: { width: { xs: "calc(100vw - 16px)", sm: 400 }, maxHeight: { xs: "75vh", sm: 560 }, display: "flex", flexDirection: "column" },
        },
      }}
    >
      <Suspense
        fallback={
          <Box sx={{ display: "grid", placeItems: "center", p: 4 }}>
            <CircularProgress size={28} aria-label={t`Loading notifications`} />
          </Box>
        }
      >
        {anchor && <NotificationFeed unreadCount={unreadCount} onNavigate={onClose} />}
      </Suspense>
    </Popover>
  );
}
