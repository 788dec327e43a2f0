import { Box } from "@mui/material";
import { createContext, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { afterFirstScreen } from "../../platform/firstScreen.ts";

/**
 * The reports' contents render in turn. Reports & Analytics shows fourteen reports, most of them charts
 * (MUI X Charts: a chart is a few hundred components), and rendered all at once they were one page of
 * 3,000 components and long tasks of layout and commit on a phone, of which two reports are on its screen.
 * A report whose place is on the screen when the page commits renders with it, before its first paint; every
 * other report's content follows once the first screen is up, one report per commit, each in a transition
 * of its own. So the page never paints an empty place where a report is in view, and every report is there
 * within moments, for a reader who scrolls and for assistive technology alike. A report that starts waiting
 * later (another range gave it something to show) takes its turn the same way.
 */
export class ReportReveal {
  private readonly queue: (() => void)[] = [];
  /** The content shown last, until it commits or leaves the page. */
  private current: (() => void) | null = null;
  /** A turn is coming or under way: a report that starts waiting now joins the queue. */
  private busy = false;

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

/** Where a report's content waits, about a chart's height. */
const WAITING_HEIGHT = 200;

/** A report's content (`children`), rendered with the page when it is on the screen, else in its turn (ReportReveal). */
export function RevealedReport({ children }: { children: ReactNode }) {
  const reveal = useContext(ReportRevealContext);
  const place = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(reveal === null);
  const show = useCallback(() => setShown(true), []);
  // Before the page's first paint: a place on the screen renders its report now (a state update in a layout effect renders before the paint).
  useLayoutEffect(() => {
    if (shown || !reveal) return;
    const { top, bottom } = place.current!.getBoundingClientRect();
    if (bottom > 0 && top < window.innerHeight) return show();
    return reveal.wait(show);
  }, [shown, reveal, show]);
  useEffect(() => {
    if (shown) reveal?.done(show);
  }, [shown, reveal, show]);
  // A report that leaves the page (its range has nothing for it now) before its turn's commit hands the turn on.
  useEffect(() => () => reveal?.done(show), [reveal, show]);
  return shown ? children : <Box ref={place} data-report-waiting sx={{ minHeight: WAITING_HEIGHT }} />;
}
