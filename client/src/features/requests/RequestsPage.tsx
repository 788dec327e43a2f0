import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Card, CardContent, Chip, Stack, TableCell, TableRow, Typography } from "@mui/material";
import { CardButton } from "../../components/CardButton.tsx";
import { DeferredTooltip } from "../../components/deferred.tsx";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { lazy, useState } from "react";
import { shortDate } from "../../platform/dates.ts";
import { graphql, useFragment, usePreloadedQuery } from "react-relay";
import type { RequestsPageQuery } from "../../__generated__/RequestsPageQuery.graphql.ts";
import type { RequestsPage_requests$key } from "../../__generated__/RequestsPage_requests.graphql.ts";
import type { RequestsPage_request$key, RequestStatus } from "../../__generated__/RequestsPage_request.graphql.ts";
import { REQUESTS_PAGE_SIZE as PAGE, type RequestFilter as Filter } from "./constants.ts";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { useSession } from "../../platform/session.ts";
import { useDecideRequest } from "./useDecideRequest.ts";
import { ApproveFromMenu } from "./ApproveFromMenu.tsx";
import { FilterSelect } from "../../components/list/ListToolbar.tsx";
import { PageDialog } from "../../components/PageDialog.tsx";
import { ListPage } from "../../components/list/ListPage.tsx";
import { usePagedList } from "../../components/list/usePagedList.ts";

const RequestForm = lazy(() => import("./RequestForm.tsx"));

/** The request statuses' and types' names (the values themselves are the server's enums). */
const STATUS_LABELS: Record<string, MessageDescriptor> = { pending: msg`Pending`, approved: msg`Approved`, denied: msg`Denied` };
const TYPE_LABELS: Record<string, MessageDescriptor> = { inventory: msg`Inventory`, equipment: msg`Equipment` };
const STATUS_VALUES = ["pending", "approved", "denied"] as const;

/** ?status=pending (from the dashboard's View All) opens the list filtered: the loader reads it. */
export default function RequestsPage() {
  const queryRef = useRouteQuery<RequestsPageQuery>();
  const initial: Filter = (queryRef.variables.status as Filter | null | undefined) ?? "all";
  const data = usePreloadedQuery<RequestsPageQuery>(
    graphql`
      query RequestsPageQuery($count: Int!, $status: RequestStatus) @preloadable {
        ...RequestsPage_requests @arguments(count: $count, status: $status)
      }
    `,
    queryRef,
  );
  return <RequestList key={initial} query={data} initial={initial} />;
}

function RequestList({ query, initial }: { query: RequestsPage_requests$key; initial: Filter }) {
  const { t, i18n } = useLingui();
  const { isManager } = useSession();
  const [filter, setFilter] = useState<Filter>(initial);
  const [creating, setCreating] = useState(false);
  const { list, reload } = usePagedList(
    graphql`
      fragment RequestsPage_requests on Query
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }, status: { type: "RequestStatus" })
      @refetchable(queryName: "RequestsPagePaginationQuery") {
        requests(first: $count, after: $cursor, status: $status) @connection(key: "RequestsPage_requests") {
          edges {
            node {
              id
              ...RequestsPage_request
            }
          }
        }
      }
    `,
    query,
    PAGE,
    (d) => d.requests,
  );
  const changeFilter = (next: Filter) => {
    setFilter(next);
    reload({ status: next === "all" ? null : next, count: PAGE, cursor: null });
  };

  return (
    <ListPage
      list={list}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          <Trans>Create Request</Trans>
        </Button>
      }
      filters={
        <FilterSelect
          label={t`Status`}
          all={t`All Requests`}
          options={STATUS_VALUES.map((value) => ({ value, label: i18n._(STATUS_LABELS[value]!) }))}
          value={filter === "all" ? "" : filter}
          onChange={(v) => changeFilter(v || "all")}
        />
      }
      dialog={
        <PageDialog open={creating} onClose={() => setCreating(false)} titleId="create-request-title" maxWidth="md">
          <RequestForm titleId="create-request-title" onDone={() => setCreating(false)} />
        </PageDialog>
      }
      label={t`Requests`}
      empty={filter === "all" ? t`No requests found` : filter === "pending" ? t`No pending requests` : filter === "approved" ? t`No approved requests` : t`No denied requests`}
      tableSx={{ "& td, & th": { px: 1.5 } }}
      columns={[
        { header: t`Requester` },
        { header: t`Type` },
        { header: t`Items` },
        { header: t`Status` },
        { header: t`Date` },
        { header: t`Justification` },
        { header: t`Actions`, omit: !isManager },
      ]}
      row={(r) => <RequestRow request={r} isManager={isManager} />}
      card={(r) => <RequestCard request={r} isManager={isManager} />}
    />
  );
}

