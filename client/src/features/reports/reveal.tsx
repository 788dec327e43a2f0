import { Box } from "@mui/material";
import { createContext, startTransition, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { afterFirstScreen } from "../../platform/firstScreen.ts";

/**
 * The reports' contents render in turn. Reports & Analytics shows fourteen reports, most of them charts
 * (MUI X Charts: a chart is a few hundred components), and rendered all at once they were one page of
 * 3,000 components and long tasks of layout and commit on a phone, of which two reports are on its screen.
 * A report whose place is on the screen when the page commits renders with it, before its first paint; every
 * other report's content follows once the first screen is up, one report per commit, each in a transition
 * of its own. So the page never paints an empty place where a report is in view, and every report is there
 * within moments, for a reader who scrolls and for assistive technology alike.
 */
export class ReportReveal {
  private readonly queue: (() => void)[] = [];
  private started = false;
  private showing = false;

  /** A report's content waits for its turn; returns the cancel for its effect. */
  wait(show: () => void): () => void {
    this.queue.push(show);
    if (!this.started) {
      this.started = true;
      afterFirstScreen(() => this.next());
    }
    return () => {
      const at = this.queue.indexOf(show);
      if (at >= 0) this.queue.splice(at, 1);
    };
  }

  private next() {
    const show = this.queue.shift();
    this.showing = show !== undefined;
    if (show) startTransition(show);
  }

  /** A report's content has committed: the next one's turn, in a task of its own. */
  committed() {
    if (!this.showing) return;
    this.showing = false;
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
  // Before the page's first paint: a place on the screen renders its report now (a state update in a layout effect renders before the paint).
  useLayoutEffect(() => {
    if (shown || !reveal) return;
    const { top, bottom } = place.current!.getBoundingClientRect();
    if (bottom > 0 && top < window.innerHeight) return setShown(true);
    return reveal.wait(() => setShown(true));
  }, [shown, reveal]);
  useEffect(() => {
    if (shown) reveal?.committed();
  }, [shown, reveal]);
  return shown ? children : <Box ref={place} data-report-waiting sx={{ minHeight: WAITING_HEIGHT }} />;
}
