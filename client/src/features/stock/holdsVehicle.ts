import { useEffect, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import type { holdsVehicleQuery } from "../../__generated__/holdsVehicleQuery.graphql.ts";

const query = graphql`
  query holdsVehicleQuery {
    myVehicle {
      id
    }
  }
`;

/**
 * Whether the signed-in user holds a vehicle (then the navigation offers My Truck). Asked once per
 * shell, without suspending it: false until the answer comes.
 */
export function useHoldsVehicle(): boolean {
  const environment = useRelayEnvironment();
  const [holds, setHolds] = useState(false);
  useEffect(() => {
    const sub = fetchQuery<holdsVehicleQuery>(environment, query, {}).subscribe({ next: (d) => setHolds(Boolean(d.myVehicle)), error: () => {} });
    return () => sub.unsubscribe();
  }, [environment]);
  return holds;
}
