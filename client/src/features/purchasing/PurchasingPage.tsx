import AddIcon from "@mui/icons-material/Add";
import AutoAwesomeIcon from "@mui/icons-material/AutoAwesome";
import StorefrontIcon from "@mui/icons-material/Storefront";
import { Button, Card, CardActions, CardContent, Chip, Stack, TableCell, TableRow, Typography } from "@mui/material";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, useState } from "react";
import { formatCents } from "../../platform/money.ts";
import { graphql, useFragment, useMutation } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { PurchasingPageQuery } from "../../__generated__/PurchasingPageQuery.graphql.ts";
import type { PurchasingPage_orders$key } from "../../__generated__/PurchasingPage_orders.graphql.ts";
import type { PurchasingPage_order$data, PurchasingPage_order$key } from "../../__generated__/PurchasingPage_order.graphql.ts";
import type { PurchasingPageDraftMutation } from "../../__generated__/PurchasingPageDraftMutation.graphql.ts";
import type { PurchasingPagePlaceMutation } from "../../__generated__/PurchasingPagePlaceMutation.graphql.ts";
import type { PurchasingPageCancelMutation } from "../../__generated__/PurchasingPageCancelMutation.graphql.ts";
import type { PurchasingPageCreateMutation } from "../../__generated__/PurchasingPageCreateMutation.graphql.ts";
import { ManagerPage } from "../../components/ManagerPage.tsx";
import { PURCHASING_PAGE_SIZE as PAGE } from "./constants.ts";
import { useToast } from "../../platform/toast.tsx";
import { FilterSelect } from "../../components/list/ListToolbar.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { PageDialog } from "../../components/PageDialog.tsx";
import { ListPage } from "../../components/list/ListPage.tsx";
import { usePagedList } from "../../components/list/usePagedList.ts";

const DraftEditor = lazy(() => import("./DraftEditor.tsx"));
const ReceiveDialog = lazy(() => import("./ReceiveDialog.tsx"));
const EDITOR_TITLE_ID = "draft-editor-title";
const RECEIVE_TITLE_ID = "receive-title";

/** Issue 16, first screen: orders by status, drafting from suggestions, placing (with the PDF) and receiving. */

const STATUS_LABELS = {
  DRAFT: msg`Draft`,
  ORDERED: msg`Ordered`,
  PARTIALLY_RECEIVED: msg`Partly received`,
  RECEIVED: msg`Received`,
  CANCELLED: msg`Cancelled`,
} as const;
type Status = keyof typeof STATUS_LABELS;
const STATUS_COLORS: Record<Status, "default" | "info" | "warning" | "success"> = {
  DRAFT: "default",
  ORDERED: "info",
  PARTIALLY_RECEIVED: "warning",
  RECEIVED: "success",
  CANCELLED: "default",
};

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : "—");

export default function PurchasingPage() {
  const { t } = useLingui();
  return (
    <ManagerPage<PurchasingPageQuery>
      denied={t`You need manager privileges to access purchasing.`}
      query={graphql`
        query PurchasingPageQuery($count: Int!) @preloadable {
          ...PurchasingPage_orders @arguments(count: $count)
        }
      `}
    >
      {(data) => <OrderList query={data} />}
    </ManagerPage>
  );
}

