import { Card, CardContent, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** A screen's one message instead of its content (access denied, no such page, no vehicle): an icon, a heading and the why. */
export function Notice({ icon, title, children, maxWidth, mt = 4 }: { icon: ReactNode; title: string; children: ReactNode; maxWidth: number; mt?: number }) {
  return (
    <Card sx={{ maxWidth, mx: "auto", mt }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          {icon}
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
        </Stack>
        <Typography color="textSecondary">{children}</Typography>
      </CardContent>
    </Card>
  );
}
