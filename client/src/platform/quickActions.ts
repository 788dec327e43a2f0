import { createContext, useContext } from "react";

/** §4 quick actions: what the shell's quick-action dialog can open, from anywhere in the app (the dashboard's buttons). */
export type QuickAction = "inventory" | "equipment" | "request";
export type RequestPrefill = { itemId: string; quantity: number };

export const QuickActionContext = createContext<{ open(kind: QuickAction, prefill?: RequestPrefill): void }>({ open: () => {} });
export const useQuickActions = () => useContext(QuickActionContext);
