// The stock feature's public face: the Transfer button (lists, a location, the scan card) and whether the viewer holds a vehicle (the shell's My Truck entry).
export { useHoldsVehicle } from "./holdsVehicle.ts";
export { TransferButton } from "./TransferButton.tsx";
