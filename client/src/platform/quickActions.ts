import { createContext, useContext } from "react";

/** §4 quick actions: what the shell's quick-action dialog can open, from anywhere in the app (the dashboard's buttons). */
export type QuickAction = "inventory" | "equipment" | "request";
/** A request form opened with one item (the dashboard's reorder button, which has its name). */
export type RequestPrefill = { itemId: string; name: string; quantity: number };

export const QuickActionContext = createContext<{ open(kind: QuickAction, prefill?: RequestPrefill): void }>({ open: () => {} });
export const useQuickActions = () => useContext(QuickActionContext);
