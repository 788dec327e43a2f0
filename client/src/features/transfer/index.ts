// The CSV transfer feature's public face: the export and import actions of a list's toolbar.
export { useCsvActions } from "./CsvButtons.tsx";
