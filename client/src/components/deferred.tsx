import getReactElementRef from "@mui/utils/getReactElementRef";
import useForkRef from "@mui/utils/useForkRef";
import { importAgain } from "../platform/importAgain.ts";
import { cloneElement, lazy, startTransition, Suspense, useCallback, useEffect, useRef, useState, type ReactElement, type ReactNode, type Ref } from "react";

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
// Not reached (a phone between networks just then, a server restarting): asked again when the network is back
// (importAgain.ts); meanwhile, and for good should it never come, the children show without their tooltips.
const tooltipReady = new Promise<void>((resolve) => {
  const start = () =>
    void importAgain(loadTooltip).then(
      () => ((tooltipLoaded = true), resolve()),
      () => {},
    );
  if (typeof window === "undefined") return;
  if (document.readyState === "complete") setTimeout(start, 2000);
  else window.addEventListener("load", () => setTimeout(start, 2000), { once: true });
});

/**
 * An MUI Tooltip once its code has arrived (a couple of seconds after load); until then the bare child.
 * Lists use it on every row and card: the first screen carries neither the Tooltip's code nor its
 * positioning engine (Popper), and a long list renders its tooltips later, in a transition. The child
 * keeps its own accessible name (an icon button's aria-label), so nothing is unnamed meanwhile.
 * Wrapping the child mounts it anew: if it had the keyboard focus, the new one takes it over.
 */
export function DeferredTooltip({ title, describeChild, children }: { title: ReactNode; describeChild?: boolean; children: ReactElement }) {
  const [ready, setReady] = useState(tooltipLoaded);
  useEffect(() => {
    let live = true;
    if (!ready) void tooltipReady.then(() => live && startTransition(() => setReady(true)));
    return () => void (live = false);
  }, [ready]);
  const hadFocus = useRef(false);
  // A ref is let go while its element is still in the document: whether it had the focus is known then.
  const keepFocus = useCallback((node: HTMLElement | null) => {
    if (node && hadFocus.current) {
      hadFocus.current = false;
      if (document.activeElement === document.body || document.activeElement === null) node.focus();
    }
    return () => void (hadFocus.current = node !== null && node === document.activeElement);
  }, []);
  const ref = useForkRef(getReactElementRef(children) as Ref<HTMLElement> | null, keepFocus);
  const child = cloneElement(children as ReactElement<{ ref?: Ref<HTMLElement> }>, { ref });
  if (!ready) return child;
  return (
    <Suspense fallback={child}>
      <LazyTooltip title={title} describeChild={describeChild}>
        {child}
      </LazyTooltip>
    </Suspense>
  );
}

/**
 * Whether an overlay (a dialog, a menu) has ever been open: render it from then on, and keep it for its
 * closing transition and the focus it gives back. Closed, MUI's Dialog and Menu render nothing, yet their
 * styled parts still work out their styles on every render of the screen that holds them.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** Renders `children` (a lazily loaded overlay) from the first time `open` is true, and keeps it mounted after. */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  if (!useOpenedOnce(open)) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
