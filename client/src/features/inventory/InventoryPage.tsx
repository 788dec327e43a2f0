import AddIconMui from "@mui/icons-material/Add";
import Inventory2Icon from "@mui/icons-material/Inventory2Outlined";
import PrintIconMui from "@mui/icons-material/PrintOutlined";
import { Box, Button, Typography } from "@mui/material";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import type { InventoryPageQuery } from "../../__generated__/InventoryPageQuery.graphql.ts";
import type { InventoryPage_items$key } from "../../__generated__/InventoryPage_items.graphql.ts";
import type { InventoryPageItemsPaginationQuery } from "../../__generated__/InventoryPageItemsPaginationQuery.graphql.ts";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { useSession } from "../../platform/session.ts";
import { ListActions } from "../../components/ListActions.tsx";
import { labelsPath } from "../labels/index.ts";
import { useCsvActions } from "../transfer/index.ts";
import { showInventoryList } from "./connections.ts";
import { INVENTORY_CATEGORIES } from "../../../../schemas/constants.ts";
import { INVENTORY_PAGE_SIZE as PAGE_SIZE } from "./constants.ts";
import { InventoryListItem } from "./InventoryListItem.tsx";
import type { UseTarget } from "./RecordUseDialog.tsx";
import { useDeleteInventoryItem } from "./useDeleteInventoryItem.ts";
import { SearchField } from "../../components/list/SearchField.tsx";
import { useSearchAndChoice } from "../../components/list/useDebouncedSearch.ts";
import { FilterSelect, ListToolbar } from "../../components/list/ListToolbar.tsx";
import { ResponsiveList } from "../../components/list/ResponsiveList.tsx";
import { useListSheet } from "../../components/list/listSheet.ts";
import { shownList, useListCatchUp } from "../../components/list/listCatchUp.ts";
import { usePagingKeepingRows } from "../../components/list/refetchKeepingRows.ts";
import { CardButton } from "../../components/CardButton.tsx";
import { plainIcon } from "../../components/plainIcon.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { PageDialog } from "../../components/PageDialog.tsx";
import { useScreenBelow } from "../../components/useScreenBelow.ts";

// Plain <svg>s with MUI's look (components/plainIcon.tsx): the toolbar is on the list's first screen.
const AddIcon = plainIcon(AddIconMui);
const PrintIcon = plainIcon(PrintIconMui);

// Dialogs load when first opened, not with the list.
const InventoryItemForm = lazy(() => import("./InventoryItemForm.tsx"));
const RecordUseDialog = lazy(() => import("./RecordUseDialog.tsx").then((m) => ({ default: m.RecordUseDialog })));

const COLUMNS = [...[msg`Name`, msg`Category`, msg`Quantity`, msg`Unit`, msg`Status`, msg`Location`].map((header) => ({ header })), { header: msg`Actions`, align: "right" as const }];
const CATEGORY_FILTERS = INVENTORY_CATEGORIES.map((c) => ({ value: c, label: c }));
const FORM_TITLE_ID = "inventory-item-dialog-title";

/** §2 Inventory page: one route query; the list is a paginated connection refetched when the filters change. */
export default function InventoryPage() {
  const data = usePreloadedQuery<InventoryPageQuery>(
    graphql`
      query InventoryPageQuery($first: Int!) @preloadable {
        ...InventoryPage_items @arguments(first: $first)
      }
    `,
    useRouteQuery<InventoryPageQuery>(),
  );
  return <InventoryList query={data} />;
}

const itemsFragment = graphql`
  fragment InventoryPage_items on Query
  @refetchable(queryName: "InventoryPageItemsPaginationQuery")
  @argumentDefinitions(
    first: { type: "Int", defaultValue: 20 }
    after: { type: "String" }
    search: { type: "String" }
    category: { type: "String" }
  ) {
    inventoryItems(first: $first, after: $after, search: $search, category: $category)
      @connection(key: "InventoryPage_inventoryItems") {
      __id
      edges {
        node {
          id
          ...InventoryListItem_item
        }
      }
    }
  }
`;

