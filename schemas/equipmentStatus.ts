/**
 * §9 equipment statuses, in a module of their own: the client's entry reads them to open the Equipment
 * list filtered (?status=), and carries nothing else of the constants (constants.ts re-exports them).
 */
export const EQUIPMENT_STATUSES = ["available", "checked_out", "maintenance", "repair"] as const;
