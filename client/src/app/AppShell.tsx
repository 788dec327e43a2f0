import AddIconMui from "@mui/icons-material/Add";
import AssessmentIconMui from "@mui/icons-material/Assessment";
import AssignmentIconMui from "@mui/icons-material/Assignment";
import ShoppingCartIconMui from "@mui/icons-material/ShoppingCart";
import StorefrontIconMui from "@mui/icons-material/Storefront";
import BuildIconMui from "@mui/icons-material/Build";
import DashboardIconMui from "@mui/icons-material/Dashboard";
import GroupIconMui from "@mui/icons-material/Group";
import Inventory2IconMui from "@mui/icons-material/Inventory2";
import LocalShippingIconMui from "@mui/icons-material/LocalShipping";
import LogoutIconMui from "@mui/icons-material/Logout";
import MenuIconMui from "@mui/icons-material/Menu";
import MoreHorizIconMui from "@mui/icons-material/MoreHoriz";
import NotificationsIconMui from "@mui/icons-material/Notifications";
import PestControlIconMui from "@mui/icons-material/PestControl";
import ScienceIconMui from "@mui/icons-material/Science";
import QrCodeScannerIconMui from "@mui/icons-material/QrCodeScanner";
import WarehouseIconMui from "@mui/icons-material/Warehouse";
import SettingsIconMui from "@mui/icons-material/Settings";
import {
  Avatar, Box, Button, Divider, IconButton, List, ListItem, ListItemButton,
  ListItemIcon, ListItemText, ListSubheader, MenuItem, Paper, Stack, Typography, useMediaQuery, useTheme,
} from "@mui/material";
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg, select } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import { Outlet, useLocation, useNavigate, useRevalidator } from "react-router-dom";
import type { AppShellMutation } from "../__generated__/AppShellMutation.graphql.ts";
import type { AppShellQuery } from "../__generated__/AppShellQuery.graphql.ts";
import { NotificationBell } from "../features/notifications/index.ts";
import { LanguageMenu } from "../features/language/index.ts";
import { useHoldsVehicle } from "../features/stock/index.ts";
import { pageFor } from "./pages.ts";
import { useQuickActions, type QuickAction } from "../platform/quickActions.ts";
import { QuickActionProvider } from "./QuickActionProvider.tsx";
import { useSession } from "../platform/session.ts";
import { countWords } from "../platform/i18n.ts";
import { DeferredTooltip, LazyDrawer as Drawer, LazyMenu as Menu, MountWhenOpened } from "../components/deferred.tsx";
import { Loading } from "../components/Loading.tsx";
import { PageLoadError, RetryWhenOnline } from "../components/PageLoadError.tsx";
import { loadConfirmSignOut, loadOfflinePage, OfflineBar } from "../features/offline/index.ts";
import { ErrorBoundary } from "../components/ErrorBoundary.tsx";
import { FirstScreenShown, useAfterFirstScreen } from "../platform/firstScreen.ts";
import { plainIcon } from "../components/plainIcon.tsx";
import { CountBadge } from "../components/IconButtonParts.tsx";
import { BottomAction, useFrameSheet } from "./frameParts.tsx";
import { keptShown, leftPage, onKeptShown } from "../platform/keptShown.ts";
import { shortDate, shortTime } from "../platform/dates.ts";

// Plain <svg>s with MUI's look (components/plainIcon.tsx): the frame shows them on every screen.
const AddIcon = plainIcon(AddIconMui);
const AssessmentIcon = plainIcon(AssessmentIconMui);
const AssignmentIcon = plainIcon(AssignmentIconMui);
const ShoppingCartIcon = plainIcon(ShoppingCartIconMui);
const StorefrontIcon = plainIcon(StorefrontIconMui);
const BuildIcon = plainIcon(BuildIconMui);
const DashboardIcon = plainIcon(DashboardIconMui);
const GroupIcon = plainIcon(GroupIconMui);
const Inventory2Icon = plainIcon(Inventory2IconMui);
const LocalShippingIcon = plainIcon(LocalShippingIconMui);
const LogoutIcon = plainIcon(LogoutIconMui);
const MenuIcon = plainIcon(MenuIconMui);
const MoreHorizIcon = plainIcon(MoreHorizIconMui);
const NotificationsIcon = plainIcon(NotificationsIconMui);
const PestControlIcon = plainIcon(PestControlIconMui);
const ScienceIcon = plainIcon(ScienceIconMui);
const QrCodeScannerIcon = plainIcon(QrCodeScannerIconMui);
const WarehouseIcon = plainIcon(WarehouseIconMui);
const SettingsIcon = plainIcon(SettingsIconMui);

