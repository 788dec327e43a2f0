import { createContext, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { afterFirstScreen } from "../../platform/firstScreen.ts";

/**
 * The reports' contents render as the reader comes to them. Reports & Analytics shows fourteen reports, most
 * of them charts (MUI X Charts: a chart is a few hundred components, and its commit a task of 65-160 ms on a
 * phone slowed 4×), of which a phone's screen holds two. A report whose place is on the screen when the page
 * commits renders with it, before its first paint; every other report's content renders once its place comes
 * within a screen's height of the view (an IntersectionObserver), after the first screen is up, one report per
 * commit, each in a transition of its own: so the page never paints an empty place where a report is in view,
 * a reader who scrolls finds each report drawn before it arrives, and one who reads the top reports does not
 * pay for the rest. Printing draws every report first. A report that starts waiting later (another range gave
 * it something to show) waits the same way.
 */
export class ReportReveal {
  private readonly queue: (() => void)[] = [];
  /** The content shown last, until it commits or leaves the page. */
  private current: (() => void) | null = null;
  /** A turn is coming or under way: a report that starts waiting now joins the queue. */
  private busy = false;

  /** The places of the reports not yet near the view, with what shows each. */
  private readonly far = new Map<Element, () => void>();
  private observer: IntersectionObserver | null = null;

  /**
   * A report's content (`show` renders it) waits until its place (`place`) comes within a screen's height of
   * the view, then for its turn; returns the cancel for its effect.
   */
  whenNear(place: Element, show: () => void): () => void {
    let cancelTurn: (() => void) | null = null;
    this.far.set(place, () => (cancelTurn = this.wait(show)));
    this.observer ??= new IntersectionObserver((entries) => this.near(entries), { rootMargin: "100% 0px" });
    this.observer.observe(place);
    return () => {
      this.forget(place);
      cancelTurn?.();
    };
  }

  private near(entries: IntersectionObserverEntry[]) {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const join = this.far.get(entry.target);
      this.forget(entry.target);
      join?.();
    }
  }

  private forget(place: Element) {
    this.far.delete(place);
    this.observer?.unobserve(place);
  }

  /** Before the page prints, every report still waiting renders at once (printing does not scroll the page). */
  printsWhole(): () => void {
    const all = () => {
      const waiting = [...this.far.values()];
      this.far.clear();
      this.observer?.disconnect();
      this.observer = null;
      waiting.forEach((join) => join());
      const queued = this.queue.splice(0);
      flushSync(() => queued.forEach((show) => show()));
    };
    window.addEventListener("beforeprint", all);
    return () => window.removeEventListener("beforeprint", all);
  }

  /** A report's content (`show` renders it) waits for its turn; returns the cancel for its effect. */
  wait(show: () => void): () => void {
    this.queue.push(show);
    if (!this.busy) {
      this.busy = true;
      afterFirstScreen(() => this.next());
    }
    return () => {
      const at = this.queue.indexOf(show);
      if (at >= 0) this.queue.splice(at, 1);
    };
  }

  private next() {
    const show = this.queue.shift() ?? null;
    this.current = show;
    this.busy = show !== null;
    if (show) startTransition(show);
  }

  /** `show`'s content has committed, or left the page before it did: the next one's turn, in a task of its own. */
  done(show: () => void) {
    if (this.current !== show) return;
    this.current = null;
    setTimeout(() => this.next(), 0);
  }
}

export const ReportRevealContext = createContext<ReportReveal | null>(null);

/**
 * The reports that open the page (the first two: a phone's screen and a desktop's first row show them): their
 * content renders in the page's own render, not in a second one once the page's layout shows where they are.
 */
export const OpensPageContext = createContext(false);

/** Where a report's content waits, about a chart's height. */
const WAITING_HEIGHT = 200;

/** A report's content (`children`), rendered with the page when it is on the screen, else when it comes near, in its turn (ReportReveal). */
export function RevealedReport({ children }: { children: ReactNode }) {
  const reveal = useContext(ReportRevealContext);
  const place = useRef<HTMLDivElement>(null);
  const opensPage = useContext(OpensPageContext);
  const [shown, setShown] = useState(reveal === null || opensPage);
  const show = useCallback(() => setShown(true), []);
  // Before the page's first paint: a place on the screen renders its report now (a state update in a layout effect renders before the paint).
  useLayoutEffect(() => {
    if (shown || !reveal) return;
    const { top, bottom } = place.current!.getBoundingClientRect();
    if (bottom > 0 && top < window.innerHeight) return show();
    return reveal.whenNear(place.current!, show);
  }, [shown, reveal, show]);
  useEffect(() => {
    if (shown) reveal?.done(show);
  }, [shown, reveal, show]);
  // A report that leaves the page (its range has nothing for it now) before its turn's commit hands the turn on.
  useEffect(() => () => reveal?.done(show), [reveal, show]);
  return shown ? children : <div ref={place} data-report-waiting aria-busy="true" style={{ minHeight: WAITING_HEIGHT }} />;
}
