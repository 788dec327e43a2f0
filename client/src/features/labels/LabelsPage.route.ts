import LabelsPagePickerQuery from "../../__generated__/LabelsPagePickerQuery$parameters.ts";
import LabelsPageSheetQuery from "../../__generated__/LabelsPageSheetQuery$parameters.ts";
import { routeQuery, type PageRoute } from "../../platform/routes.ts";
import { parseLabelIds } from "./sheetPath.ts";

export const labelsRoute: PageRoute = {
  path: "/labels",
  page: () => import("./LabelsPage.tsx"),
  // ?ids=… opens the sheet of those labels; without ids, the picker.
  query: ({ search }) => {
    const ids = parseLabelIds(search.toString());
    return ids.length ? routeQuery(LabelsPageSheetQuery, { ids }) : routeQuery(LabelsPagePickerQuery, {});
  },
};
