import { Card, CardContent, Stack, Typography } from "@mui/material";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";

export function NotFound() {
  return (
    <Card sx={{ maxWidth: 480, mx: "auto", mt: 4 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          <ErrorOutlineIcon color="error" />
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            404 Page Not Found
          </Typography>
        </Stack>
        <Typography color="text.secondary">Did you forget to add the page to the router?</Typography>
      </CardContent>
    </Card>
  );
}
