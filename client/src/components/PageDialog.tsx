import { Dialog } from "@mui/material";
import { Suspense, type ReactNode } from "react";
import { FormLoading } from "./form/FormLoading.tsx";
import { useScreenBelow } from "./useScreenBelow.ts";
import { useOpenedOnce } from "./deferred.tsx";

/**
 * A screen's dialog for one of its forms (add, edit, a step of an order): full screen on a phone, its
 * content rendered only while open, and what shows while the form's code (or its record) loads: the
 * form's title over a spinner (`loading`), or `fallback`. Nothing until it first opens (useOpenedOnce).
 */
export function PageDialog({ open, onClose, titleId, maxWidth = "sm", fullScreenBelow = "md", loading, fallback = null, children }: {
  open: boolean;
  onClose(): void;
  titleId: string;
  maxWidth?: "xs" | "sm" | "md";
  /** Full screen on screens narrower than this breakpoint (a phone's, by default). */
  fullScreenBelow?: "sm" | "md";
  loading?: string;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const phone = useScreenBelow(fullScreenBelow);
  if (!useOpenedOnce(open)) return null;
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      {open && <Suspense fallback={loading ? <FormLoading titleId={titleId} title={loading} /> : fallback}>{children}</Suspense>}
    </Dialog>
  );
}
