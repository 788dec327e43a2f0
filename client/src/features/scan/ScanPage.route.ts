import type { PageRoute } from "../../platform/routes.ts";

/** The scanner opens with no query: it asks when a code is read. */
export const scanRoute: PageRoute = {
  path: "/scan",
  page: () => import("./ScanPage.tsx"),
};
