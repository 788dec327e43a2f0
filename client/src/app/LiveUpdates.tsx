import { useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { LiveUpdatesLowStockSubscription } from "../__generated__/LiveUpdatesLowStockSubscription.graphql.ts";
import type { LiveUpdatesEquipmentSubscription } from "../__generated__/LiveUpdatesEquipmentSubscription.graphql.ts";
import type { LiveUpdatesInventorySubscription } from "../__generated__/LiveUpdatesInventorySubscription.graphql.ts";
import type { LiveUpdatesRequestSubscription } from "../__generated__/LiveUpdatesRequestSubscription.graphql.ts";
import { useToast } from "./toast.tsx";

/**
 * One place that keeps the store live: changed records arrive with their ids and Relay merges them
 * into every list that shows them; a low-stock event raises the §7 toast.
 */
export function LiveUpdates() {
  const { toast } = useToast();
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
          title: "Low Stock Alert",
          description: `${critical} critical, ${high} high priority items need reordering`,
          variant: critical > 0 ? "destructive" : "default",
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
              item {
                id
                name
                description
                category
                quantity
                minQuantity
                unit
                location
                stockStatus
                urgency
                sdsFileUrl
                epaRegistrationNumber
                activeIngredient
                updatedAt
              }
              deletedId
            }
          }
        `,
        variables: {},
        updater: (store, data) => {
          const deleted = data?.inventoryChanged.deletedId;
          if (deleted) store.delete(deleted);
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
              equipment {
                id
                name
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
              }
            }
          }
        `,
        variables: {},
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
              request {
                id
                status
                approvedAt
                approvedBy {
                  id
                  name
                }
              }
            }
          }
        `,
        variables: {},
      }),
      [],
    ),
  );
  return null;
}
