import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// client/src/platform/firstScreen.ts: what the first screen does not need waits until it is painted and the
// phone is idle, and never longer than the cap. The module keeps its state, so each test loads it anew.

type Module = typeof import("../../client/src/platform/firstScreen.ts");
let frames: (() => void)[];
let idles: (() => void)[];
let visibility: "visible" | "hidden";

async function load(): Promise<Module> {
  vi.resetModules();
  return import("../../client/src/platform/firstScreen.ts");
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  frames = [];
  idles = [];
  visibility = "visible";
  vi.stubGlobal("document", {
    get visibilityState() {
      return visibility;
    },
  });
  vi.stubGlobal("requestAnimationFrame", (fn: () => void) => frames.push(fn));
  vi.stubGlobal("requestIdleCallback", (fn: () => void) => idles.push(fn));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("after the first screen", () => {
  it("waits for the screen, its frame and an idle moment, then runs each waiting job once", async () => {
    const { afterFirstScreen, firstScreenShown } = await load();
    const ran: string[] = [];
    afterFirstScreen(() => ran.push("bell"));
    const cancel = afterFirstScreen(() => ran.push("cancelled"));
    afterFirstScreen(() => ran.push("badge"));
    cancel();
    vi.advanceTimersByTime(1000);
    expect(ran).toEqual([]);

    firstScreenShown();
    expect(ran).toEqual([]);
    frames.splice(0).forEach((f) => f()); // the frame that paints the screen
    vi.advanceTimersByTime(0);
    expect(ran).toEqual([]);
    idles.splice(0).forEach((f) => f()); // then an idle moment: the first job, the next one a task later
    expect(ran).toEqual(["bell"]);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(["bell", "badge"]);

    // Later work runs at once, and a second 'shown' changes nothing.
    afterFirstScreen(() => ran.push("later"));
    firstScreenShown();
    vi.advanceTimersByTime(10_000);
    expect(frames).toEqual([]);
    expect(ran).toEqual(["bell", "badge", "later"]);
  });

  it("runs one job per task, and a job cancelled before its turn never runs", async () => {
    const { afterFirstScreen, firstScreenShown } = await load();
    const ran: string[] = [];
    afterFirstScreen(() => ran.push("bell"));
    const cancel = afterFirstScreen(() => ran.push("subscriptions"));
    afterFirstScreen(() => ran.push("queue read"));
    afterFirstScreen(() => {
      throw new Error("the vehicle check failed");
    });
    afterFirstScreen(() => ran.push("badge"));
    firstScreenShown();
    frames.splice(0).forEach((f) => f());
    vi.advanceTimersByTime(0);
    idles.splice(0).forEach((f) => f());
    expect(ran).toEqual(["bell"]);
    cancel(); // the component that waited unmounted between the tasks
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(["bell", "queue read"]);
    // A job that throws does not keep the ones after it from running.
    expect(() => vi.advanceTimersToNextTimer()).toThrow("the vehicle check failed");
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(["bell", "queue read", "badge"]);
    expect(vi.getTimerCount()).toBeLessThanOrEqual(1);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(["bell", "queue read", "badge"]);
  });

  it("does not hold the work back for ever when no screen shows", async () => {
    const { afterFirstScreen } = await load();
    const ran: string[] = [];
    afterFirstScreen(() => ran.push("live updates"));
    vi.advanceTimersByTime(4999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(["live updates"]);
  });

  it("does not wait for frames in a background tab, which paints none", async () => {
    const { afterFirstScreen, firstScreenShown } = await load();
    const ran: string[] = [];
    afterFirstScreen(() => ran.push("vehicle check"));
    visibility = "hidden";
    firstScreenShown();
    expect(ran).toEqual(["vehicle check"]);
  });

  it("waits a fixed moment where the browser has no idle callbacks", async () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    const { afterFirstScreen, firstScreenShown } = await load();
    const ran: string[] = [];
    afterFirstScreen(() => ran.push("queue read"));
    firstScreenShown();
    frames.splice(0).forEach((f) => f());
    vi.advanceTimersByTime(249);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(["queue read"]);
  });

  describe("where the browser reports largest-contentful-paint entries", () => {
    let observers: { callback: (list: { getEntries(): { startTime: number }[] }) => void; disconnected: boolean }[];
    /** The entries the browser has made so far (delivered to an observer that asks for the buffered ones). */
    let made: { startTime: number }[];
    beforeEach(() => {
      observers = [];
      made = [];
      class FakeObserver {
        static supportedEntryTypes = ["largest-contentful-paint", "paint"];
        record: (typeof observers)[number];
        constructor(callback: (typeof observers)[number]["callback"]) {
          this.record = { callback, disconnected: false };
          observers.push(this.record);
        }
        observe({ type, buffered }: { type: string; buffered?: boolean }) {
          expect(type).toBe("largest-contentful-paint");
          if (buffered && made.length) queueMicrotask(() => this.record.callback({ getEntries: () => made }));
        }
        disconnect() {
          this.record.disconnected = true;
        }
      }
      vi.stubGlobal("PerformanceObserver", FakeObserver);
    });
    const present = (startTime: number) => {
      made.push({ startTime });
      for (const o of observers) if (!o.disconnected) o.callback({ getEntries: () => [{ startTime }] });
    };

    it("waits until the screen's frame is on the display, not only painted, then for an idle moment", async () => {
      const { afterFirstScreen, firstScreenShown } = await load();
      const ran: string[] = [];
      afterFirstScreen(() => ran.push("the kept screen's query"));
      present(10); // index.html's 'Loading...', before the screen
      vi.advanceTimersByTime(100);
      firstScreenShown(); // committed at 100
      frames.splice(0).forEach((f) => f());
      vi.advanceTimersByTime(0);
      await Promise.resolve();
      // The frame is painted but not yet on the display: an entry from before the commit does not count.
      expect(idles).toEqual([]);
      vi.advanceTimersByTime(20);
      present(125);
      expect(idles).toHaveLength(1);
      expect(observers.every((o) => o.disconnected)).toBe(true);
      idles.splice(0).forEach((f) => f());
      expect(ran).toEqual(["the kept screen's query"]);
    });

    it("takes an entry that came before its frame's timer, and without one waits 250 ms at most", async () => {
      const { afterFirstScreen, firstScreenShown } = await load();
      const ran: string[] = [];
      afterFirstScreen(() => ran.push("bell"));
      firstScreenShown();
      present(0);
      frames.splice(0).forEach((f) => f());
      vi.advanceTimersByTime(0);
      await Promise.resolve();
      expect(idles).toHaveLength(1);

      // Another start: no entry comes (nothing larger painted, or the person tapped first).
      const again = await load();
      again.afterFirstScreen(() => ran.push("badge"));
      vi.advanceTimersByTime(1000);
      again.firstScreenShown();
      frames.splice(0).forEach((f) => f());
      vi.advanceTimersByTime(249);
      expect(idles).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(idles).toHaveLength(2);
      idles.splice(1).forEach((f) => f());
      expect(ran).toEqual(["badge"]);
    });
  });
});
