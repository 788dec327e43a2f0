import { useEffect, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import type { holdsVehicleQuery } from "../../__generated__/holdsVehicleQuery.graphql.ts";
import { afterFirstScreen } from "../../platform/firstScreen.ts";

const query = graphql`
  query holdsVehicleQuery {
    myVehicle {
      id
    }
  }
`;

/**
 * Whether the signed-in user holds a vehicle (then the navigation offers My Truck). Asked once per
 * shell, without suspending it and after the first screen is up: false until the answer comes.
 */
export function useHoldsVehicle(): boolean {
  const environment = useRelayEnvironment();
  const [holds, setHolds] = useState(false);
  useEffect(() => {
    let sub: { unsubscribe(): void } | undefined;
    const cancel = afterFirstScreen(() => {
      sub = fetchQuery<holdsVehicleQuery>(environment, query, {}).subscribe({ next: (d) => setHolds(Boolean(d.myVehicle)), error: () => {} });
    });
    return () => {
      cancel();
      sub?.unsubscribe();
    };
  }, [environment]);
  return holds;
}
