import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert, Autocomplete, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Grid, InputAdornment, TextField, Typography,
} from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { fetchQuery, graphql, useLazyLoadQuery, useMutation, useRelayEnvironment } from "react-relay";
import type { z } from "zod";
import type { TransferDialogItemQuery } from "../../__generated__/TransferDialogItemQuery.graphql.ts";
import type { TransferDialogItemsQuery } from "../../__generated__/TransferDialogItemsQuery.graphql.ts";
import type { TransferDialogMutation } from "../../__generated__/TransferDialogMutation.graphql.ts";
import type { TransferDialogQuery } from "../../__generated__/TransferDialogQuery.graphql.ts";
import { useSession } from "../../platform/session.ts";
import { useToast } from "../../platform/toast.tsx";
import { ErrorBoundary } from "../../components/ErrorBoundary.tsx";
import { FormNumber, FormSelect } from "../../components/form/fields.tsx";
import { useFormSave } from "../../components/form/useFormSave.ts";
import { transferForm } from "../../../../schemas/stock.ts";
import { allowedDestinations, allowedSources, type PickLocation } from "./locationRules.ts";
import { readPlaces } from "../../components/stockPlaces.ts";
import { useScreenBelow } from "../../components/useScreenBelow.ts";

export type TransferDialogProps = {
  open: boolean;
  onClose(): void;
  /** The item to move (global id); without it the dialog asks for one. */
  itemId?: string;
  /** Where the stock comes from / goes (global ids), when the place it was opened from knows. */
  fromLocationId?: string;
  toLocationId?: string;
  /** After a transfer went through (the dialog closes itself). */
  onTransferred?(): void;
};

type Form = ReturnType<typeof transferForm>;
type Values = z.input<Form>;

/**
 * Moves stock of one item between two locations (transferStock). A manager may pick any two active
 * locations; an employee only a warehouse and the vehicle they hold, so only those are offered.
 * The quantity shows what the source holds and may not exceed it. Full screen on phones.
 */