function OrderList({ query }: { query: PurchasingPage_orders$key }) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const [status, setStatus] = useState<Status | "ALL">("ALL");
  const { list, reload: reloadList } = usePagedList(
    graphql`
      fragment PurchasingPage_orders on Query
      @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }, status: { type: "PurchaseOrderStatus" })
      @refetchable(queryName: "PurchasingPagePaginationQuery") {
        purchaseOrders(first: $count, after: $cursor, status: $status) @connection(key: "PurchasingPage_purchaseOrders") {
          edges {
            node {
              id
              ...PurchasingPage_order
            }
          }
        }
      }
    `,
    query,
    PAGE,
    (d) => d.purchaseOrders,
  );
  const reload = (next: Status | "ALL" = status) => reloadList({ status: next === "ALL" ? null : next, count: PAGE, cursor: null }, "network-only");

  const [draft, drafting] = useMutation<PurchasingPageDraftMutation>(graphql`
    mutation PurchasingPageDraftMutation {
      draftPurchaseOrdersFromSuggestions(input: {}) {
        __typename
        ... on DraftPurchaseOrdersFromSuggestionsPayload {
          purchaseOrders {
            id
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const draftFromSuggestions = () =>
    draft({
      variables: {},
      onCompleted: ({ draftPurchaseOrdersFromSuggestions: r }) => {
        if (r.__typename === "DraftPurchaseOrdersFromSuggestionsPayload") {
          const n = r.purchaseOrders?.length ?? 0;
          toast({
            title: n ? plural(n, { one: "# draft order made", other: "# draft orders made" }) : t`Nothing to draft`,
            description: n ? t`From the reorder suggestions, less what is already on order` : t`Everything low is already on order`,
            variant: "success",
          });
          reload();
        } else toast({ title: t`Error`, description: "message" in r ? r.message : t`Could not draft orders`, variant: "destructive" });
      },
      onError: () => toast({ title: t`Error`, description: t`Could not draft orders`, variant: "destructive" }),
    });

  const [editing, setEditing] = useState<string | null>(null);
  const [create, creating] = useMutation<PurchasingPageCreateMutation>(graphql`
    mutation PurchasingPageCreateMutation {
      createPurchaseOrder(input: {}) {
        __typename
        ... on CreatePurchaseOrderPayload {
          purchaseOrder {
            id
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const newOrder = () =>
    create({
      variables: {},
      onCompleted: ({ createPurchaseOrder: r }) => {
        if (r.__typename === "CreatePurchaseOrderPayload" && r.purchaseOrder?.id) {
          reload();
          setEditing(r.purchaseOrder.id);
        } else toast({ title: t`Error`, description: "message" in r ? r.message : t`Could not make the order`, variant: "destructive" });
      },
      onError: () => toast({ title: t`Error`, description: t`Could not make the order`, variant: "destructive" }),
    });

  return (
    <ListPage
      list={list}
      actions={
        <>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={newOrder} disabled={creating}>
            <Trans>New order</Trans>
          </Button>
          <Button component={RouterLink} to="/suppliers" variant="outlined" startIcon={<StorefrontIcon />}>
            <Trans>Suppliers</Trans>
          </Button>
          <Button variant="contained" startIcon={<AutoAwesomeIcon />} onClick={draftFromSuggestions} disabled={drafting}>
            <Trans>Draft orders from suggestions</Trans>
          </Button>
        </>
      }
      filters={
        <FilterSelect
          label={t`Status`}
          all={t`All orders`}
          options={(Object.keys(STATUS_LABELS) as Status[]).map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) }))}
          value={status === "ALL" ? "" : status}
          onChange={(v) => {
            const next = v || "ALL";
            setStatus(next);
            reload(next);
          }}
        />
      }
      dialog={
        <PageDialog open={editing !== null} onClose={() => setEditing(null)} titleId={EDITOR_TITLE_ID} maxWidth="md" loading={t`Edit order`}>
          {editing && (
            <DraftEditor
              titleId={EDITOR_TITLE_ID}
              orderId={editing}
              onDone={(saved) => {
                setEditing(null);
                if (saved) reload();
              }}
            />
          )}
        </PageDialog>
      }
      label={t`Purchase orders`}
      empty={t`No purchase orders`}
      columns={[{ header: t`Number` }, { header: t`Supplier` }, { header: t`Status` }, { header: t`Total`, align: "right" }, { header: t`Expected` }, { header: t`Actions`, align: "right" }]}
      row={(o) => <OrderRow order={o} onChanged={() => reload()} onEdit={setEditing} />}
      card={(o) => <OrderCard order={o} onChanged={() => reload()} onEdit={setEditing} />}
    />
  );
}

const orderFragment = graphql`
  fragment PurchasingPage_order on PurchaseOrder {
    id
    number
    status
    totalCents
    expectedDate
    pdfUrl
    supplier {
      name
    }
    lines {
      id
      itemName
      quantityOrdered
      quantityReceived
      quantityDue
      item {
        id
        unit
      }
    }
  }
`;

function useOrder(ref: PurchasingPage_order$key) {
  return useFragment(orderFragment, ref);
}

type OrderProps = { order: PurchasingPage_order$key; onChanged: () => void; onEdit: (id: string) => void };

/** The order's status by name, in the app's language (raw for one the app does not know). */
function StatusChip({ status }: { status: string }) {
  const { i18n } = useLingui();
  const label = STATUS_LABELS[status as Status];
  return <Chip size="small" label={label ? i18n._(label) : status} color={STATUS_COLORS[status as Status] ?? "default"} />;
}

function OrderRow({ order: ref, onChanged, onEdit }: OrderProps) {
  const order = useOrder(ref);
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: 600 }}>{order.number}</TableCell>
      <TableCell>{order.supplier?.name ?? (
          <Typography variant="body2" color="textSecondary">
            <Trans>No supplier yet</Trans>
          </Typography>
        )}</TableCell>
      <TableCell>
        <StatusChip status={order.status} />
      </TableCell>
      <TableCell align="right">{formatCents(order.totalCents)}</TableCell>
      <TableCell>{day(order.expectedDate)}</TableCell>
      <TableCell align="right">
        <OrderActions order={order} onChanged={onChanged} onEdit={onEdit} />
      </TableCell>
    </TableRow>
  );
}

function OrderCard({ order: ref, onChanged, onEdit }: OrderProps) {
  const order = useOrder(ref);
  const { t } = useLingui();
  const expected = day(order.expectedDate);
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between" }}>
          <Typography sx={{ fontWeight: 700 }}>{order.number}</Typography>
          <StatusChip status={order.status} />
        </Stack>
        <Typography color={order.supplier ? "textPrimary" : "textSecondary"}>{order.supplier?.name ?? t`No supplier yet`}</Typography>
        <Typography variant="body2" color="textSecondary">
          {formatCents(order.totalCents)} · {plural(order.lines.length, { one: "# line", other: "# lines" })} · {t`expected ${expected}`}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: "wrap", gap: 1, px: 2, pb: 1.5 }}>
        <OrderActions order={order} onChanged={onChanged} onEdit={onEdit} />
      </CardActions>
    </Card>
  );
}

