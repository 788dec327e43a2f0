import { Box, Stack, Typography } from "@mui/material";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Theme } from "@mui/material/styles";
import { useCardSheet } from "../../components/cardParts.tsx";
import { DeferredTooltip } from "../../components/deferred.tsx";
import { useSheet } from "../../components/sheet.ts";
import { KindIcon } from "../../components/LocationKindIcon.tsx";
import { graphql, useFragment } from "react-relay";
import type { StockByLocation_item$key } from "../../__generated__/StockByLocation_item.graphql.ts";

/** The phone card's line (with the card parts of `useCardSheet`), as MUI's Stack and Typography styled it. */
const cardRules = ({ palette }: Theme) => [
  `.tl-sbl{display:flex;flex-wrap:wrap;column-gap:12px;row-gap:2px;list-style:none;padding:0;margin:0}`,
  `.tl-sbl>li{display:flex;align-items:center;gap:4px;min-width:0}`,
  `.tl-sbl-name{max-width:140px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}`,
  `.tl-sbl-qty{font-weight:700}`,
  `.tl-sbl-qty.tl-sbl-below{color:${palette.error.main}}`,
];

/** How many locations a table row lists before '+N more'. */
const ROW_MAX = 3;

/**
 * Where an item's stock is (issue 15): each location holding it or with a minimum for it, and how
 * much is there. `row`: a few lines for the inventory table; `card`: one wrapping line for the
 * phone; `detail`: every location with its own minimum, for the item dialog.
 */
export function StockByLocation({ item, variant }: { item: StockByLocation_item$key; variant: "row" | "card" | "detail" }) {
  const { stockLevels, unit } = useFragment(
    graphql`
      fragment StockByLocation_item on InventoryItem {
        unit
        stockLevels {
          quantity
          minQuantity
          belowMinimum
          location {
            id
            name
            kind
          }
        }
      }
    `,
    item,
  );
  const { t } = useLingui();
  useCardSheet();
  useSheet("stock-by-location", cardRules);
  const levels = stockLevels.filter((l) => l.quantity > 0 || l.minQuantity !== null);
  if (!levels.length) {
    return (
      <Typography component="span" variant="body2" color="textDisabled">
        {variant === "detail" ? t`No stock at any location` : "—"}
      </Typography>
    );
  }
  const below = (l: (typeof levels)[number]) => (l.belowMinimum ? { color: "error.main", fontWeight: 700 } : {});

  if (variant === "card") {
    return (
      <ul aria-label={t`Stock by location`} className="tl-sbl">
        {levels.map((l) => (
          <li key={l.location.id}>
            <KindIcon kind={l.location.kind} size={14} />
            <span className="tl-t tl-caption tl-secondary tl-sbl-name">{l.location.name}</span>
            <span className={`tl-t tl-caption tl-sbl-qty${l.belowMinimum ? " tl-sbl-below" : ""}`}>{l.quantity}</span>
          </li>
        ))}
      </ul>
    );
  }

  if (variant === "row") {
    const shown = levels.slice(0, ROW_MAX);
    const rest = levels.slice(ROW_MAX);
    return (
      <Box component="ul" aria-label={t`Stock by location`} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {shown.map((l) => (
          <Stack component="li" key={l.location.id} direction="row" spacing={0.5} sx={{ alignItems: "center", minWidth: 0 }}>
            <KindIcon kind={l.location.kind} size={14} />
            <Typography variant="body2" noWrap sx={{ maxWidth: 150, fontSize: 13 }} title={l.location.name}>
              {l.location.name}
            </Typography>
            <Typography variant="body2" sx={{ fontSize: 13, fontWeight: 600, ...below(l) }}>
              {l.quantity}
            </Typography>
          </Stack>
        ))}
        {rest.length > 0 && (
          <DeferredTooltip title={rest.map((l) => `${l.location.name}: ${l.quantity}`).join(", ")}>
            <Typography component="li" variant="caption" color="textSecondary" tabIndex={0}>
              {plural(rest.length, { one: "+# more", other: "+# more" })}
            </Typography>
          </DeferredTooltip>
        )}
      </Box>
    );
  }

  return (
    <Box component="table" aria-label={t`Stock by location`} sx={{ width: "100%", borderCollapse: "collapse", "& td, & th": { py: 0.5, px: 1, borderBottom: 1, borderColor: "divider", fontSize: 14 } }}>
      <thead>
        <tr>
          <Box component="th" sx={{ textAlign: "left", color: "text.secondary", fontWeight: 600 }}>
            <Trans>Location</Trans>
          </Box>
          <Box component="th" sx={{ textAlign: "right", color: "text.secondary", fontWeight: 600 }}>
            <Trans>Quantity</Trans>
          </Box>
          <Box component="th" sx={{ textAlign: "right", color: "text.secondary", fontWeight: 600 }}>
            <Trans>Its minimum</Trans>
          </Box>
        </tr>
      </thead>
      <tbody>
        {levels.map((l) => (
          <tr key={l.location.id}>
            <td>
              <Stack direction="row" spacing={0.75} sx={{ alignItems: "center" }}>
                <KindIcon kind={l.location.kind} />
                <span>{l.location.name}</span>
              </Stack>
            </td>
            <Box component="td" sx={{ textAlign: "right", ...below(l) }}>
              {l.quantity} {unit}
            </Box>
            <Box component="td" sx={{ textAlign: "right", color: "text.secondary" }}>
              {l.minQuantity ?? "—"}
            </Box>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
