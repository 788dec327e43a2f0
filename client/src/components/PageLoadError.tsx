import { Trans, useLingui } from "@lingui/react/macro";
import CloudOffIcon from "@mui/icons-material/CloudOffOutlined";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import { Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useEffect, type ReactNode } from "react";

/** What a screen shows instead of its content when its data could not be loaded (most often: no network). */
export function PageLoadError({ onRetry }: { onRetry(): void }) {
  // Back online: the page loads by itself, as the offline text promises.
  useEffect(() => {
    window.addEventListener("online", onRetry);
    return () => window.removeEventListener("online", onRetry);
  }, [onRetry]);
  const { t } = useLingui();
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  return (
    <Card sx={{ maxWidth: 480, mx: "auto", mt: 4 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          {offline ? <CloudOffIcon color="action" /> : <ErrorOutlineIcon color="error" />}
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {offline ? t`You are offline` : t`This page could not be loaded`}
          </Typography>
        </Stack>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {offline ? t`This page needs a connection. It will load when you are back online.` : t`Something went wrong while loading. Please try again.`}
        </Typography>
        <Button variant="outlined" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Shows `children` (the phone's copy of a screen) and loads the real screen when the network returns. */
export function RetryWhenOnline({ onRetry, children }: { onRetry(): void; children: ReactNode }) {
  useEffect(() => {
    window.addEventListener("online", onRetry);
    return () => window.removeEventListener("online", onRetry);
  }, [onRetry]);
  return children;
}
