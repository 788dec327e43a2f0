import AddIconMui from "@mui/icons-material/Add";
import { CircularProgress, Dialog, DialogContent } from "@mui/material";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import type { CheckOutDialog_team$key } from "../../__generated__/CheckOutDialog_team.graphql.ts";
import type { EquipmentPageListPaginationQuery } from "../../__generated__/EquipmentPageListPaginationQuery.graphql.ts";
import type { EquipmentPageQuery } from "../../__generated__/EquipmentPageQuery.graphql.ts";
import type { EquipmentPage_query$key } from "../../__generated__/EquipmentPage_query.graphql.ts";
import { EQUIPMENT_PAGE_SIZE as PAGE_SIZE } from "./constants.ts";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { useSession } from "../../platform/session.ts";
import { ListActions } from "../../components/ListActions.tsx";
import { useCsvActions } from "../transfer/index.ts";
import { showEquipmentList, type EquipmentFilters } from "./connections.ts";
import { CheckOutDialog, type CheckOutTarget } from "./CheckOutDialog.tsx";
import { EquipmentEntry } from "./EquipmentEntry.tsx";
import type { MaintenanceTarget } from "./RecordMaintenanceDialog.tsx";
import { EQUIPMENT_STATUSES, labelForStatus, type EquipmentStatusValue } from "./status.ts";
import { MountWhenOpened, useOpenedOnce } from "../../components/deferred.tsx";
import { SearchField } from "../../components/list/SearchField.tsx";
import { useSearchAndChoice } from "../../components/list/useDebouncedSearch.ts";
import { FilterSelect, ListToolbar } from "../../components/list/ListToolbar.tsx";
import { ResponsiveList } from "../../components/list/ResponsiveList.tsx";
import { useListSheet } from "../../components/list/listSheet.ts";
import { shownList, useListCatchUp } from "../../components/list/listCatchUp.ts";
import { usePagingKeepingRows } from "../../components/list/refetchKeepingRows.ts";
import { CardButton } from "../../components/CardButton.tsx";
import { plainIcon } from "../../components/plainIcon.tsx";
import { useScreenBelow } from "../../components/useScreenBelow.ts";

// A plain <svg> with MUI's look (components/plainIcon.tsx): the toolbar is on the list's first screen.
const AddIcon = plainIcon(AddIconMui);

// Dialogs load when first opened, not with the list.
const EquipmentForm = lazy(() => import("./EquipmentForm.tsx"));
const RecordMaintenanceDialog = lazy(() => import("./RecordMaintenanceDialog.tsx").then((m) => ({ default: m.RecordMaintenanceDialog })));

const COLUMNS = [msg`Name`, msg`Category`, msg`Serial Number`, msg`Status`, msg`Assigned To`, msg`Location`, msg`Actions`];
const FORM_TITLE_ID = "equipment-form-title";

/** §2 Equipment page: one route query; the list is a paginated connection refetched when the filters change. */
export default function EquipmentPage() {
  // The loader reads the URL's filters (?status=…, ?search=…) into the variables.
  const queryRef = useRouteQuery<EquipmentPageQuery>();
  const initial: EquipmentFilters = { search: queryRef.variables.search ?? null, status: queryRef.variables.status ?? null };
  const data = usePreloadedQuery<EquipmentPageQuery>(
    graphql`
      query EquipmentPageQuery($isManager: Boolean!, $first: Int!, $search: String, $status: EquipmentStatus) @preloadable {
        ...EquipmentPage_query @arguments(first: $first, search: $search, status: $status)
        ...CheckOutDialog_team @include(if: $isManager) @alias(as: "team")
      }
    `,
    queryRef,
  );
  return <EquipmentList key={`${initial.status}:${initial.search}`} query={data} team={data.team ?? null} initial={initial} />;
}

/** Which form is open; `n` makes each opening a fresh form. */
type FormState = ({ kind: "add" } | { kind: "edit"; id: string }) & { n: number };

const equipmentFragment = graphql`
  fragment EquipmentPage_query on Query
  @argumentDefinitions(
    first: { type: "Int", defaultValue: 20 }
    after: { type: "String" }
    search: { type: "String" }
    status: { type: "EquipmentStatus" }
  )
  @refetchable(queryName: "EquipmentPageListPaginationQuery") {
    equipment(first: $first, after: $after, search: $search, status: $status) @connection(key: "EquipmentPage_equipment") {
      edges {
        node {
          id
          ...EquipmentEntry_equipment
        }
      }
    }
  }
`;

