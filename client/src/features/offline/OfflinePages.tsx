import CloudOffIcon from "@mui/icons-material/CloudOffOutlined";
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { useMemo, useState, type ReactNode } from "react";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { shortDate } from "../../platform/dates.ts";
import { Link as RouterLink } from "react-router-dom";
import { useSession } from "../../platform/session.ts";
import { useToast } from "../../platform/toast.tsx";
import { CheckOutDialog, useCheckIn } from "../equipment/index.ts";
import { isApplied, RecordUseDialog, type UseTarget } from "../inventory/index.ts";
import type { EquipmentRow, ItemRow } from "../../offline/db.ts";
import type { LocalView, Pending } from "../../offline/network.ts";
import { lastSyncedText, useLocalView } from "../../offline/useOffline.ts";
import { SearchField } from "../../components/list/SearchField.tsx";

/**
 * What /, /inventory, /equipment and /requests show with no network: the phone's copy, with the
 * changes queued on this phone applied and marked 'Waiting to sync'. Equipment can be checked out
 * and in, and chemical use recorded, from here; those changes join the queue.
 */
export default function OfflinePage({ path }: { path: string }) {
  const { viewer } = useSession();
  const { t } = useLingui();
  const view = useLocalView(String(viewer.databaseId));
  if (view === undefined) return null;
  return (
    <Stack spacing={2}>
      <Alert severity="info" icon={<CloudOffIcon />}>
        {view
          ? t`You are offline. Showing what this phone keeps. ${lastSyncedText(view.syncedAt)}.`
          : t`You are offline. Nothing is kept on this phone yet: open the app once with a connection.`}
      </Alert>
      {view && path === "/equipment" && <EquipmentList view={view} />}
      {view && path === "/inventory" && <InventoryList view={view} />}
      {view && path === "/requests" && <RequestList view={view} />}
      {path === "/" && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 1 }}>
          {[
            [t`QR Scanner`, "/scan"],
            [t`Equipment`, "/equipment"],
            [t`Inventory`, "/inventory"],
            [t`My open requests`, "/requests"],
          ].map(([label, to]) => (
            <Button key={to} variant="outlined" component={RouterLink} to={to!}>
              {label}
            </Button>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function useSearch<T extends { name: string; category: string }>(rows: T[], extra: (r: T) => (string | null)[]) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const shown = useMemo(() => {
    const s = text.trim().toLowerCase();
    return s ? rows.filter((r) => [r.name, r.category, ...extra(r)].some((f) => f?.toLowerCase().includes(s))) : rows;
  }, [rows, text, extra]);
  const field = <SearchField label={t`Search`} value={text} onChange={setText} fullWidth />;
  return {
    field,
    shown: shown.slice(0, 200),
    more: Math.max(0, shown.length - 200),
  };
}

function Row({ title, children, actions, pending }: { title: string; children: ReactNode; actions?: ReactNode; pending?: boolean }) {
  const { t } = useLingui();
  return (
    <Card component="article" aria-label={title}>
      <CardContent
        sx={{
          display: "flex",
          gap: 1,
          flexWrap: "wrap",
          alignItems: "center",
          "&:last-child": { pb: 2 },
        }}
      >
        <Box sx={{ flex: "1 1 220px", minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
          <Typography variant="body2" color="textSecondary" component="div">
            {children}
          </Typography>
        </Box>
        {pending && <Chip size="small" variant="outlined" label={t`Waiting to sync`} />}
        {actions}
      </CardContent>
    </Card>
  );
}

const statusLabel: Record<string, MessageDescriptor> = {
  available: msg`Available`,
  checked_out: msg`Checked Out`,
  maintenance: msg`Maintenance`,
  repair: msg`Repair`,
};
const equipmentExtra = (e: EquipmentRow) => [e.serialNumber, e.assignedTo, e.location];

function EquipmentList({ view }: { view: LocalView }) {
  const { field, shown, more } = useSearch(view.equipment, equipmentExtra);
  const [asking, setAsking] = useState<EquipmentRow | null>(null);
  const { checkIn } = useCheckIn("scanner");
  const { t, i18n } = useLingui();
  return (
    <Stack spacing={1.5}>
      {field}
      {shown.map((e: EquipmentRow & Pending) => (
        <Row
          key={e.id}
          title={e.name}
          pending={Boolean(e.pendingKey)}
          actions={
            e.status === "available" ? (
              <Button variant="contained" size="small" onClick={() => setAsking(e)}>
                <Trans>Check Out</Trans>
              </Button>
            ) : e.status === "checked_out" ? (
              <Button variant="contained" color="secondary" size="small" onClick={() => checkIn(e)}>
                <Trans>Check In</Trans>
              </Button>
            ) : null
          }
        >
          {[e.serialNumber, e.category, statusLabel[e.status] ? i18n._(statusLabel[e.status]!) : e.status, e.assignedTo ? t`Assigned to ${e.assignedTo}` : null]
            .filter(Boolean)
            .join(" · ")}
        </Row>
      ))}
      {more > 0 && <Typography color="textSecondary">{t`${more} more: search to narrow the list`}</Typography>}
      {shown.length === 0 && (
        <Typography color="textSecondary">
          <Trans>No equipment found</Trans>
        </Typography>
      )}
      <CheckOutDialog target={asking} surface="scanner" suggestions={view.team.map((t) => t.name)} onClose={() => setAsking(null)} />
    </Stack>
  );
}

const itemExtra = (i: ItemRow) => [i.description, i.barcode, i.location];

function InventoryList({ view }: { view: LocalView }) {
  const { field, shown, more } = useSearch(view.inventory, itemExtra);
  const [using, setUsing] = useState<UseTarget | null>(null);
  const { toast } = useToast();
  const { t } = useLingui();
  const openSds = async (url: string) => {
    // Served by the service worker from the copy kept when this sheet was last opened with a connection.
    const response = await fetch(url, { credentials: "same-origin" }).catch(() => null);
    if (!response?.ok)
      return toast({
        title: t`SDS not on this phone`,
        description: t`Open it once with a connection to keep it for offline use.`,
        variant: "destructive",
      });
    window.open(URL.createObjectURL(await response.blob()), "_blank", "noopener");
  };
  return (
    <Stack spacing={1.5}>
      {field}
      {shown.map((i: ItemRow & Pending) => (
        <Row
          key={i.id}
          title={i.name}
          pending={Boolean(i.pendingKey)}
          actions={
            <Stack direction="row" spacing={1}>
              {i.sdsFileUrl && (
                <Button size="small" variant="outlined" onClick={() => void openSds(i.sdsFileUrl!)}>
                  <Trans>SDS</Trans>
                </Button>
              )}
              {isApplied(i) && (
                <Button size="small" variant="contained" disabled={i.quantity < 1} onClick={() => setUsing(i)}>
                  <Trans>Record Use</Trans>
                </Button>
              )}
            </Stack>
          }
        >
          {[i.category, t`${i.quantity} ${i.unit} in stock`, i.quantity <= i.minQuantity ? t`Low stock` : null, i.location].filter(Boolean).join(" · ")}
        </Row>
      ))}
      {more > 0 && <Typography color="textSecondary">{t`${more} more: search to narrow the list`}</Typography>}
      {shown.length === 0 && (
        <Typography color="textSecondary">
          <Trans>No items found</Trans>
        </Typography>
      )}
      {using && <RecordUseDialog item={using} onClose={() => setUsing(null)} />}
    </Stack>
  );
}

function RequestList({ view }: { view: LocalView }) {
  const { t } = useLingui();
  return (
    <Stack spacing={1.5}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        <Trans>My open requests</Trans>
      </Typography>
      {view.requests.length === 0 && (
        <Typography color="textSecondary">
          <Trans>No open requests</Trans>
        </Typography>
      )}
      {view.requests.map((r: LocalView["requests"][number]) => (
        <Row key={r.id} title={r.items.map((l) => `${l.name} × ${l.quantity}`).join(", ") || t`Request`} pending={Boolean(r.pendingKey)}>
          {[r.type === "equipment" ? t`Equipment` : t`Inventory`, t`Pending`, shortDate(r.createdAt), r.justification]
            .filter(Boolean)
            .join(" · ")}
        </Row>
      ))}
    </Stack>
  );
}
