import AddIconMui from "@mui/icons-material/Add";
import AssignmentIconMui from "@mui/icons-material/Assignment";
import BuildIconMui from "@mui/icons-material/Build";
import GroupIconMui from "@mui/icons-material/Group";
import Inventory2IconMui from "@mui/icons-material/Inventory2";
import PendingActionsIconMui from "@mui/icons-material/PendingActions";
import WarningAmberIconMui from "@mui/icons-material/WarningAmber";
import ArrowDropDownIconMui from "@mui/icons-material/ArrowDropDown";
import { Menu, MenuItem } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { fetchQuery, graphql, useFragment, useMutation, usePreloadedQuery, useRelayEnvironment } from "react-relay";
import { useNavigate } from "react-router-dom";
import type { DashboardQuery } from "../../__generated__/DashboardQuery.graphql.ts";
import type { Dashboard_stats$key } from "../../__generated__/Dashboard_stats.graphql.ts";
import type { Dashboard_activity$key } from "../../__generated__/Dashboard_activity.graphql.ts";
import type { Dashboard_alerts$key } from "../../__generated__/Dashboard_alerts.graphql.ts";
import type { Dashboard_pending$key } from "../../__generated__/Dashboard_pending.graphql.ts";
import type { Dashboard_equipment$key } from "../../__generated__/Dashboard_equipment.graphql.ts";
import type { DashboardDraftOrderMutation } from "../../__generated__/DashboardDraftOrderMutation.graphql.ts";
import { CardButton } from "../../components/CardButton.tsx";
import { SectionCard } from "../../components/cardParts.tsx";
import { useQuickActions } from "../../platform/quickActions.ts";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { useSession } from "../../platform/session.ts";
import { useToast } from "../../platform/toast.tsx";
import { shortDate } from "../../platform/dates.ts";
import { useDecideRequest } from "../requests/index.ts";
import { ActivityEntryRow } from "./ActivityEntryRow.tsx";
import { OnOrderChip } from "../inventory/index.ts";
import { equipmentStatusLine, statusColor } from "../equipment/index.ts";
import { ExpiringCertificationsCard, MyCertificationCard } from "./CertificationCards.tsx";
import { plainIcon } from "../../components/plainIcon.tsx";
import { useDashboardSheet } from "./dashboardParts.ts";
import { useOpenedOnce } from "../../components/deferred.tsx";

// Plain <svg>s with MUI's look (components/plainIcon.tsx).
const AddIcon = plainIcon(AddIconMui);
const AssignmentIcon = plainIcon(AssignmentIconMui);
const BuildIcon = plainIcon(BuildIconMui);
const GroupIcon = plainIcon(GroupIconMui);
const Inventory2Icon = plainIcon(Inventory2IconMui);
const PendingActionsIcon = plainIcon(PendingActionsIconMui);
const WarningAmberIcon = plainIcon(WarningAmberIconMui);
const ArrowDropDownIcon = plainIcon(ArrowDropDownIconMui);

const POLL_MS = 30_000;
// The dashboard's grid cells (components/cardParts.tsx): a section is the row's width on a phone, half of
// it on a wide screen; a stat card half of it on a phone, a quarter from a tablet's width up.
const HALF = "tl-xs-12 tl-lg-6";
const QUARTER = "tl-xs-6 tl-md-3";
const ActivityLogDialog = lazy(() => import("./ActivityLogDialog.tsx"));

const dashboardQuery = graphql`
  query DashboardQuery($isManager: Boolean!) @preloadable {
    dashboardStats {
      ...Dashboard_stats
    }
    ...Dashboard_activity
    ...Dashboard_alerts
    ...Dashboard_pending @include(if: $isManager) @alias(as: "pending")
    ...Dashboard_equipment
    ...CertificationCards_expiring @include(if: $isManager) @alias(as: "expiring")
    ...CertificationCards_mine @skip(if: $isManager) @alias(as: "mine")
  }
`;

