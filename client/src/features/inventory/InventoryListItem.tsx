import DeleteIconMui from "@mui/icons-material/DeleteOutlined";
import EditIconMui from "@mui/icons-material/EditOutlined";
import PlaceIconMui from "@mui/icons-material/PlaceOutlined";
import WarningIconMui from "@mui/icons-material/WarningAmber";
import ScienceIconMui from "@mui/icons-material/ScienceOutlined";
import AssignmentIconMui from "@mui/icons-material/AssignmentTurnedInOutlined";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Theme } from "@mui/material/styles";
import { Link as RouterLink } from "react-router-dom";
import { recordApplicationPath } from "../applications/index.ts";
import { Box, Chip, IconButton, Stack, TableCell, TableRow, Typography } from "@mui/material";
import { CardButton } from "../../components/CardButton.tsx";
import { CardChip, CardHead, useCardSheet } from "../../components/cardParts.tsx";
import { useSheet } from "../../components/sheet.ts";
import { DeferredTooltip } from "../../components/deferred.tsx";
import { graphql, useFragment } from "react-relay";
import type { InventoryListItem_item$key } from "../../__generated__/InventoryListItem_item.graphql.ts";
import { PrintLabelButton } from "../labels/index.ts";
import { StockByLocation } from "./StockByLocation.tsx";
import { TransferButton } from "../stock/index.ts";
import { isApplied } from "./chemicalUse.ts";
import type { UseTarget } from "./RecordUseDialog.tsx";
import { OnOrderChip } from "./OnOrderChip.tsx";
import { StockStatusChip } from "./StockStatusChip.tsx";
import { LabelFactsChips } from "./LabelFactsChips.tsx";
import { useWaitingFor } from "../../offline/useOffline.ts";
import { plainIcon } from "../../components/plainIcon.tsx";

// Plain <svg>s with MUI's look (components/plainIcon.tsx): a list repeats them on every card.
const DeleteIcon = plainIcon(DeleteIconMui);
const EditIcon = plainIcon(EditIconMui);
const PlaceIcon = plainIcon(PlaceIconMui);
const WarningIcon = plainIcon(WarningIconMui);
const ScienceIcon = plainIcon(ScienceIconMui);
const AssignmentIcon = plainIcon(AssignmentIconMui);

type Props = {
  item: InventoryListItem_item$key;
  layout: "row" | "card";
  onEdit(id: string): void;
  /** Only for managers (§6). */
  onDelete?: (item: { id: string; name: string }) => void;
  /** 'Record use' of a chemical (shown for applied products). */
  onRecordUse?: (item: UseTarget) => void;
};

function Hazardous() {
  const { t } = useLingui();
  return <CardChip className="tl-hazard" icon={<WarningIcon className="tl-chip-icon" />} label={t`Hazardous`} />;
}

/** The phone card's own layout (with the card parts of `useCardSheet`): MUI's CardContent, Stack and CardActions as they were styled here. */
const inventoryCardRules = ({ palette }: Theme) => [
  `.tl-card-body.tl-inv-body{padding-bottom:4px}`,
  `.tl-inv-line{display:flex;flex-wrap:wrap;align-items:center;column-gap:8px;row-gap:4px}`,
  `.tl-inv-stock{margin-top:8px;column-gap:16px}`,
  `.tl-inv-mt{margin-top:4px}`,
  `.tl-inv-qty{font-size:18px}`,
  `.tl-inv-min{color:${palette.text.secondary};font-size:12px;margin-left:8px}`,
  `.tl-inv-place{display:flex;align-items:center;gap:4px;min-width:0}`,
  `.tl-inv-place-icon.tl-inv-place-icon{font-size:16px}`,
  `.tl-inv-actions{display:flex;align-items:center;justify-content:flex-end;flex-wrap:wrap;row-gap:4px;padding:0 8px 8px}`,
  `.tl-inv-actions>:not(style)~:not(style){margin-left:8px}`,
  `.tl-inv-actions .tl-btn{white-space:nowrap;flex-shrink:0}`,
  `.tl-hazard.tl-chip{height:20px;font-size:11px;font-weight:600;color:#7a3e00;background-color:#fff3e0}`,
  `.tl-hazard>.tl-chip-icon.tl-chip-icon{font-size:14px;color:#c25e00}`,
];

