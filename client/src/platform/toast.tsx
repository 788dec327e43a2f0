import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { importAgain } from "./importAgain.ts";
import { toastTiming } from "./toastTiming.ts";
import type { default as ToastViewComponent, Toast } from "./ToastView.tsx";

// What a toast shows (`Toast`) is declared by its view, which this module loads after the first screen.
export type { Toast };

type ToastApi = { toast(t: Toast): void };

const ToastContext = createContext<ToastApi>({ toast: () => {} });
export const useToast = () => useContext(ToastContext);

const loadToastView = () => import("./ToastView.tsx");
/** The toast's view once its code has come (shared by every provider: the module is loaded once). */
let ToastView: typeof ToastViewComponent | null = null;
let viewComing: Promise<void> | null = null;
/**
 * The view's code, asked for once at a time (importAgain: again when the network is back). Not a `React.lazy`: a lazy
 * component whose import failed throws on every later render, and the toast sits outside every error boundary, so a
 * first visit offline would have taken the whole app down with its first toast. Here a failure only means no toast
 * yet; the next toast asks again.
 */
function loadView(): Promise<void> {
  return (viewComing ??= importAgain(loadToastView).then(
    (module) => {
      ToastView = module.default;
    },
    (error: unknown) => {
      viewComing = null;
      throw error;
    },
  ));
}
/** Fetched once the first screen is up, so the first toast shows without waiting for its code. */
export const preloadToastView = () => void loadView().catch(() => {});

/** §9: one toast at a time, shown for 5 s; a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  // A live event's toast waits while the user's own answer is fresh (toastTiming.ts).
  const [toast] = useState(() =>
    toastTiming((t: Toast) => {
      setCurrent({ ...t, key: Date.now() });
      setOpen(true);
    }),
  );
  // A toast raised before the view's code came shows when it comes (the latest one: a new toast replaces it).
  const [, viewCame] = useState(false);
  useEffect(() => {
    if (!current || ToastView) return;
    let mounted = true;
    loadView().then(
      () => mounted && viewCame(true),
      () => {},
    );
    return () => void (mounted = false);
  }, [current]);
  return (
    <ToastContext.Provider value={{ toast }}>
      {children}
      {current && ToastView && <ToastView current={current} open={open} onClose={() => setOpen(false)} />}
    </ToastContext.Provider>
  );
}
