import AddIconMui from "@mui/icons-material/Add";
import { TableCell, TableRow, Typography } from "@mui/material";
import { CardButton } from "../../components/CardButton.tsx";
import { CardChip, useCardSheet } from "../../components/cardParts.tsx";
import { plainIcon } from "../../components/plainIcon.tsx";
import { useSheet } from "../../components/sheet.ts";
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
// A plain <svg> with MUI's look (components/plainIcon.tsx).
const AddIcon = plainIcon(AddIconMui);

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
        <CardButton size="medium" variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          <Trans>Create Request</Trans>
        </CardButton>
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

/**
 * A request's parts as class names from a sheet written once (beside the cards' `components/cardParts.tsx`): the
 * look of MUI's Card, Stack, Box, Typography and small Chip they had, for the phone's twenty cards and the table's rows.
 * Status chips are tinted with dark text: the theme's warning orange on white is below 4.5:1 for small text.
 */
function useRequestSheet() {
  useCardSheet();
  useSheet("request-parts", ({ palette }) => [
    `.tl-req-head{margin-bottom:8px}`,
    `.tl-req-why{margin-top:8px}`,
    `.tl-req-decision{margin-top:12px}`,
    // MUI Stack's spacing (a margin, not a gap), which the split Approve button's arrow pulls in with its own.
    `.tl-req-buttons{display:flex;flex-direction:row;white-space:nowrap}`,
    `.tl-req-buttons>:not(style)~:not(style){margin-left:8px}`,
    `.tl-req-none{font-style:italic}`,
    `.tl-req-clip{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}`,
    `.tl-req-approved{color:${palette.success.main}}`,
    `.tl-req-denied{color:${palette.error.main}}`,
    `.tl-chip.tl-req-status{font-weight:600}`,
    `.tl-chip.tl-req-status-pending{background-color:#fff4e5;color:#7a4100}`,
    `.tl-chip.tl-req-status-approved{background-color:#e8f5e9;color:#1b5e20}`,
    `.tl-chip.tl-req-status-denied{background-color:#fdecea;color:#a31515}`,
  ]);
}
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const formatDate = (value: unknown) => (value ? shortDate(value as string) : "");

function StatusChip({ status }: { status: RequestStatus }) {
  const { i18n } = useLingui();
  const label = STATUS_LABELS[status];
  return <CardChip className={`tl-req-status tl-req-status-${status}`} label={label ? i18n._(label) : capitalize(status)} />;
}

/** The request's type by name (inventory, equipment), as the list shows it. */
function TypeName({ type }: { type: string }) {
  const { i18n } = useLingui();
  const label = TYPE_LABELS[type];
  return <>{label ? i18n._(label) : type}</>;
}

function ItemList({ items }: { items: readonly { name: string; quantity: number }[] }) {
  return (
    <ul className="tl-list">
      {items.map((l, i) => (
        <li className="tl-t tl-body2" key={i}>
          {l.quantity} x {l.name}
        </li>
      ))}
    </ul>
  );
}

function Justification({ text, maxWidth }: { text: string; maxWidth: number | string }) {
  if (!text.trim())
    return (
      <p className="tl-t tl-body2 tl-secondary tl-req-none">
        <Trans>No justification provided</Trans>
      </p>
    );
  return (
    <DeferredTooltip title={text} describeChild>
      <p className="tl-t tl-body2 tl-req-clip" style={{ maxWidth }}>
        {text}
      </p>
    </DeferredTooltip>
  );
}

/** Approve and Deny for a pending request; the decision and its date once decided (§4: final). */
function Decision({ id, type, status, approvedAt }: { id: string; type: string; status: RequestStatus; approvedAt: unknown }) {
  const { decide, pending } = useDecideRequest();
  const { t } = useLingui();
  if (status === "pending")
    return (
      <div className="tl-req-buttons">
        <CardButton variant="contained" disabled={pending} onClick={() => decide(id, "approve")}>
          <Trans>Approve</Trans>
        </CardButton>
        {type === "inventory" && <ApproveFromMenu disabled={pending} onPick={(locationId) => decide(id, "approve", undefined, locationId)} />}
        <CardButton variant="outlined" color="error" disabled={pending} onClick={() => decide(id, "deny")}>
          <Trans>Deny</Trans>
        </CardButton>
      </div>
    );
  return (
    <div>
      <p className={`tl-t tl-body2 tl-bold ${status === "approved" ? "tl-req-approved" : "tl-req-denied"}`}>{status === "approved" ? t`Approved` : t`Denied`}</p>
      {approvedAt ? <span className="tl-t tl-caption tl-secondary">{formatDate(approvedAt)}</span> : null}
    </div>
  );
}

function RequestRow({ request, isManager }: { request: RequestsPage_request$key; isManager: boolean }) {
  const r = useRequest(request);
  const { t } = useLingui();
  useRequestSheet();
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
  useRequestSheet();
  return (
    <li className="tl-card" aria-label={t`Request from ${requester}`}>
      <div className="tl-card-body">
        <div className="tl-head tl-req-head">
          <div className="tl-grow">
            <p className="tl-t tl-body2 tl-bold">{r.requester.name}</p>
            <span className="tl-t tl-caption tl-secondary">
              {r.requester.department ?? t`Not specified`} · <TypeName type={r.type} /> · {formatDate(r.createdAt)}
            </span>
          </div>
          <StatusChip status={r.status} />
        </div>
        <ItemList items={r.items} />
        <div className="tl-req-why">
          <Justification text={r.justification} maxWidth="100%" />
        </div>
        {isManager && (
          <div className="tl-req-decision">
            <Decision id={r.id} type={r.type} status={r.status} approvedAt={r.approvedAt} />
          </div>
        )}
      </div>
    </li>
  );
}
