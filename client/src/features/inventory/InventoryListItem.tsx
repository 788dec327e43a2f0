import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import EditIcon from "@mui/icons-material/EditOutlined";
import PlaceIcon from "@mui/icons-material/PlaceOutlined";
import WarningIcon from "@mui/icons-material/WarningAmber";
import ScienceIcon from "@mui/icons-material/ScienceOutlined";
import AssignmentIcon from "@mui/icons-material/AssignmentTurnedInOutlined";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RouterLink } from "react-router-dom";
import { recordApplicationPath } from "../applications/index.ts";
import { Box, Card, CardActions, CardContent, Chip, IconButton, Stack, TableCell, TableRow, Typography } from "@mui/material";
import { CardButton } from "../../components/CardButton.tsx";
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
  return (
    <Chip
      size="small"
      icon={<WarningIcon />}
      label={t`Hazardous`}
      sx={{ height: 20, fontSize: 11, fontWeight: 600, color: "#7a3e00", bgcolor: "#fff3e0", "& .MuiChip-icon": { fontSize: 14, color: "#c25e00" } }}
    />
  );
}

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
      <Card component="article" aria-label={i.name}>
        <CardContent sx={{ pb: 0.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", justifyContent: "space-between" }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: "anywhere" }}>
                {i.name}
              </Typography>
              <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", columnGap: 1, rowGap: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  {i.category}
                </Typography>
                {i.hazardous && <Hazardous />}
                <LabelFactsChips restrictedUse={i.restrictedUse} signalWord={i.signalWord} />
              </Stack>
            </Box>
            <StockStatusChip status={i.stockStatus} />
            {waiting && <Chip size="small" variant="outlined" label={t`Waiting to sync`} />}
          </Stack>
          {i.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
              {i.description}
            </Typography>
          )}
          <Stack direction="row" sx={{ mt: 1, alignItems: "center", columnGap: 2, rowGap: 0.5, flexWrap: "wrap" }}>
            <Typography variant="body2" sx={{ whiteSpace: "nowrap" }}>
              <Box component="strong" sx={{ fontSize: 18 }}>
                {i.quantity}
              </Box>{" "}
              {i.unit}
              <Box component="span" sx={{ color: "text.secondary", fontSize: 12, ml: 1 }}>
                <Trans>Min: {i.minQuantity}</Trans>
              </Box>
            </Typography>
            {i.containerSize && (
              <Typography variant="body2" color="text.secondary" aria-label={t`Measured stock: ${measured}`}>
                {i.stockText}
              </Typography>
            )}
            <OnOrderChip onOrder={i.onOrder} unit={i.unit} />
            {i.location && (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", color: "text.secondary", minWidth: 0 }}>
                <PlaceIcon sx={{ fontSize: 16 }} />
                <Typography variant="body2">{i.location}</Typography>
              </Stack>
            )}
          </Stack>
          <Box sx={{ mt: 0.5 }}>
            <StockByLocation item={i} variant="card" />
          </Box>
        </CardContent>
        <CardActions sx={{ justifyContent: "flex-end", flexWrap: "wrap", rowGap: 0.5, pt: 0, pb: 1, "& .tl-btn": { whiteSpace: "nowrap", flexShrink: 0 } }}>
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
        </CardActions>
      </Card>
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
          <Typography variant="caption" color="text.secondary" noWrap component="div" title={i.description}>
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
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: "nowrap" }}>
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
          <Typography variant="caption" color="text.secondary" component="div" noWrap title={i.location} sx={{ maxWidth: 200 }}>
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