export default function Dashboard() {
  const { isManager } = useSession();
  const queryRef = useRouteQuery<DashboardQuery>();
  const data = usePreloadedQuery<DashboardQuery>(dashboardQuery, queryRef);
  useDashboardSheet();
  // §9: dashboard data refreshes every 30 s; the screen re-renders from the store as results arrive.
  const environment = useRelayEnvironment();
  useEffect(() => {
    const timer = setInterval(() => fetchQuery<DashboardQuery>(environment, dashboardQuery, queryRef.variables).subscribe({}), POLL_MS);
    return () => clearInterval(timer);
  }, [environment, queryRef]);
  return (
    <div className="tl-stack tl-sp-25">
      <StatCards stats={data.dashboardStats} />
      <div className="tl-cols tl-gap-25">
        <div className={HALF}>
          <RecentActivity query={data} />
        </div>
        <div className={HALF}>
          <CriticalAlerts query={data} />
        </div>
        <div className={HALF}>
          {data.expiring ? <ExpiringCertificationsCard query={data.expiring} /> : data.mine ? <MyCertificationCard query={data.mine} /> : null}
        </div>
        <div className={HALF}>
          <QuickActionsCard />
        </div>
        {isManager && (
          <div className={HALF}>
            <PendingRequests query={data.pending ?? null} />
          </div>
        )}
        <div className={HALF}>
          <EquipmentStatus query={data} />
        </div>
      </div>
    </div>
  );
}

function Stat({ title, value, note, icon, children }: { title: string; value: ReactNode; note: ReactNode; icon: ReactNode; children?: ReactNode }) {
  useDashboardSheet();
  return (
    <div className="tl-card tl-full-h">
      <div className="tl-stat-body">
        <div className="tl-stat-head">
          <p className="tl-t tl-body2 tl-secondary tl-bold">{title}</p>
          <div className="tl-primary">{icon}</div>
        </div>
        <p className="tl-stat-value">{value}</p>
        <span className="tl-t tl-caption tl-secondary">{note}</span>
        {children}
      </div>
    </div>
  );
}

function StatCards({ stats }: { stats: Dashboard_stats$key }) {
  const s = useFragment(
    graphql`
      fragment Dashboard_stats on DashboardStats {
        totalItems
        lowStockItems
        activeEquipment
        totalEquipment
        pendingRequests
        utilization
      }
    `,
    stats,
  );
  const { t } = useLingui();
  return (
    <div className="tl-cols tl-gap-2">
      <div className={QUARTER}>
        <Stat title={t`Total Inventory Items`} value={s.totalItems} note={t`+12 from last month`} icon={<Inventory2Icon />} />
      </div>
      <div className={QUARTER}>
        <Stat title={t`Low Stock Alerts`} value={s.lowStockItems} note={t`Needs attention`} icon={<WarningAmberIcon />} />
      </div>
      <div className={QUARTER}>
        <Stat title={t`Equipment Active`} value={`${s.activeEquipment}/${s.totalEquipment}`} note={t`${s.utilization}% utilization`} icon={<BuildIcon />}>
          <Meter value={s.utilization} label={t`Equipment utilization`} />
        </Stat>
      </div>
      <div className={QUARTER}>
        <Stat title={t`Pending Requests`} value={s.pendingRequests} note={t`Awaiting approval`} icon={<PendingActionsIcon />} />
      </div>
    </div>
  );
}

/** MUI's determinate LinearProgress (a meter from 0 to 100) as plain elements (`tl-meter`, dashboardParts.ts). */
function Meter({ value, label }: { value: number; label: string }) {
  return (
    <span className="tl-meter" role="progressbar" aria-valuenow={value} aria-valuemin={0} aria-valuemax={100} aria-label={label}>
      <span style={{ transform: `translateX(${value - 100}%)` }} />
    </span>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <SectionCard full title={title} action={action}>
      {children}
    </SectionCard>
  );
}

/** A section's 'View All' (MUI's medium text Button). */
const ViewAll = ({ onClick }: { onClick(): void }) => (
  <CardButton size="medium" onClick={onClick}>
    <Trans>View All</Trans>
  </CardButton>
);

const Empty = ({ text }: { text: string }) => <p className="tl-t tl-body1 tl-secondary tl-empty">{text}</p>;

function RecentActivity({ query }: { query: Dashboard_activity$key }) {
  const { t } = useLingui();
  const [showAll, setShowAll] = useState(false);
  const data = useFragment(
    graphql`
      fragment Dashboard_activity on Query {
        activity(first: 4) {
          edges {
            node {
              id
              ...ActivityEntryRow_entry
            }
          }
        }
      }
    `,
    query,
  );
  const entries = data.activity.edges.map((e) => e.node);
  return (
    <Section title={t`Recent Activity`} action={<ViewAll onClick={() => setShowAll(true)} />}>
      {showAll && (
        <Suspense fallback={null}>
          <ActivityLogDialog onClose={() => setShowAll(false)} />
        </Suspense>
      )}
      {entries.length === 0 && <Empty text={t`No recent activity`} />}
      <ol className="tl-stack tl-sp-15 tl-list" aria-label={t`Recent activity`}>
        {entries.map((e) => (
          <ActivityEntryRow key={e.id} entry={e} />
        ))}
      </ol>
    </Section>
  );
}