// The phone's copy of the screens a technician needs on a job, shown when one cannot load without a network.
const OfflinePage = lazy(loadOfflinePage);
const ConfirmSignOut = lazy(loadConfirmSignOut);
const OFFLINE_PATHS = new Set(["/", "/inventory", "/equipment", "/requests"]);

// Subscriptions start once the shell is up; their code is not needed to paint it.
const LiveUpdates = lazy(() => import("./LiveUpdates.tsx"));

const DRAWER = 248;
/** The pages the phone's bottom bar names; every other one is under its More. */
const BOTTOM_PATHS = new Set(["/", "/inventory", "/requests"]);
type NavEntry = { label: MessageDescriptor; path: string; icon: ReactNode; managerOnly?: boolean; vehicleOnly?: boolean };
const nav: NavEntry[] = [
  { label: msg`Dashboard`, path: "/", icon: <DashboardIcon /> },
  { label: msg`Inventory`, path: "/inventory", icon: <Inventory2Icon /> },
  { label: msg`Equipment`, path: "/equipment", icon: <BuildIcon /> },
  { label: msg`Requests`, path: "/requests", icon: <AssignmentIcon /> },
  { label: msg`QR Scanner`, path: "/scan", icon: <QrCodeScannerIcon /> },
  { label: msg`Applications`, path: "/applications", icon: <ScienceIcon /> },
  { label: msg`Locations`, path: "/locations", icon: <WarehouseIcon />, managerOnly: true },
  { label: msg`My Truck`, path: "/truck", icon: <LocalShippingIcon />, vehicleOnly: true },
  { label: msg`Team`, path: "/team", icon: <GroupIcon />, managerOnly: true },
  { label: msg`Reports`, path: "/reports", icon: <AssessmentIcon />, managerOnly: true },
  { label: msg`Purchasing`, path: "/purchasing", icon: <ShoppingCartIcon />, managerOnly: true },
  { label: msg`Suppliers`, path: "/suppliers", icon: <StorefrontIcon />, managerOnly: true },
  { label: msg`Settings`, path: "/settings", icon: <SettingsIcon />, managerOnly: true },
];
/** The entry of the current path: its own, or its list's for a record's page (/locations/<id>). */
const isCurrent = (entry: string, path: string) => path === entry || (entry !== "/" && path.startsWith(`${entry}/`));
const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((p) => p[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

function usePendingCount(): number {
  const [fetchKey, setFetchKey] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFetchKey((k) => k + 1), 30_000);
    return () => clearInterval(timer);
  }, []);
  const data = useLazyLoadQuery<AppShellQuery>(
    graphql`
      query AppShellQuery {
        dashboardStats {
          pendingRequests
        }
      }
    `,
    {},
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  return data.dashboardStats.pendingRequests;
}

