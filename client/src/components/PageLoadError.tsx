import { Trans, useLingui } from "@lingui/react/macro";
import CloudOffIcon from "@mui/icons-material/CloudOffOutlined";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import { Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * When the network last came back, and whether the screen's load that started has been tried once more. The
 * first request just after `online` can still fail (a phone between cells, a service worker a moment behind the
 * page): the screen then tries once more, AGAIN_AFTER_MS later, rather than stay on its error.
 */
let backOnline = { at: -Infinity, again: false };
const AGAIN_WITHIN_MS = 10_000;
const AGAIN_AFTER_MS = 1_500;

/** Back online: the page loads by itself, as the offline text promises (`onRetry` on `online`). */
function useRetryWhenOnline(onRetry: () => void) {
  useEffect(() => {
    const retry = () => {
      backOnline = { at: Date.now(), again: false };
      onRetry();
    };
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [onRetry]);
}

/** What a screen shows instead of its content when its data could not be loaded (most often: no network). */
export function PageLoadError({ onRetry }: { onRetry(): void }) {
  useRetryWhenOnline(onRetry);
  const latest = useRef(onRetry);
  useEffect(() => {
    latest.current = onRetry;
  });
  // Shown again by the load that coming back online started: once more, a moment later.
  useEffect(() => {
    if (navigator.onLine === false || backOnline.again || Date.now() - backOnline.at > AGAIN_WITHIN_MS) return;
    const again = setTimeout(() => {
      backOnline.again = true;
      latest.current();
    }, AGAIN_AFTER_MS);
    return () => clearTimeout(again);
  }, []);
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
  useRetryWhenOnline(onRetry);
  return children;
}