function CriticalAlerts({ query }: { query: Dashboard_alerts$key }) {
  const { t } = useLingui();
  const { open } = useQuickActions();
  const { isManager } = useSession();
  const data = useFragment(
    graphql`
      fragment Dashboard_alerts on Query {
        lowStockItems {
          id
          name
          quantity
          unit
          reorderQuantity
          minQuantity
          onOrder
        }
      }
    `,
    query,
  );
  // A record deleted while on screen can leave a hole in a plain list: skip it.
  const items = data.lowStockItems.filter((i) => i != null).slice(0, 3);
  return (
    <Section title={t`Critical Alerts`}>
      {items.length === 0 && <Empty text={t`No low stock alerts`} />}
      <div className="tl-stack tl-sp-1">
        {items.map((i) => (
          <div key={i.id} className="tl-alert">
            <div className="tl-fill">
              <p className="tl-t tl-body2 tl-bold">{i.name}</p>
              <div className="tl-wrap-row">
                <span className="tl-t tl-caption tl-error-dark">
                  <Trans>{i.quantity} {i.unit} left</Trans>
                </span>
                <OnOrderChip onOrder={i.onOrder} unit={i.unit} />
              </div>
            </div>
            <ReorderButton
              item={i}
              isManager={isManager}
              onRequest={() => open("request", { itemId: i.id, name: i.name, quantity: Math.max(i.reorderQuantity, i.minQuantity - i.quantity + 1) })}
            />
          </div>
        ))}
      </div>
    </Section>
  );
}

/**
 * An alert's Reorder: a stock request (everyone); managers choose between that and adding the item to
 * a draft purchase order (issue 16: drafted from its reorder suggestion, less what is already on order).
 */
