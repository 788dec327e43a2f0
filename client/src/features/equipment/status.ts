/** §4 dashboard labels per equipment status. */
export function equipmentStatusLine(status: string, assignedTo: string | null | undefined): string {
  switch (status) {
    case "available":
      return "Available for checkout";
    case "checked_out":
      return `Checked out to ${assignedTo ?? ""}`;
    case "maintenance":
      return "Maintenance scheduled";
    case "repair":
      return "Repair needed";
    default:
      return `${status} Status unknown`;
  }
}

export function statusColor(status: string): string {
  return { available: "#2e7d32", checked_out: "#1565c0", maintenance: "#ef6c00", repair: "#c62828" }[status] ?? "#757575";
}

export const statusLabel: Record<string, string> = {
  available: "Available",
  checked_out: "Checked Out",
  maintenance: "Maintenance",
  repair: "Repair",
};
