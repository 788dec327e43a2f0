import BuildIcon from "@mui/icons-material/Build";
import Inventory2Icon from "@mui/icons-material/Inventory2";
import {
  Alert, Box, Button, Card, CardContent, CardHeader, Chip, Stack, Typography,
} from "@mui/material";
import { useState, type ReactNode } from "react";
import { t as tNow } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useFragment } from "react-relay";
import type { ScanResultCard_equipment$key } from "../../__generated__/ScanResultCard_equipment.graphql.ts";
import type { ScanResultCard_item$key } from "../../__generated__/ScanResultCard_item.graphql.ts";
import { CheckOutDialog, labelForStatus, useCheckIn } from "../equipment/index.ts";
import { shortDateTime } from "../../platform/dates.ts";
import { useWaitingFor } from "../../offline/useOffline.ts";
import { TransferButton } from "../stock/index.ts";
import { isApplied, LabelFactsChips } from "../inventory/index.ts";
import { recordApplicationPath } from "../applications/index.ts";
import { Link as RouterLink } from "react-router-dom";

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
      <Typography variant="body2" color="textSecondary" sx={{ width: 110, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 500, minWidth: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Stack>
  );
}

const statusChipColor: Record<string, "success" | "primary" | "warning" | "error"> = {
  available: "success",
  checked_out: "primary",
  maintenance: "warning",
  repair: "error",
};

function ResultCard({ icon, title, kind, children }: { icon: ReactNode; title: string; kind: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Card aria-label={t`Scanned item`} component="section">
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

/** Why equipment in maintenance or repair cannot be checked out (in the app's language at the time of the call). */
function notAvailable(status: string): string {
  switch (status) {
    case "maintenance":
      return tNow`This equipment is in maintenance and cannot be checked out.`;
    case "repair":
      return tNow`This equipment is in repair and cannot be checked out.`;
    default:
      return tNow`This equipment is in ${status} and cannot be checked out.`;
  }
}

function EquipmentResult({ equipment, onEvent }: { equipment: ScanResultCard_equipment$key; onEvent: OnEvent }) {
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
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const waiting = useWaitingFor(e.id);
  const { checkIn: commitIn, pending: checkingIn } = useCheckIn("scanner");

  // A change queued offline is logged in the history like one applied.
  const logged = (action: ScanHistoryEntry["action"], assignedTo: string | null) => onEvent({ itemId: e.id, itemName: e.name, itemType: "equipment", action, assignedTo });
  const checkIn = () => {
    const from = e.assignedTo ?? null;
    commitIn(e, () => logged("check_in", from));
  };

  return (
    <ResultCard icon={<BuildIcon color="primary" />} title={e.name} kind={t`Equipment`}>
      <Detail label={t`Serial Number`}>{e.serialNumber ?? "—"}</Detail>
      <Detail label={t`Category`}>{e.category}</Detail>
      <Detail label={t`Status`}>
        <Chip size="small" label={labelForStatus(e.status)} color={statusChipColor[e.status] ?? "default"} />
        {waiting && <Chip size="small" variant="outlined" label={t`Waiting to sync`} sx={{ ml: 1 }} />}
      </Detail>
      {e.assignedTo && (
        <Detail label={t`Assigned To`}>
          {e.assignedTo}
          {e.assignedAt ? (
            <Typography variant="caption" color="textSecondary" component="div">
              <Trans>Since {shortDateTime(e.assignedAt as string)}</Trans>
            </Typography>
          ) : null}
        </Detail>
      )}
      {e.location && <Detail label={t`Location`}>{e.location}</Detail>}
      <Box sx={{ mt: 2 }}>
        {e.status === "available" && (
          <Button variant="contained" fullWidth onClick={() => setAsking(true)}>
            <Trans>Check Out</Trans>
          </Button>
        )}
        {e.status === "checked_out" && (
          <Button variant="contained" color="secondary" fullWidth disabled={checkingIn} onClick={checkIn}>
            <Trans>Check In</Trans>
          </Button>
        )}
        {e.status !== "available" && e.status !== "checked_out" && (
          <Alert severity="info">{notAvailable(e.status)}</Alert>
        )}
      </Box>
      <CheckOutDialog
        target={asking ? e : null}
        surface="scanner"
        onCheckedOut={(person) => logged("check_out", person)}
        onClose={() => setAsking(false)}
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
        restrictedUse
        signalWord
        epaRegistrationNumber
        containerSize {
          amount
        }
        stockText
      }
    `,
    item,
  );
  const { t } = useLingui();
  // §4: the scanner page's low-stock warning uses minQuantity, or 5 if it is missing.
  const threshold = i.minQuantity ?? 5;
  const low = i.quantity <= threshold;
  return (
    <ResultCard icon={<Inventory2Icon color="primary" />} title={i.name} kind={t`Inventory Item`}>
      <Detail label={t`Category`}>
        <Stack direction="row" component="span" sx={{ alignItems: "center", flexWrap: "wrap", columnGap: 1, rowGap: 0.5 }}>
          <span>{i.category}</span>
          <LabelFactsChips restrictedUse={i.restrictedUse} signalWord={i.signalWord} />
        </Stack>
      </Detail>
      <Detail label={t`In Stock`}>
        {i.quantity} {i.unit}
        {i.containerSize && i.stockText && (
          <Typography component="span" variant="body2" color="textSecondary" sx={{ display: "block" }}>
            {i.stockText}
          </Typography>
        )}
      </Detail>
      {i.epaRegistrationNumber && <Detail label={t`EPA Reg. No.`}>{i.epaRegistrationNumber}</Detail>}
      <Detail label={t`Minimum`}>
        {threshold} {i.unit}
      </Detail>
      {i.location && <Detail label={t`Location`}>{i.location}</Detail>}
      {i.barcode && <Detail label={t`Barcode`}>{i.barcode}</Detail>}
      {low ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <Trans>
            Low stock: only {i.quantity} {i.unit} left. Consider creating a reorder request.
          </Trans>
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mt: 2 }}>
          <Trans>Stock level is fine.</Trans>
        </Alert>
      )}
      <Stack spacing={1} sx={{ mt: 2 }}>
        {isApplied({ category: i.category }) && (
          <Button variant="contained" fullWidth component={RouterLink} to={recordApplicationPath(i.id)}>
            <Trans>Record application</Trans>
          </Button>
        )}
        <TransferButton itemId={i.id} name={i.name} variant="contained" />
      </Stack>
    </ResultCard>
  );
}