export function TransferDialog({ open, onClose, ...props }: TransferDialogProps) {
  const phone = useScreenBelow("sm");
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        <Trans>Transfer Stock</Trans>
      </DialogTitle>
      {open && (
        <ErrorBoundary
          fallback={
            <DialogContent dividers>
              <Alert severity="error">
                <Trans>Failed to load the locations. Please try again.</Trans>
              </Alert>
            </DialogContent>
          }
        >
          <Suspense fallback={<Busy />}>
            <TransferBody onClose={onClose} {...props} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Dialog>
  );
}
export default TransferDialog;

function Busy() {
  const { t } = useLingui();
  return (
    <DialogContent dividers sx={{ display: "flex", justifyContent: "center", py: 4 }}>
      <CircularProgress aria-label={t`Loading`} />
    </DialogContent>
  );
}

function TransferBody({ onClose, itemId: givenItem, fromLocationId, toLocationId, onTransferred }: Omit<TransferDialogProps, "open">) {
  const { isManager } = useSession();
  const data = useLazyLoadQuery<TransferDialogQuery>(
    graphql`
      query TransferDialogQuery {
        myVehicle {
          id
        }
        stockLocations(first: 100) {
          edges {
            node {
              ...stockPlaces_place
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const locations: PickLocation[] = readPlaces(data.stockLocations);
  const vehicleId = data.myVehicle?.id ?? null;
  const [itemId, setItemId] = useState<string | null>(givenItem ?? null);

  if (!isManager && !vehicleId) {
    return (
      <>
        <DialogContent dividers>
          <Alert severity="info">
            <Trans>You may only move stock between a warehouse and the vehicle you hold, and you hold no vehicle.</Trans>
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </DialogActions>
      </>
    );
  }
  return (
    <TransferForm
      locations={locations}
      rules={{ isManager, vehicleId }}
      itemId={itemId}
      itemPicker={givenItem ? null : <ItemPicker value={itemId} onChange={setItemId} />}
      fromLocationId={fromLocationId}
      toLocationId={toLocationId}
      onClose={onClose}
      onTransferred={onTransferred}
    />
  );
}

/** Finds an inventory item by name as the user types (the first 20 matches). */
function ItemPicker({ value, onChange }: { value: string | null; onChange(id: string | null): void }) {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  const [input, setInput] = useState("");
  const [options, setOptions] = useState<readonly { id: string; name: string; unit: string }[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      fetchQuery<TransferDialogItemsQuery>(
        environment,
        graphql`
          query TransferDialogItemsQuery($search: String) {
            inventoryItems(first: 20, search: $search) {
              edges {
                node {
                  id
                  name
                  unit
                }
              }
            }
          }
        `,
        { search: input.trim() || null },
      ).subscribe({
        next: (d) => live && setOptions(d.inventoryItems.edges.map((e) => e.node)),
        complete: () => live && setLoading(false),
        error: () => live && setLoading(false),
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [environment, input]);
  const selected = options.find((o) => o.id === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={loading}
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, o) => onChange(o?.id ?? null)}
      onInputChange={(_e, v, reason) => reason !== "reset" && setInput(v)}
      renderInput={(params) => <TextField {...params} required label={t`Item`} placeholder={t`Search by name`} helperText=" " />}
    />
  );
}

type Rules = { isManager: boolean; vehicleId: string | null };

function TransferForm(props: {
  locations: PickLocation[];
  rules: Rules;
  itemId: string | null;
  itemPicker: React.ReactNode;
  fromLocationId?: string;
  toLocationId?: string;
  onClose(): void;
  onTransferred?(): void;
}) {
  const { locations, rules, itemId, itemPicker, onClose, onTransferred } = props;
  const { t } = useLingui();
  const { toast } = useToast();
  const sources = allowedSources(locations, rules);
  const known = (id: string | undefined) => (id && locations.some((l) => l.id === id) ? id : "");
  // Defaults: what the caller gave; else, for an employee, the main warehouse to their vehicle.
  const firstWarehouse = locations.find((l) => l.kind === "WAREHOUSE")?.id ?? "";
  const defaultFrom = known(props.fromLocationId) || (props.toLocationId ? "" : firstWarehouse);
  const defaultTo = known(props.toLocationId) || (!rules.isManager && defaultFrom !== rules.vehicleId ? (rules.vehicleId ?? "") : "");

  const available = useRef<number | null>(null);
  const resolver: Resolver<Values, unknown, z.output<Form>> = (values, context, options) => zodResolver(transferForm(available.current))(values, context, options);
  const form = useForm<Values, unknown, z.output<Form>>({
    resolver,
    defaultValues: { itemId: itemId ?? "", fromLocationId: defaultFrom, toLocationId: defaultTo, quantity: "1" },
  });
  const { control, setValue } = form;
  useEffect(() => setValue("itemId", itemId ?? ""), [itemId, setValue]);
  const from = useWatch({ control, name: "fromLocationId" });
  const to = useWatch({ control, name: "toLocationId" });
  const destinations = allowedDestinations(locations, rules, from);
  // A destination that the new source does not allow (an employee's pair) is cleared.
  useEffect(() => {
    if (to && !destinations.some((d) => d.id === to)) setValue("toLocationId", "");
  }, [destinations, to, setValue]);

  const [serverError, setServerError] = useState<string | null>(null);
  const save = useFormSave(form, { failure: t`Failed to transfer stock`, onUnplaced: setServerError });
  const [commit, pending] = useMutation<TransferDialogMutation>(graphql`
    mutation TransferDialogMutation($input: TransferStockInput!) {
      transferStock(input: $input) {
        __typename
        ... on TransferStockPayload {
          item {
            id
            name
            unit
            quantity
            stockLevels {
              quantity
              minQuantity
              belowMinimum
              location {
                id
              }
            }
          }
          from {
            quantity
            location {
              id
              name
            }
          }
          to {
            quantity
            location {
              id
              name
            }
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);

  const submit = form.handleSubmit((values) => {
    if (pending) return;
    setServerError(null);
    commit({
      variables: { input: values },
      onCompleted: (d) => {
        const r = d.transferStock;
        if (r.__typename === "TransferStockPayload" && r.item && r.from && r.to) {
          toast({
            title: t`Stock transferred`,
            description: t`${values.quantity} ${r.item.unit} of ${r.item.name} moved from ${r.from.location.name} to ${r.to.location.name}`,
            variant: "success",
          });
          onClose();
          onTransferred?.();
          return;
        }
        save.completed(r, "TransferStockPayload", t`Stock transferred`, onClose);
      },
      onError: (e) => save.failed(e),
    });
  });

  return (
    <form onSubmit={submit} noValidate style={{ display: "contents" }}>
      <DialogContent dividers>
        {serverError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        )}
        {!rules.isManager && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            <Trans>You can move stock between a warehouse and your vehicle.</Trans>
          </Typography>
        )}
        <Grid container spacing={2}>
          {itemPicker && <Grid size={12}>{itemPicker}</Grid>}
          {itemId ? (
            <Suspense fallback={<Grid size={12}><CircularProgress size={24} aria-label={t`Loading the item`} /></Grid>}>
              <ItemFields itemId={itemId} from={from} sources={sources} destinations={destinations} control={control} available={available} showName={!itemPicker} />
            </Suspense>
          ) : (
            <LocationFields sources={sources} destinations={destinations} control={control} levels={null} unit="" />
          )}
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" variant="contained" disabled={pending || !itemId}>
          {pending ? t`Moving...` : t`Transfer`}
        </Button>
      </DialogActions>
    </form>
  );
}

type FormControl = ReturnType<typeof useForm<Values, unknown, z.output<Form>>>["control"];

function ItemFields(props: {
  itemId: string;
  from: string;
  sources: PickLocation[];
  destinations: PickLocation[];
  control: FormControl;
  available: React.RefObject<number | null>;
  showName: boolean;
}) {
  const { itemId, from, sources, destinations, control, available, showName } = props;
  const { t } = useLingui();
  const data = useLazyLoadQuery<TransferDialogItemQuery>(
    graphql`
      query TransferDialogItemQuery($id: ID!) {
        node(id: $id) {
          ... on InventoryItem {
            id
            name
            unit
            quantity
            stockLevels {
              quantity
              location {
                id
              }
            }
          }
        }
      }
    `,
    { id: itemId },
    { fetchPolicy: "store-and-network" },
  );
  const item = data.node;
  const levels = useMemo(() => new Map((item?.stockLevels ?? []).map((l) => [l.location.id, l.quantity])), [item?.stockLevels]);
  const holds = from ? (levels.get(from) ?? 0) : null;
  available.current = holds;
  if (!item?.name)
    return (
      <Alert severity="error">
        <Trans>Inventory item not found</Trans>
      </Alert>
    );
  const unit = item.unit ?? "";
  const source = sources.find((s) => s.id === from);
  return (
    <>
      {showName && (
        <Grid size={12}>
          <Typography>
            <Trans>
              <strong>{item.name}</strong> · {item.quantity} {unit} in all
            </Trans>
          </Typography>
        </Grid>
      )}
      <LocationFields sources={sources} destinations={destinations} control={control} levels={levels} unit={unit} />
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormNumber
          control={control}
          name="quantity"
          required
          label={t`Quantity`}
          min={1}
          max={holds ?? undefined}
          helperText={source ? t`${source.name} has ${holds} ${unit}` : t`Pick where it comes from`}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } }}
        />
      </Grid>
    </>
  );
}

function LocationFields({ sources, destinations, control, levels, unit }: { sources: PickLocation[]; destinations: PickLocation[]; control: FormControl; levels: Map<string, number> | null; unit: string }) {
  const { t } = useLingui();
  const label = (l: PickLocation) => `${l.name}${l.holder ? ` (${l.holder.name})` : ""}${levels ? ` · ${levels.get(l.id) ?? 0} ${unit}` : ""}`;
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSelect control={control} name="fromLocationId" required label={t`From`} helperText=" " options={sources.map((l) => ({ value: l.id, label: label(l) }))} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSelect control={control} name="toLocationId" required label={t`To`} helperText=" " options={destinations.map((l) => ({ value: l.id, label: label(l) }))} />
      </Grid>
    </>
  );
}
