import { useLingui } from "@lingui/react/macro";
import MoreVertIconMui from "@mui/icons-material/MoreVert";
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import { DeferredTooltip, useOpenedOnce } from "./deferred.tsx";
import { useIconButtonSheet } from "./IconButtonParts.tsx";
import { plainIcon } from "./plainIcon.tsx";
import { useId, useState, type ReactNode } from "react";
import { useScreenBelow } from "./useScreenBelow.ts";

const MoreVertIcon = plainIcon(MoreVertIconMui);

/** One secondary action of a list page's toolbar (export, import, print labels). */
export interface ListAction {
  /** The accessible name, and the menu's text on a phone ("Export CSV"). */
  label: string;
  /** The button's text beside its icon on wide screens ("Export"). */
  short: string;
  icon: ReactNode;
  /** A link (download or new tab) rather than a button. */
  href?: string;
  download?: boolean;
  newTab?: boolean;
  onClick?(): void;
  disabled?: boolean;
  tooltip?: string;
}

const compact = { whiteSpace: "nowrap", flexShrink: 0, minWidth: 0, px: 1.25, height: "100%" } as const;

function linkProps(action: ListAction) {
  if (!action.href) return {};
  return {
    component: "a" as const,
    href: action.href,
    ...(action.download && { download: true }),
    ...(action.newTab && { target: "_blank", rel: "noopener" }),
  };
}

/**
 * A list page's secondary actions: outlined buttons on a tablet or desktop; on a phone, where they
 * would crush the filters beside them, one "More list actions" menu.
 */
export function ListActions({ actions }: { actions: ListAction[] }) {
  const { t } = useLingui();
  const phone = useScreenBelow("sm");
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  // The phone's menu renders from its first opening (useOpenedOnce).
  const menuOpened = useOpenedOnce(anchor !== null);
  useIconButtonSheet();
  if (actions.length === 0) return null;

  if (!phone) {
    // Icons with their names as tooltips; the words too where the screen is wide enough that the
    // search field keeps room for its placeholder.
    return actions.map((action) => (
      <DeferredTooltip key={action.label} title={action.tooltip ?? action.label} describeChild>
        <span>
          <Button variant="outlined" aria-label={action.label} disabled={action.disabled} onClick={action.onClick} sx={compact} {...linkProps(action)}>
            {action.icon}
            <Box component="span" sx={{ display: { xs: "none", xl: "inline" }, ml: 1 }}>
              {action.short}
            </Box>
          </Button>
        </span>
      </DeferredTooltip>
    ));
  }

  return (
    <>
      {/* MUI's IconButton with a divider-coloured outline, from the icon buttons' sheet (IconButtonParts). */}
      <button
        type="button"
        className="tl-iconbtn tl-iconbtn-outlined"
        aria-label={t`More list actions`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon />
      </button>
      {menuOpened && (
        <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} transformOrigin={{ vertical: "top", horizontal: "right" }}>
          {actions.map((action) => (
            <MenuItem
              key={action.label}
              disabled={action.disabled}
              onClick={() => {
                setAnchor(null);
                action.onClick?.();
              }}
              {...linkProps(action)}
            >
              <ListItemIcon>{action.icon}</ListItemIcon>
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