function ReorderButton({ item, isManager, onRequest }: { item: { id: string; name: string }; isManager: boolean; onRequest(): void }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu renders from its first opening (useOpenedOnce).
  const menuOpened = useOpenedOnce(anchor !== null);
  const [draft, drafting] = useMutation<DashboardDraftOrderMutation>(graphql`
    mutation DashboardDraftOrderMutation($itemIds: [ID!]!) {
      draftPurchaseOrdersFromSuggestions(input: { itemIds: $itemIds }) {
        __typename
        ... on DraftPurchaseOrdersFromSuggestionsPayload {
          purchaseOrders {
            id
            number
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const failed = (message?: string) => toast({ title: t`Error`, description: message || t`Could not draft an order`, variant: "destructive" });
  const addToDraft = () => {
    setAnchor(null);
    draft({
      variables: { itemIds: [item.id] },
      onCompleted: ({ draftPurchaseOrdersFromSuggestions: r }) => {
        if (r.__typename !== "DraftPurchaseOrdersFromSuggestionsPayload") return failed("message" in r ? r.message : undefined);
        const numbers = (r.purchaseOrders ?? []).map((o) => o.number);
        toast(
          numbers.length
            ? { title: t`Drafted ${numbers.join(", ")}`, description: t`${item.name} is on a draft order in Purchasing`, variant: "success" }
            : { title: t`Already on order`, description: t`Open orders already cover ${item.name}`, variant: "success" },
        );
      },
      onError: (e) => failed(e.message),
    });
  };
  const menuId = `reorder-menu-${item.id}`;
  return (
    <>
      <CardButton
        variant="outlined"
        color="error"
        className="tl-reorder"
        disabled={drafting}
        endIcon={isManager ? <ArrowDropDownIcon /> : undefined}
        aria-haspopup={isManager ? "menu" : undefined}
        aria-expanded={isManager ? Boolean(anchor) : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => (isManager ? setAnchor(e.currentTarget) : onRequest())}
      >
        <Trans>Reorder</Trans>
      </CardButton>
      {isManager && menuOpened && (
        <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onRequest();
            }}
          >
            <Trans>Request stock</Trans>
          </MenuItem>
          <MenuItem onClick={addToDraft}>
            <Trans>Add to a draft order</Trans>
          </MenuItem>
        </Menu>
      )}
    </>
  );
}

function QuickActionsCard() {
  const { isManager } = useSession();
  const { open } = useQuickActions();
  const navigate = useNavigate();
  const { t } = useLingui();
  return (
    <Section title={t`Quick Actions`}>
      <div className="tl-cols tl-gap-1">
        <div className="tl-xs-6">
          <CardButton size="medium" fullWidth variant="outlined" startIcon={<AddIcon />} onClick={() => open("inventory")}>
            <Trans>Add Inventory Item</Trans>
          </CardButton>
        </div>
        <div className="tl-xs-6">
          <CardButton size="medium" fullWidth variant="outlined" startIcon={<BuildIcon />} onClick={() => navigate("/equipment?status=available")}>
            <Trans>Check Out Equipment</Trans>
          </CardButton>
        </div>
        <div className="tl-xs-6">
          <CardButton size="medium" fullWidth variant="outlined" startIcon={<AssignmentIcon />} onClick={() => open("request")}>
            <Trans>Create Request</Trans>
          </CardButton>
        </div>
        {isManager && (
          <div className="tl-xs-6">
            <CardButton size="medium" fullWidth variant="outlined" startIcon={<GroupIcon />} onClick={() => navigate("/team")}>
              <Trans>Manage Team</Trans>
            </CardButton>
          </div>
        )}
      </div>
    </Section>
  );
}

function PendingRequests({ query }: { query: Dashboard_pending$key | null }) {
  const navigate = useNavigate();
  const { decide, pending } = useDecideRequest();
  const { t } = useLingui();
  const data = useFragment(
    graphql`
      fragment Dashboard_pending on Query {
        pendingRequests: requests(first: 3, status: pending) {
          edges {
            node {
              ...requestSummary_request @relay(mask: false)
            }
          }
        }
      }
    `,
    query,
  );
  const requests = (data?.pendingRequests.edges ?? []).map((e) => e.node).filter((r) => r.status === "pending");
  return (
    <Section title={t`Pending Requests`} action={<ViewAll onClick={() => navigate("/requests?status=pending")} />}>
      {requests.length === 0 && <Empty text={t`No pending requests`} />}
      <div className="tl-stack tl-sp-15">
        {requests.map((r) => (
          <div key={r.id} className="tl-req">
            <p className="tl-t tl-body2 tl-bold">
              {r.requester.name}
              <span className="tl-t tl-caption tl-secondary">
                {" "}
                · {r.requester.department ?? t`Not specified`}
              </span>
            </p>
            <p className="tl-t tl-body2">{r.items.map((l) => `${l.quantity} x ${l.name}`).join(", ")}</p>
            <div className="tl-req-foot">
              <span className="tl-t tl-caption tl-secondary tl-fill">{shortDate(r.createdAt as string)}</span>
              <CardButton color="error" variant="outlined" disabled={pending} onClick={() => decide(r.id, "deny")}>
                <Trans>Deny</Trans>
              </CardButton>
              <CardButton variant="contained" disabled={pending} onClick={() => decide(r.id, "approve")}>
                <Trans>Approve</Trans>
              </CardButton>
            </div>
          </div>
        ))}
      </div>
    </Section>
  );
}

function EquipmentStatus({ query }: { query: Dashboard_equipment$key }) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const data = useFragment(
    graphql`
      fragment Dashboard_equipment on Query {
        equipment(first: 6) {
          edges {
            node {
              id
              name
              status
              assignedTo
            }
          }
        }
      }
    `,
    query,
  );
  const list = data.equipment.edges.map((e) => e.node);
  useDashboardSheet();
  return (
    <Section title={t`Equipment Status`} action={<ViewAll onClick={() => navigate("/equipment")} />}>
      {list.length === 0 && <Empty text={t`No equipment found`} />}
      <div className="tl-stack tl-sp-125">
        {list.map((e) => (
          <div key={e.id} className="tl-line">
            <div className="tl-dot" style={{ backgroundColor: statusColor(e.status) }} />
            <div>
              <p className="tl-t tl-body2 tl-bold">{e.name}</p>
              <span className="tl-t tl-caption tl-secondary">{equipmentStatusLine(e.status, e.assignedTo)}</span>
            </div>
          </div>
        ))}
      </div>
    </Section>
  );
}
