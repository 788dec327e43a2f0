import { lazy, startTransition, Suspense, useEffect, useState, type ReactElement, type ReactNode } from "react";

/**
 * Pieces of MUI that only show after a tap or a hover (temporary drawers, menus, tooltips): loaded on
 * first use or once the first screen is up, so the first screen's code does not carry them.
 */
const loadDrawer = () => import("@mui/material/Drawer");
const loadMenu = () => import("@mui/material/Menu");
const loadTooltip = () => import("@mui/material/Tooltip");
export const LazyDrawer = lazy(loadDrawer);
export const LazyMenu = lazy(loadMenu);
const LazyTooltip = lazy(loadTooltip);

let tooltipLoaded = false;
const tooltipReady = new Promise<void>((resolve) => {
  const start = () => void loadTooltip().then(() => ((tooltipLoaded = true), resolve()));
  if (typeof window === "undefined") return;
  if (document.readyState === "complete") setTimeout(start, 2000);
  else window.addEventListener("load", () => setTimeout(start, 2000), { once: true });
});

/**
 * An MUI Tooltip once its code has arrived (a couple of seconds after load); until then the bare child.
 * Lists use it on every row and card: the first screen carries neither the Tooltip's code nor its
 * positioning engine (Popper), and a long list renders its tooltips later, in a transition. The child
 * keeps its own accessible name (an icon button's aria-label), so nothing is unnamed meanwhile.
 */
export function DeferredTooltip({ title, describeChild, children }: { title: ReactNode; describeChild?: boolean; children: ReactElement }) {
  const [ready, setReady] = useState(tooltipLoaded);
  useEffect(() => {
    let live = true;
    if (!ready) void tooltipReady.then(() => live && startTransition(() => setReady(true)));
    return () => void (live = false);
  }, [ready]);
  if (!ready) return children;
  return (
    <Suspense fallback={children}>
      <LazyTooltip title={title} describeChild={describeChild}>
        {children}
      </LazyTooltip>
    </Suspense>
  );
}

/** Renders `children` (a lazily loaded overlay) from the first time `open` is true, and keeps it mounted after. */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
