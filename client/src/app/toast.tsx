import { Alert, AlertTitle, Snackbar } from "@mui/material";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";

export type Toast = { title: string; description?: string; variant?: "default" | "success" | "destructive" };
type ToastApi = { toast(t: Toast): void };

const ToastContext = createContext<ToastApi>({ toast: () => {} });
export const useToast = () => useContext(ToastContext);

/** §9: one toast at a time, shown for 5 s; a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const toast = useCallback((t: Toast) => {
    setCurrent({ ...t, key: Date.now() });
    setOpen(true);
  }, []);
  const severity = current?.variant === "destructive" ? "error" : current?.variant === "success" ? "success" : "info";
  return (
    <ToastContext.Provider value={{ toast }}>
      {children}
      <Snackbar
        key={current?.key}
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
    </ToastContext.Provider>
  );
}
