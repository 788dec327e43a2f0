import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import type { Toast } from "./ToastView.tsx";

// What a toast shows (`Toast`) is declared by its view, which this module loads lazily.
export type { Toast };

/**
 * How long the answer to the user's own action stays before a live event's toast replaces it: a change
 * of one's own that leaves an item low brings the save's 'success' and the live Low Stock Alert in the
 * same instant, and the user must still see that the save worked.
 */
const OWN_TOAST_HOLD_MS = 1500;
type ToastApi = { toast(t: Toast): void };

const ToastContext = createContext<ToastApi>({ toast: () => {} });
export const useToast = () => useContext(ToastContext);

const loadToastView = () => import("./ToastView.tsx");
const ToastView = lazy(loadToastView);
/** Fetched once the first screen is up, so the first toast shows without waiting for its code. */
export const preloadToastView = () => void loadToastView();

/** §9: one toast at a time, shown for 5 s; a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const ownShownAt = useRef(0);
  const toast = useCallback((t: Toast) => {
    const show = () => {
      setCurrent({ ...t, key: Date.now() });
      setOpen(true);
    };
    const held = OWN_TOAST_HOLD_MS - (Date.now() - ownShownAt.current);
    if (!t.live) ownShownAt.current = Date.now();
    if (t.live && held > 0) setTimeout(show, held);
    else show();
  }, []);
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
