import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import StopIcon from "@mui/icons-material/Stop";
import { Alert, Box, Button, Checkbox, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { graphql, useLazyLoadQuery, useMutation, useRelayEnvironment } from "react-relay";
import type { PurchasingPage_order$data } from "../../__generated__/PurchasingPage_order.graphql.ts";
import type { ReceiveDialogLocationsQuery } from "../../__generated__/ReceiveDialogLocationsQuery.graphql.ts";
import type { ReceiveDialogMutation } from "../../__generated__/ReceiveDialogMutation.graphql.ts";
import { useToast } from "../../platform/toast.tsx";
import { CameraViewport } from "../../components/scanner/CameraViewport.tsx";
import { findStockItem, useOneByOneScanner } from "../../components/scanner/stockItemScan.ts";

type Props = { titleId: string; order: PurchasingPage_order$data; onClose(): void; onReceived(): void };
type Message = { severity: "success" | "error" | "warning"; text: string };

/**
 * Receiving a delivery: per line what arrived (typed, or one more per scanned barcode, never past what
 * is due), where it went (the main warehouse unless picked), and whether the items' prices become
 * the order's unit costs.
 */
export default function ReceiveDialog({ titleId, order, onClose, onReceived }: Props) {
  const { t } = useLingui();
  const { toast } = useToast();
  const environment = useRelayEnvironment();
  const { stockLocations, mainWarehouse: main } = useLazyLoadQuery<ReceiveDialogLocationsQuery>(
    graphql`
      query ReceiveDialogLocationsQuery {
        mainWarehouse {
          id
        }
        stockLocations(first: 100) {
          edges {
            node {
              id
              name
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const locations = stockLocations.edges.map((e) => e.node);
  const [locationId, setLocationId] = useState(main?.id ?? "");
  const [updatePrices, setUpdatePrices] = useState(false);

  const due = order.lines.filter((l) => l.quantityDue > 0);
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(due.map((l) => [l.id, String(l.quantityDue)])));
  // What the scans count from: the quantities as last shown or scanned.
  const latest = useRef(quantities);
  useEffect(() => {
    latest.current = quantities;
  }, [quantities]);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);

  /** A scanned code → its item → one more arrived on that item's line. */
  const arrivedOne = async (code: string) => {
    const found = await findStockItem(environment, code);
    if ("problem" in found) {
      setMessage({ severity: "error", text: found.problem });
      return;
    }
    const { id: itemId, name: itemName } = found;
    const line = order.lines.find((l) => l.item?.id === itemId);
    if (!line) {
      setMessage({ severity: "warning", text: itemName ? t`${itemName} is not on ${order.number}` : t`That item is not on ${order.number}` });
      return;
    }
    if (line.quantityDue <= 0) {
      setMessage({ severity: "warning", text: t`${line.itemName} is complete: nothing more is due` });
      return;
    }
    const now = Number(latest.current[line.id]);
    const sofar = Number.isInteger(now) && now >= 0 ? now : 0;
    if (sofar >= line.quantityDue) {
      setMessage({ severity: "warning", text: t`${line.itemName} is complete: all ${line.quantityDue} due have arrived` });
      return;
    }
    const unit = line.item?.unit ?? t`units`;
    latest.current = { ...latest.current, [line.id]: String(sofar + 1) };
    setQuantities(latest.current);
    setMessage({ severity: "success", text: t`Added 1 × ${line.itemName}: ${sofar + 1} of ${line.quantityDue} ${unit}` });
  };

  const { camera } = useOneByOneScanner(arrivedOne);
  const scanning = camera.status !== "idle";
  /** The first scan counts from nothing: each label read is one box off the truck (stopping and scanning on keeps the count). */
  const counting = useRef(false);
  const startScanning = () => {
    if (!counting.current) {
      counting.current = true;
      latest.current = Object.fromEntries(due.map((l) => [l.id, "0"]));
      setQuantities(latest.current);
    }
    setMessage(null);
    void camera.start();
  };

  const [receive, receivingNow] = useMutation<ReceiveDialogMutation>(graphql`
    mutation ReceiveDialogMutation($input: ReceivePurchaseOrderInput!) {
      receivePurchaseOrder(input: $input) {
        __typename
        ... on ReceivePurchaseOrderPayload {
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
  const chosen = locations.find((l) => l.id === locationId);
  const lines = due
    .map((l) => ({ lineId: l.id, quantity: Number(quantities[l.id] ?? 0), ...(locationId ? { locationId } : {}) }))
    .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
  const tooMany = due.find((l) => Number(quantities[l.id]) > l.quantityDue);
  const close = () => {
    camera.stop();
    onClose();
  };
  const submit = () => {
    if (tooMany) {
      setProblem(t`Only ${tooMany.quantityDue} of ${tooMany.itemName} are due`);
      return;
    }
    camera.stop();
    receive({
      variables: { input: { id: order.id, lines, updateItemPrices: updatePrices } },
      onCompleted: ({ receivePurchaseOrder: r }) => {
        if (r.__typename === "ReceivePurchaseOrderPayload") {
          toast({ title: t`Delivery received`, description: chosen?.name ? t`${order.number}: stock added to ${chosen.name}` : t`${order.number}: stock added to the main warehouse`, variant: "success" });
          onReceived();
          onClose();
        } else setProblem("message" in r ? (r.message ?? t`Could not receive`) : t`Could not receive`);
      },
      onError: () => setProblem(t`Could not receive the delivery`),
    });
  };

  return (
    <>
      <DialogTitle id={titleId}>
        <Trans>Receive {order.number}</Trans>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField select size="small" label={t`Delivered to`} value={locationId} onChange={(e) => setLocationId(e.target.value)} fullWidth>
            {locations.map((l) => (
              <MenuItem key={l.id} value={l.id}>
                {l.name}
                {l.id === main?.id ? ` (${t`default`})` : ""}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            {/* The picture shows only while scanning; the <video> stays mounted for the stream. */}
            <Box sx={{ display: scanning ? "block" : "none", mb: 1 }}>
              <CameraViewport videoRef={camera.videoRef} status={camera.status} hint={t`Scan each box's barcode`} label={t`Receiving camera`} />
            </Box>
            <Stack direction="row" spacing={1}>
              {scanning ? (
                <Button variant="contained" color="error" startIcon={<StopIcon />} onClick={camera.stop} fullWidth>
                  <Trans>Stop scanning</Trans>
                </Button>
              ) : (
                <Button variant="outlined" startIcon={<QrCodeScannerIcon />} onClick={startScanning} fullWidth>
                  <Trans>Scan</Trans>
                </Button>
              )}
            </Stack>
            {camera.error && (
              <Alert severity="error" sx={{ mt: 1 }}>
                <Trans>{camera.error}. Type the quantities instead.</Trans>
              </Alert>
            )}
            <Box aria-live="polite">
              {message && (
                <Alert severity={message.severity} sx={{ mt: 1 }}>
                  {message.text}
                </Alert>
              )}
            </Box>
          </Box>
          {due.map((l) => (
            <Stack key={l.id} direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{l.itemName}</Typography>
                <Typography variant="body2" color="textSecondary">
                  <Trans>
                    {l.quantityDue} {l.item?.unit ?? t`units`} still due of {l.quantityOrdered}
                  </Trans>
                </Typography>
              </Box>
              <TextField
                size="small"
                type="number"
                label={t`Arrived`}
                value={quantities[l.id] ?? ""}
                onChange={(e) => setQuantities((q) => ({ ...q, [l.id]: e.target.value }))}
                error={Number(quantities[l.id]) > l.quantityDue}
                slotProps={{ htmlInput: { min: 0, max: l.quantityDue, inputMode: "numeric", "aria-label": t`Arrived of ${l.itemName}` } }}
                sx={{ width: 110 }}
              />
            </Stack>
          ))}
          <FormControlLabel
            control={<Checkbox checked={updatePrices} onChange={(e) => setUpdatePrices(e.target.checked)} />}
            label={t`Update item prices to these unit costs`}
          />
          {problem && (
            <Typography color="error" role="alert">
              {problem}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={submit} disabled={receivingNow || lines.length === 0}>
          <Trans>Receive</Trans>
        </Button>
      </DialogActions>
    </>
  );
}
