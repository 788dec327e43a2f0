import { Trans, useLingui } from "@lingui/react/macro";
import { Box, CircularProgress, Typography } from "@mui/material";

/** §2 'Loading...' state; index.html paints the same look before any script runs. */
export function Loading() {
  const { t } = useLingui();
  return (
    <Box role="progressbar" aria-label={t`Loading`} sx={{ display: "grid", placeItems: "center", minHeight: "60vh", gap: 2 }}>
      <Box sx={{ textAlign: "center" }}>
        <CircularProgress />
        <Typography sx={{ mt: 2 }} color="textSecondary">
          <Trans>Loading...</Trans>
        </Typography>
      </Box>
    </Box>
  );
}
