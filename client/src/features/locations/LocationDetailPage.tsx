import AddIcon from "@mui/icons-material/Add";
import ArchiveIcon from "@mui/icons-material/ArchiveOutlined";
import ChecklistIcon from "@mui/icons-material/Checklist";
import EditIcon from "@mui/icons-material/EditOutlined";
import PrintIcon from "@mui/icons-material/PrintOutlined";
import TuneIcon from "@mui/icons-material/Tune";
import { Box, Button, Card, CardContent, Chip, Dialog, IconButton, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { DeferredTooltip } from "../../components/deferred.tsx";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useState, useTransition } from "react";
import { graphql, useMutation } from "react-relay";
import { useNavigate } from "react-router-dom";
import type { LocationDetailPageArchiveMutation } from "../../__generated__/LocationDetailPageArchiveMutation.graphql.ts";
import type { LocationDetailPageQuery } from "../../__generated__/LocationDetailPageQuery.graphql.ts";
import type { LocationDetailPage_location$key } from "../../__generated__/LocationDetailPage_location.graphql.ts";
import type { LocationDetailPageRefetchQuery } from "../../__generated__/LocationDetailPageRefetchQuery.graphql.ts";
import { usePagingKeepingRows } from "../../components/list/refetchKeepingRows.ts";
import { LOCATION_STOCK_PAGE_SIZE as PAGE } from "./constants.ts";
import { useToast } from "../../platform/toast.tsx";
import { ManagerPage } from "../../components/ManagerPage.tsx";
import { labelsPath } from "../labels/index.ts";
import { FormLoading } from "../../components/form/FormLoading.tsx";
import { formatCents } from "../../platform/money.ts";
import { kindLabel } from "./format.ts";
import type { MinimumTarget } from "./MinimumDialog.tsx";
import { KindIcon } from "../../components/LocationKindIcon.tsx";
import { useLocationsLive } from "./useLocationsLive.ts";
import { TransferButton } from "../stock/index.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { PageDialog } from "../../components/PageDialog.tsx";
import { BackLink, RecordNotFound } from "../../components/DetailPage.tsx";
import { useScreenBelow } from "../../components/useScreenBelow.ts";

const LocationForm = lazy(() => import("./LocationForm.tsx"));
const MinimumDialog = lazy(() => import("./MinimumDialog.tsx"));
const EDIT_TITLE_ID = "location-edit-title";
const MINIMUM_TITLE_ID = "location-minimum-title";

/** One location (managers): its figures, what it holds with its own minimums, and its actions. */
export default function LocationDetailPage() {
  const { t } = useLingui();
  return (
    <ManagerPage<LocationDetailPageQuery>
      denied={t`You need manager privileges to manage stock locations.`}
      query={graphql`
        query LocationDetailPageQuery($id: ID!, $first: Int!) @preloadable {
          node(id: $id) {
            ...LocationDetailPage_location @arguments(first: $first) @alias
          }
        }
      `}
    >
      {(data) => <LocationDetail data={data} />}
    </ManagerPage>
  );
}

function LocationDetail({ data }: { data: LocationDetailPageQuery["response"] }) {
  const location = data.node?.LocationDetailPage_location;
  if (!location) {
    return (
      <RecordNotFound back={<BackToLocations />}>
        <Trans>This location does not exist.</Trans>
      </RecordNotFound>
    );
  }
  return <Location location={location} />;
}

function BackToLocations() {
  return (
    <BackLink to="/locations">
      <Trans>All locations</Trans>
    </BackLink>
  );
}

const locationFragment = graphql`
  fragment LocationDetailPage_location on StockLocation
  @argumentDefinitions(first: { type: "Int", defaultValue: 100 }, after: { type: "String" })
  @refetchable(queryName: "LocationDetailPageRefetchQuery") {
    # The figures the list's row shows, so opening a location refreshes its row too.
    ...LocationsPage_location @relay(mask: false)
    stock(first: $first, after: $after) @connection(key: "LocationDetailPage_stock") {
      edges {
        node {
          ...stockPlaces_level @relay(mask: false)
          item {
            price
          }
        }
      }
    }
  }
`;

