import { useLingui } from "@lingui/react/macro";
import { Alert, AlertTitle, Button, Portal, Snackbar } from "@mui/material";
import { useEffect, useLayoutEffect, useRef, useState } from "react";

export type Toast = {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
  /** A button in the toast (e.g. 'Reload'); such a toast stays until it is used or closed. */
  action?: { label: string; onClick(): void };
  /** Raised by a live event (someone's change, not this user's action). */
  live?: boolean;
};

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

/**
 * Where a toast's top goes: 8 px below the page's top bar (its <header>: the app bar with the offline
 * bar, signed in) when there is one, so a toast never hides the bar's own buttons (the offline bar's
 * Review on a phone, where the toast spans the width); measured as each toast opens (the offline bar
 * comes and goes).
 */
function useTopBelowAppBar(open: boolean, key: number | undefined) {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const bar = document.querySelector("header");
    setTop(bar ? Math.max(0, bar.getBoundingClientRect().bottom) + 8 : null);
  }, [open, key]);
  return top;
}

/** The toast on screen: loaded with the first toast, so the first screen's code does not carry it. */
export default function ToastView({ current, open, onClose }: { current: Toast & { key: number }; open: boolean; onClose(): void }) {
  const { t } = useLingui();
  const ref = useNeverAriaHidden(open, current.key);
  const top = useTopBelowAppBar(open, current.key);
  const severity = current.variant === "destructive" ? "error" : current.variant === "success" ? "success" : "info";
  return (
    <Portal>
      <Snackbar
        key={current.key}
        ref={ref}
        open={open}
        autoHideDuration={current.action ? null : 5000}
        onClose={(_e, reason) => reason !== "clickaway" && onClose()}
        // Top centre, below the app bar: never over a dialog's action buttons, the phone's bottom navigation or the bar.
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
        sx={top === null ? undefined : { top: { xs: top, sm: top } }}
      >
        <Alert
          role="status"
          severity={severity}
          variant="filled"
          onClose={onClose}
          closeText={t`Close`}
          sx={{ minWidth: 280 }}
          action={
            current.action && (
              <Button color="inherit" size="small" onClick={current.action.onClick}>
                {current.action.label}
              </Button>
            )
          }
        >
          {current.title && <AlertTitle sx={{ mb: current.description ? 0.5 : 0 }}>{current.title}</AlertTitle>}
          {current.description}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
