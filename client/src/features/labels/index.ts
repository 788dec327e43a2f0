// The labels feature's public face: the button that opens an item's label sheet.
export { PrintLabelButton } from "./PrintLabelButton.tsx";
