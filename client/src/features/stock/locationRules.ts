import type { StockPlace } from "../../components/stockPlaces.ts";

/**
 * Which locations a user may pick for a transfer, as the server decides it (server/domain/locations.ts,
 * mayMoveBetween): a manager any two; an employee only a warehouse and the vehicle they hold, one on
 * each side.
 */
export type PickLocation = StockPlace;
type Rules = { isManager: boolean; vehicleId: string | null };

export function allowedSources(locations: readonly PickLocation[], { isManager, vehicleId }: Rules): PickLocation[] {
  if (isManager) return [...locations];
  return locations.filter((l) => l.kind === "WAREHOUSE" || l.id === vehicleId);
}

export function allowedDestinations(locations: readonly PickLocation[], rules: Rules, fromId: string): PickLocation[] {
  const others = locations.filter((l) => l.id !== fromId);
  if (rules.isManager) return others;
  const from = locations.find((l) => l.id === fromId);
  if (!from) return allowedSources(others, rules);
  // From the employee's vehicle only to a warehouse; from a warehouse only to their vehicle.
  return from.id === rules.vehicleId ? others.filter((l) => l.kind === "WAREHOUSE") : others.filter((l) => l.id === rules.vehicleId);
}
