import EditIcon from "@mui/icons-material/Edit";
import EventIcon from "@mui/icons-material/Event";
import HandymanIcon from "@mui/icons-material/Handyman";
import LoginIcon from "@mui/icons-material/Login";
import LogoutIcon from "@mui/icons-material/Logout";
import { Box, Card, CardContent, Chip, IconButton, Stack, TableCell, TableRow, Typography } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { CardButton } from "../../components/CardButton.tsx";
import { DeferredTooltip } from "../../components/deferred.tsx";
import { graphql, useFragment } from "react-relay";
import type { EquipmentEntry_equipment$key } from "../../__generated__/EquipmentEntry_equipment.graphql.ts";
import { PrintLabelButton } from "../labels/index.ts";
import { formatCalendarDate, formatLocalDate } from "./dates.ts";
import type { MaintenanceTarget } from "./RecordMaintenanceDialog.tsx";
import { labelForStatus, statusChipSx } from "./status.ts";
import { useWaitingFor } from "../../offline/useOffline.ts";
import { useCheckIn } from "./equipmentMoves.ts";

export type EntryActions = {
  onEdit(id: string): void;
  onCheckOut(target: { id: string; name: string }): void;
  onRecordMaintenance(target: MaintenanceTarget): void;
};

type Props = EntryActions & { equipment: EquipmentEntry_equipment$key; layout: "row" | "card" };

