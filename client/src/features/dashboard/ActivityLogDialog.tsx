import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense } from "react";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import type { ActivityLogDialogPaginationQuery } from "../../__generated__/ActivityLogDialogPaginationQuery.graphql.ts";
import type { ActivityLogDialogQuery } from "../../__generated__/ActivityLogDialogQuery.graphql.ts";
import type { ActivityLogDialog_query$key } from "../../__generated__/ActivityLogDialog_query.graphql.ts";
import { ActivityEntryRow } from "./ActivityEntryRow.tsx";
import { useScreenBelow } from "../../components/useScreenBelow.ts";

const PAGE = 25;

/** The whole activity log, newest first, page by page: where the dashboard's Recent Activity 'View All' leads. */
export default function ActivityLogDialog({ onClose }: { onClose(): void }) {
  const phone = useScreenBelow("md");
  const { t } = useLingui();
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="activity-log-title">
      <DialogTitle id="activity-log-title">
        <Trans>Activity Log</Trans>
      </DialogTitle>
      <DialogContent dividers>
        <Suspense
          fallback={
            <Box sx={{ display: "grid", placeItems: "center", py: 6 }}>
              <CircularProgress aria-label={t`Loading activity`} />
            </Box>
          }
        >
          <ActivityList />
        </Suspense>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ActivityList() {
  const query = useLazyLoadQuery<ActivityLogDialogQuery>(
    graphql`
      query ActivityLogDialogQuery($count: Int!) {
        ...ActivityLogDialog_query @arguments(count: $count)
      }
    `,
    { count: PAGE },
    { fetchPolicy: "store-and-network" },
  );
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<ActivityLogDialogPaginationQuery, ActivityLogDialog_query$key>(
    graphql`
      fragment ActivityLogDialog_query on Query
      @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" })
      @refetchable(queryName: "ActivityLogDialogPaginationQuery") {
        activity(first: $count, after: $cursor) @connection(key: "ActivityLogDialog_activity") {
          totalCount
          edges {
            node {
              id
              ...ActivityEntryRow_entry
            }
          }
        }
      }
    `,
    query,
  );
  const entries = data.activity.edges.map((e) => e.node);
  const { t } = useLingui();
  const shown = entries.length;
  const total = data.activity.totalCount;
  return (
    <Stack spacing={1.5} component="ol" aria-label={t`Activity`} sx={{ listStyle: "none", p: 0, m: 0 }}>
      {entries.map((e) => (
        <ActivityEntryRow key={e.id} entry={e} />
      ))}
      <Box component="li" sx={{ textAlign: "center", pt: 1 }}>
        <Typography variant="caption" color="textSecondary" sx={{ display: "block", mb: 1 }}>
          <Trans>
            {shown} of {total}
          </Trans>
        </Typography>
        {hasNext && (
          <Button variant="outlined" size="small" onClick={() => loadNext(PAGE)} disabled={isLoadingNext}>
            {isLoadingNext ? t`Loading...` : t`Load more`}
          </Button>
        )}
      </Box>
    </Stack>
  );
}
