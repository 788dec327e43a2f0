import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from "react";
import { importAgain } from "./importAgain.ts";
import { toastTiming } from "./toastTiming.ts";
import type { Toast } from "./ToastView.tsx";

// What a toast shows (`Toast`) is declared by its view, which this module loads lazily.
export type { Toast };

type ToastApi = { toast(t: Toast): void };

const ToastContext = createContext<ToastApi>({ toast: () => {} });
export const useToast = () => useContext(ToastContext);

const loadToastView = () => import("./ToastView.tsx");
const ToastView = lazy(loadToastView);
/** Fetched once the first screen is up, so the first toast shows without waiting for its code; not reached (no network just then), asked again when it is back (and by the first toast). */
export const preloadToastView = () => void importAgain(loadToastView).catch(() => {});

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
  return (
    <ToastContext.Provider value={{ toast }}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastView current={current} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