/** One piece of equipment: a table row on desktop, a card on phones. */
export function EquipmentEntry({ equipment, layout, onEdit, onCheckOut, onRecordMaintenance }: Props) {
  const { t } = useLingui();
  const e = useFragment(
    graphql`
      fragment EquipmentEntry_equipment on Equipment {
        id
        name
        description
        category
        serialNumber
        status
        assignedTo
        assignedAt
        location
        nextMaintenance
        maintenanceIntervalDays
        maintenanceDue
        maintenanceState
      }
    `,
    equipment,
  );
  const { checkIn, pending } = useCheckIn("page");
  const recordMaintenance = () =>
    onRecordMaintenance({ id: e.id, name: e.name, maintenanceIntervalDays: e.maintenanceIntervalDays ?? null, nextMaintenance: (e.nextMaintenance as string | null) ?? null });
  const waiting = useWaitingFor(e.id);
  const status = (
    <Stack direction="row" useFlexGap sx={{ gap: 0.5, flexWrap: "wrap" }}>
      <Chip size="small" label={labelForStatus(e.status)} sx={statusChipSx(e.status)} />
      {waiting && <Chip size="small" variant="outlined" label={t`Waiting to sync`} />}
    </Stack>
  );
  const assigned = e.assignedTo ? (
    <Box>
      <Typography variant="body2">{e.assignedTo}</Typography>
      {e.assignedAt && (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: "nowrap" }}>
          <Trans>Since {formatLocalDate(e.assignedAt)}</Trans>
        </Typography>
      )}
    </Box>
  ) : (
    <Typography variant="body2" color="text.secondary">
      —
    </Typography>
  );

  const row = layout === "row";
  const actions = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
      {row ? (
        <>
          <DeferredTooltip title={t`Edit`}>
            <IconButton size="small" aria-label={t`Edit`} onClick={() => onEdit(e.id)} sx={{ border: 1, borderColor: "divider" }}>
              <EditIcon fontSize="small" />
            </IconButton>
          </DeferredTooltip>
          <DeferredTooltip title={t`Record maintenance`}>
            <IconButton size="small" aria-label={t`Record maintenance`} onClick={recordMaintenance} sx={{ border: 1, borderColor: "divider" }}>
              <HandymanIcon fontSize="small" />
            </IconButton>
          </DeferredTooltip>
        </>
      ) : (
        <CardButton variant="outlined" startIcon={<EditIcon />} onClick={() => onEdit(e.id)}>
          <Trans>Edit</Trans>
        </CardButton>
      )}
      {e.status === "available" && (
        <CardButton variant="contained" startIcon={<LogoutIcon />} onClick={() => onCheckOut({ id: e.id, name: e.name })}>
          <Trans>Check Out</Trans>
        </CardButton>
      )}
      {e.status === "checked_out" && (
        <CardButton variant="outlined" color="secondary" startIcon={<LoginIcon />} disabled={pending} onClick={() => checkIn(e)}>
          <Trans>Check In</Trans>
        </CardButton>
      )}
      {e.maintenanceDue && e.nextMaintenance && (
        <MaintenanceDue overdue={e.maintenanceState === "OVERDUE"} date={e.nextMaintenance as string} onClick={recordMaintenance} />
      )}
      {!row && (
        <CardButton variant="outlined" startIcon={<HandymanIcon />} onClick={recordMaintenance}>
          <Trans>Record maintenance</Trans>
        </CardButton>
      )}
      {!row && <PrintLabelButton id={e.id} name={e.name} variant="button" />}
    </Stack>
  );

  if (row) {
    return (
      <TableRow hover>
        <TableCell>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {e.name}
          </Typography>
          {e.description && (
            <Typography variant="caption" color="text.secondary" sx={{ display: "block", maxWidth: 200 }} noWrap title={e.description}>
              {e.description}
            </Typography>
          )}
        </TableCell>
        <TableCell>{e.category}</TableCell>
        <TableCell sx={{ fontFamily: "monospace", fontSize: 12.5 }}>
          <Box component="span" sx={{ whiteSpace: "nowrap" }}>{e.serialNumber ?? "—"}</Box> <PrintLabelButton id={e.id} name={e.name} variant="icon" />
        </TableCell>
        <TableCell>{status}</TableCell>
        <TableCell>{assigned}</TableCell>
        <TableCell>{e.location ?? "—"}</TableCell>
        <TableCell sx={{ width: 240 }}>{actions}</TableCell>
      </TableRow>
    );
  }

  return (
    <Card component="article" aria-label={e.name}>
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", justifyContent: "space-between" }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {e.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {e.category}
              {e.serialNumber && (
                <>
                  {" · "}
                  <Box component="span" sx={{ whiteSpace: "nowrap" }}>
                    {e.serialNumber}
                  </Box>
                </>
              )}
            </Typography>
          </Box>
          {status}
        </Stack>
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 0.5, my: 1.5, "& dt": { color: "text.secondary", fontSize: 14 }, "& dd": { m: 0 } }}>
          <dt>
            <Trans>Assigned To</Trans>
          </dt>
          <dd>{assigned}</dd>
          <dt>
            <Trans>Location</Trans>
          </dt>
          <dd>
            <Typography variant="body2">{e.location ?? "—"}</Typography>
          </dd>
          {e.nextMaintenance && (
            <>
              <dt>
                <Trans>Next maintenance</Trans>
              </dt>
              <dd>
                <Typography variant="body2">{formatCalendarDate(e.nextMaintenance)}</Typography>
              </dd>
            </>
          )}
        </Box>
        {actions}
      </CardContent>
    </Card>
  );
}

/**
 * Shown while the server says maintenance is due (within 7 days or past); red when overdue. Opens the
 * dialog that records it.
 */
function MaintenanceDue({ overdue, date, onClick }: { overdue: boolean; date: string; onClick(): void }) {
  const { t } = useLingui();
  const when = formatCalendarDate(date);
  const note = overdue ? t`Overdue since ${when}` : t`Due ${when}`;
  return (
    <DeferredTooltip title={note} describeChild>
      <CardButton variant="contained" color={overdue ? "error" : "warning"} startIcon={<EventIcon />} onClick={onClick} data-urgency={overdue ? "overdue" : "soon"}>
        <Trans>Maintenance Due</Trans>
      </CardButton>
    </DeferredTooltip>
  );
}
