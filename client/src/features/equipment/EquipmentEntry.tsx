import EditIconMui from "@mui/icons-material/Edit";
import EventIconMui from "@mui/icons-material/Event";
import HandymanIconMui from "@mui/icons-material/Handyman";
import LoginIconMui from "@mui/icons-material/Login";
import LogoutIconMui from "@mui/icons-material/Logout";
import { Box, IconButton, TableCell, TableRow, Typography } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { CardButton } from "../../components/CardButton.tsx";
import { CardChip, CardHead, useCardSheet } from "../../components/cardParts.tsx";
import { useSheet } from "../../components/sheet.ts";
import { DeferredTooltip } from "../../components/deferred.tsx";
import { graphql, useFragment } from "react-relay";
import type { EquipmentEntry_equipment$key } from "../../__generated__/EquipmentEntry_equipment.graphql.ts";
import { PrintLabelButton } from "../labels/index.ts";
import { formatCalendarDate, formatLocalDate } from "./dates.ts";
import type { MaintenanceTarget } from "./RecordMaintenanceDialog.tsx";
import { labelForStatus, statusChipClass, statusChipRules } from "./status.ts";
import { useWaitingFor } from "../../offline/useOffline.ts";
import { useCheckIn } from "./equipmentMoves.ts";
import { plainIcon } from "../../components/plainIcon.tsx";

// Plain <svg>s with MUI's look (components/plainIcon.tsx): a list repeats them on every card.
const EditIcon = plainIcon(EditIconMui);
const EventIcon = plainIcon(EventIconMui);
const HandymanIcon = plainIcon(HandymanIconMui);
const LoginIcon = plainIcon(LoginIconMui);
const LogoutIcon = plainIcon(LogoutIconMui);

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
  useCardSheet();
  useSheet("equipment-status", statusChipRules);
  const status = (
    <div className="tl-chips">
      <CardChip label={labelForStatus(e.status)} className={statusChipClass(e.status)} />
      {waiting && <CardChip outlined label={t`Waiting to sync`} />}
    </div>
  );
  const assigned = e.assignedTo ? (
    <div>
      <p className="tl-t tl-body2">{e.assignedTo}</p>
      {e.assignedAt && (
        <span className="tl-t tl-caption tl-secondary tl-nowrap">
          <Trans>Since {formatLocalDate(e.assignedAt)}</Trans>
        </span>
      )}
    </div>
  ) : (
    <p className="tl-t tl-body2 tl-secondary">—</p>
  );

  const row = layout === "row";
  const actions = (
    <div className="tl-actions">
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
    </div>
  );

  if (row) {
    return (
      <TableRow hover>
        <TableCell>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {e.name}
          </Typography>
          {e.description && (
            <Typography variant="caption" color="textSecondary" sx={{ display: "block", maxWidth: 200 }} noWrap title={e.description}>
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
    <article className="tl-card" aria-label={e.name}>
      <div className="tl-card-body">
        <CardHead title={e.name} aside={status}>
          <p className="tl-t tl-body2 tl-secondary">
            {e.category}
            {e.serialNumber && (
              <>
                {" · "}
                <span className="tl-nowrap">{e.serialNumber}</span>
              </>
            )}
          </p>
        </CardHead>
        <dl className="tl-facts">
          <dt>
            <Trans>Assigned To</Trans>
          </dt>
          <dd>{assigned}</dd>
          <dt>
            <Trans>Location</Trans>
          </dt>
          <dd>
            <p className="tl-t tl-body2">{e.location ?? "—"}</p>
          </dd>
          {e.nextMaintenance && (
            <>
              <dt>
                <Trans>Next maintenance</Trans>
              </dt>
              <dd>
                <p className="tl-t tl-body2">{formatCalendarDate(e.nextMaintenance)}</p>
              </dd>
            </>
          )}
        </dl>
        {actions}
      </div>
    </article>
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
