import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// client/src/features/reports/reveal.tsx: the reports off the screen render one per turn once the first screen is up;
// a report that leaves before its turn's commit hands the turn on, and one that starts waiting later still gets one.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function load() {
  vi.resetModules();
  const firstScreen = await import("../../client/src/platform/firstScreen.ts");
  const { ReportReveal } = await import("../../client/src/features/reports/reveal.tsx");
  // A tab in the background (after the imports, which read the real document): the first screen's waiting work
  // runs as soon as the screen is shown.
  vi.stubGlobal("document", { visibilityState: "hidden" });
  return { firstScreen, reveal: new ReportReveal() };
}

describe("ReportReveal", () => {
  it("waits for the first screen, then gives one report a turn at a time, each after the last one's commit", async () => {
    const { firstScreen, reveal } = await load();
    const shown: string[] = [];
    const show = (name: string) => () => shown.push(name);
    const [a, b, c] = [show("a"), show("b"), show("c")];
    reveal.wait(a);
    reveal.wait(b);
    const cancel = reveal.wait(c);
    expect(shown).toEqual([]);
    firstScreen.firstScreenShown();
    expect(shown).toEqual(["a"]);
    // Only the report whose turn it is hands it on, and the next turn comes in a task of its own.
    reveal.done(b);
    reveal.done(a);
    expect(shown).toEqual(["a"]);
    vi.runAllTimers();
    expect(shown).toEqual(["a", "b"]);
    // c left the page before its turn; b leaves before its commit (its unmount hands the turn on).
    cancel();
    reveal.done(b);
    vi.runAllTimers();
    expect(shown).toEqual(["a", "b"]);
  });

  it("gives a report that starts waiting after the others were all shown its turn", async () => {
    const { firstScreen, reveal } = await load();
    firstScreen.firstScreenShown();
    const shown: string[] = [];
    const a = () => shown.push("a");
    reveal.wait(a);
    reveal.done(a);
    vi.runAllTimers();
    const late = () => shown.push("late");
    reveal.wait(late);
    expect(shown).toEqual(["a", "late"]);
  });
});

describe("ReportReveal.whenNear", () => {
  /** IntersectionObserver as the page's: `come(el)` reports the element within the observer's margin of the view. */
  function fakeObserver() {
    const observers: { callback: IntersectionObserverCallback; watched: Set<Element>; margin?: string }[] = [];
    class FakeObserver {
      private readonly own: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.own = { callback, watched: new Set(), margin: options?.rootMargin };
        observers.push(this.own);
      }
      observe(el: Element) {
        this.own.watched.add(el);
      }
      unobserve(el: Element) {
        this.own.watched.delete(el);
      }
      disconnect() {
        this.own.watched.clear();
      }
    }
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const come = (el: Element, isIntersecting = true) => {
      for (const o of observers) if (o.watched.has(el)) o.callback([{ target: el, isIntersecting } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
    };
    const watched = () => observers.reduce((n, o) => n + o.watched.size, 0);
    return { come, watched, observers };
  }

  it("gives a report its turn only once its place comes within a screen of the view, and stops watching it then", async () => {
    const { firstScreen, reveal } = await load();
    const { come, watched, observers } = fakeObserver();
    firstScreen.firstScreenShown();
    const shown: string[] = [];
    const [a, b] = [{} as Element, {} as Element];
    const showA = () => shown.push("a");
    reveal.whenNear(a, showA);
    reveal.whenNear(b, () => shown.push("b"));
    expect(observers.map((o) => o.margin)).toEqual(["100% 0px"]);
    expect(watched()).toBe(2);
    vi.runAllTimers();
    expect(shown).toEqual([]);
    come(a, false);
    expect(shown).toEqual([]);
    come(a);
    expect(shown).toEqual(["a"]);
    expect(watched()).toBe(1);
    // b comes near while a's turn is under way: it waits for a's commit.
    come(b);
    expect(shown).toEqual(["a"]);
    reveal.done(showA);
    vi.runAllTimers();
    expect(shown).toEqual(["a", "b"]);
    expect(watched()).toBe(0);
  });

  it("forgets a report that leaves the page before it comes near, and one that leaves while waiting for its turn", async () => {
    const { firstScreen, reveal } = await load();
    const { come, watched } = fakeObserver();
    firstScreen.firstScreenShown();
    const shown: string[] = [];
    const [a, b, c] = [{} as Element, {} as Element, {} as Element];
    const showA = () => shown.push("a");
    reveal.whenNear(a, showA);
    const leaveB = reveal.whenNear(b, () => shown.push("b"));
    const leaveC = reveal.whenNear(c, () => shown.push("c"));
    leaveB();
    expect(watched()).toBe(2);
    come(a);
    come(c);
    leaveC();
    reveal.done(showA);
    vi.runAllTimers();
    expect(shown).toEqual(["a"]);
    expect(watched()).toBe(0);
  });
});