function EquipmentList({ query, team, initial }: { query: EquipmentPage_query$key; team: CheckOutDialog_team$key | null; initial: EquipmentFilters }) {
  const { t, i18n } = useLingui();
  const phone = useScreenBelow("md");
  // Its refetch keeps the rows when no answer comes (components/list/refetchKeepingRows.ts).
  const paging = usePagingKeepingRows<EquipmentPageListPaginationQuery, EquipmentPage_query$key>(equipmentFragment, query);
  const { data, loadNext, hasNext, isLoadingNext, refetch, fetching, failed } = paging;

  // What the user typed and picked, and what the list on screen was fetched with.
  const fetchList = (filters: EquipmentFilters, fetchPolicy: "store-and-network" | "network-only") =>
    refetch({ search: filters.search, status: filters.status as EquipmentStatusValue | null }, fetchPolicy);
  const { search, setSearch, choice: status, setChoice: setStatus, applied, pending: refetching, reload } = useSearchAndChoice<
    "status",
    EquipmentStatusValue
  >("status", initial, (next) => fetchList(next, "store-and-network"));
  const { isManager } = useSession();
  const csv = useCsvActions(isManager, "equipment", applied, () => reload((filters) => fetchList(filters, "network-only")));
  // Back after the live channel dropped: the list as shown, asked again (components/list/listCatchUp.ts).
  useListCatchUp(
    shownList(paging, {
      filters: applied,
      refetch: (n) => refetch({ search: applied.search, status: applied.status as EquipmentStatusValue | null, first: n }, "network-only"),
      loaded: data.equipment.edges.length,
    }),
    PAGE_SIZE,
  );
  // Tell live updates which list is on screen so equipment added elsewhere can join it.
  useEffect(() => showEquipmentList(applied), [applied]);

  const [form, setForm] = useState<FormState | null>(null);
  // The dialog keeps showing the last form while it animates closed.
  const [shownForm, setShownForm] = useState(form);
  if (form && form !== shownForm) setShownForm(form);
  const [checkOut, setCheckOut] = useState<CheckOutTarget | null>(null);
  const [maintenance, setMaintenance] = useState<MaintenanceTarget | null>(null);
  const closeForm = () => setForm(null);
  const actions = { onEdit: (id: string) => setForm({ kind: "edit", id, n: Date.now() }), onCheckOut: setCheckOut, onRecordMaintenance: setMaintenance };

  const edges = data.equipment.edges;
  const filtered = Boolean(applied.search || applied.status);
  const empty = filtered ? t`No equipment matches your filters` : t`No equipment found`;
  const columns = COLUMNS.map((header) => ({ header: i18n._(header) }));
  const statusFilters = EQUIPMENT_STATUSES.map((s: EquipmentStatusValue) => ({ value: s, label: labelForStatus(s) }));
  const formOpened = useOpenedOnce(form !== null);
  useListSheet();

  return (
    <div className="tl-page">
      <ListToolbar
        breakpoint="md"
        actions={
          <>
            <ListActions actions={csv.actions} />
            {csv.dialog}
            <CardButton size="medium" variant="contained" className="tl-bar-btn-fill" startIcon={<AddIcon />} onClick={() => setForm({ kind: "add", n: Date.now() })}>
              <Trans>Add Equipment</Trans>
            </CardButton>
          </>
        }
      >
        <SearchField label={t`Search equipment`} placeholder={t`Name, description or category`} value={search} onChange={setSearch} grow />
        <FilterSelect<EquipmentStatusValue> label={t`Status`} all={t`All Statuses`} options={statusFilters} value={status} onChange={setStatus} />
      </ListToolbar>

      <ResponsiveList
        label={t`Equipment`}
        items={edges}
        itemKey={({ node }) => node.id}
        phone={phone}
        busy={refetching || fetching}
        dense
        tableSx={{ "& td, & th": { px: 1.5 }, "& td": { py: 1.25 } }}
        empty={empty}
        columns={columns}
        row={({ node }) => <EquipmentEntry equipment={node} layout="row" {...actions} />}
        card={({ node }) => (
          <li>
            <EquipmentEntry equipment={node} layout="card" {...actions} />
          </li>
        )}
        more={{ hasNext, isLoadingNext, loadNext: () => loadNext(PAGE_SIZE, { onComplete: failed }) }}
      />

      {formOpened && (
        <Dialog open={form !== null} onClose={closeForm} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby={FORM_TITLE_ID}>
          <Suspense
            fallback={
              <DialogContent sx={{ display: "grid", placeItems: "center", minHeight: 240 }}>
                <CircularProgress aria-label={t`Loading`} />
              </DialogContent>
            }
          >
            {shownForm && (
              <EquipmentForm
                key={shownForm.n}
                titleId={FORM_TITLE_ID}
                onDone={closeForm}
                equipmentId={shownForm.kind === "edit" ? shownForm.id : undefined}
                filters={applied}
              />
            )}
          </Suspense>
        </Dialog>
      )}
      <CheckOutDialog target={checkOut} surface="page" team={team} onClose={() => setCheckOut(null)} />
      <MountWhenOpened open={maintenance !== null}>
        <RecordMaintenanceDialog target={maintenance} onClose={() => setMaintenance(null)} />
      </MountWhenOpened>
    </div>
  );
}