function InventoryList({ query }: { query: InventoryPage_items$key }) {
  const { isManager } = useSession();
  const { t, i18n } = useLingui();
  const phone = useScreenBelow("md");
  // Its refetch keeps the rows when no answer comes (components/list/refetchKeepingRows.ts).
  const paging = usePagingKeepingRows<InventoryPageItemsPaginationQuery, InventoryPage_items$key>(itemsFragment, query);
  const { data, loadNext, hasNext, isLoadingNext, refetch, fetching, failed } = paging;

  // Filters: the search box and the category update at once, the list follows (the search after a short pause).
  const fetchList = (filters: { search: string | null; category: string | null }) =>
    refetch({ search: filters.search, category: filters.category, first: PAGE_SIZE }, "store-and-network");
  const {
    search: searchText,
    setSearch: setSearchText,
    choice: category,
    setChoice: setCategory,
    applied,
    pending: isRefetching,
    reload,
  } = useSearchAndChoice("category", { search: null, category: null }, fetchList);

  // Back after the live channel dropped: the list as shown, asked again (components/list/listCatchUp.ts).
  useListCatchUp(
    shownList(paging, {
      filters: applied,
      refetch: (n) => refetch({ search: applied.search, category: applied.category, first: n }, "network-only"),
      loaded: data.inventoryItems.edges.length,
    }),
    PAGE_SIZE,
  );

  // Tell forms which list is on screen so a new item can join it without a refetch.
  const connectionId = data.inventoryItems.__id;
  useEffect(() => showInventoryList({ id: connectionId, ...applied }), [connectionId, applied]);

  const [dialog, setDialog] = useState<{ mode: "add" } | { mode: "edit"; id: string } | null>(null);
  const [confirm, setConfirm] = useState<{ id: string; name: string } | null>(null);
  const { remove, pending: deleting } = useDeleteInventoryItem();

  // A record deleted elsewhere (live update) leaves an edge without a node until the list refreshes.
  const items = data.inventoryItems.edges.flatMap((e) => (e?.node ? [e.node] : []));
  const filtering = applied.search !== null || applied.category !== null;
  const onEdit = (id: string) => setDialog({ mode: "edit", id });
  const onDelete = isManager ? setConfirm : undefined;
  // Held here, not in the row, so the dialog survives the switch between table rows and cards.
  const [recordUse, setRecordUse] = useState<UseTarget | null>(null);
  const confirmName = confirm?.name;
  const csv = useCsvActions(isManager, "inventory", applied, () => reload(fetchList));

  useListSheet();
  return (
    <div className="tl-page">
      <ListToolbar
        actions={
          <>
            <ListActions
              actions={[
                ...csv.actions,
                {
                  label: t`Print labels`,
                  short: t`Print labels`,
                  icon: <PrintIcon fontSize="small" />,
                  href: labelsPath(items.map((i) => i.id)),
                  newTab: true,
                  disabled: items.length === 0,
                  tooltip: t`QR labels for the items listed`,
                },
              ]}
            />
            {csv.dialog}
            <CardButton size="medium" variant="contained" className="tl-bar-btn" startIcon={<AddIcon />} onClick={() => setDialog({ mode: "add" })}>
              <Trans>Add Item</Trans>
            </CardButton>
          </>
        }
      >
        <SearchField label={t`Search inventory`} placeholder={t`Name, description or category`} value={searchText} onChange={setSearchText} grow />
        {/* Beside the search, as Equipment's status: on a phone a row of its own, so "Todas las categorías" is not cut. */}
        <FilterSelect
          label={t`Category`}
          all={t`All Categories`}
          options={CATEGORY_FILTERS}
          value={category}
          onChange={setCategory}
          minWidth={190}
        />
      </ListToolbar>

      <ResponsiveList
        label={t`Inventory items`}
        items={items}
        itemKey={(item) => item.id}
        phone={phone}
        busy={isRefetching || fetching}
        tableSx={{ minWidth: 760, "& td, & th": { px: 1.5 } }}
        empty={
          <EmptyState
            filtering={filtering}
            onAdd={() => setDialog({ mode: "add" })}
            onClear={() => {
              setSearchText("");
              setCategory("");
            }}
          />
        }
        columns={COLUMNS.map((c) => ({ ...c, header: i18n._(c.header) }))}
        row={(item) => <InventoryListItem item={item} layout="row" onEdit={onEdit} onDelete={onDelete} onRecordUse={setRecordUse} />}
        card={(item) => (
          <li>
            <InventoryListItem item={item} layout="card" onEdit={onEdit} onDelete={onDelete} onRecordUse={setRecordUse} />
          </li>
        )}
        more={{ hasNext, isLoadingNext, loadNext: () => loadNext(PAGE_SIZE, { onComplete: failed }) }}
      />

      <PageDialog open={dialog !== null} onClose={() => setDialog(null)} titleId={FORM_TITLE_ID} maxWidth="md" loading={dialog?.mode === "edit" ? t`Edit Inventory Item` : t`Add New Inventory Item`}>
        {dialog && (
          <InventoryItemForm
            key={dialog.mode === "edit" ? dialog.id : "add"}
            titleId={FORM_TITLE_ID}
            onDone={() => setDialog(null)}
            itemId={dialog.mode === "edit" ? dialog.id : undefined}
          />
        )}
      </PageDialog>

      {recordUse && (
        <Suspense fallback={null}>
          <RecordUseDialog item={recordUse} onClose={() => setRecordUse(null)} />
        </Suspense>
      )}

      <ConfirmDialog
        open={confirm !== null}
        id="delete-item"
        title={t`Delete Inventory Item`}
        text={t`Delete “${confirmName}”? This cannot be undone.`}
        action={t`Delete`}
        pendingAction={t`Deleting...`}
        pending={deleting}
        onConfirm={() => confirm && remove(confirm.id, () => setConfirm(null))}
        onClose={() => setConfirm(null)}
      />
    </div>
  );
}

function EmptyState({ filtering, onAdd, onClear }: { filtering: boolean; onAdd(): void; onClear(): void }) {
  return (
    <Box sx={{ textAlign: "center", py: 6, px: 2 }}>
      <Inventory2Icon sx={{ fontSize: 48, color: "text.disabled" }} />
      {filtering ? (
        <>
          <Typography sx={{ mt: 1, fontWeight: 600 }}>
            <Trans>No items match your filters</Trans>
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            <Trans>Try a different search or category.</Trans>
          </Typography>
          <Button variant="outlined" onClick={onClear}>
            <Trans>Clear filters</Trans>
          </Button>
        </>
      ) : (
        <>
          <Typography sx={{ mt: 1, fontWeight: 600 }}>
            <Trans>No inventory items found</Trans>
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            <Trans>Add your first item to start tracking stock levels.</Trans>
          </Typography>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={onAdd}>
            <Trans>Add your first item</Trans>
          </Button>
        </>
      )}
    </Box>
  );
}
