import { useEffect, useMemo, useRef } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useLocationsLiveSubscription } from "../../__generated__/useLocationsLiveSubscription.graphql.ts";

/** Changes close together (a restock moves many items) refresh once. */
const SETTLE_MS = 300;

/**
 * Keeps a Locations screen live: `stockLocationChanged` (of one location, or of any when
 * `locationId` is null) merges the changed locations' figures into the store at once, and calls
 * `onChange` shortly after, for what the event does not carry (the stock lists, a new location).
 */
export function useLocationsLive(locationId: string | null, onChange: () => void) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const config = useMemo<GraphQLSubscriptionConfig<useLocationsLiveSubscription>>(
    () => ({
      subscription: graphql`
        subscription useLocationsLiveSubscription($locationId: ID) {
          stockLocationChanged(locationId: $locationId) {
            # The figures both screens show of a location (the list's row has them all).
            locations {
              id
              ...LocationsPage_location
            }
          }
        }
      `,
      variables: { locationId },
      onNext: () => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => latest.current(), SETTLE_MS);
      },
    }),
    [locationId],
  );
  useSubscription(config);
}
