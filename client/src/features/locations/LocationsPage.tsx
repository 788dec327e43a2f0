import AddIcon from "@mui/icons-material/Add";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import { Box, Button, Card, CardActionArea, CardContent, Chip, FormControlLabel, Link, Stack, Switch, TableCell, TableRow, Typography } from "@mui/material";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import type { LocationsPageQuery } from "../../__generated__/LocationsPageQuery.graphql.ts";
import type { LocationsPage_location$key } from "../../__generated__/LocationsPage_location.graphql.ts";
import type { LocationsPage_locations$key } from "../../__generated__/LocationsPage_locations.graphql.ts";
import { LOCATIONS_PAGE_SIZE as PAGE } from "./constants.ts";
import { ManagerPage } from "../../components/ManagerPage.tsx";
import { formatCents } from "../../platform/money.ts";
import { kindLabel } from "./format.ts";
import { KindIcon } from "../../components/LocationKindIcon.tsx";
import { useLocationsLive } from "./useLocationsLive.ts";
import { PageDialog } from "../../components/PageDialog.tsx";
import { ListPage } from "../../components/list/ListPage.tsx";
import { usePagedList } from "../../components/list/usePagedList.ts";

const LocationForm = lazy(() => import("./LocationForm.tsx"));
const FORM_TITLE_ID = "location-form-title";

/** Issue 15 Locations (managers): warehouses and vehicles with their holder, stock value and items below their own minimum. */
export default function LocationsPage() {
  const { t } = useLingui();
  // Only managers manage locations; for others the loader fires no query.
  return (
    <ManagerPage<LocationsPageQuery>
      denied={t`You need manager privileges to manage stock locations.`}
      query={graphql`
        query LocationsPageQuery($first: Int!) @preloadable {
          ...LocationsPage_locations @arguments(first: $first)
        }
      `}
    >
      {(data) => <LocationList query={data} />}
    </ManagerPage>
  );
}

function LocationList({ query }: { query: LocationsPage_locations$key }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const { data, list, reload } = usePagedList(
    graphql`
      fragment LocationsPage_locations on Query
      @argumentDefinitions(first: { type: "Int", defaultValue: 50 }, after: { type: "String" }, includeArchived: { type: "Boolean", defaultValue: false })
      @refetchable(queryName: "LocationsPagePaginationQuery") {
        stockLocations(first: $first, after: $after, includeArchived: $includeArchived) @connection(key: "LocationsPage_stockLocations") {
          __id
          totalCount
          edges {
            node {
              id
              ...LocationsPage_location
            }
          }
        }
      }
    `,
    query,
    PAGE,
    (d) => d.stockLocations,
  );
  // A change anywhere (stock moved, a minimum set, a location added elsewhere) reloads the list's figures.
  useLocationsLive(null, () => reload({ first: PAGE, includeArchived: showArchived }, "network-only"));
  const toggleArchived = (on: boolean) => {
    setShowArchived(on);
    reload({ first: PAGE, includeArchived: on });
  };

  return (
    <ListPage
      list={list}
      actions={
        <>
          <FormControlLabel control={<Switch checked={showArchived} onChange={(e) => toggleArchived(e.target.checked)} />} label={t`Show archived`} />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ whiteSpace: "nowrap" }}>
            <Trans>Add Location</Trans>
          </Button>
        </>
      }
      filters={
        <Typography variant="body2" color="textSecondary">
          {plural(data.stockLocations.totalCount, { one: "# location", other: "# locations" })}
        </Typography>
      }
      dialog={
        <PageDialog open={adding} onClose={() => setAdding(false)} titleId={FORM_TITLE_ID} loading={t`Add Location`}>
          <LocationForm
            titleId={FORM_TITLE_ID}
            location={null}
            onDone={(created) => {
              setAdding(false);
              if (created) navigate(`/locations/${encodeURIComponent(created)}`);
            }}
          />
        </PageDialog>
      }
      label={t`Stock locations`}
      empty={t`No stock locations yet`}
      columns={[{ header: t`Name` }, { header: t`Kind` }, { header: t`Holder` }, { header: t`Stock value`, align: "right" }, { header: t`Below minimum`, align: "right" }]}
      row={(l) => <LocationRow location={l} />}
      card={(l) => <LocationCard location={l} onOpen={(id) => navigate(`/locations/${encodeURIComponent(id)}`)} />}
    />
  );
}

function useLocation(location: LocationsPage_location$key) {
  return useFragment(
    graphql`
      fragment LocationsPage_location on StockLocation {
        id
        name
        kind
        archived
        value
        belowMinimumCount
        holder {
          id
          name
        }
      }
    `,
    location,
  );
}

function BelowMinimum({ count }: { count: number }) {
  const { t } = useLingui();
  return count > 0 ? (
    <Chip size="small" color="error" label={t`${count} below minimum`} />
  ) : (
    <Typography component="span" variant="body2" color="textSecondary">
      <Trans>None</Trans>
    </Typography>
  );
}

function LocationRow({ location }: { location: LocationsPage_location$key }) {
  const l = useLocation(location);
  const { t } = useLingui();
  return (
    <TableRow hover sx={l.archived ? { opacity: 0.6 } : undefined}>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <KindIcon kind={l.kind} size={18} />
          <Link component={RouterLink} to={`/locations/${encodeURIComponent(l.id)}`} underline="hover" sx={{ fontWeight: 600 }}>
            {l.name}
          </Link>
          {l.archived && <Chip size="small" variant="outlined" label={t`Archived`} />}
        </Stack>
      </TableCell>
      <TableCell>{kindLabel(l.kind)}</TableCell>
      <TableCell>
        {l.holder?.name ?? (
          <Typography component="span" variant="body2" color="textSecondary">
            —
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: "tabular-nums" }}>
        {formatCents(l.value)}
      </TableCell>
      <TableCell align="right">
        <BelowMinimum count={l.belowMinimumCount} />
      </TableCell>
    </TableRow>
  );
}

function LocationCard({ location, onOpen }: { location: LocationsPage_location$key; onOpen(id: string): void }) {
  const l = useLocation(location);
  const { t } = useLingui();
  const below = l.belowMinimumCount;
  return (
    <Card component="li" aria-label={l.name} sx={l.archived ? { opacity: 0.7 } : undefined}>
      <CardActionArea onClick={() => onOpen(l.id)}>
        <CardContent sx={{ "&:last-child": { pb: 2 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
            <KindIcon kind={l.kind} size={24} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }} noWrap>
                {l.name}
              </Typography>
              <Typography variant="caption" color="textSecondary" component="div" noWrap>
                {kindLabel(l.kind)}
                {l.holder ? ` · ${l.holder.name}` : ""}
                {l.archived ? ` · ${t`Archived`}` : ""}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {formatCents(l.value)}
                </Typography>
                {l.belowMinimumCount > 0 && <Chip size="small" color="error" label={t`${below} below minimum`} />}
              </Stack>
            </Box>
            <ChevronRightIcon color="action" />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
