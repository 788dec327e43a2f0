import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** Header title and description per path (§2); unknown paths fall back to the dashboard's. */
export const pages: Record<string, { title: MessageDescriptor; description: MessageDescriptor }> = {
  "/": { title: msg`Dashboard`, description: msg`Welcome back! Here's what's happening at your company today.` },
  "/inventory": { title: msg`Inventory Management`, description: msg`Manage your pest control supplies and track stock levels` },
  "/equipment": { title: msg`Equipment Management`, description: msg`Track and manage your pest control equipment and tools` },
  "/requests": { title: msg`Inventory Requests`, description: msg`View and manage inventory and equipment requests` },
  "/scan": { title: msg`QR Scanner`, description: msg`Scan a QR code or barcode to look up an item` },
  "/team": { title: msg`Team Management`, description: msg`Manage team members and their access permissions` },
  "/reports": { title: msg`Reports & Analytics`, description: msg`View detailed reports on inventory and equipment usage` },
  "/locations": { title: msg`Stock Locations`, description: msg`Warehouses and vehicles, what each holds and its minimums` },
  "/purchasing": { title: msg`Purchasing`, description: msg`Order stock from suppliers and receive deliveries` },
  "/suppliers": { title: msg`Suppliers`, description: msg`Who you order stock from, and how to reach them` },
  "/truck": { title: msg`My Truck`, description: msg`What is on your vehicle and what it needs` },
  "/count": { title: msg`Stock Count`, description: msg`Scan and count what is really there` },
  "/applications": { title: msg`Applications`, description: msg`Pesticide application records: what was applied, where, by whom` },
  "/applications/new": { title: msg`Record Application`, description: msg`Customer, area, products and amounts: the record an inspector asks for` },
  "/settings": { title: msg`Settings`, description: msg`API tokens and webhooks for integrations` },
};

export function pageFor(path: string) {
  // A record's own page (/locations/<id>) has its list's title.
  return pages[path] ?? pages[`/${path.split("/")[1]}`] ?? pages["/"]!;
}