function OrderActions({ order, onChanged, onEdit }: { order: PurchasingPage_order$data; onChanged: () => void; onEdit: (id: string) => void }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const [receiving, setReceiving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [place, placing] = useMutation<PurchasingPagePlaceMutation>(graphql`
    mutation PurchasingPagePlaceMutation($input: PlacePurchaseOrderInput!) {
      placePurchaseOrder(input: $input) {
        __typename
        ... on PlacePurchaseOrderPayload {
          purchaseOrder {
            ...PurchasingPage_order
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const placeOrder = () =>
    place({
      variables: { input: { id: order.id } },
      onCompleted: ({ placePurchaseOrder: r }) => {
        if (r.__typename === "PlacePurchaseOrderPayload") {
          toast({ title: t`Order placed`, description: t`${order.number}: download its PDF to send it`, variant: "success" });
          onChanged();
        } else toast({ title: t`Error`, description: "message" in r ? r.message : t`Could not place the order`, variant: "destructive" });
      },
      onError: () => toast({ title: t`Error`, description: t`Could not place the order`, variant: "destructive" }),
    });
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: { md: "flex-end" }, flexWrap: "wrap" }}>
      {order.status === "DRAFT" && (
        <Button size="small" variant="outlined" onClick={() => onEdit(order.id)} aria-label={t`Edit ${order.number}`}>
          <Trans>Edit</Trans>
        </Button>
      )}
      {order.status === "DRAFT" && (
        <Button size="small" variant="contained" onClick={placeOrder} disabled={placing || !order.supplier}>
          <Trans>Place</Trans>
        </Button>
      )}
      {order.pdfUrl && (
        <Button size="small" href={order.pdfUrl} download aria-label={t`Download the PDF of ${order.number}`}>
          PDF
        </Button>
      )}
      {(order.status === "ORDERED" || order.status === "PARTIALLY_RECEIVED") && (
        <Button size="small" variant="outlined" onClick={() => setReceiving(true)}>
          <Trans>Receive</Trans>
        </Button>
      )}
      {(order.status === "DRAFT" || order.status === "ORDERED") && (
        <Button size="small" color="error" onClick={() => setCancelling(true)} aria-label={t`Cancel ${order.number}`}>
          <Trans>Cancel</Trans>
        </Button>
      )}
      <PageDialog open={receiving} onClose={() => setReceiving(false)} titleId={RECEIVE_TITLE_ID} fullScreenBelow="sm" loading={t`Receive ${order.number}`}>
        <ReceiveDialog titleId={RECEIVE_TITLE_ID} order={order} onClose={() => setReceiving(false)} onReceived={onChanged} />
      </PageDialog>
      {cancelling && <CancelDialog order={order} onClose={() => setCancelling(false)} onCancelled={onChanged} />}
    </Stack>
  );
}

/** Cancelling a draft, or a placed order nothing of which has arrived; the server's refusal shows in the dialog. */
function CancelDialog({ order, onClose, onCancelled }: { order: PurchasingPage_order$data; onClose: () => void; onCancelled: () => void }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [cancel, cancelling] = useMutation<PurchasingPageCancelMutation>(graphql`
    mutation PurchasingPageCancelMutation($input: CancelPurchaseOrderInput!) {
      cancelPurchaseOrder(input: $input) {
        __typename
        ... on CancelPurchaseOrderPayload {
          purchaseOrder {
            ...PurchasingPage_order
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const confirm = () =>
    cancel({
      variables: { input: { id: order.id } },
      onCompleted: ({ cancelPurchaseOrder: r }) => {
        if (r.__typename === "CancelPurchaseOrderPayload") {
          toast({ title: t`Order cancelled`, description: t`${order.number} will not be ordered`, variant: "success" });
          onCancelled();
          onClose();
        } else {
          const text = ("message" in r && r.message) || t`Could not cancel the order`;
          setProblem(text);
          toast({ title: t`Error`, description: text, variant: "destructive" });
        }
      },
      onError: () => setProblem(t`Could not cancel the order`),
    });
  return (
    <ConfirmDialog
      open
      id="cancel-order"
      title={t`Cancel ${order.number}?`}
      text={
        order.status === "DRAFT"
          ? t`The draft is kept as cancelled and its lines no longer count as on order.`
          : order.supplier?.name
            ? t`Tell ${order.supplier.name} too: the order is kept as cancelled and nothing more can be received on it.`
            : t`Tell the supplier too: the order is kept as cancelled and nothing more can be received on it.`
      }
      action={t`Cancel order`}
      cancel={t`Keep it`}
      pending={cancelling}
      error={problem}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
