import { Alert, AlertTitle, Portal, Snackbar } from "@mui/material";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

export type Toast = { title: string; description?: string; variant?: "default" | "success" | "destructive" };
type ToastApi = { toast(t: Toast): void };

const ToastContext = createContext<ToastApi>({ toast: () => {} });
export const useToast = () => useContext(ToastContext);

/**
 * An open MUI Modal (Dialog, Drawer, Menu, Select) sets aria-hidden="true" on every other child of <body>, which
 * would silence a toast raised while a dialog stays open (e.g. a server error on save). The toast is portalled to
 * <body>, so a toast shown after the dialog opened is a new sibling the modal never hid; and should a modal opened
 * later (a Select's menu, another dialog) hide it, this takes the attribute off again while the toast is up.
 */
function useNeverAriaHidden(open: boolean, key: number | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    const expose = () => el.getAttribute("aria-hidden") === "true" && el.removeAttribute("aria-hidden");
    expose();
    const observer = new MutationObserver(expose);
    observer.observe(el, { attributes: true, attributeFilter: ["aria-hidden"] });
    return () => observer.disconnect();
  }, [open, key]);
  return ref;
}

/** §9: one toast at a time, shown for 5 s; a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const toast = useCallback((t: Toast) => {
    setCurrent({ ...t, key: Date.now() });
    setOpen(true);
  }, []);
  const ref = useNeverAriaHidden(open, current?.key);
  const severity = current?.variant === "destructive" ? "error" : current?.variant === "success" ? "success" : "info";
  return (
    <ToastContext.Provider value={{ toast }}>
      {children}
      <Portal>
        <Snackbar
          key={current?.key}
          ref={ref}
          open={open}
          autoHideDuration={5000}
          onClose={(_e, reason) => reason !== "clickaway" && setOpen(false)}
          // Top centre: never over a dialog's action buttons or the phone's bottom navigation.
          anchorOrigin={{ vertical: "top", horizontal: "center" }}
        >
          <Alert role="status" severity={severity} variant="filled" onClose={() => setOpen(false)} sx={{ minWidth: 280 }}>
            {current?.title && <AlertTitle sx={{ mb: current.description ? 0.5 : 0 }}>{current.title}</AlertTitle>}
            {current?.description}
          </Alert>
        </Snackbar>
      </Portal>
    </ToastContext.Provider>
  );
}
