import FactCheckIcon from "@mui/icons-material/FactCheckOutlined";
import LocalShippingIcon from "@mui/icons-material/LocalShippingOutlined";
import WarehouseIcon from "@mui/icons-material/WarehouseOutlined";
import {
  Alert, AlertTitle, Box, Button, Card, CardContent, CardHeader, Chip, List, ListItem, ListItemText, Stack, Typography,
} from "@mui/material";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useState, useTransition } from "react";
import { graphql, useLazyLoadQuery, useMutation, usePreloadedQuery, useRelayEnvironment, fetchQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { MyTruckPageQuery } from "../../__generated__/MyTruckPageQuery.graphql.ts";
import type { MyTruckPageRestockMutation } from "../../__generated__/MyTruckPageRestockMutation.graphql.ts";
import type { MyTruckPageSuggestionsQuery } from "../../__generated__/MyTruckPageSuggestionsQuery.graphql.ts";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { useToast } from "../../platform/toast.tsx";
import { Loading } from "../../components/Loading.tsx";
import { Notice } from "../../components/Notice.tsx";
import { TransferButton } from "./TransferButton.tsx";
import { countPath } from "./paths.ts";

const truckQuery = graphql`
  query MyTruckPageQuery @preloadable {
    myVehicle {
      id
      name
      openCount {
        id
      }
      stock(first: 200) {
        edges {
          node {
            ...stockPlaces_level @relay(mask: false)
          }
        }
      }
    }
    mainWarehouse {
      id
      name
    }
  }
`;

/**
 * My Truck: the vehicle the signed-in technician holds: what is on it, what is below the truck's own
 * minimums (with what would bring it back and what the main warehouse has), 'Restock from
 * warehouse', transfers, and a count of the truck.
 */
export default function MyTruckPage() {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  const data = usePreloadedQuery<MyTruckPageQuery>(truckQuery, useRouteQuery<MyTruckPageQuery>());
  const [refreshKey, setRefreshKey] = useState(0);
  const [, startTransition] = useTransition();
  // After a change: the truck's stock and the suggestions again from the server.
  const refresh = () =>
    fetchQuery<MyTruckPageQuery>(environment, truckQuery, {}, { fetchPolicy: "network-only" }).subscribe({
      complete: () => startTransition(() => setRefreshKey((k) => k + 1)),
      error: () => startTransition(() => setRefreshKey((k) => k + 1)),
    });

  const truck = data.myVehicle;
  if (!truck) {
    return (
      <Notice icon={<LocalShippingIcon color="disabled" />} title={t`No vehicle`} maxWidth={560} mt={2}>
        <Trans>You do not hold a vehicle. A manager can assign one to you on the Locations page.</Trans>
      </Notice>
    );
  }
  const warehouse = data.mainWarehouse;
  const levels = truck.stock.edges.map((e) => e.node);
  const onBoard = levels.filter((l) => l.quantity > 0).length;
  const belowCount = levels.filter((l) => l.belowMinimum).length;

  return (
    <Stack spacing={2} sx={{ maxWidth: 960, mx: "auto" }}>
      <Card component="section" aria-labelledby="truck-title">
        <CardHeader
          avatar={<LocalShippingIcon color="primary" />}
          title={truck.name}
          subheader={`${plural(onBoard, { one: "# item on board", other: "# items on board" })} · ${t`${belowCount} below minimum`}`}
          slotProps={{ title: { id: "truck-title", variant: "h6", component: "h2", sx: { fontWeight: 700 } } }}
        />
        <CardContent sx={{ pt: 0 }}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
            <TransferButton variant="contained" fromLocationId={warehouse?.id} toLocationId={truck.id} onTransferred={refresh} />
            <Button component={RouterLink} to={countPath(truck.id)} variant="outlined" fullWidth startIcon={<FactCheckIcon />}>
              {truck.openCount ? t`Resume count` : t`Count this truck`}
            </Button>
          </Stack>
        </CardContent>
      </Card>

      <Suspense fallback={<Loading />}>
        <Restock truckId={truck.id} warehouseName={warehouse?.name ?? t`the warehouse`} refreshKey={refreshKey} onRestocked={refresh} />
      </Suspense>

      <Card component="section" aria-labelledby="on-truck-title">
        <CardHeader title={t`On the truck`} slotProps={{ title: { id: "on-truck-title", variant: "subtitle1", component: "h2", sx: { fontWeight: 700 } } }} />
        <CardContent sx={{ pt: 0 }}>
          {levels.length === 0 ? (
            <Typography color="textSecondary">
              <Trans>Nothing on the truck yet.</Trans>
            </Typography>
          ) : (
            <List disablePadding aria-label={t`On the truck`}>
              {levels.map((l) => (
                <ListItem
                  key={l.item.id}
                  divider
                  disableGutters
                  secondaryAction={<TransferButton variant="icon" itemId={l.item.id} name={l.item.name} fromLocationId={truck.id} toLocationId={warehouse?.id} onTransferred={refresh} />}
                >
                  <ListItemText
                    primary={l.item.name}
                    secondary={l.minQuantity === null ? t`No minimum on this truck` : t`Minimum ${l.minQuantity} ${l.item.unit}`}
                    slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: "anywhere" } } }}
                    sx={{ pr: 1 }}
                  />
                  <Stack sx={{ alignItems: "flex-end", flexShrink: 0, mr: 3 }}>
                    <Typography sx={{ fontWeight: 700, whiteSpace: "nowrap" }}>
                      {l.quantity} {l.item.unit}
                    </Typography>
                    {l.belowMinimum && <Chip size="small" color="warning" label={t`Below min`} />}
                  </Stack>
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

type Result = { kind: "done"; units: number; lines: string[]; short: string[] } | { kind: "error"; message: string };

/** What is below the truck's minimums, and the one action that brings it back from the main warehouse. */
function Restock({ truckId, warehouseName, refreshKey, onRestocked }: { truckId: string; warehouseName: string; refreshKey: number; onRestocked(): void }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const data = useLazyLoadQuery<MyTruckPageSuggestionsQuery>(
    graphql`
      query MyTruckPageSuggestionsQuery($locationId: ID!) {
        restockSuggestions(locationId: $locationId) {
          quantity
          minQuantity
          suggestedQuantity
          availableAtSource
          item {
            id
            name
            unit
          }
        }
      }
    `,
    { locationId: truckId },
    { fetchPolicy: "store-and-network", fetchKey: refreshKey },
  );
  const [result, setResult] = useState<Result | null>(null);
  const [commit, pending] = useMutation<MyTruckPageRestockMutation>(graphql`
    mutation MyTruckPageRestockMutation($input: RestockLocationInput!) {
      restockLocation(input: $input) {
        __typename
        ... on RestockLocationPayload {
          transferredUnits
          transferred {
            quantity
            item {
              id
              name
              unit
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const suggestions = data.restockSuggestions;
  const canRestock = suggestions.some((s) => s.availableAtSource > 0);

  const restock = () => {
    setResult(null);
    // Items the warehouse cannot fill to the minimum, as they were when the button was pressed.
    const short = suggestions
      .filter((s) => s.availableAtSource < s.suggestedQuantity)
      .map((s) => t`${s.item.name}: ${warehouseName} has ${s.availableAtSource} of the ${s.suggestedQuantity} ${s.item.unit} needed`);
    commit({
      variables: { input: { locationId: truckId } },
      onCompleted: (d) => {
        const r = d.restockLocation;
        if (r.__typename === "RestockLocationPayload" && r.transferred) {
          const units = r.transferredUnits ?? 0;
          setResult({ kind: "done", units, lines: r.transferred.map((l) => t`${l.item.name}: now ${l.quantity} ${l.item.unit}`), short });
          toast({ title: t`Truck restocked`, description: plural(units, { one: `# unit moved from ${warehouseName}`, other: `# units moved from ${warehouseName}` }), variant: "success" });
          onRestocked();
        } else {
          const message = r.message ?? t`Failed to restock`;
          setResult({ kind: "error", message });
          toast({ title: t`Error`, description: message, variant: "destructive" });
        }
      },
      onError: () => {
        setResult({ kind: "error", message: t`Failed to restock` });
        toast({ title: t`Error`, description: t`Failed to restock`, variant: "destructive" });
      },
    });
  };

  return (
    <Card component="section" aria-labelledby="below-min-title">
      <CardHeader
        avatar={<WarehouseIcon color={suggestions.length ? "warning" : "success"} />}
        title={t`Below minimum`}
        subheader={suggestions.length ? plural(suggestions.length, { one: "# item needs restocking", other: "# items need restocking" }) : t`Everything is at or above the truck's minimums`}
        slotProps={{ title: { id: "below-min-title", variant: "subtitle1", component: "h2", sx: { fontWeight: 700 } } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {result?.kind === "done" && (
          <Alert severity={result.units ? "success" : "info"} sx={{ mb: 2 }} role="status">
            <AlertTitle>{result.units ? plural(result.units, { one: `Restocked # unit from ${warehouseName}`, other: `Restocked # units from ${warehouseName}` }) : t`Nothing was moved`}</AlertTitle>
            {result.lines.map((l) => (
              <div key={l}>{l}</div>
            ))}
            {result.short.map((l) => (
              <div key={l}>
                <Trans>Short: {l}</Trans>
              </div>
            ))}
          </Alert>
        )}
        {result?.kind === "error" && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {result.message}
          </Alert>
        )}
        {suggestions.length > 0 && (
          <List disablePadding aria-label={t`Below minimum`}>
            {suggestions.map((s) => {
              const fills = Math.min(s.suggestedQuantity, s.availableAtSource);
              return (
                <ListItem key={s.item.id} divider disableGutters sx={{ alignItems: "flex-start", gap: 1 }}>
                  <ListItemText
                    primary={s.item.name}
                    secondary={
                      <>
                        <Trans>
                          {s.quantity} of {s.minQuantity} {s.item.unit} on the truck · {warehouseName} has {s.availableAtSource}
                        </Trans>
                        {fills < s.suggestedQuantity && (
                          <Box component="span" sx={{ display: "block", color: "warning.dark" }}>
                            {fills === 0 ? t`None to bring from the warehouse` : t`Only ${fills} can come from the warehouse`}
                          </Box>
                        )}
                      </>
                    }
                    slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: "anywhere" } } }}
                  />
                  <Chip color="primary" variant="outlined" label={`+${s.suggestedQuantity} ${s.item.unit}`} aria-label={t`Suggested ${s.suggestedQuantity} ${s.item.unit}`} sx={{ flexShrink: 0 }} />
                </ListItem>
              );
            })}
          </List>
        )}
        <Button variant="contained" fullWidth startIcon={<WarehouseIcon />} onClick={restock} disabled={pending || !canRestock} sx={{ mt: suggestions.length ? 2 : 0 }}>
          {pending ? t`Restocking...` : t`Restock from warehouse`}
        </Button>
      </CardContent>
    </Card>
  );
}
