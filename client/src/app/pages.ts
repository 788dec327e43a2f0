/** Header title and description per path (§2); unknown paths fall back to the dashboard's. */
export const pages: Record<string, { title: string; description: string }> = {
  "/": { title: "Dashboard", description: "Welcome back! Here's what's happening at your company today." },
  "/inventory": { title: "Inventory Management", description: "Manage your pest control supplies and track stock levels" },
  "/equipment": { title: "Equipment Management", description: "Track and manage your pest control equipment and tools" },
  "/requests": { title: "Inventory Requests", description: "View and manage inventory and equipment requests" },
  "/scan": { title: "QR Scanner", description: "Scan a QR code or barcode to look up an item" },
  "/team": { title: "Team Management", description: "Manage team members and their access permissions" },
  "/reports": { title: "Reports & Analytics", description: "View detailed reports on inventory and equipment usage" },
  "/locations": { title: "Stock Locations", description: "Warehouses and vehicles, what each holds and its minimums" },
  "/purchasing": { title: "Purchasing", description: "Order stock from suppliers and receive deliveries" },
  "/suppliers": { title: "Suppliers", description: "Who you order stock from, and how to reach them" },
  "/truck": { title: "My Truck", description: "What is on your vehicle and what it needs" },
  "/count": { title: "Stock Count", description: "Scan and count what is really there" },
  "/applications": { title: "Applications", description: "Pesticide application records: what was applied, where, by whom" },
  "/applications/new": { title: "Record Application", description: "Customer, area, products and amounts: the record an inspector asks for" },
  "/settings": { title: "Settings", description: "API tokens and webhooks for integrations" },
};

export function pageFor(path: string) {
  // A record's own page (/locations/<id>) has its list's title.
  return pages[path] ?? pages[`/${path.split("/")[1]}`] ?? pages["/"]!;
}
