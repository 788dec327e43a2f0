import BuildIcon from "@mui/icons-material/Build";
import Inventory2Icon from "@mui/icons-material/Inventory2";
import {
  Alert, Box, Button, Card, CardContent, CardHeader, Chip, Stack, Typography,
} from "@mui/material";
import { useState, type ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import type { ScanResultCard_equipment$key } from "../../__generated__/ScanResultCard_equipment.graphql.ts";
import type { ScanResultCard_item$key } from "../../__generated__/ScanResultCard_item.graphql.ts";
import { useToast } from "../../app/toast.tsx";
import { CheckOutPrompt } from "../equipment/CheckOutPrompt.tsx";
import { useCheckInEquipment, useCheckOutEquipment } from "../equipment/equipmentMoves.ts";
import { useWaitingFor } from "../../offline/useOffline.ts";
import { TransferButton } from "../stock/TransferButton.tsx";

export type ScannedRef = { kind: "equipment"; ref: ScanResultCard_equipment$key } | { kind: "inventory"; ref: ScanResultCard_item$key };

/** §3 local scan-history entry: held in React state for this session only. */
export type ScanHistoryEntry = {
  id: string;
  itemId: string;
  itemName: string;
  itemType: "equipment" | "inventory";
  action: "check_out" | "check_in";
  timestamp: string;
  assignedTo: string | null;
};
type OnEvent = (entry: Omit<ScanHistoryEntry, "id" | "timestamp">) => void;

export function ScanResultCard({ result, onEvent }: { result: ScannedRef; onEvent: OnEvent }) {
  return result.kind === "equipment" ? <EquipmentResult equipment={result.ref} onEvent={onEvent} /> : <ItemResult item={result.ref} />;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: 110, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 500, minWidth: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Stack>
  );
}

const statusLabel: Record<string, string> = { available: "Available", checked_out: "Checked Out", maintenance: "Maintenance", repair: "Repair" };
const statusChipColor: Record<string, "success" | "primary" | "warning" | "error"> = {
  available: "success",
  checked_out: "primary",
  maintenance: "warning",
  repair: "error",
};

function ResultCard({ icon, title, kind, children }: { icon: ReactNode; title: string; kind: string; children: ReactNode }) {
  return (
    <Card aria-label="Scanned item" component="section">
      <CardHeader
        avatar={icon}
        title={title}
        subheader={kind}
        slotProps={{ title: { variant: "subtitle1", component: "h2", sx: { fontWeight: 700 } } }}
      />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

function EquipmentResult({ equipment, onEvent }: { equipment: ScanResultCard_equipment$key; onEvent: OnEvent }) {
  const { toast } = useToast();
  const e = useFragment(
    graphql`
      fragment ScanResultCard_equipment on Equipment {
        id
        name
        serialNumber
        category
        status
        assignedTo
        assignedAt
        location
      }
    `,
    equipment,
  );
  const [asking, setAsking] = useState(false);
  const waiting = useWaitingFor(e.id);
  const { checkOut: commitOut, pending: checkingOut } = useCheckOutEquipment();
  const { checkIn: commitIn, pending: checkingIn } = useCheckInEquipment();

  // §8 scanner toasts; a change queued offline is logged like one applied.
  const checkOut = (person: string) => {
    const logged = () => onEvent({ itemId: e.id, itemName: e.name, itemType: "equipment", action: "check_out", assignedTo: person });
    const failed = () => toast({ title: "Check-out failed", description: "Failed to check out equipment. Please try again.", variant: "destructive" });
    commitOut(
      { id: e.id, assignedTo: person },
      {
        done: () => {
          toast({ title: "Equipment checked out", description: `${e.name} checked out to ${person}`, variant: "success" });
          logged();
        },
        queued: logged,
        refused: failed,
        failed,
      },
    );
  };
  const checkIn = () => {
    const from = e.assignedTo ?? null;
    const logged = () => onEvent({ itemId: e.id, itemName: e.name, itemType: "equipment", action: "check_in", assignedTo: from });
    const failed = () => toast({ title: "Check-in failed", description: "Failed to check in equipment. Please try again.", variant: "destructive" });
    commitIn(e.id, {
      done: () => {
        toast({ title: "Equipment checked in", description: `${e.name} is available again`, variant: "success" });
        logged();
      },
      queued: logged,
      refused: failed,
      failed,
    });
  };

  return (
    <ResultCard icon={<BuildIcon color="primary" />} title={e.name} kind="Equipment">
      <Detail label="Serial Number">{e.serialNumber ?? "—"}</Detail>
      <Detail label="Category">{e.category}</Detail>
      <Detail label="Status">
        <Chip size="small" label={statusLabel[e.status] ?? e.status} color={statusChipColor[e.status] ?? "default"} />
        {waiting && <Chip size="small" variant="outlined" label="Waiting to sync" sx={{ ml: 1 }} />}
      </Detail>
      {e.assignedTo && (
        <Detail label="Assigned To">
          {e.assignedTo}
          {e.assignedAt ? (
            <Typography variant="caption" color="text.secondary" component="div">
              Since {new Date(e.assignedAt as string).toLocaleString()}
            </Typography>
          ) : null}
        </Detail>
      )}
      {e.location && <Detail label="Location">{e.location}</Detail>}
      <Box sx={{ mt: 2 }}>
        {e.status === "available" && (
          <Button variant="contained" fullWidth disabled={checkingOut} onClick={() => setAsking(true)}>
            Check Out
          </Button>
        )}
        {e.status === "checked_out" && (
          <Button variant="contained" color="secondary" fullWidth disabled={checkingIn} onClick={checkIn}>
            Check In
          </Button>
        )}
        {e.status !== "available" && e.status !== "checked_out" && (
          <Alert severity="info">This equipment is in {statusLabel[e.status]?.toLowerCase() ?? e.status} and cannot be checked out.</Alert>
        )}
      </Box>
      <CheckOutPrompt
        open={asking}
        name={e.name}
        onClose={() => setAsking(false)}
        onConfirm={(person) => {
          setAsking(false);
          checkOut(person);
        }}
      />
    </ResultCard>
  );
}

function ItemResult({ item }: { item: ScanResultCard_item$key }) {
  const i = useFragment(
    graphql`
      fragment ScanResultCard_item on InventoryItem {
        id
        name
        category
        quantity
        minQuantity
        unit
        location
        barcode
      }
    `,
    item,
  );
  // §4: the scanner page's low-stock warning uses minQuantity, or 5 if it is missing.
  const threshold = i.minQuantity ?? 5;
  const low = i.quantity <= threshold;
  return (
    <ResultCard icon={<Inventory2Icon color="primary" />} title={i.name} kind="Inventory Item">
      <Detail label="Category">{i.category}</Detail>
      <Detail label="In Stock">
        {i.quantity} {i.unit}
      </Detail>
      <Detail label="Minimum">
        {threshold} {i.unit}
      </Detail>
      {i.location && <Detail label="Location">{i.location}</Detail>}
      {i.barcode && <Detail label="Barcode">{i.barcode}</Detail>}
      {low ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          Low stock: only {i.quantity} {i.unit} left. Consider creating a reorder request.
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mt: 2 }}>
          Stock level is fine.
        </Alert>
      )}
      <Box sx={{ mt: 2 }}>
        <TransferButton itemId={i.id} name={i.name} variant="contained" />
      </Box>
    </ResultCard>
  );
}