function Location({ location }: { location: LocationDetailPage_location$key }) {
  const phone = useScreenBelow("md");
  const navigate = useNavigate();
  const { toast } = useToast();
  const { t } = useLingui();
  // Its refetch keeps the page as it is when no answer comes (components/list/refetchKeepingRows.ts).
  const paging = usePagingKeepingRows<LocationDetailPageRefetchQuery, LocationDetailPage_location$key>(locationFragment, location);
  const { data: l, loadNext, hasNext, isLoadingNext, refetch, failed } = paging;
  // The page stays on screen while the new figures load.
  const [, startTransition] = useTransition();
  const reload = () =>
    startTransition(() => {
      refetch({ first: PAGE }, "network-only");
    });
  // Stock moved here (a transfer, a count, a use) or a minimum changed, here or elsewhere: show it.
  useLocationsLive(l.id, reload);

  const [editing, setEditing] = useState(false);
  const [minimum, setMinimum] = useState<MinimumTarget | "pick" | null>(null);
  const [archiving, setArchiving] = useState(false);
  const [commitArchive, archivePending] = useMutation<LocationDetailPageArchiveMutation>(graphql`
    mutation LocationDetailPageArchiveMutation($input: ArchiveStockLocationInput!) {
      archiveStockLocation(input: $input) {
        __typename
        ... on ArchiveStockLocationPayload {
          location {
            id
            archived
            ...LocationsPage_location
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const archive = () =>
    commitArchive({
      variables: { input: { id: l.id } },
      onCompleted: ({ archiveStockLocation: r }) => {
        setArchiving(false);
        if (r.__typename === "ArchiveStockLocationPayload") toast({ title: t`Location archived`, variant: "success" });
        else toast({ title: t`Error`, description: r.message ?? t`Failed to archive location`, variant: "destructive" });
      },
      onError: (e) => {
        setArchiving(false);
        toast({ title: t`Error`, description: e.message || t`Failed to archive location`, variant: "destructive" });
      },
    });

  const levels = l.stock.edges.map((e) => e.node);
  const units = levels.reduce((n, s) => n + s.quantity, 0);

  return (
    <Stack spacing={2}>
      <BackToLocations />
      <Card>
        <CardContent sx={{ "&:last-child": { pb: 2 } }}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
            <Stack direction="row" spacing={1.5} sx={{ flex: 1, minWidth: 0, alignItems: "flex-start" }}>
              <KindIcon kind={l.kind} size={32} />
              <Box sx={{ minWidth: 0 }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
                  <Typography component="h2" variant="h6" sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>
                    {l.name}
                  </Typography>
                  <Chip size="small" label={kindLabel(l.kind)} variant="outlined" />
                  {l.archived && <Chip size="small" label={t`Archived`} />}
                </Stack>
                <Typography variant="body2" color="textSecondary">
                  {l.kind === "VEHICLE" ? (l.holder ? t`Held by ${l.holder.name}` : t`No holder`) : t`Warehouse`}
                </Typography>
              </Box>
            </Stack>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", justifyContent: { sm: "flex-end" } }}>
              <Button variant="contained" startIcon={<ChecklistIcon />} onClick={() => navigate(`/count/${encodeURIComponent(l.id)}`)} disabled={l.archived}>
                <Trans>Count</Trans>
              </Button>
              <Button variant="outlined" startIcon={<PrintIcon />} component="a" href={labelsPath([l.id])} target="_blank" rel="noopener">
                <Trans>Print label</Trans>
              </Button>
              <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)} disabled={l.archived}>
                <Trans>Edit</Trans>
              </Button>
              <Button variant="outlined" color="error" startIcon={<ArchiveIcon />} onClick={() => setArchiving(true)} disabled={l.archived}>
                <Trans>Archive</Trans>
              </Button>
            </Stack>
          </Stack>
          <Stack direction="row" spacing={{ xs: 2, sm: 4 }} useFlexGap sx={{ mt: 2, flexWrap: "wrap" }} component="dl">
            <Figure label={t`Stock value`} value={formatCents(l.value)} />
            <Figure label={t`Units`} value={String(units)} />
            <Figure label={t`Below minimum`} value={String(l.belowMinimumCount)} alert={l.belowMinimumCount > 0} />
          </Stack>
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="location-stock-title">
        <CardContent sx={{ "&:last-child": { pb: 2 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1.5 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography id="location-stock-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                <Trans>Stock here</Trans>
              </Typography>
              <Typography variant="caption" color="textSecondary" component="p">
                <Trans>Items with stock or a minimum of this location's own</Trans>
              </Typography>
            </Box>
            <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setMinimum("pick")} disabled={l.archived} sx={{ flexShrink: 0 }}>
              <Trans>Set minimum</Trans>
            </Button>
          </Stack>
          {levels.length === 0 ? (
            <Typography color="textSecondary" sx={{ textAlign: "center", py: 3 }}>
              <Trans>Nothing here yet</Trans>
            </Typography>
          ) : phone ? (
            <Stack component="ul" aria-label={t`Stock here`} sx={{ listStyle: "none", p: 0, m: 0 }}>
              {levels.map((s) => (
                <Stack
                  component="li"
                  key={s.item.id}
                  aria-label={s.item.name}
                  direction="row"
                  spacing={1}
                  // A border, not Stack's divider: a <ul> may hold only <li>s.
                  sx={{ py: 1, alignItems: "center", "& + &": { borderTop: 1, borderColor: "divider" } }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                      {s.item.name}
                    </Typography>
                    <Typography variant="caption" color={s.belowMinimum ? "error" : "textSecondary"} component="div">
                      {s.quantity} {s.item.unit} · {t`Min: ${s.minQuantity ?? t`none`}`}
                      {s.belowMinimum ? ` · ${t`Below minimum`}` : ""}
                    </Typography>
                  </Box>
                  {s.quantity > 0 && !l.archived && <TransferButton variant="icon" name={s.item.name} itemId={s.item.id} fromLocationId={l.id} />}
                  <MinimumButton name={s.item.name} onClick={() => setMinimum({ id: s.item.id, name: s.item.name, unit: s.item.unit, minQuantity: s.minQuantity })} disabled={l.archived} />
                </Stack>
              ))}
            </Stack>
          ) : (
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label={t`Stock here`}>
                <TableHead>
                  <TableRow sx={{ "& th": { fontWeight: 700, color: "text.secondary", whiteSpace: "nowrap" } }}>
                    <TableCell>
                      <Trans>Item</Trans>
                    </TableCell>
                    <TableCell align="right">
                      <Trans>Quantity</Trans>
                    </TableCell>
                    <TableCell align="right">
                      <Trans>Minimum here</Trans>
                    </TableCell>
                    <TableCell>
                      <Trans>Status</Trans>
                    </TableCell>
                    <TableCell align="right">
                      <Trans>Value</Trans>
                    </TableCell>
                    <TableCell align="right">
                      <Trans>Actions</Trans>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {levels.map((s) => (
                    <TableRow key={s.item.id} hover>
                      <TableCell sx={{ fontWeight: 600 }}>{s.item.name}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                        {s.quantity} {s.item.unit}
                      </TableCell>
                      <TableCell align="right">{s.minQuantity ?? <Typography component="span" variant="body2" color="textDisabled">—</Typography>}</TableCell>
                      <TableCell>
                        {s.belowMinimum ? <Chip size="small" color="error" label={t`Below minimum`} /> : s.minQuantity !== null ? <Chip size="small" color="success" variant="outlined" label={t`OK`} /> : null}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                        {s.item.price === null || s.item.price === undefined ? "—" : formatCents(s.item.price * s.quantity)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                        {s.quantity > 0 && !l.archived && <TransferButton variant="icon" name={s.item.name} itemId={s.item.id} fromLocationId={l.id} />}
                        <MinimumButton name={s.item.name} onClick={() => setMinimum({ id: s.item.id, name: s.item.name, unit: s.item.unit, minQuantity: s.minQuantity })} disabled={l.archived} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {hasNext && (
            <Box sx={{ textAlign: "center", mt: 2 }}>
              <Button variant="outlined" onClick={() => loadNext(PAGE, { onComplete: failed })} disabled={isLoadingNext}>
                {isLoadingNext ? t`Loading...` : t`Load more`}
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>

      <PageDialog open={editing} onClose={() => setEditing(false)} titleId={EDIT_TITLE_ID} loading={t`Edit Location`}>
        <LocationForm titleId={EDIT_TITLE_ID} location={l} onDone={() => setEditing(false)} />
      </PageDialog>

      <Dialog open={minimum !== null} onClose={() => setMinimum(null)} fullWidth maxWidth="xs" aria-labelledby={MINIMUM_TITLE_ID}>
        {minimum && (
          <Suspense fallback={<FormLoading titleId={MINIMUM_TITLE_ID} title={t`Set minimum`} />}>
            <MinimumDialog
              titleId={MINIMUM_TITLE_ID}
              location={{ id: l.id, name: l.name }}
              item={minimum === "pick" ? null : minimum}
              onDone={(changed) => {
                setMinimum(null);
                if (changed) reload();
              }}
            />
          </Suspense>
        )}
      </Dialog>

      <ConfirmDialog
        open={archiving}
        id="archive-location"
        title={t`Archive Location`}
        text={t`Archive “${l.name}”? It must be empty first. An archived location keeps its history but takes no stock.`}
        action={t`Archive`}
        pendingAction={t`Archiving...`}
        pending={archivePending}
        onConfirm={archive}
        onClose={() => setArchiving(false)}
      />
    </Stack>
  );
}

function Figure({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700, color: alert ? "error.main" : undefined }} aria-label={`${label}: ${value}`}>
        {value}
      </Typography>
    </Box>
  );
}

function MinimumButton({ name, onClick, disabled }: { name: string; onClick(): void; disabled?: boolean }) {
  const { t } = useLingui();
  return (
    <DeferredTooltip title={t`Set minimum`}>
      <span>
        <IconButton size="small" aria-label={t`Set minimum of ${name}`} onClick={onClick} disabled={disabled}>
          <TuneIcon fontSize="small" />
        </IconButton>
      </span>
    </DeferredTooltip>
  );
}