function PendingBadge({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const count = usePendingCount();
  const { category, shown } = countWords(count);
  return (
    <CountBadge count={count} aria-label={t`${select(category, { one: `${shown} pending request`, other: `${shown} pending requests` })}`}>
      {children}
    </CountBadge>
  );
}

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useLingui();
  const { viewer, isManager, signedOut } = useSession();
  const holdsVehicle = useHoldsVehicle();
  const location = useLocation();
  const navigate = useNavigate();
  const [commitSignOut] = useMutation<AppShellMutation>(graphql`
    mutation AppShellMutation {
      signOut {
        signedOut
      }
    }
  `);
  const [unsynced, setUnsynced] = useState(0);
  const signOut = () => commitSignOut({ variables: {}, onCompleted: signedOut, onError: signedOut });
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      {unsynced > 0 && (
        <Suspense fallback={null}>
          <ConfirmSignOut count={unsynced} onCancel={() => setUnsynced(0)} onConfirm={signOut} />
        </Suspense>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", px: 2, py: 2 }}>
        <PestControlIcon color="primary" />
        <Typography variant="h6" sx={{ fontWeight: 800 }}>
          Trapline
        </Typography>
      </Stack>
      <Divider />
      <List component="nav" aria-label={t`Main`} sx={{ flex: 1, px: 1 }}>
        {nav
          .filter((n) => (!n.managerOnly || isManager) && (!n.vehicleOnly || holdsVehicle))
          .map((n) => (
            <ListItemButton
              key={n.path}
              selected={isCurrent(n.path, location.pathname)}
              aria-current={isCurrent(n.path, location.pathname) ? "page" : undefined}
              onClick={() => {
                navigate(n.path);
                onNavigate?.();
              }}
              sx={{ borderRadius: 2, mb: 0.5 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>{n.icon}</ListItemIcon>
              <ListItemText primary={i18n._(n.label)} />
              {n.path === "/requests" && (
                <ErrorBoundary fallback={null}>
                  <Suspense fallback={null}>
                    <PendingBadge>
                      <span />
                    </PendingBadge>
                  </Suspense>
                </ErrorBoundary>
              )}
            </ListItemButton>
          ))}
      </List>
      <Divider />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", p: 2 }}>
        <Avatar sx={{ bgcolor: "primary.main", width: 36, height: 36, fontSize: 14 }}>{initials(viewer.name)}</Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {/* Two lines at most: beside the language and sign-out buttons one line cut "Dana Whitfield" to "Dana …". */}
          <Typography variant="body2" title={viewer.name} sx={{ fontWeight: 600, display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflow: "hidden", overflowWrap: "anywhere" }}>
            {viewer.name}
          </Typography>
          <Typography variant="caption" color="textSecondary" sx={{ textTransform: "capitalize" }}>
            {viewer.role === "manager" ? t`Manager` : viewer.role === "employee" ? t`Employee` : viewer.role}
          </Typography>
        </Box>
        <LanguageMenu />
        <DeferredTooltip title={t`Log out`}>
          <IconButton
            aria-label={t`Log out`}
            onClick={() =>
              // Changes not yet synced would be dropped with everything else the phone keeps: ask first.
              void import("../offline/db.ts")
                .then(({ queueOf }) => queueOf(String(viewer.databaseId)))
                .catch(() => [])
                .then((queue) => (queue.length ? setUnsynced(queue.length) : signOut()))
            }
          >
            <LogoutIcon />
          </IconButton>
        </DeferredTooltip>
      </Stack>
    </Box>
  );
}

function QuickActionMenu() {
  const { t } = useLingui();
  const { isManager } = useSession();
  const { open } = useQuickActions();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (kind: QuickAction) => {
    setAnchor(null);
    open(kind);
  };
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        {t`Quick Action`}
      </Button>
      <MountWhenOpened open={Boolean(anchor)}>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          <MenuItem onClick={() => pick("inventory")}><Trans>Add Inventory Item</Trans></MenuItem>
          <MenuItem onClick={() => pick("equipment")}><Trans>Add Equipment</Trans></MenuItem>
          <MenuItem onClick={() => pick("request")}><Trans>Create Request</Trans></MenuItem>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              navigate("/applications/new");
            }}
          >
            <Trans>Record Application</Trans>
          </MenuItem>
          {isManager && <Divider />}
          {isManager && (
            <MenuItem
              onClick={() => {
                setAnchor(null);
                navigate("/team");
              }}
            >
              <Trans>Add Team Member</Trans>
            </MenuItem>
          )}
        </Menu>
      </MountWhenOpened>
    </>
  );
}

