import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import { Button, Card, CardActions, CardContent, IconButton, TableCell, TableRow, Typography } from "@mui/material";
import { DeferredTooltip } from "../../components/deferred.tsx";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { SuppliersPageQuery } from "../../__generated__/SuppliersPageQuery.graphql.ts";
import type { SuppliersPage_supplier$key } from "../../__generated__/SuppliersPage_supplier.graphql.ts";
import type { SuppliersPage_suppliers$key } from "../../__generated__/SuppliersPage_suppliers.graphql.ts";
import type { EditedSupplier } from "./SupplierForm.tsx";
import { SUPPLIERS_PAGE_SIZE as PAGE } from "./constants.ts";
import { ManagerPage } from "../../components/ManagerPage.tsx";
import { SearchField } from "../../components/list/SearchField.tsx";
import { useDebouncedSearch } from "../../components/list/useDebouncedSearch.ts";
import { PageDialog } from "../../components/PageDialog.tsx";
import { ListPage } from "../../components/list/ListPage.tsx";
import { usePagedList } from "../../components/list/usePagedList.ts";

const SupplierForm = lazy(() => import("./SupplierForm.tsx"));
const FORM_TITLE_ID = "supplier-form-title";

/** Issue 16: the suppliers purchase orders go to (managers only): search, add and edit. */
export default function SuppliersPage() {
  const { t } = useLingui();
  // Only managers see suppliers; for others the loader fires no query.
  return (
    <ManagerPage<SuppliersPageQuery>
      denied={t`You need manager privileges to manage suppliers.`}
      query={graphql`
        query SuppliersPageQuery($first: Int!) @preloadable {
          ...SuppliersPage_suppliers @arguments(first: $first)
        }
      `}
    >
      {(data) => <SupplierList query={data} />}
    </ManagerPage>
  );
}

function SupplierList({ query }: { query: SuppliersPage_suppliers$key }) {
  const { t } = useLingui();
  const [dialog, setDialog] = useState<{ supplier: EditedSupplier | null } | null>(null);
  const { data, list, reload } = usePagedList(
    graphql`
      fragment SuppliersPage_suppliers on Query
      @argumentDefinitions(first: { type: "Int", defaultValue: 25 }, after: { type: "String" }, search: { type: "String" })
      @refetchable(queryName: "SuppliersPagePaginationQuery") {
        suppliers(first: $first, after: $after, search: $search) @connection(key: "SuppliersPage_suppliers") {
          __id
          totalCount
          edges {
            node {
              id
              ...SuppliersPage_supplier
            }
          }
        }
      }
    `,
    query,
    PAGE,
    (d) => d.suppliers,
  );
  // The search box updates at once, the list follows after a short pause.
  const search = useDebouncedSearch((text) => reload({ search: text, first: PAGE }));
  const total = data.suppliers.totalCount;
  const edit = (supplier: EditedSupplier) => setDialog({ supplier });

  return (
    <ListPage
      list={list}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ supplier: null })} sx={{ whiteSpace: "nowrap" }}>
          <Trans>Add supplier</Trans>
        </Button>
      }
      filters={
        <SearchField
          label={t`Search suppliers`}
          placeholder={t`Name, contact, email or account number`}
          value={search.text}
          onChange={search.setText}
          grow
        />
      }
      summary={
        <Typography variant="body2" color="textSecondary">
          {search.applied
            ? plural(total, { one: `# supplier matching “${search.applied}”`, other: `# suppliers matching “${search.applied}”` })
            : plural(total, { one: "# supplier", other: "# suppliers" })}
        </Typography>
      }
      dialog={
        <PageDialog open={dialog !== null} onClose={() => setDialog(null)} titleId={FORM_TITLE_ID} loading={dialog?.supplier ? t`Edit supplier` : t`Add supplier`}>
          {dialog && <SupplierForm titleId={FORM_TITLE_ID} supplier={dialog.supplier} connection={data.suppliers.__id} onDone={() => setDialog(null)} />}
        </PageDialog>
      }
      label={t`Suppliers`}
      empty={search.applied ? t`No suppliers match this search` : t`No suppliers yet`}
      columns={[{ header: t`Name` }, { header: t`Contact` }, { header: t`Email` }, { header: t`Phone` }, { header: t`Account number` }, { header: t`Actions`, align: "right", hideHeader: true }]}
      row={(s) => <SupplierRow supplier={s} onEdit={edit} />}
      card={(s) => <SupplierCard supplier={s} onEdit={edit} />}
    />
  );
}

function useSupplier(supplier: SuppliersPage_supplier$key) {
  return useFragment(
    graphql`
      fragment SuppliersPage_supplier on Supplier {
        id
        name
        contactName
        email
        phone
        accountNumber
        notes
      }
    `,
    supplier,
  );
}

const dash = (
  <Typography component="span" variant="body2" color="textSecondary">
    —
  </Typography>
);

function SupplierRow({ supplier, onEdit }: { supplier: SuppliersPage_supplier$key; onEdit(s: EditedSupplier): void }) {
  const s = useSupplier(supplier);
  const { t } = useLingui();
  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 600 }}>{s.name}</TableCell>
      <TableCell>{s.contactName ?? dash}</TableCell>
      <TableCell>{s.email ?? dash}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{s.phone ?? dash}</TableCell>
      <TableCell>{s.accountNumber ?? dash}</TableCell>
      <TableCell align="right">
        <DeferredTooltip title={t`Edit`}>
          <IconButton aria-label={t`Edit ${s.name}`} onClick={() => onEdit(s)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </DeferredTooltip>
      </TableCell>
    </TableRow>
  );
}

function SupplierCard({ supplier, onEdit }: { supplier: SuppliersPage_supplier$key; onEdit(s: EditedSupplier): void }) {
  const s = useSupplier(supplier);
  const { t } = useLingui();
  const details = [s.contactName, s.email, s.phone].filter(Boolean).join(" · ");
  return (
    <Card component="li" aria-label={s.name}>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: "anywhere" }}>
          {s.name}
        </Typography>
        {details && (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: "anywhere" }}>
            {details}
          </Typography>
        )}
        {s.accountNumber && (
          <Typography variant="caption" color="textSecondary" component="div">
            <Trans>Account {s.accountNumber}</Trans>
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: "flex-end" }}>
        <Button size="small" startIcon={<EditIcon />} aria-label={t`Edit ${s.name}`} onClick={() => onEdit(s)}>
          <Trans>Edit</Trans>
        </Button>
      </CardActions>
    </Card>
  );
}