function useRequest(request: RequestsPage_request$key) {
  return useFragment(
    graphql`
      fragment RequestsPage_request on Request {
        ...requestSummary_request @relay(mask: false)
        type
        justification
        approvedAt
      }
    `,
    request,
  );
}

// Tinted chips with dark text: the theme's warning orange on white is below 4.5:1 for small text.
const statusStyle: Record<string, { bgcolor: string; color: string }> = {
  pending: { bgcolor: "#fff4e5", color: "#7a4100" },
  approved: { bgcolor: "#e8f5e9", color: "#1b5e20" },
  denied: { bgcolor: "#fdecea", color: "#a31515" },
};
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const formatDate = (value: unknown) => (value ? shortDate(value as string) : "");

function StatusChip({ status }: { status: RequestStatus }) {
  const { i18n } = useLingui();
  const label = STATUS_LABELS[status];
  return <Chip size="small" label={label ? i18n._(label) : capitalize(status)} sx={{ fontWeight: 600, ...statusStyle[status] }} />;
}

/** The request's type by name (inventory, equipment), as the list shows it. */
function TypeName({ type }: { type: string }) {
  const { i18n } = useLingui();
  const label = TYPE_LABELS[type];
  return <>{label ? i18n._(label) : type}</>;
}

function ItemList({ items }: { items: readonly { name: string; quantity: number }[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 0, listStyle: "none" }}>
      {items.map((l, i) => (
        <Typography component="li" variant="body2" key={i}>
          {l.quantity} x {l.name}
        </Typography>
      ))}
    </Box>
  );
}

function Justification({ text, maxWidth }: { text: string; maxWidth: number | string }) {
  if (!text.trim())
    return (
      <Typography variant="body2" color="textSecondary" sx={{ fontStyle: "italic" }}>
        <Trans>No justification provided</Trans>
      </Typography>
    );
  return (
    <DeferredTooltip title={text} describeChild>
      <Typography variant="body2" noWrap sx={{ maxWidth }}>
        {text}
      </Typography>
    </DeferredTooltip>
  );
}

/** Approve and Deny for a pending request; the decision and its date once decided (§4: final). */
function Decision({ id, type, status, approvedAt }: { id: string; type: string; status: RequestStatus; approvedAt: unknown }) {
  const { decide, pending } = useDecideRequest();
  const { t } = useLingui();
  if (status === "pending")
    return (
      <Stack direction="row" spacing={1} sx={{ whiteSpace: "nowrap" }}>
        <CardButton variant="contained" disabled={pending} onClick={() => decide(id, "approve")}>
          <Trans>Approve</Trans>
        </CardButton>
        {type === "inventory" && <ApproveFromMenu disabled={pending} onPick={(locationId) => decide(id, "approve", undefined, locationId)} />}
        <CardButton variant="outlined" color="error" disabled={pending} onClick={() => decide(id, "deny")}>
          <Trans>Deny</Trans>
        </CardButton>
      </Stack>
    );
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }} color={status === "approved" ? "success" : "error"}>
        {status === "approved" ? t`Approved` : t`Denied`}
      </Typography>
      {approvedAt ? (
        <Typography variant="caption" color="textSecondary">
          {formatDate(approvedAt)}
        </Typography>
      ) : null}
    </Box>
  );
}

function RequestRow({ request, isManager }: { request: RequestsPage_request$key; isManager: boolean }) {
  const r = useRequest(request);
  const { t } = useLingui();
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {r.requester.name}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          {r.requester.department ?? t`Not specified`}
        </Typography>
      </TableCell>
      <TableCell>
        <TypeName type={r.type} />
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        <ItemList items={r.items} />
      </TableCell>
      <TableCell>
        <StatusChip status={r.status} />
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(r.createdAt)}</TableCell>
      <TableCell>
        <Justification text={r.justification} maxWidth={170} />
      </TableCell>
      {isManager && (
        <TableCell>
          <Decision id={r.id} type={r.type} status={r.status} approvedAt={r.approvedAt} />
        </TableCell>
      )}
    </TableRow>
  );
}

function RequestCard({ request, isManager }: { request: RequestsPage_request$key; isManager: boolean }) {
  const r = useRequest(request);
  const { t } = useLingui();
  const requester = r.requester.name;
  return (
    <Card component="li" aria-label={t`Request from ${requester}`}>
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", mb: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {r.requester.name}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {r.requester.department ?? t`Not specified`} · <TypeName type={r.type} /> · {formatDate(r.createdAt)}
            </Typography>
          </Box>
          <StatusChip status={r.status} />
        </Stack>
        <ItemList items={r.items} />
        <Box sx={{ mt: 1 }}>
          <Justification text={r.justification} maxWidth="100%" />
        </Box>
        {isManager && (
          <Box sx={{ mt: 1.5 }}>
            <Decision id={r.id} type={r.type} status={r.status} approvedAt={r.approvedAt} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