/** A bottom sheet is a modal dialog named by its title; each action sits in its own <li> (a <ul> may hold only those). */
function SheetList({ title, titleId, items }: { title: string; titleId: string; items: { label: string; onClick(): void; icon?: ReactNode }[] }) {
  return (
    <List
      subheader={
        <ListSubheader id={titleId} sx={{ fontSize: 16, fontWeight: 700, color: "text.primary" }}>
          {title}
        </ListSubheader>
      }
    >
      {items.map((i) => (
        <ListItem key={i.label} disablePadding>
          <ListItemButton onClick={i.onClick}>
            {i.icon && <ListItemIcon>{i.icon}</ListItemIcon>}
            <ListItemText primary={i.label} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

const sheetPaper = (titleId: string) => ({
  role: "dialog",
  "aria-modal": true,
  "aria-labelledby": titleId,
  sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, pb: 2 },
});

function BellPlaceholder() {
  const { t } = useLingui();
  return (
    <button type="button" className="tl-iconbtn" aria-label={t`Notifications`} disabled>
      <NotificationsIcon />
    </button>
  );
}
const bellPlaceholder = <BellPlaceholder />;

/** The current screen; when its data cannot be loaded (no network, most often) the shell stays and offers to try again. */
function RouteOutlet() {
  const location = useLocation();
  const revalidator = useRevalidator();
  return (
    <ErrorBoundary
      key={location.key}
      fallback={(retry) => {
        const onRetry = () => void revalidator.revalidate().then(retry);
        // Without a network the screens a technician needs on a job show the phone's copy instead.
        if (navigator.onLine === false && OFFLINE_PATHS.has(location.pathname))
          return (
            <RetryWhenOnline onRetry={onRetry}>
              <Suspense fallback={<Loading />}>
                <OfflinePage path={location.pathname} />
                <FirstScreenShown />
              </Suspense>
            </RetryWhenOnline>
          );
        return (
          <>
            <PageLoadError onRetry={onRetry} />
            <FirstScreenShown />
          </>
        );
      }}
    >
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

function Shell() {
  const { t, i18n } = useLingui();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up("md"));
  const location = useLocation();
  const navigate = useNavigate();
  const { isManager } = useSession();
  const holdsVehicle = useHoldsVehicle();
  const { open } = useQuickActions();
  // The bell, the pending badge and the live channel ask the server for more: after the screen's own data.
  const extras = useAfterFirstScreen();
  const [menuOpen, setMenuOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const [actionsOpen, setActionsOpen] = useState(false);
  const page = pageFor(location.pathname);
  useFrameSheet();

  return (
    <div className="tl-frame">
      {desktop ? (
        // The permanent sidebar is what MUI's permanent Drawer draws (a fixed, bordered paper), without the
        // Drawer's modal machinery, which only the phone's slide-in sheet needs.
        <Box sx={{ width: DRAWER, flexShrink: 0 }}>
          <Paper
            square
            elevation={0}
            sx={{ position: "fixed", top: 0, left: 0, height: "100%", width: DRAWER, overflowY: "auto", borderRight: 1, borderColor: "divider", zIndex: "drawer" }}
          >
            <Sidebar />
          </Paper>
        </Box>
      ) : (
        <MountWhenOpened open={menuOpen}>
          <Drawer
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            slotProps={{ paper: { role: "dialog", "aria-modal": true, "aria-labelledby": "nav-menu-title", sx: { width: DRAWER } } }}
          >
            <Typography id="nav-menu-title" component="h2" variant="subtitle1" sx={{ px: 2, pt: 2, fontWeight: 700 }}>
              <Trans>Navigation Menu</Trans>
            </Typography>
            <Sidebar onNavigate={() => setMenuOpen(false)} />
          </Drawer>
        </MountWhenOpened>
      )}
      <div className="tl-frame-col">
        <header className="tl-appbar">
          <div className="tl-toolbar">
            {!desktop && (
              <button type="button" className="tl-iconbtn tl-iconbtn-start" aria-label={t`Open navigation menu`} onClick={() => setMenuOpen(true)}>
                <MenuIcon />
              </button>
            )}
            <div className="tl-grow">
              <h1 className="tl-title">{i18n._(page.title)}</h1>
              <PageLine description={i18n._(page.description)} />
            </div>
            {extras ? (
              <ErrorBoundary fallback={bellPlaceholder}>
                <Suspense fallback={bellPlaceholder}>
                  <NotificationBell />
                </Suspense>
              </ErrorBoundary>
            ) : (
              bellPlaceholder
            )}
            {desktop && <QuickActionMenu />}
          </div>
          <OfflineBar />
        </header>
        {/* On a phone the end of a page scrolls clear of the bottom bar and the Quick Actions button above it (76 + 56 px). */}
        <main className="tl-main">
          <RouteOutlet />
        </main>
      </div>

      {!desktop && (
        <>
          <div className="tl-bottombar">
            <BottomAction label={t`Dashboard`} current={location.pathname === "/" && "page"} onClick={() => navigate("/")} icon={<DashboardIcon />} />
            <BottomAction label={t`Inventory`} current={location.pathname === "/inventory" && "page"} onClick={() => navigate("/inventory")} icon={<Inventory2Icon />} />
            <BottomAction
              label={t`Requests`}
              current={location.pathname === "/requests" && "page"}
              onClick={() => navigate("/requests")}
              icon={
                extras ? (
                  <ErrorBoundary fallback={<AssignmentIcon />}>
                    <Suspense fallback={<AssignmentIcon />}>
                      <PendingBadge>
                        <AssignmentIcon />
                      </PendingBadge>
                    </Suspense>
                  </ErrorBoundary>
                ) : (
                  <AssignmentIcon />
                )
              }
            />
            <BottomAction label={t`More`} current={!BOTTOM_PATHS.has(location.pathname) && "true"} onClick={() => setMoreOpen(true)} icon={<MoreHorizIcon />} />
          </div>
          <button type="button" className="tl-fab" aria-label={t`Quick Actions`} onClick={() => setActionsOpen(true)}>
            <AddIcon />
          </button>
          <MountWhenOpened open={moreOpen}>
            <Drawer anchor="bottom" open={moreOpen} onClose={() => setMoreOpen(false)} slotProps={{ paper: sheetPaper("more-options-title") }}>
              <SheetList
                title={t`More Options`}
                titleId="more-options-title"
                items={[
                  { label: msg`Equipment`, path: "/equipment", icon: <BuildIcon /> },
                  { label: msg`QR Scanner`, path: "/scan", icon: <QrCodeScannerIcon /> },
                  { label: msg`Applications`, path: "/applications", icon: <ScienceIcon /> },
                  ...(holdsVehicle ? [{ label: msg`My Truck`, path: "/truck", icon: <LocalShippingIcon /> }] : []),
                  ...(isManager
                    ? [
                        { label: msg`Locations`, path: "/locations", icon: <WarehouseIcon /> },
                        { label: msg`Team`, path: "/team", icon: <GroupIcon /> },
                        { label: msg`Reports`, path: "/reports", icon: <AssessmentIcon /> },
                        { label: msg`Purchasing`, path: "/purchasing", icon: <ShoppingCartIcon /> },
                        { label: msg`Suppliers`, path: "/suppliers", icon: <StorefrontIcon /> },
                        { label: msg`Settings`, path: "/settings", icon: <SettingsIcon /> },
                      ]
                    : []),
                ].map((i) => ({ label: i18n._(i.label), icon: i.icon, onClick: () => (setMoreOpen(false), navigate(i.path)) }))}
              />
            </Drawer>
          </MountWhenOpened>
          <MountWhenOpened open={actionsOpen}>
            <Drawer anchor="bottom" open={actionsOpen} onClose={() => setActionsOpen(false)} slotProps={{ paper: sheetPaper("quick-actions-title") }}>
              <SheetList
                title={t`Quick Actions`}
                titleId="quick-actions-title"
                items={(
                  [
                    [t`Add Inventory Item`, "inventory"],
                    [t`Add Equipment`, "equipment"],
                    [t`Create Request`, "request"],
                  ] as const
                )
                  .map(([label, kind]): { label: string; onClick(): void } => ({ label, onClick: () => (setActionsOpen(false), open(kind)) }))
                  .concat({ label: t`Record Application`, onClick: () => (setActionsOpen(false), navigate("/applications/new")) })}
              />
            </Drawer>
          </MountWhenOpened>
        </>
      )}
      {extras && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The page's line under its title; while the screen shows what the phone kept of its data instead of the server's
 * answer (platform/keptShown.ts), it says so, and when: in the same line, so nothing moves when the answer comes.
 */
function PageLine({ description }: { description: string }) {
  const { t } = useLingui();
  const kept = useSyncExternalStore(onKeptShown, keptShown);
  const { pathname } = useLocation();
  const away = kept !== null && kept.path !== pathname;
  useEffect(() => void (away && leftPage(pathname)), [away, pathname]);
  if (!kept || away) return <p className="tl-subtitle">{description}</p>;
  // Today's copy by its time, an older one by its day: the line is short on a phone.
  const when = new Date(kept.at).toDateString() === new Date().toDateString() ? shortTime(kept.at) : shortDate(kept.at);
  return (
    <p className="tl-subtitle" role="status" data-kept={kept.failed ? "failed" : "refreshing"}>
      {kept.failed ? t`Not updated · saved on this phone ${when}` : t`Updating · saved on this phone ${when}`}
    </p>
  );
}

export function AppShell() {
  return (
    <QuickActionProvider>
      <Shell />
    </QuickActionProvider>
  );
}
