import { Box, Chip, Stack, Typography } from "@mui/material";
import { graphql, useFragment } from "react-relay";
import type { ActivityEntryRow_entry$key } from "../../__generated__/ActivityEntryRow_entry.graphql.ts";
import { shortDateTime } from "../../platform/dates.ts";
import { actionColor } from "./activity.ts";

/** One activity entry (who did what, when, to which kind of record): the dashboard's Recent Activity and the Activity Log. */
export function ActivityEntryRow({ entry }: { entry: ActivityEntryRow_entry$key }) {
  const e = useFragment(
    graphql`
      fragment ActivityEntryRow_entry on ActivityEntry {
        action
        entityType
        details
        createdAt
        user {
          name
        }
      }
    `,
    entry,
  );
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ alignItems: "flex-start" }}>
      <Box sx={{ width: 10, height: 10, borderRadius: "50%", mt: 0.8, flexShrink: 0, bgcolor: actionColor[e.action] ?? "#757575" }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
          <strong>{e.user.name}</strong> {e.details}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          {shortDateTime(e.createdAt as string)}
        </Typography>
      </Box>
      <Chip size="small" label={e.entityType} variant="outlined" />
    </Stack>
  );
}
