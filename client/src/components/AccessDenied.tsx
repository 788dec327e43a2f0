import { Card, CardContent, Stack, Typography } from "@mui/material";
import LockIcon from "@mui/icons-material/Lock";

export function AccessDenied({ text }: { text: string }) {
  return (
    <Card sx={{ maxWidth: 520, mx: "auto", mt: 4 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          <LockIcon color="error" />
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Access Denied
          </Typography>
        </Stack>
        <Typography color="text.secondary">{text}</Typography>
      </CardContent>
    </Card>
  );
}
