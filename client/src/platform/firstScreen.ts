import { startTransition, useEffect, useState } from "react";

/**
 * What the first screen does not need to paint waits for it: the bell's count, the pending badge,
 * the live channel, the vehicle check and the offline copy's bookkeeping each add a request, code and
 * a render, and on a slow phone they would share the network and the main thread with the screen's
 * own data and code. `<FirstScreenShown />` calls `firstScreenShown()` when the screen's content (or its
 * error or offline page) has committed; the waiting work then starts once that frame is painted and
 * the phone is idle (the rest of a long list renders first). A screen that never shows (a very slow
 * network) does not hold the rest back longer than MAX_WAIT_MS.
 */
const MAX_WAIT_MS = 5000;
/** Longest wait for an idle moment after the paint; browsers without requestIdleCallback wait this much. */
const IDLE_WAIT_MS = 500;

let shown = false;
const waiting = new Set<() => void>();
let fallback: ReturnType<typeof setTimeout> | undefined;

/**
 * Runs the waiting work one job per task: each starts a request, an import (whose modulepreload links
 * Vite's helper appends) or a render, a few milliseconds apiece on a phone, and together they were one
 * task of 7-51 ms at full speed in Lighthouse's traces. A job cancelled before its turn does not run, and
 * one that throws does not stop the rest. A tab in the background, whose timers wait a second each, runs
 * them all at once.
 */
function release() {
  if (shown) return;
  shown = true;
  clearTimeout(fallback);
  if (document.visibilityState === "hidden") {
    const run = [...waiting];
    waiting.clear();
    for (const fn of run) fn();
    return;
  }
  const step = () => {
    const [fn] = waiting;
    if (!fn) return;
    waiting.delete(fn);
    setTimeout(step, 0);
    fn();
  };
  step();
}

/** Longest wait for the browser to say that the screen's frame is on the display. */
const PRESENTED_WAIT_MS = 250;

/**
 * The current screen's content has committed: release the waiting work after its frame is painted and, where the
 * browser says when (a largest-contentful-paint entry after the commit), on the display. A frame painted is not yet
 * presented: on /, the screen's largest text reached the display 25 ms after its frame's paint here (Puppeteer
 * trace, full speed), and the waiting requests, sent in that gap, could end before it. Lighthouse then counts the
 * screen as waiting for them: opened again, `/`'s LCP read 1.2-1.6 s in some runs (a /graphql request on a cold
 * connection in its simulation), 0.4-0.8 s in the others. No entry (none larger, or the person already tapped or
 * scrolled, which ends them) releases it after PRESENTED_WAIT_MS; a browser without them waits for the frame only.
 */
export function firstScreenShown() {
  if (shown) return;
  if (document.visibilityState === "hidden") return release();
  const whenIdle = () =>
    typeof requestIdleCallback === "function" ? requestIdleCallback(release, { timeout: IDLE_WAIT_MS }) : setTimeout(release, IDLE_WAIT_MS / 2);
  const committed = performance.now();
  requestAnimationFrame(() => setTimeout(() => whenPresented(committed, whenIdle), 0));
}

/** Calls `then` once a largest-contentful-paint entry rendered after `since` is reported, or after PRESENTED_WAIT_MS. */
function whenPresented(since: number, then: () => void) {
  if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) return then();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    then();
  };
  // Buffered: the screen's entry may have come before this frame's timer did.
  const observer = new PerformanceObserver((list) => list.getEntries().some((entry) => entry.startTime >= since) && finish());
  observer.observe({ type: "largest-contentful-paint", buffered: true });
  const timer = setTimeout(finish, PRESENTED_WAIT_MS);
}

/**
 * Rendered beside a screen's content inside the Suspense boundary that waits for it (the route's own,
 * AppRouter.tsx), or with an error or offline page: it commits only with them, and then the first screen is up.
 * Not beside the route outlet: a route whose code or data is still on its way commits its own 'Loading...'
 * there, which is not the screen.
 */
export function FirstScreenShown(): null {
  useEffect(firstScreenShown, []);
  return null;
}

/** Whether the first screen is up (its frame painted, and the work that waited for it released). */
export function firstScreenUp(): boolean {
  return shown;
}

/** Runs `fn` once the first screen is up (at once if it already is); returns a cancel for effects. */
export function afterFirstScreen(fn: () => void): () => void {
  if (shown) {
    fn();
    return () => {};
  }
  waiting.add(fn);
  fallback ??= setTimeout(release, MAX_WAIT_MS);
  return () => waiting.delete(fn);
}

/** False until the first screen is up, then true (a component that renders its extra part after it, in a transition). */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(shown);
  useEffect(() => (ready ? undefined : afterFirstScreen(() => startTransition(() => setReady(true)))), [ready]);
  return ready;
}
