import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import { Button, CircularProgress, ListSubheader, Menu, MenuItem } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import type { ApproveFromMenuQuery } from "../../__generated__/ApproveFromMenuQuery.graphql.ts";
import { readPlaces, type StockPlace } from "../../components/stockPlaces.ts";
import { useOpenedOnce } from "../../components/deferred.tsx";


/**
 * Beside Approve on an inventory request: approve and issue the stock from another location than
 * the main warehouse (issue 15). The locations load when the menu first opens.
 */
export function ApproveFromMenu({ disabled, onPick }: { disabled: boolean; onPick(locationId: string): void }) {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [places, setPlaces] = useState<readonly StockPlace[] | null>(null);
  const [failed, setFailed] = useState(false);
  // The menu renders from its first opening (useOpenedOnce): a list holds one for every pending inventory request.
  const menuOpened = useOpenedOnce(anchor !== null);
  const open = (target: HTMLElement) => {
    setAnchor(target);
    if (places) return;
    setFailed(false);
    fetchQuery<ApproveFromMenuQuery>(
      environment,
      graphql`
        query ApproveFromMenuQuery {
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
    ).subscribe({ next: (d) => setPlaces(readPlaces(d.stockLocations)), error: () => setFailed(true) });
  };
  return (
    <>
      <Button
        size="small"
        variant="contained"
        aria-label={t`Issue from another location`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        disabled={disabled}
        onClick={(e) => open(e.currentTarget)}
        sx={{ minWidth: 0, px: 0.5, ml: "-6px !important", borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: 1, borderColor: "primary.dark" }}
      >
        <ArrowDropDownIcon fontSize="small" />
      </Button>
      {menuOpened && (
        <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          <ListSubheader>
            <Trans>Approve and issue from</Trans>
          </ListSubheader>
          {failed ? (
            <MenuItem disabled>
              <Trans>Could not load the locations</Trans>
            </MenuItem>
          ) : !places ? (
            <MenuItem disabled>
              <CircularProgress size={16} aria-label={t`Loading locations`} />
            </MenuItem>
          ) : (
            places.map((p) => (
              <MenuItem
                key={p.id}
                onClick={() => {
                  setAnchor(null);
                  onPick(p.id);
                }}
              >
                {p.name}
                {p.holder ? ` (${p.holder.name})` : ""}
              </MenuItem>
            ))
          )}
        </Menu>
      )}
    </>
  );
}