/** One inventory item, as a table row (desktop) or a card (phone). */
export function InventoryListItem({ item, layout, onEdit, onDelete, onRecordUse }: Props) {
  const i = useFragment(
    graphql`
      fragment InventoryListItem_item on InventoryItem {
        id
        name
        description
        category
        quantity
        minQuantity
        unit
        location
        hazardous
        stockStatus
        onOrder
        epaRegistrationNumber
        restrictedUse
        signalWord
        containerSize {
          amount
        }
        stockText
        stockLevels {
          quantity
          location {
            id
            name
          }
        }
        ...StockByLocation_item
      }
    `,
    item,
  );

  const { t } = useLingui();
  const name = i.name;
  const measured = i.stockText;
  const waiting = useWaitingFor(i.id);
  useCardSheet();
  useSheet("inventory-card", inventoryCardRules);
  const canRecordUse = Boolean(onRecordUse) && isApplied(i);
  const recordUse = () =>
    onRecordUse?.({
      id: i.id,
      name: i.name,
      unit: i.unit,
      quantity: i.quantity,
      epaRegistrationNumber: i.epaRegistrationNumber,
      levels: i.stockLevels.filter((l) => l.quantity > 0).map((l) => ({ locationId: l.location.id, name: l.location.name, quantity: l.quantity })),
    });

  if (layout === "card") {
    return (
      <article className="tl-card" aria-label={i.name}>
        <div className="tl-card-body tl-inv-body">
          <CardHead
            title={i.name}
            anywhere
            aside={
              <>
                <StockStatusChip status={i.stockStatus} />
                {waiting && <CardChip outlined label={t`Waiting to sync`} />}
              </>
            }
          >
            <div className="tl-inv-line">
              <p className="tl-t tl-body2 tl-secondary">{i.category}</p>
              {i.hazardous && <Hazardous />}
              <LabelFactsChips restrictedUse={i.restrictedUse} signalWord={i.signalWord} />
            </div>
          </CardHead>
          {i.description && <p className="tl-t tl-body2 tl-secondary tl-anywhere tl-inv-mt">{i.description}</p>}
          <div className="tl-inv-line tl-inv-stock">
            <p className="tl-t tl-body2 tl-nowrap">
              <strong className="tl-inv-qty">{i.quantity}</strong> {i.unit}
              <span className="tl-inv-min">
                <Trans>Min: {i.minQuantity}</Trans>
              </span>
            </p>
            {i.containerSize && (
              <p className="tl-t tl-body2 tl-secondary" aria-label={t`Measured stock: ${measured}`}>
                {i.stockText}
              </p>
            )}
            <OnOrderChip onOrder={i.onOrder} unit={i.unit} />
            {i.location && (
              <div className="tl-inv-place tl-secondary">
                <PlaceIcon className="tl-inv-place-icon" />
                <p className="tl-t tl-body2">{i.location}</p>
              </div>
            )}
          </div>
          <div className="tl-inv-mt">
            <StockByLocation item={i} variant="card" />
          </div>
        </div>
        <div className="tl-inv-actions">
          {canRecordUse && (
            <CardButton startIcon={<ScienceIcon />} onClick={recordUse} aria-label={t`Record use of ${name}`}>
              <Trans>Record use</Trans>
            </CardButton>
          )}
          {canRecordUse && (
            <CardButton startIcon={<AssignmentIcon />} to={recordApplicationPath(i.id)} aria-label={t`Record application of ${name}`}>
              <Trans>Record application</Trans>
            </CardButton>
          )}
          <TransferButton itemId={i.id} name={i.name} variant="button" />
          <PrintLabelButton id={i.id} name={i.name} variant="button" />
          <CardButton startIcon={<EditIcon />} onClick={() => onEdit(i.id)} aria-label={t`Edit ${name}`}>
            <Trans>Edit</Trans>
          </CardButton>
          {onDelete && (
            <CardButton color="error" startIcon={<DeleteIcon />} onClick={() => onDelete(i)} aria-label={t`Delete ${name}`}>
              <Trans>Delete</Trans>
            </CardButton>
          )}
        </div>
      </article>
    );
  }

  return (
    <TableRow hover>
      <TableCell sx={{ maxWidth: 280 }}>
        <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", columnGap: 1, rowGap: 0.25 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {i.name}
          </Typography>
          {i.hazardous && <Hazardous />}
          <LabelFactsChips restrictedUse={i.restrictedUse} signalWord={i.signalWord} />
        </Stack>
        {i.description && (
          <Typography variant="caption" color="textSecondary" noWrap component="div" title={i.description}>
            {i.description}
          </Typography>
        )}
        {/* The measured stock: in this wide cell, so the quantity column stays narrow. */}
        {i.containerSize && (
          <Typography variant="caption" component="div" aria-label={t`Measured stock: ${measured}`}>
            <Trans>In stock: {measured}</Trans>
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{i.category}</TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {i.quantity}
        </Typography>
        <Typography variant="caption" color="textSecondary" sx={{ whiteSpace: "nowrap" }}>
          <Trans>Min: {i.minQuantity}</Trans>
        </Typography>
        {i.onOrder > 0 && (
          <Box sx={{ mt: 0.5 }}>
            <OnOrderChip onOrder={i.onOrder} unit={i.unit} />
          </Box>
        )}
      </TableCell>
      <TableCell>{i.unit}</TableCell>
      <TableCell>
        <StockStatusChip status={i.stockStatus} />
        {waiting && <Chip size="small" variant="outlined" label={t`Waiting to sync`} sx={{ ml: 0.5 }} />}
      </TableCell>
      <TableCell>
        <StockByLocation item={i} variant="row" />
        {i.location && (
          <Typography variant="caption" color="textSecondary" component="div" noWrap title={i.location} sx={{ maxWidth: 200 }}>
            {i.location}
          </Typography>
        )}
      </TableCell>
      {/* Up to six actions: in one line where the table has room, else three to a line (not scrolled past the card's edge). */}
      <TableCell align="right" sx={{ minWidth: 90 }}>
        {canRecordUse && (
          <DeferredTooltip title={t`Record use`}>
            <IconButton size="small" aria-label={t`Record use of ${name}`} onClick={recordUse}>
              <ScienceIcon fontSize="small" />
            </IconButton>
          </DeferredTooltip>
        )}
        {canRecordUse && (
          <DeferredTooltip title={t`Record application`}>
            <IconButton size="small" aria-label={t`Record application of ${name}`} component={RouterLink} to={recordApplicationPath(i.id)}>
              <AssignmentIcon fontSize="small" />
            </IconButton>
          </DeferredTooltip>
        )}
        <TransferButton itemId={i.id} name={i.name} variant="icon" />
        <PrintLabelButton id={i.id} name={i.name} variant="icon" />
        <DeferredTooltip title={t`Edit`}>
          <IconButton size="small" aria-label={t`Edit ${name}`} onClick={() => onEdit(i.id)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </DeferredTooltip>
        {onDelete && (
          <DeferredTooltip title={t`Delete`}>
            <IconButton size="small" color="error" aria-label={t`Delete ${name}`} onClick={() => onDelete(i)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </DeferredTooltip>
        )}
      </TableCell>
    </TableRow>
  );
}
