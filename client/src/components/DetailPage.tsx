import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";

/** A record's screen: the way back to its list, above the record. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Box>
      <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />} size="small">
        {children}
      </Button>
    </Box>
  );
}

/** A record's screen when the record is not there (a stale or mistyped address): says so, under the way back. */
export function RecordNotFound({ back, children }: { back: ReactNode; children: ReactNode }) {
  return (
    <Stack spacing={2}>
      {back}
      <Card>
        <CardContent>
          <Typography color="textSecondary" sx={{ textAlign: "center", py: 3 }}>
            {children}
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}
