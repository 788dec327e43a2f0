// The labels feature's public face: the button that opens an item's label sheet, and a sheet's address.
export { PrintLabelButton } from "./PrintLabelButton.tsx";
export { labelsPath } from "./sheetPath.ts";
