import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from "react";

export type Toast = {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
  /** A button in the toast (e.g. 'Reload'); such a toast stays until it is used or closed. */
  action?: { label: string; onClick(): void };
};
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
  const toast = useCallback((t: Toast) => {
    setCurrent({ ...t, key: Date.now() });
    setOpen(true);
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
