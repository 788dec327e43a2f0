import { t } from "@lingui/core/macro";
import { useEffect, useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import { useRevalidator } from "react-router-dom";
import type { GraphQLSubscriptionConfig, RecordProxy, RecordSourceSelectorProxy } from "relay-runtime";
import type { LiveUpdatesLowStockSubscription } from "../__generated__/LiveUpdatesLowStockSubscription.graphql.ts";
import type { LiveUpdatesEquipmentSubscription } from "../__generated__/LiveUpdatesEquipmentSubscription.graphql.ts";
import type { LiveUpdatesInventorySubscription } from "../__generated__/LiveUpdatesInventorySubscription.graphql.ts";
import type { LiveUpdatesRequestSubscription } from "../__generated__/LiveUpdatesRequestSubscription.graphql.ts";
import { connectionsForNewElsewhere as equipmentConnectionsForNew } from "../features/equipment/index.ts";
import { connectionsForNewItem } from "../features/inventory/index.ts";
import { connectionsForNewRequest, DASHBOARD_PENDING_ARGS, setPendingCountFromLive } from "../features/requests/index.ts";
import { onLiveAgain } from "../relay/environment.ts";
import { listsCatchUp } from "../components/list/listCatchUp.ts";
import { deleteRecord, prependNewNode } from "../relay/liveEdges.ts";
import { useSession } from "../platform/session.ts";
import { useToast } from "../platform/toast.tsx";

/**
 * One place that keeps the store live: changed records arrive with their ids and Relay merges them
 * into every list that shows them; records created elsewhere join the lists whose filters they pass;
 * a low-stock event raises the §7 toast.
 */
export function LiveUpdates() {
  const { toast } = useToast();
  const viewerId = useSession().viewer.id;
  // What changed while the live channel was down was never heard: when it is back, the screen's own query is asked
  // again (its route's loader: store-and-network, platform/routeQueries.ts), so what it shows catches up, as the
  // bell's count does; a list screen's list asks again for itself instead, as shown (components/list/listCatchUp.ts).
  const { revalidate } = useRevalidator();
  useEffect(() => onLiveAgain(() => void (listsCatchUp() || revalidate())), [revalidate]);
  const lowStock = useMemo<GraphQLSubscriptionConfig<LiveUpdatesLowStockSubscription>>(
    () => ({
      subscription: graphql`
        subscription LiveUpdatesLowStockSubscription {
          lowStockAlert {
            items {
              id
              name
              quantity
              minQuantity
              unit
              urgency
              stockStatus
            }
          }
        }
      `,
      variables: {},
      onNext: (data) => {
        const items = data?.lowStockAlert.items ?? [];
        const critical = items.filter((i) => i.urgency === "critical").length;
        const high = items.length - critical;
        toast({
          title: t`Low Stock Alert`,
          description: t`${critical} critical, ${high} high priority items need reordering`,
          variant: critical > 0 ? "destructive" : "default",
          live: true,
        });
      },
    }),
    [toast],
  );
  useSubscription(lowStock);
  useSubscription(
    useMemo<GraphQLSubscriptionConfig<LiveUpdatesInventorySubscription>>(
      () => ({
        subscription: graphql`
          subscription LiveUpdatesInventorySubscription {
            inventoryChanged {
              # Read here (which lists a new item joins), then what other screens show beside the list's row.
              item {
                id
                name
                description
                category
                urgency
                sdsFileUrl
                activeIngredient
                updatedAt
                ...InventoryListItem_item
              }
              deletedId
              created
            }
          }
        `,
        variables: {},
        updater: (store, data) => {
          const event = data?.inventoryChanged;
          if (event?.deletedId) deleteRecord(store, event.deletedId);
          const node = event?.created && event.item ? store.get(event.item.id) : null;
          if (event?.item && node) prependNewNode(store, connectionsForNewItem(event.item), node, "QueryInventoryItemsConnectionEdge");
        },
      }),
      [],
    ),
  );
  useSubscription(
    useMemo<GraphQLSubscriptionConfig<LiveUpdatesEquipmentSubscription>>(
      () => ({
        subscription: graphql`
          subscription LiveUpdatesEquipmentSubscription {
            equipmentChanged {
              created
              equipment {
                id
                name
                description
                category
                status
                assignedTo
                assignedAt
                location
                lastMaintenance
                nextMaintenance
                maintenanceIntervalDays
                maintenanceDue
                maintenanceState
                dueBack
                sdsFileUrl
                ...EquipmentEntry_equipment
              }
            }
          }
        `,
        variables: {},
        updater: (store, data) => {
          const event = data?.equipmentChanged;
          const node = event?.created ? store.get(event.equipment.id) : null;
          if (event && node) prependNewNode(store, equipmentConnectionsForNew(event.equipment), node, "QueryEquipmentConnectionEdge");
        },
      }),
      [],
    ),
  );
  useSubscription(
    useMemo<GraphQLSubscriptionConfig<LiveUpdatesRequestSubscription>>(
      () => ({
        subscription: graphql`
          subscription LiveUpdatesRequestSubscription {
            requestChanged {
              created
              pendingRequests
              request {
                id
                status
                approvedAt
                approvedBy {
                  id
                  name
                }
                requester {
                  id
                }
                ...RequestsPage_request
              }
            }
          }
        `,
        variables: {},
        updater: (store, data) => {
          const event = data?.requestChanged;
          if (!event) return;
          const { request } = event;
          setPendingCountFromLive(store, event.pendingRequests, { requestId: request.id, status: request.status });
          const node = event.created ? store.get(request.id) : null;
          if (!node) return;
          prependNewNode(store, connectionsForNewRequest({ status: request.status, requesterId: request.requester.id }, viewerId), node, "QueryRequestsConnectionEdge");
          addToDashboardPending(store, node);
        },
      }),
      [viewerId],
    ),
  );
  return null;
}

/** The dashboard's Pending Requests card (its first three pending requests, newest first), when loaded. */
function addToDashboardPending(store: RecordSourceSelectorProxy, request: RecordProxy) {
  if (request.getValue("status") !== "pending") return;
  const list = store.getRoot().getLinkedRecord("requests", DASHBOARD_PENDING_ARGS);
  if (!list) return;
  const edges = list.getLinkedRecords("edges") ?? [];
  if (edges.some((e) => e?.getLinkedRecord("node")?.getDataID() === request.getDataID())) return;
  const edgeId = `client:dashboardPending:${request.getDataID()}`;
  const edge = store.get(edgeId) ?? store.create(edgeId, "QueryRequestsConnectionEdge");
  edge.setLinkedRecord(request, "node");
  list.setLinkedRecords([edge, ...edges].slice(0, DASHBOARD_PENDING_ARGS.first), "edges");
}
export default LiveUpdates;
